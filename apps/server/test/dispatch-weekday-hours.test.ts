import type { AvailableUser, OptimisedDay, ProposedPlan, UserAccount } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAddress,
  createAppointment,
  createCustomer,
  createDepartment,
  createJob,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };
const LIER = { latitude: 59.7847, longitude: 10.2431 };
const LILLESTROM = { latitude: 59.956, longitude: 11.049 };
const STROMMEN = { latitude: 59.9455, longitude: 10.996 };
const minutes = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));
const at = (hhmm: string) => minutes(`0000-00-00T${hhmm}`);
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Per-weekday working hours (issue 30, decision 100): `WorkDays` on the user, each weekday off or with its
 * own start and end, its sides falling back to WorkStart/WorkEnd, then the company's (08:00–16:00 here).
 * Proposals, Appointment/available and Scheduler/Resources read the weekday's own hours.
 */
describe.each(engines)('per-weekday working hours on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let dispatcher: Api;
  let week = 0;
  /** A Monday of its own for each test (2032-03-01 is a Monday). */
  const nextMonday = () => plusDays('2032-03-01', 7 * week++);

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    await t.app.services.settings.write('global', {
      WorkHourStart: '08:00',
      WorkHourEnd: '16:00',
      Maps: { MainLocationCoordinates: `${OSLO.longitude},${OSLO.latitude}` },
    });
    admin = (await signedInUser(t, 1)).api;
    dispatcher = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  const technician = async (name: string, department?: number) =>
    createUser(t.db, {
      name,
      userTypeId: 2,
      isBookable: true,
      departmentId: department ?? (await createDepartment(t.db)).id,
    });
  /** Friday 07:00–12:00, the weekend off, through the Admin's change. */
  const shortFriday = async (id: number) => {
    const res = await admin.patch(`User/${id}`, {
      WorkDays: [
        { Weekday: 7, Off: true },
        { Weekday: 5, WorkStart: '7:00', WorkEnd: '12:00' },
        { Weekday: 6, Off: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as UserAccount;
  };
  const jobAt = async (extra: object = {}, place = OSLO) => {
    const customer = await createCustomer(t.db);
    const address = await createAddress(t.db, { customerId: customer.id, ...place });
    return createJob(t.db, {
      customerId: customer.id,
      deliveryAddressId: address.id,
      jobStatusId: 10,
      estimatedTime: '1',
      ...extra,
    });
  };

  it('keeps WorkDays by weekday; refuses a weekday twice or a weekday ending before it starts', async () => {
    const me = await technician('Weekday Round Trip');
    const saved = await shortFriday(me.id);
    const days = [
      { Weekday: 5, Off: false, WorkStart: '07:00', WorkEnd: '12:00' },
      { Weekday: 6, Off: true, WorkStart: null, WorkEnd: null },
      { Weekday: 7, Off: true, WorkStart: null, WorkEnd: null },
    ];
    expect(saved.WorkDays).toEqual(days);
    expect(((await admin.get(`User/get/${me.id}`)).json() as UserAccount).WorkDays).toEqual(days);

    const twice = await admin.patch(`User/${me.id}`, {
      WorkDays: [
        { Weekday: 1, Off: true },
        { Weekday: 1, WorkStart: '09:00' },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().Errors).toEqual([{ Field: 'WorkDays', Message: 'Each weekday only once.' }]);
    // Monday's own end before the usual start it falls back to (09:00).
    expect((await admin.patch(`User/${me.id}`, { WorkStart: '09:00' })).statusCode).toBe(200);
    const inverted = await t.app.inject({
      method: 'PATCH',
      url: `/api2/ServiceProvider/User/${me.id}`,
      headers: { ...admin.headers, 'accept-language': 'no' },
      payload: { WorkDays: [{ Weekday: 1, WorkEnd: '08:30' }] },
    });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().Errors).toEqual([
      { Field: 'WorkDays', Message: 'Arbeidsdagen må slutte etter at den begynner.' },
    ]);
    expect(((await admin.get(`User/get/${me.id}`)).json() as UserAccount).WorkDays).toEqual(days);

    // The board's rows carry them.
    const resources = (await dispatcher.get('Scheduler/Resources')).json() as {
      id: number;
      workStart?: string | null;
      workDays?: unknown[];
    }[];
    expect(resources.find((r) => r.id === me.id)).toMatchObject({
      workStart: '09:00',
      workDays: [
        { weekday: 5, off: false, workStart: '07:00', workEnd: '12:00' },
        { weekday: 6, off: true, workStart: null, workEnd: null },
        { weekday: 7, off: true, workStart: null, workEnd: null },
      ],
    });

    // Emptied: every day the same again.
    const cleared = await admin.patch(`User/${me.id}`, { WorkDays: [] });
    expect((cleared.json() as UserAccount).WorkDays).toEqual([]);
  });

  it('proposes a week inside each weekday’s own hours: Friday 07:00–12:00, nothing at the weekend', async () => {
    const monday = nextMonday();
    const friday = plusDays(monday, 4);
    const sunday = plusDays(monday, 6);
    const me = await technician('Weekday Week');
    await shortFriday(me.id);
    const jobs = [];
    for (let i = 0; i < 24; i++) jobs.push(await jobAt({ estimatedTime: '2' }));
    // A job that can only be done on Friday at 07:00 (before the company's start).
    const early = await jobAt();
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: monday,
      EndDate: sunday,
      UserIdList: [me.id],
      JobIdList: [...jobs, early].map((j) => j.id),
      JobWindows: [{ JobId: early.id, Start: `${friday}T07:00:00`, End: `${friday}T07:30:00` }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    expect(plan.Appointments.length).toBeGreaterThan(0);
    for (const a of plan.Appointments) {
      const day = a.StartTime.slice(0, 10);
      expect(day <= friday, `${a.StartTime} is on a working weekday`).toBe(true);
      const [start, end] = day === friday ? [at('07:00'), at('12:00')] : [at('08:00'), at('16:00')];
      expect(minutes(a.DepartTime!), `${a.StartTime} leaves in hours`).toBeGreaterThanOrEqual(start);
      expect(minutes(a.EndTime), `${a.StartTime} ends in hours`).toBeLessThanOrEqual(end);
    }
    const early7 = plan.Appointments.find((a) => a.JobId === early.id);
    expect(early7?.StartTime.slice(0, 10)).toBe(friday);
    // Friday holds at most five hours: the early job and at most two two-hour jobs.
    expect(plan.Appointments.filter((a) => a.StartTime.startsWith(friday)).length).toBeLessThanOrEqual(3);
    expect(plan.Unplaced.length).toBeGreaterThan(0);
  });

  it('ranks a technician off that weekday last in the suggestions, saying so', async () => {
    const saturday = plusDays(nextMonday(), 5);
    const department = (await createDepartment(t.db)).id;
    const off = await technician('Weekday Avail Off', department);
    await technician('Weekday Avail Company', department);
    await shortFriday(off.id);
    const job = await jobAt();
    const res = await dispatcher.post('Appointment/available', {
      StartTime: `${saturday}T09:00:00`,
      EndTime: `${saturday}T10:00:00`,
      DepartmentIdList: [department],
      JobId: job.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ranked = res.json() as AvailableUser[];
    expect(ranked.map((u) => u.Name)).toEqual(['Weekday Avail Company', 'Weekday Avail Off']);
    expect(ranked[1]!.Reason).toMatch(/^not working on this weekday; /);
    expect(ranked[0]!.Reason).not.toMatch(/not working|outside/);
  });

  it('optimises a Friday inside that weekday’s own hours, not the usual ones', async () => {
    const friday = plusDays(nextMonday(), 4);
    const me = await technician('Weekday Optimise');
    // Friday 06:00–12:00; every other day the company's 08:00–16:00.
    const set = await admin.patch(`User/${me.id}`, {
      WorkDays: [{ Weekday: 5, WorkStart: '06:00', WorkEnd: '12:00' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    const visit = async (place: typeof OSLO, from: string, to: string) =>
      createAppointment(t.db, {
        jobId: (await jobAt({ jobStatusId: 20 }, place)).id,
        startTime: `${friday} ${from}:00`,
        endTime: `${friday} ${to}:00`,
        participants: [me.id],
      });
    // A zig-zag between Drammen and Lillestrøm from 06:00; from the usual 08:00 it would not end by 12:00.
    await visit(DRAMMEN, '06:00', '06:45');
    await visit(LILLESTROM, '07:45', '08:30');
    await visit(LIER, '09:30', '10:15');
    await visit(STROMMEN, '11:00', '11:45');
    const res = await dispatcher.post('Appointment/OptimiseDay', { UserId: me.id, Date: friday });
    expect(res.statusCode, res.body).toBe(200);
    const opt = res.json() as OptimisedDay;
    expect(opt.Changed).toBe(true);
    expect(opt.After.TravelMinutes).toBeLessThan(opt.Before.TravelMinutes);
    for (const a of opt.Appointments) {
      expect(a.Fixed).toBe(false);
      expect(minutes(a.StartTime) - a.TravelMinutes).toBeGreaterThanOrEqual(at('06:00'));
      expect(minutes(a.EndTime)).toBeLessThanOrEqual(at('12:00'));
    }
  });
});
