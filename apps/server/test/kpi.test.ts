import type { JobKpi, KpiOptions, KpiSummary } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeLogs, jobKpiSettings } from '../src/db/schema/index.ts';
import {
  createAppointment,
  createCustomer,
  createJob,
  createMachine,
  createPartnerCompany,
  createUser,
  wallClock,
} from '../src/dev/factories/index.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const HOUR = 3_600_000;

describe.each(engines)('KPIs on %s', (engine) => {
  const s = staffApp(engine);

  /** A job created at `created` on a machine, with appointments starting `visits` hours after it, completed `doneAfter` hours after it. */
  async function jobAt(
    created: Date,
    opts: {
      customerId?: number;
      machine?: { id: number };
      visits?: number[];
      doneAfter?: number;
      status?: number;
    } = {},
  ) {
    const customerId = opts.customerId ?? (await createCustomer(s.t.db)).id;
    const machine = opts.machine ?? (await createMachine(s.t.db, { customerId }));
    const job = await createJob(s.t.db, {
      customerId,
      machines: [machine as never],
      createdAt: created,
      jobStatusId: opts.status ?? (opts.doneAfter === undefined ? 20 : 50),
    });
    for (const h of opts.visits ?? []) {
      const start = wallClock(new Date(created.getTime() + h * HOUR)).text;
      const end = wallClock(new Date(created.getTime() + (h + 1) * HOUR)).text;
      await createAppointment(s.t.db, { jobId: job.id, startTime: start, endTime: end });
    }
    if (opts.doneAfter !== undefined)
      await s.t.db.insert(changeLogs).values({
        entity: 'Job',
        entityId: job.id,
        jobId: job.id,
        action: 'Change',
        changes: [{ Field: 'JobStatusId', OldValue: '20', NewValue: '50' }],
        createdAt: new Date(created.getTime() + opts.doneAfter * HOUR),
      });
    return { job, machine, customerId };
  }

  it('computes response time, completion time, visits and first-time fix from the job’s data', async () => {
    const created = new Date(Date.now() - 10 * 24 * HOUR);
    const { job } = await jobAt(created, { visits: [5], doneAfter: 8 });
    const res = await s.technician.get(`kpi/job/${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      JobId: job.id,
      ResponseHours: 5,
      CompletionHours: 8,
      Visits: 1,
      Revisit: false,
      FirstTimeFix: true,
      FirstTimeFixSet: false,
      ExcludeFromKpi: false,
    } satisfies Partial<JobKpi>);
    // A sub-job's id names its job.
    expect((await s.technician.get(`kpi/job/${job.subJobs[0]!.id}`)).json()).toMatchObject({ JobId: job.id });
  });

  it('an appointment made, moved or removed through the planner changes the job’s response time and visits at once', async () => {
    const created = new Date(Date.now() - 12 * 24 * HOUR);
    const { job } = await jobAt(created);
    const tech = await createUser(s.t.db, { userTypeId: 2, isBookable: true });
    const at = (h: number) => wallClock(new Date(created.getTime() + h * HOUR)).text;
    const kpi = async () => (await s.admin.get(`kpi/job/${job.id}`)).json() as JobKpi;
    expect(await kpi()).toMatchObject({ ResponseHours: null, Visits: 0 });
    const made = await s.admin.post('Appointment/create', {
      JobId: job.id,
      StartTime: at(5),
      EndTime: at(6),
      Participants: [tech.id],
    });
    expect(made.statusCode, made.body).toBe(200);
    const a = made.json() as { Id: number; RowVersion: number };
    expect(await kpi()).toMatchObject({ ResponseHours: 5, Visits: 1 });
    const moved = await s.admin.patch('Appointment/change', {
      Id: a.Id,
      RowVersion: a.RowVersion,
      JobId: job.id,
      StartTime: at(3),
      EndTime: at(4),
      Participants: [tech.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await kpi()).toMatchObject({ ResponseHours: 3, Visits: 1 });
    const later = await s.admin.post('Appointment/create', {
      JobId: job.id,
      StartTime: at(10),
      EndTime: at(11),
      Participants: [tech.id],
    });
    expect(await kpi()).toMatchObject({ ResponseHours: 3, Visits: 2 });
    expect((await s.admin.delete(`Appointment/delete/${a.Id}`)).statusCode).toBe(200);
    expect(await kpi()).toMatchObject({ ResponseHours: 10, Visits: 1 });
    expect((await s.admin.delete(`Appointment/delete/${later.json().Id}`)).statusCode).toBe(200);
    expect(await kpi()).toMatchObject({ ResponseHours: null, Visits: 0 });
  });

  it('two visits, or a job on the same machine within 30 days after, is no first-time fix; that job is a revisit', async () => {
    const created = new Date(Date.now() - 20 * 24 * HOUR);
    const twice = await jobAt(created, { visits: [2, 30], doneAfter: 31 });
    expect((await s.admin.get(`kpi/job/${twice.job.id}`)).json()).toMatchObject({
      Visits: 2,
      FirstTimeFix: false,
    });

    const first = await jobAt(created, { visits: [3], doneAfter: 4 });
    const again = await jobAt(new Date(created.getTime() + 5 * 24 * HOUR), {
      customerId: first.customerId,
      machine: first.machine,
    });
    expect((await s.admin.get(`kpi/job/${first.job.id}`)).json()).toMatchObject({
      FirstTimeFix: false,
      Revisit: false,
    });
    expect((await s.admin.get(`kpi/job/${again.job.id}`)).json()).toMatchObject({
      Revisit: true,
      RevisitOfJobId: first.job.id,
      FirstTimeFix: null,
      ResponseHours: null,
    });
    // Beyond 30 days it is a job of its own.
    const later = await jobAt(new Date(created.getTime() + 45 * 24 * HOUR), {
      customerId: first.customerId,
      machine: first.machine,
    });
    expect((await s.admin.get(`kpi/job/${later.job.id}`)).json()).toMatchObject({ Revisit: false });
  });

  it('the service manager sets first-time fix, leaves a job out, gives a reason; options show it; history written', async () => {
    const { job } = await jobAt(new Date(Date.now() - 3 * 24 * HOUR), { visits: [1, 20], doneAfter: 21 });
    const options = (await s.admin.get(`KPI/Options/${job.id}`)).json() as KpiOptions;
    expect(options).toMatchObject({
      JobId: job.id,
      FirstTimeFix: null,
      ExcludeFromKpi: false,
      RowVersion: 0,
    });
    expect(options.Reasons).toContain('parts_missing');
    const set = await s.admin.patch('KPI/job', {
      JobId: job.id,
      FirstTimeFix: true,
      Reason: 'other',
      RowVersion: 0,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ FirstTimeFix: true, FirstTimeFixSet: true, Reason: 'other' });
    expect((await s.admin.get(`KPI/Options/${job.id}`)).json()).toMatchObject({
      FirstTimeFix: true,
      RowVersion: 1,
    });
    // A stale version is refused; null gives the computed value back.
    expect(
      (await s.admin.patch('KPI/job', { JobId: job.id, ExcludeFromKpi: true, RowVersion: 0 })).statusCode,
    ).toBe(409);
    const back = await s.admin.patch('KPI/job', { JobId: job.id, FirstTimeFix: null, ExcludeFromKpi: true });
    expect(back.json()).toMatchObject({ FirstTimeFix: false, FirstTimeFixSet: false, ExcludeFromKpi: true });
    expect(JSON.stringify((await s.admin.get(`JobHistory/${job.id}`)).json())).toContain('KpiFirstTimeFix');
  });

  it('only the Admin sets KPIs; bad input and unknown jobs write nothing', async () => {
    const { job } = await jobAt(new Date());
    const before = await writes(s.t.db);
    expect((await s.technician.patch('KPI/job', { JobId: job.id, FirstTimeFix: true })).statusCode).toBe(403);
    expect((await s.admin.patch('KPI/job', { JobId: job.id, FirstTimeFix: 'yes' })).statusCode).toBe(400);
    expect((await s.admin.patch('KPI/job', { JobId: job.id, Reason: 'a\nb' })).statusCode).toBe(400);
    expect((await s.admin.patch('KPI/job', { JobId: 999999, FirstTimeFix: true })).statusCode).toBe(404);
    expect((await s.admin.get('kpi/job/999999')).statusCode).toBe(404);
    expect((await s.admin.get('kpi/summary', { month: '2026-13' })).statusCode).toBe(400);
    expect(await writes(s.t.db)).toEqual(before);
    expect(await s.t.db.select().from(jobKpiSettings).where(eq(jobKpiSettings.jobId, job.id))).toEqual([]);
  });

  it('a month’s summary finds the jobs on the same machine within 30 days across the month’s edges, and no others', async () => {
    // Months of their own (May–July 2024): other tests' jobs are elsewhere.
    const first = await jobAt(new Date(Date.UTC(2024, 4, 28, 9)), { visits: [1], doneAfter: 2 });
    // Six days later on the same machine, in June: a revisit of May's job, which is then no first-time fix.
    await jobAt(new Date(Date.UTC(2024, 5, 3, 9)), {
      customerId: first.customerId,
      machine: first.machine,
      visits: [1],
      doneAfter: 2,
    });
    // Another machine in June, and the same machine 47 days after June's job: neither is a revisit.
    await jobAt(new Date(Date.UTC(2024, 5, 4, 9)), { visits: [1], doneAfter: 2 });
    await jobAt(new Date(Date.UTC(2024, 6, 20, 9)), { customerId: first.customerId, machine: first.machine });
    const summary = async (month: string) =>
      (await s.admin.get('kpi/summary', { month })).json() as KpiSummary;
    expect(await summary('2024-05')).toMatchObject({
      Jobs: 1,
      FirstTimeFixes: 0,
      FirstTimeFixRate: 0,
      Revisits: 0,
    });
    expect(await summary('2024-06')).toMatchObject({
      Jobs: 2,
      FirstTimeFixes: 2,
      FirstTimeFixRate: 1,
      Revisits: 1,
    });
    expect(await summary('2024-07')).toMatchObject({ Jobs: 1, Revisits: 0 });
  });

  it('sums a month’s jobs for the dashboard, leaving out excluded ones; a partner sums its own only', async () => {
    // A month of its own, in the past, so other tests' jobs do not count.
    const month = new Date(Date.UTC(2024, 2, 10, 9));
    const partner = await createPartnerCompany(s.t.db);
    const customer = await createCustomer(s.t.db, { partnerCompanyId: partner.id });
    const a = await jobAt(month, { customerId: customer.id, visits: [2], doneAfter: 6 });
    await jobAt(new Date(month.getTime() + HOUR), {
      customerId: customer.id,
      visits: [4, 30],
      doneAfter: 40,
    });
    const left = await jobAt(new Date(month.getTime() + 2 * HOUR), { visits: [10] });
    await s.admin.patch('KPI/job', { JobId: left.job.id, ExcludeFromKpi: true });
    await jobAt(new Date(Date.UTC(2024, 3, 2, 9)), { visits: [1] });
    const sum = (await s.admin.get('kpi/summary', { month: '2024-03' })).json() as KpiSummary;
    expect(sum).toMatchObject({
      Month: '2024-03',
      Jobs: 2,
      Completed: 2,
      AverageResponseHours: 3,
      AverageCompletionHours: 23,
      FirstTimeFixes: 1,
      FirstTimeFixRate: 0.5,
      Revisits: 0,
    });
    const other = await jobAt(month, { visits: [1] });
    const partnerUser = (await signedInUser(s.t, 5, { partnerCompanyId: partner.id })).api;
    expect(((await partnerUser.get('kpi/summary', { month: '2024-03' })).json() as KpiSummary).Jobs).toBe(2);
    expect((await partnerUser.get(`kpi/job/${a.job.id}`)).statusCode).toBe(200);
    expect((await partnerUser.get(`kpi/job/${other.job.id}`)).statusCode).toBe(404);
    expect((await partnerUser.get(`KPI/Options/${other.job.id}`)).statusCode).toBe(404);
    const customerUser = (await signedInUser(s.t, 4, { customerId: customer.id })).api;
    expect((await customerUser.get(`kpi/job/${a.job.id}`)).statusCode).toBe(403);
    expect((await customerUser.get('kpi/summary')).statusCode).toBe(403);
    // This month by default.
    expect(((await s.admin.get('kpi/summary')).json() as KpiSummary).Month).toBe(
      wallClock(new Date()).date.slice(0, 7),
    );
  });
});
