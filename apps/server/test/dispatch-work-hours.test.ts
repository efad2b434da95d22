import type { AvailableUser, OptimisedDay, ProposedPlan, UserAccount } from '@fieldport/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema/index.ts';
import {
  createAddress,
  createAppointment,
  createCustomer,
  createDepartment,
  createJob,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type Place = { latitude: number; longitude: number };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };
const LIER = { latitude: 59.7847, longitude: 10.2431 };
const LILLESTROM = { latitude: 59.956, longitude: 11.049 };
const STROMMEN = { latitude: 59.9455, longitude: 10.996 };

const minutes = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));
const at = (hhmm: string) => minutes(`0000-00-00T${hhmm}`);

/**
 * A technician's own working hours (issue 30, decision 097): `WorkStart`/`WorkEnd` on the user record,
 * kept as "HH:mm" and refused in the caller's language when malformed or ending before they start; the
 * day proposal, the week proposal, "Optimise this day" and the suggestions start and end that
 * technician's day at them, the company's work hours (08:00–16:00 here) for everyone else.
 */
describe.each(engines)('a technician’s own working hours on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  /** A PATCH User/{id} by the Admin reading Norwegian. */
  let patchNo: (id: number, body: object) => ReturnType<Api['patch']>;
  let dispatcher: Api;
  let dayNo = 0;
  const nextDay = () => new Date(Date.UTC(2032, 2, 1 + 7 * dayNo++)).toISOString().slice(0, 10);

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
    patchNo = (id, body) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api2/ServiceProvider/User/${id}`,
        headers: { ...admin.headers, 'accept-language': 'no' },
        payload: body,
      });
    dispatcher = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  const footprint = async () => {
    const [row] = await t.db.select({ n: count() }).from(appointments);
    return { ...(await writes(t.db)), appointments: row?.n ?? 0 };
  };
  const team = async (people: { name: string; workStart?: number; workEnd?: number }[]) => {
    const department = await createDepartment(t.db);
    const made = [];
    for (const p of people)
      made.push(
        await createUser(t.db, { userTypeId: 2, isBookable: true, departmentId: department.id, ...p }),
      );
    return { department: department.id, people: made };
  };
  const jobAt = async (place: Place, extra: object = {}) => {
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

  it('keeps WorkStart and WorkEnd as HH:mm; refuses a malformed time or an end before the start, in the caller’s language, changing nothing', async () => {
    const { people } = await team([{ name: 'Hours Round Trip' }]);
    const id = people[0]!.id;
    const fresh = (await admin.get(`User/get/${id}`)).json() as UserAccount;
    expect([fresh.WorkStart, fresh.WorkEnd]).toEqual([null, null]);

    const set = await admin.patch(`User/${id}`, { WorkStart: '6:30', WorkEnd: '14:00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ WorkStart: '06:30', WorkEnd: '14:00' });
    const read = (await admin.get(`User/get/${id}`)).json() as UserAccount;
    expect([read.WorkStart, read.WorkEnd]).toEqual(['06:30', '14:00']);

    const before = await footprint();
    const malformed = await admin.patch(`User/${id}`, { WorkStart: '25:00' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().Errors).toEqual([{ Field: 'WorkStart', Message: 'Must be a time as hh:mm.' }]);
    const malformedNo = await patchNo(id, { WorkEnd: 'noon' });
    expect(malformedNo.statusCode).toBe(400);
    expect(malformedNo.json().Errors).toEqual([
      { Field: 'WorkEnd', Message: 'Må være et klokkeslett på formen hh:mm.' },
    ]);
    // Against the stored start (06:30): an end at 06:00 is before it.
    const inverted = await admin.patch(`User/${id}`, { WorkEnd: '06:00' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().Errors).toEqual([
      { Field: 'WorkEnd', Message: 'The working day must end after it starts.' },
    ]);
    const invertedNo = await patchNo(id, { WorkStart: '15:00' });
    expect(invertedNo.json().Errors).toEqual([
      { Field: 'WorkStart', Message: 'Arbeidsdagen må slutte etter at den begynner.' },
    ]);
    expect(await footprint()).toEqual(before);
    expect((await admin.get(`User/get/${id}`)).json()).toMatchObject({
      WorkStart: '06:30',
      WorkEnd: '14:00',
    });

    // Empty is none: the company's hours on that side again.
    const cleared = await admin.patch(`User/${id}`, { WorkStart: '', WorkEnd: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ WorkStart: null, WorkEnd: null });

    // A new user takes them too, with the same checks.
    const add = {
      Name: 'Hours New User',
      EmailAdress: `hours.${engine}.${Math.random().toString(36).slice(2)}@example.test`,
      UserTypeId: 2,
      Password: 'Fjord#2026',
    };
    const refused = await admin.post('User/add', { ...add, WorkStart: '12:00', WorkEnd: '12:00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors).toEqual([
      { Field: 'WorkEnd', Message: 'The working day must end after it starts.' },
    ]);
    const added = await admin.post('User/add', { ...add, WorkStart: '05:00', WorkEnd: '24:00' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ WorkStart: '05:00', WorkEnd: '24:00' });
  });

  it('proposes a day inside each technician’s own hours: nothing placed outside them', async () => {
    const day = nextDay();
    const { people } = await team([
      { name: 'Hours Early Bird', workStart: at('06:00'), workEnd: at('10:00') },
      { name: 'Hours Late Shift', workStart: at('12:00'), workEnd: at('20:00') },
      { name: 'Hours Company' },
    ]);
    const [early, late, company] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const jobs = [];
    for (let i = 0; i < 8; i++) jobs.push(await jobAt(OSLO));
    const dawn = await jobAt(OSLO);
    const evening = await jobAt(OSLO);
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: day,
      UserIdList: people.map((u) => u.id),
      JobIdList: [...jobs, dawn, evening].map((j) => j.id),
      JobWindows: [
        { JobId: dawn.id, Start: `${day}T06:00:00`, End: `${day}T07:00:00` },
        { JobId: evening.id, Start: `${day}T18:00:00`, End: `${day}T19:00:00` },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    expect(plan.Unplaced).toEqual([]);
    const hours = new Map([
      [early.id, [at('06:00'), at('10:00')]],
      [late.id, [at('12:00'), at('20:00')]],
      [company.id, [at('08:00'), at('16:00')]],
    ]);
    for (const a of plan.Appointments) {
      const [start, end] = hours.get(a.UserId)!;
      expect(minutes(a.DepartTime!), `${a.UserName} leaves`).toBeGreaterThanOrEqual(start!);
      expect(minutes(a.EndTime), `${a.UserName} ends`).toBeLessThanOrEqual(end!);
    }
    // Only the early bird works at dawn, only the late shift in the evening.
    const of = (jobId: number) => plan.Appointments.find((a) => a.JobId === jobId)!;
    expect(of(dawn.id).UserId).toBe(early.id);
    expect(minutes(of(dawn.id).StartTime)).toBeLessThanOrEqual(at('07:00'));
    expect(of(evening.id).UserId).toBe(late.id);
    expect(minutes(of(evening.id).StartTime)).toBeGreaterThanOrEqual(at('18:00'));
    for (const r of plan.Routes!) {
      const [start, end] = hours.get(r.UserId)!;
      expect(minutes(r.DepartTime)).toBeGreaterThanOrEqual(start!);
      expect(minutes(r.ReturnTime)).toBeLessThanOrEqual(end!);
    }

    // A job whose window lies in nobody's hours is left out with its reason.
    const noon = await jobAt(OSLO);
    const none = (
      await dispatcher.post('Appointment/ProposePlan', {
        Date: day,
        UserIdList: [early.id, late.id],
        JobIdList: [noon.id],
        JobWindows: [{ JobId: noon.id, Start: `${day}T10:30:00`, End: `${day}T11:00:00` }],
      })
    ).json() as ProposedPlan;
    expect(none.Appointments).toEqual([]);
    expect(none.Unplaced.map((u) => [u.JobId, u.Code])).toEqual([[noon.id, 'no_window']]);
  });

  it('proposes a week inside a technician’s own hours on every day', async () => {
    const day = nextDay();
    const friday = new Date(Date.parse(`${day}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
    const { people } = await team([{ name: 'Hours Week', workStart: at('07:00'), workEnd: at('11:00') }]);
    const me = people[0]!;
    const jobs = [];
    for (let i = 0; i < 10; i++) jobs.push(await jobAt(OSLO, { estimatedTime: '1.5' }));
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: day,
      EndDate: friday,
      UserIdList: [me.id],
      JobIdList: jobs.map((j) => j.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    // Two 1.5-hour jobs fit a 4-hour day: all ten over the five days, none outside 07:00–11:00.
    expect(plan.Unplaced).toEqual([]);
    expect(plan.Appointments).toHaveLength(10);
    for (const a of plan.Appointments) {
      expect(minutes(a.DepartTime!)).toBeGreaterThanOrEqual(at('07:00'));
      expect(minutes(a.EndTime)).toBeLessThanOrEqual(at('11:00'));
    }
    expect(new Set(plan.Appointments.map((a) => a.StartTime.slice(0, 10))).size).toBe(5);
  });

  it('optimises a day inside the technician’s own hours', async () => {
    const day = nextDay();
    const { people } = await team([{ name: 'Hours Optimise', workStart: at('06:00'), workEnd: at('12:00') }]);
    const me = people[0]!;
    const visit = async (place: Place, from: string, to: string) =>
      createAppointment(t.db, {
        jobId: (await jobAt(place, { jobStatusId: 20 })).id,
        startTime: `${day} ${from}:00`,
        endTime: `${day} ${to}:00`,
        participants: [me.id],
      });
    // A zig-zag between Drammen and Lillestrøm from 06:00; at the company's 08:00 it would not end by 12:00.
    await visit(DRAMMEN, '06:00', '06:45');
    await visit(LILLESTROM, '07:45', '08:30');
    await visit(LIER, '09:30', '10:15');
    await visit(STROMMEN, '11:00', '11:45');
    const res = await dispatcher.post('Appointment/OptimiseDay', { UserId: me.id, Date: day });
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

  it('ranks first the free users whose own hours hold the time asked, and says why the others are last', async () => {
    const day = nextDay();
    const { department, people } = await team([
      { name: 'Hours Avail Early' },
      { name: 'Hours Avail Late', workStart: at('12:00'), workEnd: at('20:00') },
    ]);
    const [early, late] = people as [(typeof people)[0], (typeof people)[0]];
    // Early is set to finish at 10:00 through the Admin's change.
    expect((await admin.patch(`User/${early.id}`, { WorkEnd: '10:00' })).statusCode).toBe(200);
    const job = await jobAt(OSLO);
    const ask = (from: string, to: string) =>
      dispatcher.post('Appointment/available', {
        StartTime: `${day}T${from}:00`,
        EndTime: `${day}T${to}:00`,
        DepartmentIdList: [department],
        JobId: job.id,
      });
    const morning = (await ask('08:00', '09:00')).json() as AvailableUser[];
    expect(morning.map((u) => [u.Name, u.Rank])).toEqual([
      ['Hours Avail Early', 1],
      ['Hours Avail Late', 2],
    ]);
    expect(morning[1]!.Id).toBe(late.id);
    expect(morning[1]!.Reason).toMatch(/^outside their working hours \(12:00–20:00\); /);
    expect(morning[0]!.Reason).not.toMatch(/outside/);
    const evening = (await ask('17:00', '18:00')).json() as AvailableUser[];
    expect(evening.map((u) => [u.Name, u.Rank])).toEqual([
      ['Hours Avail Late', 1],
      ['Hours Avail Early', 2],
    ]);
    expect(evening[1]!.Reason).toMatch(/^outside their working hours \(08:00–10:00\); /);
  });
});
