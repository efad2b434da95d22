import type { Appointment, Job, SchedulerData } from '@fieldport/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../src/db/schema/index.ts';
import {
  createAppointment,
  createCustomer,
  createJob,
  createUser,
  ensureReferenceData,
  JobStatus,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

/** Each test plans on a day of its own, so ranges never see another test's appointments. */
let dayNo = 0;
const nextDay = () => {
  const d = new Date(Date.UTC(2030, 0, 7 + 3 * dayNo++));
  return d.toISOString().slice(0, 10);
};

describe.each(engines)('appointments and the scheduler on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let tech: { id: number; name: string };
  let tech2: { id: number; name: string };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
    tech = await createUser(t.db, { userTypeId: 2, isBookable: true, name: 'Aksel Berg' });
    tech2 = await createUser(t.db, { userTypeId: 3, isBookable: true, name: 'Bodil Dahl' });
  });
  afterAll(() => t.close());

  const jobOf = async (id: number) => (await admin.get(`job/${id}`)).json() as Job;
  const plan = async (body: object, api = technician) => {
    const res = await api.post('Appointment/create', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Appointment;
  };

  it('shows a job’s appointments, earliest first with their people, on its job list item and in its view', async () => {
    const day = nextDay();
    const job = await createJob(t.db, {
      machines: 1,
      jobStatusId: JobStatus.New,
      displayName: 'Listed visits',
    });
    const later = await plan({
      JobId: job.id,
      StartTime: `${day}T13:00:00`,
      EndTime: `${day}T14:00:00`,
      Participants: [tech2.id, tech.id],
    });
    const earlier = await plan({
      JobId: job.id,
      StartTime: `${day}T08:00:00`,
      EndTime: `${day}T09:00:00`,
      Participants: [tech.id],
    });
    const list = await admin.post('JobList/Filtered', { Page: 1, ItemsPerPage: 50, Search: 'Listed visits' });
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json().Content as { Id: number; Appointments: unknown[] }[]).find(
      (j) => j.Id === job.id,
    );
    expect(item?.Appointments).toEqual([
      {
        Id: earlier.Id,
        Subject: 'Listed visits',
        StartTime: `${day}T08:00:00`,
        EndTime: `${day}T09:00:00`,
        Type: 1,
        IsAbsence: false,
        Participants: [{ Id: tech.id, Name: 'Aksel Berg' }],
      },
      {
        Id: later.Id,
        Subject: 'Listed visits',
        StartTime: `${day}T13:00:00`,
        EndTime: `${day}T14:00:00`,
        Type: 1,
        IsAbsence: false,
        Participants: [
          { Id: tech.id, Name: 'Aksel Berg' },
          { Id: tech2.id, Name: 'Bodil Dahl' },
        ],
      },
    ]);
    expect((await jobOf(job.id)).Appointments).toEqual(item?.Appointments);
  });

  it('plans a new job: the appointment carries its times, people and job, and the job becomes planned', async () => {
    const day = nextDay();
    const job = await createJob(t.db, {
      machines: 1,
      jobStatusId: JobStatus.New,
      displayName: 'Annual service',
    });
    const a = await plan({
      JobId: job.id,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T11:30:00`,
      Participants: [{ Id: tech.id }, tech2.id],
    });
    expect(a).toMatchObject({
      Subject: 'Annual service',
      AppointmentDate: day,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T11:30:00`,
      JobId: job.id,
      Type: 1,
      IsAbsence: false,
      Participants: [
        { Id: tech.id, Name: 'Aksel Berg' },
        { Id: tech2.id, Name: 'Bodil Dahl' },
      ],
      Job: { Id: job.id, DisplayName: 'Annual service', JobStatusId: 20, StatusName: 'Planned' },
    });
    expect((await jobOf(job.id)).JobStatusId).toBe(20);
    const events = await t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'appointment'), eq(eventLog.entityId, String(a.Id))));
    expect(events.map((e) => [e.changeType, (e.payload as { JobId: number }).JobId])).toEqual([
      ['New', job.id],
    ]);
    expect((await admin.get(`Appointment/job/${job.id}`)).json().map((x: Appointment) => x.Id)).toEqual([
      a.Id,
    ]);
  });

  it('takes times on the appointment date; an end before the start is on the next day', async () => {
    const day = nextDay();
    const job = await createJob(t.db, { machines: 1 });
    const a = await plan({
      JobId: job.id,
      AppointmentDate: day,
      StartTime: '22:00',
      EndTime: '02:00',
      Participants: [tech.id],
    });
    const next = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8) + 1))
      .toISOString()
      .slice(0, 10);
    expect([a.StartTime, a.EndTime]).toEqual([`${day}T22:00:00`, `${next}T02:00:00`]);
  });

  it('refuses bad times, an absence without a description, a missing or unbookable participant, and an approved job; nothing is written', async () => {
    const day = nextDay();
    const job = await createJob(t.db, { machines: 1 });
    const approved = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.Approved });
    const notBookable = await createUser(t.db, { userTypeId: 2, isBookable: false });
    const at = { StartTime: `${day}T09:00:00`, EndTime: `${day}T10:00:00` };
    const before = await writes(t.db);
    const cases: [object, number, string][] = [
      [
        { JobId: job.id, StartTime: `${day}T10:00:00`, EndTime: `${day}T09:00:00`, Participants: [tech.id] },
        400,
        'The end must be after the start.',
      ],
      [
        { JobId: job.id, StartTime: '09:00', EndTime: '10:00', Participants: [tech.id] },
        400,
        'This field is required',
      ],
      [{ ...at, Participants: [tech.id] }, 400, 'This field is required'],
      [{ ...at, JobId: job.id }, 400, 'Choose at least one participant.'],
      [
        { ...at, JobId: job.id, Participants: [notBookable.id] },
        400,
        `User ${notBookable.id} cannot be booked.`,
      ],
      [
        { ...at, JobId: approved.id, Participants: [tech.id] },
        409,
        'This job is approved, closed or deleted and can no longer be changed.',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await technician.post('Appointment/create', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().Message).toBe(message);
    }
    expect(await writes(t.db)).toEqual(before);
  });

  it('refuses to change or delete an appointment of a job at status 70 or above, or to move one onto such a job, with the reason; nothing is written', async () => {
    const day = nextDay();
    const open = await createJob(t.db, { machines: 1 });
    const closed = await createJob(t.db, { machines: 1, jobStatusId: 100 });
    const approved = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.Approved });
    const locked = await createAppointment(t.db, {
      jobId: approved.id,
      startTime: `${day}T09:00:00`,
      endTime: `${day}T10:00:00`,
      participants: [tech.id],
    });
    const mine = await plan({
      JobId: open.id,
      StartTime: `${day}T11:00:00`,
      EndTime: `${day}T12:00:00`,
      Participants: [tech.id],
    });
    const reason = 'This job is approved, closed or deleted and can no longer be changed.';
    const before = await writes(t.db);
    const refused = [
      await technician.patch('Appointment/change', {
        Id: locked.id,
        StartTime: `${day}T13:00:00`,
        EndTime: `${day}T14:00:00`,
        Participants: [tech.id],
      }),
      await technician.patch('Appointment/change', {
        Id: mine.Id,
        RowVersion: mine.RowVersion,
        JobId: closed.id,
        StartTime: `${day}T11:00:00`,
        EndTime: `${day}T12:00:00`,
        Participants: [tech.id],
      }),
      await technician.delete(`Appointment/delete/${locked.id}`),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().Message).toBe(reason);
    }
    expect(await writes(t.db)).toEqual(before);
    expect((await admin.get(`Appointment/get/${locked.id}`)).json().StartTime).toBe(`${day}T09:00:00`);
  });

  it('books an absence with its description; customers never see absences, and see only their own jobs’ appointments', async () => {
    const day = nextDay();
    const customer = await createCustomer(t.db);
    const own = await createJob(t.db, { customerId: customer.id, machines: 1 });
    const other = await createJob(t.db, { machines: 1 });
    const absence = await plan({
      Subject: 'Dentist',
      ...{ StartTime: `${day}T08:00:00`, EndTime: `${day}T09:00:00` },
      Participants: [tech.id],
    });
    expect(absence).toMatchObject({ IsAbsence: true, JobId: null, Subject: 'Dentist' });
    const mine = await plan({
      JobId: own.id,
      StartTime: `${day}T10:00:00`,
      EndTime: `${day}T11:00:00`,
      Participants: [tech.id],
    });
    const theirs = await plan({
      JobId: other.id,
      StartTime: `${day}T12:00:00`,
      EndTime: `${day}T13:00:00`,
      Participants: [tech.id],
    });

    const staffView = (
      await admin.get('Appointment/DateRange/', { date1: day, date2: day })
    ).json() as Appointment[];
    expect(staffView.map((a) => a.Id)).toEqual([absence.Id, mine.Id, theirs.Id]);
    expect(staffView[0]!.Job).toBeUndefined();

    const manager = (await signedInUser(t, 4, { customerId: customer.id })).api;
    const customerView = await manager.get('Appointment/DateRange/', {
      date1: day,
      date2: day,
      includeJob: 'true',
    });
    expect((customerView.json() as Appointment[]).map((a) => [a.Id, a.Job?.Id])).toEqual([[mine.Id, own.id]]);
    expect((await manager.get(`Appointment/get/${theirs.Id}`)).statusCode).toBe(404);
    expect((await manager.get(`Appointment/get/${absence.Id}`)).statusCode).toBe(404);
  });

  it('gives a technician only their own appointments when asked for theirs (Today, decision 067)', async () => {
    const day = nextDay();
    const me = await signedInUser(t, 2, { isBookable: true });
    const job = await createJob(t.db, { machines: 1 });
    const shared = await plan({
      JobId: job.id,
      StartTime: `${day}T13:00:00`,
      EndTime: `${day}T14:00:00`,
      Participants: [tech.id, me.user.id],
    });
    const own = await plan({
      JobId: job.id,
      StartTime: `${day}T08:00:00`,
      EndTime: `${day}T09:00:00`,
      Participants: [me.user.id],
    });
    const theirs = await plan({
      JobId: job.id,
      StartTime: `${day}T10:00:00`,
      EndTime: `${day}T11:00:00`,
      Participants: [tech.id],
    });
    const range = { date1: day, date2: day, includeJob: 'true' };
    const mine = (
      await me.api.get('Appointment/DateRange/', { ...range, mine: 'true' })
    ).json() as Appointment[];
    expect(mine.map((a) => a.Id)).toEqual([own.Id, shared.Id]);
    expect(mine[0]!.Job?.Id).toBe(job.id);
    const all = (await me.api.get('Appointment/DateRange/', range)).json() as Appointment[];
    expect(all.map((a) => a.Id)).toEqual(expect.arrayContaining([own.Id, shared.Id, theirs.Id]));
  });

  it('detects a stale change, and moving the last appointment to another job makes the first one new again', async () => {
    const day = nextDay();
    const first = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.New });
    const second = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.New });
    const a = await plan({
      JobId: first.id,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T10:00:00`,
      Participants: [tech.id],
    });
    const moved = await technician.patch('Appointment/change', {
      Id: a.Id,
      RowVersion: a.RowVersion,
      JobId: second.id,
      StartTime: `${day}T13:00:00`,
      EndTime: `${day}T15:00:00`,
      Participants: [tech2.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      JobId: second.id,
      StartTime: `${day}T13:00:00`,
      Participants: [{ Id: tech2.id }],
    });
    expect((await jobOf(first.id)).JobStatusId).toBe(JobStatus.New);
    expect((await jobOf(second.id)).JobStatusId).toBe(20);

    const stale = await admin.patch('Appointment/change', {
      Id: a.Id,
      RowVersion: a.RowVersion,
      StartTime: `${day}T08:00:00`,
      EndTime: `${day}T09:00:00`,
      Participants: [tech.id],
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.get(`Appointment/get/${a.Id}`)).json().StartTime).toBe(`${day}T13:00:00`);
  });

  it('deletes an appointment; a planned job that loses its last one is new again', async () => {
    const day = nextDay();
    const job = await createJob(t.db, { machines: 1, jobStatusId: JobStatus.New });
    const a = await plan({
      JobId: job.id,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T10:00:00`,
      Participants: [tech.id],
    });
    const b = await plan({
      JobId: job.id,
      StartTime: `${day}T11:00:00`,
      EndTime: `${day}T12:00:00`,
      Participants: [tech.id],
    });
    expect((await technician.delete(`Appointment/delete/${a.Id}`)).statusCode).toBe(200);
    expect((await jobOf(job.id)).JobStatusId).toBe(20);
    expect((await technician.delete(`Appointment/delete/${b.Id}`)).statusCode).toBe(200);
    expect((await jobOf(job.id)).JobStatusId).toBe(JobStatus.New);
    expect((await technician.get(`Appointment/get/${b.Id}`)).statusCode).toBe(404);
  });

  it('gives the scheduler its rows, events and assignments; a moved event changes its times and rows', async () => {
    const day = nextDay();
    const job = await createJob(t.db, { machines: 1, displayName: 'Pump repair' });
    const a = await plan({
      JobId: job.id,
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T10:00:00`,
      Participants: [tech.id],
    });

    const resources = (await admin.get('Scheduler/Resources')).json() as { id: number; name: string }[];
    expect(resources.map((r) => r.id)).toEqual(expect.arrayContaining([tech.id, tech2.id]));

    const data = (
      await admin.get('Scheduler/DateRange/', { date1: day, date2: day })
    ).json() as SchedulerData;
    expect(data.events).toEqual([
      expect.objectContaining({
        id: a.Id,
        name: 'Pump repair',
        jobId: job.id,
        startDate: `${day}T09:00:00`,
        appointmentType: 1,
      }),
    ]);
    expect(data.assignments).toEqual([{ eventId: a.Id, resourceId: tech.id }]);

    const moved = await technician.patch('Scheduler/Events/ChangeTimes', {
      id: a.Id,
      startDate: `${day}T14:00:00`,
      endDate: `${day}T16:15:00`,
      resourceIds: [tech2.id],
      rowVersion: data.events[0]!.rowVersion,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      events: [{ id: a.Id, startDate: `${day}T14:00:00`, endDate: `${day}T16:15:00` }],
      assignments: [{ eventId: a.Id, resourceId: tech2.id }],
    });
    const subcontractor = (await signedInUser(t, 3)).api;
    expect((await subcontractor.get('Scheduler/DateRange/', { date1: day, date2: day })).statusCode).toBe(
      403,
    );
  });

  it('tells who is free for a time, and refuses a range of more than 62 days', async () => {
    const day = nextDay();
    await createAppointment(t.db, {
      startTime: `${day} 09:00:00`,
      endTime: `${day} 12:00:00`,
      participants: [tech.id],
    });
    const free = await technician.post('Appointment/available', {
      StartTime: `${day}T11:00:00`,
      EndTime: `${day}T13:00:00`,
    });
    const ids = (free.json() as { Id: number }[]).map((u) => u.Id);
    expect(ids).toContain(tech2.id);
    expect(ids).not.toContain(tech.id);

    const long = await admin.get('Appointment/DateRange/', { date1: '2030-01-01', date2: '2030-03-15' });
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toBe('At most 62 days can be asked for at a time.');
  });
});
