import type { DashboardHome } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createJob,
  createPartnerCompany,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { insertTask } from '../src/modules/tasks/tasks.repository.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);
/** Priorities of the reference data: Critical 4 h, High 24 h, Low 168 h. */
const CRITICAL = 1;
const HIGH = 2;
const LOW = 4;

describe.each(engines)('the dashboard’s figures on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let adminId: number;
  let own: Awaited<ReturnType<typeof createCustomer>>;
  let other: Awaited<ReturnType<typeof createCustomer>>;
  let ownJobToFinish: number;

  const home = async (api: Api) => {
    const res = await api.get('Dashboard/Home');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DashboardHome;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    const signedIn = await signedInUser(t, 1);
    admin = signedIn.api;
    adminId = signedIn.user.id;
    const partner = await createPartnerCompany(t.db);
    own = await createCustomer(t.db, { partnerCompanyId: partner.id });
    other = await createCustomer(t.db);
    // Overdue: Critical (4 h) made 5 h ago, one of each customer.
    await createJob(t.db, {
      customerId: own.id,
      jobPriorityId: CRITICAL,
      jobStatusId: 10,
      createdAt: ago(5),
    });
    await createJob(t.db, {
      customerId: other.id,
      jobPriorityId: CRITICAL,
      jobStatusId: 20,
      createdAt: ago(6),
    });
    // Due within 24 hours: High (24 h) made 2 h ago, of the other customer.
    await createJob(t.db, { customerId: other.id, jobPriorityId: HIGH, jobStatusId: 10, createdAt: ago(2) });
    // Neither: Low (168 h) made an hour ago; a completed job long past its deadline.
    await createJob(t.db, { customerId: own.id, jobPriorityId: LOW, jobStatusId: 10, createdAt: ago(1) });
    await createJob(t.db, {
      customerId: other.id,
      jobPriorityId: CRITICAL,
      jobStatusId: 50,
      createdAt: ago(40),
    });
    ownJobToFinish = (await createJob(t.db, { customerId: own.id, jobPriorityId: LOW, jobStatusId: 20 })).id;
  });
  afterAll(() => t.close());

  it('counts open jobs past and near their priority deadline, for staff all of them', async () => {
    const h = await home(admin);
    expect(h.Overdue).toEqual({ Count: 2, Capped: false });
    expect(h.DueWithin24Hours).toEqual({ Count: 1, Capped: false });
    expect(h.Today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Each figure is the total of the job list behind it.
    for (const [Deadline, figure] of [
      ['Overdue', h.Overdue],
      ['Within24Hours', h.DueWithin24Hours],
    ] as const) {
      const list = await admin.post('JobList/Filtered', { Page: 1, ItemsPerPage: 50, Deadline });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().TotalCount).toBe(figure.Count);
      expect(list.json().Content).toHaveLength(figure.Count);
    }
    const wrong = await admin.post('JobList/Filtered', { Page: 1, Deadline: 'Tomorrow' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors).toEqual([
      { Field: 'Deadline', Message: 'Must be Overdue or Within24Hours.' },
    ]);
  });

  it('counts the jobs completed and approved this week, each once, after the change is made', async () => {
    const before = await home(admin);
    const done = await admin.patch(`Job/${ownJobToFinish}/ChangeStatus?jobStatusId=50`);
    expect(done.statusCode, done.body).toBe(200);
    // Set to 50 twice counts once.
    await admin.patch(`Job/${ownJobToFinish}/ChangeStatus?jobStatusId=40`);
    await admin.patch(`Job/${ownJobToFinish}/ChangeStatus?jobStatusId=50`);
    const completed = await home(admin);
    expect(completed.CompletedThisWeek).toBe(before.CompletedThisWeek + 1);
    expect(completed.ApprovedThisWeek).toBe(before.ApprovedThisWeek);
    expect((await admin.patch(`job/${ownJobToFinish}/approve`)).statusCode).toBe(200);
    const approved = await home(admin);
    expect(approved.ApprovedThisWeek).toBe(before.ApprovedThisWeek + 1);
    // Each figure is the total of the list behind it: the jobs set to the status since Monday, whatever
    // their status now (the job completed, then approved, is in both); a job made completed is in neither.
    for (const [status, figure] of [
      [50, approved.CompletedThisWeek],
      [70, approved.ApprovedThisWeek],
    ] as const) {
      const list = await admin.post('JobList/Filtered', {
        Page: 1,
        ItemsPerPage: 50,
        SetToStatusThisWeek: status,
      });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().TotalCount).toBe(figure);
      expect(list.json().Content.map((j: { Id: number }) => j.Id)).toContain(ownJobToFinish);
    }
  });

  it('counts the caller’s own unfinished background tasks only', async () => {
    const someoneElse = await createUser(t.db, { userTypeId: 1 });
    const before = (await home(admin)).OpenTasks;
    await insertTask(t.db, { name: 'ExportMachines', createdBy: adminId, status: 'created' });
    await insertTask(t.db, { name: 'ExportMachines', createdBy: adminId, status: 'update' });
    await insertTask(t.db, { name: 'ExportMachines', createdBy: adminId, status: 'completed' });
    await insertTask(t.db, { name: 'ExportMachines', createdBy: someoneElse.id, status: 'created' });
    expect((await home(admin)).OpenTasks).toBe(before + 2);
  });

  it('shows each bookable person’s day with the gaps of the work hours', async () => {
    const today = (await home(admin)).Today;
    const aksel = await createUser(t.db, { userTypeId: 2, isBookable: true, name: 'Aksel Dashboard' });
    const bodil = await createUser(t.db, { userTypeId: 3, isBookable: true, name: 'Bodil Dashboard' });
    const hidden = await createUser(t.db, { userTypeId: 2, isBookable: false, name: 'Not Bookable' });
    const planned = await admin.post('Appointment/create', {
      Subject: 'Course',
      StartTime: `${today}T09:00:00`,
      EndTime: `${today}T11:30:00`,
      Participants: [aksel.id],
    });
    expect(planned.statusCode, planned.body).toBe(200);
    const h = await home(admin);
    expect(h.WorkDay).toEqual({ StartTime: `${today}T08:00:00`, EndTime: `${today}T16:00:00` });
    const people = h.People;
    expect(people.find((p) => p.UserId === aksel.id)).toEqual({
      UserId: aksel.id,
      Name: 'Aksel Dashboard',
      Appointments: [
        {
          Id: planned.json().Id,
          JobId: null,
          Subject: 'Course',
          IsAbsence: true,
          StartTime: `${today}T09:00:00`,
          EndTime: `${today}T11:30:00`,
        },
      ],
      Gaps: [
        { StartTime: `${today}T08:00:00`, EndTime: `${today}T09:00:00` },
        { StartTime: `${today}T11:30:00`, EndTime: `${today}T16:00:00` },
      ],
    });
    expect(people.find((p) => p.UserId === bodil.id)?.Gaps).toEqual([
      { StartTime: `${today}T08:00:00`, EndTime: `${today}T16:00:00` },
    ]);
    expect(people.some((p) => p.UserId === hidden.id)).toBe(false);
    const names = people.map((p) => p.Name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });

  it('gives a partner its own customers’ figures only, and no one’s day', async () => {
    const partner = (await signedInUser(t, 5, { partnerCompanyId: own.partnerCompanyId })).api;
    const h = await home(partner);
    expect(h.Overdue).toEqual({ Count: 1, Capped: false });
    expect(h.DueWithin24Hours).toEqual({ Count: 0, Capped: false });
    expect(h.People).toEqual([]);
  });

  it('is refused to customer users, who have no dashboard module', async () => {
    const customerUser = (await signedInUser(t, 4, { customerId: own.id })).api;
    expect((await customerUser.get('Dashboard/Home')).statusCode).toBe(403);
  });
});
