import type { Appointment, ChangeLogEntry } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createJob,
  createPartnerCompany,
  createUser,
  ensureReferenceData,
  JobStatus,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type Page = { Content: ChangeLogEntry[]; TotalCount: number };

describe.each(engines)('Log/AppointmentLogs on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let tech: { id: number };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
    tech = await createUser(t.db, { userTypeId: 2, isBookable: true });
  });
  afterAll(() => t.close());

  const plan = async (jobId: number, day: string) => {
    const res = await technician.post('Appointment/create', {
      JobId: jobId,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T10:00:00`,
      Participants: [tech.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Appointment;
  };
  const logs = async (api: Api, query: Record<string, string>) => {
    const res = await api.get('Log/AppointmentLogs', { Page: '1', ItemsPerPage: '50', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };

  it('lists a job’s appointment changes newest first: planned, moved, removed; not in the job’s own history', async () => {
    const job = await createJob(t.db, {
      machines: 1,
      jobStatusId: JobStatus.New,
      displayName: 'Logged visit',
    });
    const a = await plan(job.id, '2031-03-03');
    const moved = await technician.patch('Appointment/change', {
      Id: a.Id,
      RowVersion: a.RowVersion,
      JobId: job.id,
      StartTime: '2031-03-03T13:00:00',
      EndTime: '2031-03-03T14:00:00',
      Participants: [tech.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await technician.delete(`Appointment/delete/${a.Id}`)).statusCode).toBe(200);

    const page = await logs(admin, { JobId: String(job.id) });
    expect(page.TotalCount).toBe(3);
    expect(page.Content.map((l) => [l.Entity, l.EntityId, l.Action])).toEqual([
      ['Appointment', a.Id, 'Delete'],
      ['Appointment', a.Id, 'Change'],
      ['Appointment', a.Id, 'New'],
    ]);
    expect(page.Content[1]!.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'StartTime', OldValue: '2031-03-03 09:00:00', NewValue: '2031-03-03 13:00:00' },
      ]),
    );
    expect(page.Content[0]!.CustomerId).toBe(job.customerId);
    // Paged like the other logs.
    const first = await logs(admin, { JobId: String(job.id), ItemsPerPage: '1', Page: '2' });
    expect([first.TotalCount, first.Content[0]!.Action]).toEqual([3, 'Change']);

    const history = (await admin.get(`JobHistory/${job.id}`)).json() as ChangeLogEntry[];
    expect(history.some((l) => l.Entity === 'Appointment')).toBe(false);
  });

  it('shows a partner only the appointment lines of its own customers’ jobs; customer users none', async () => {
    const company = await createPartnerCompany(t.db);
    const ours = await createCustomer(t.db, { partnerCompanyId: company.id });
    const theirs = await createCustomer(t.db);
    const own = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.New, customerId: ours.id });
    const foreign = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.New, customerId: theirs.id });
    await plan(own.id, '2031-03-06');
    await plan(foreign.id, '2031-03-07');
    const partner = (await signedInUser(t, 5, { partnerCompanyId: company.id })).api;

    const seen = await logs(partner, {});
    expect(seen.Content.map((l) => l.CustomerId)).toEqual([ours.id]);
    expect((await logs(partner, { JobId: String(foreign.id) })).TotalCount).toBe(0);
    expect((await logs(admin, { CustomerId: String(theirs.id) })).Content).toHaveLength(1);

    const manager = (await signedInUser(t, 4, { customerId: ours.id })).api;
    expect((await manager.get('Log/AppointmentLogs')).statusCode).toBe(403);
    expect((await admin.get('Log/AppointmentLogs', { JobId: 'x' })).statusCode).toBe(400);
  });
});
