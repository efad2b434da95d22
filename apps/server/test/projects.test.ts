import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, jobs, projects } from '../src/db/schema/index.ts';
import { createCustomer, createJob, createProject } from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

describe.each(engines)('projects on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  const projectRows = async () => (await t.db.select({ n: count() }).from(projects))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  it('creates, lists, changes and deletes a project, with an event each time', async () => {
    const before = await writes(t.db);
    const name = `Harbour cranes ${tag()}`;
    const created = await admin.put('Project/', { Name: `  ${name} `, Description: 'Quay 3 and 4' });
    expect(created.statusCode, created.body).toBe(200);
    const project = created.json();
    expect(project).toMatchObject({ Name: name, Description: 'Quay 3 and 4', IsActive: true, JobCount: 0 });

    const changed = await admin.patch('Project/', {
      Id: project.Id,
      IsActive: false,
      RowVersion: project.RowVersion,
    });
    expect(changed.json()).toMatchObject({ Name: name, IsActive: false, RowVersion: project.RowVersion + 1 });
    // The version read before the change is stale now.
    const stale = await admin.patch('Project/', {
      Id: project.Id,
      Name: 'Other',
      RowVersion: project.RowVersion,
    });
    expect(stale.statusCode).toBe(409);

    const page = (await technician.get('Project/Filtered', { SearchWord: name })).json();
    expect(page).toMatchObject({ TotalCount: 1, Content: [{ Id: project.Id, Name: name }] });
    const all = (await technician.get('Project/list')).json() as { Id: number }[];
    expect(all.map((p) => p.Id)).toContain(project.Id);
    expect((await technician.get(`Project/${project.Id}`)).json()).toMatchObject({ Name: name });

    expect((await admin.delete(`Project/${project.Id}`)).json()).toEqual({ Id: project.Id });
    expect((await admin.get(`Project/${project.Id}`)).statusCode).toBe(404);
    expect((await writes(t.db)).events).toBe(before.events + 3);
  });

  it('refuses a missing name, a taken name in any case and unknown ids, writing nothing', async () => {
    const taken = await createProject(t.db, { name: `School ventilation ${tag()}` });
    const rows = await projectRows();
    const before = await writes(t.db);
    const blank = await admin.put('Project/', { Name: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().Errors).toEqual([{ Field: 'Name', Message: 'This field is required' }]);
    const twin = await admin.put('Project/', { Name: taken.name.toUpperCase() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().Message).toContain(taken.name);
    const other = await createProject(t.db);
    const rename = await admin.patch('Project/', { Id: other.id, Name: taken.name });
    expect(rename.statusCode).toBe(409);
    expect((await admin.patch('Project/', { Id: 99999999, Name: 'Nowhere' })).statusCode).toBe(404);
    expect((await admin.delete('Project/99999999')).statusCode).toBe(404);
    expect((await admin.get('Project/abc')).statusCode).toBe(400);
    expect(await projectRows()).toBe(rows + 1);
    expect(await writes(t.db)).toEqual(before);
  });

  it('is chosen in a job order options, saved on the job and counted; then not deleted', async () => {
    const project = await createProject(t.db, { name: `Fleet renewal ${tag()}` });
    const customer = await createCustomer(t.db);
    const job = await createJob(t.db, { customerId: customer.id });
    const res = await technician.patch(`Order/OrderOptions/${job.id}?ProjectId=${project.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ JobId: job.id, ProjectId: project.id });
    expect((await technician.get(`order/job/${job.id}`)).json()).toMatchObject({ ProjectId: project.id });
    const [row] = await t.db.select({ projectId: jobs.projectId }).from(jobs).where(eq(jobs.id, job.id));
    expect(row?.projectId).toBe(project.id);
    expect((await admin.get(`Project/${project.id}`)).json()).toMatchObject({ JobCount: 1 });

    const refused = await admin.delete(`Project/${project.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toContain(project.name);

    const before = await writes(t.db);
    const unknown = await technician.patch(`Order/OrderOptions/${job.id}?ProjectId=99999999`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors[0].Field).toBe('ProjectId');
    expect(await writes(t.db)).toEqual(before);
    const cleared = await technician.patch(`Order/OrderOptions/${job.id}?ProjectId=0`);
    expect(cleared.json()).toMatchObject({ ProjectId: null });
  });

  it('toggles the ProjectsEnabled feature: off, the calls are refused; on again, they answer', async () => {
    const flips = async () =>
      (await t.db.select().from(eventLog).where(eq(eventLog.entity, 'settings'))).filter(
        (e) => e.entityId === 'features' && e.changeType === 'Change',
      ).length;
    const flipsBefore = await flips();
    const off = await admin.post('Project/ToggleFeature');
    expect(off.json()).toEqual({ Enabled: false });
    expect((await admin.get('userinfo')).json().GlobalSettings.Features.ProjectsEnabled).toBe(false);
    expect((await technician.get('Project/list')).statusCode).toBe(403);
    expect((await admin.put('Project/', { Name: `Refused ${tag()}` })).statusCode).toBe(403);
    const on = await admin.post('Project/ToggleFeature');
    expect(on.json()).toEqual({ Enabled: true });
    expect((await technician.get('Project/list')).statusCode).toBe(200);
    // Each flip tells the open screens and the other processes (the settings event).
    expect(await flips()).toBe(flipsBefore + 2);
  });

  it('keeps projects from customer users and partners, and their writes from technicians', async () => {
    const manager = (await signedInUser(t, 4, { customerId: (await createCustomer(t.db)).id })).api;
    expect((await manager.get('Project/list')).statusCode).toBe(403);
    expect((await technician.put('Project/', { Name: `Technician ${tag()}` })).statusCode).toBe(403);
    expect((await technician.post('Project/ToggleFeature')).statusCode).toBe(403);
  });
});
