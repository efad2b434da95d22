import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Appointment, AvailableUser, OptimisedDay, ProposedPlan } from '@fieldport/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobTypes } from '../src/db/schema/index.ts';
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
import { allLicences, bearer, tokensOf } from './support.ts';

type Place = { latitude: number; longitude: number };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };
const LIER = { latitude: 59.7847, longitude: 10.2431 };
const ASKER = { latitude: 59.8333, longitude: 10.4333 };
const LILLESTROM = { latitude: 59.956, longitude: 11.049 };
const STROMMEN = { latitude: 59.9455, longitude: 10.996 };
const HAMAR = { latitude: 60.7945, longitude: 11.068 };

const minutes = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));
const hhmm = (time: string) => time.slice(11, 16);

/**
 * Dispatch over the day-plan solver (issue 30, decision 063): Appointment/available ranks the free users
 * by the cost of inserting the job into their day, Appointment/ProposePlan plans a day or a week and saves
 * nothing, Appointment/OptimiseDay resequences a technician's day. Each test works in a department of its
 * own, so it sees only its own users and jobs. Travel is the straight-line stand-in (1.3 × the straight
 * line at 60 km/h), or an OSRM stand-in.
 */
describe.each(engines)('dispatch on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let technicianEmail = '';
  let dayNo = 0;
  let jobTypeNo = 900 + Math.floor(Math.random() * 50_000);
  const nextDay = () => new Date(Date.UTC(2031, 5, 2 + 7 * dayNo++)).toISOString().slice(0, 10);

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
    const tech = await signedInUser(t, 2);
    technician = tech.api;
    technicianEmail = tech.user.email;
  });
  /** What a change leaves behind: change logs, events and appointments. */
  const footprint = async () => {
    const [row] = await t.db.select({ n: count() }).from(appointments);
    return { ...(await writes(t.db)), appointments: row?.n ?? 0 };
  };
  afterAll(() => t.close());

  const jobAt = async (at: Place | null, extra: object = {}) => {
    const customer = await createCustomer(t.db, at ? {} : { address: null });
    const address = at ? await createAddress(t.db, { customerId: customer.id, ...at }) : null;
    return createJob(t.db, {
      customerId: customer.id,
      deliveryAddressId: address?.id ?? null,
      jobStatusId: 10,
      ...extra,
    });
  };
  const team = async (names: string[], extra: object[] = []) => {
    const department = await createDepartment(t.db);
    const people = [];
    for (const [i, name] of names.entries())
      people.push(
        await createUser(t.db, {
          userTypeId: 2,
          isBookable: true,
          name,
          departmentId: department.id,
          ...extra[i],
        }),
      );
    return { department: department.id, people };
  };
  const jobTypeNeeding = async (skills: string[]) => {
    const id = jobTypeNo++;
    await t.db.insert(jobTypes).values({ id, name: `Needs ${skills.join('+')} ${id}`, skills });
    return id;
  };
  const visit = async (who: number, at: Place, day: string, from: string, to: string, extra: object = {}) =>
    createAppointment(t.db, {
      jobId: (await jobAt(at, { jobStatusId: 20, ...extra })).id,
      startTime: `${day} ${from}:00`,
      endTime: `${day} ${to}:00`,
      participants: [who],
    });

  it('ranks the free users by the driving that inserting the job adds to their day, from their home', async () => {
    const day = nextDay();
    const { department, people } = await team(
      ['Rank Drammen Day', 'Rank Far Day', 'Rank Lier Home', 'Rank Office Day', 'Rank Taken'],
      [{}, {}, { homeLatitude: LIER.latitude, homeLongitude: LIER.longitude }, {}, {}],
    );
    const [drammenDay, farDay, lierHome, officeDay, taken] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    // Drammen Day passes near Lier twice; Office Day would drive from Oslo and back; Far Day is in Hamar.
    await visit(drammenDay.id, DRAMMEN, day, '09:00', '11:00');
    await visit(drammenDay.id, DRAMMEN, day, '14:00', '15:00');
    await visit(farDay.id, HAMAR, day, '10:00', '11:00');
    await visit(taken.id, OSLO, day, '11:30', '12:30');
    void officeDay;
    const job = await jobAt(LIER);

    const res = await technician.post('Appointment/available', {
      StartTime: `${day}T12:00:00`,
      EndTime: `${day}T13:00:00`,
      DepartmentIdList: [department],
      JobId: job.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ranked = res.json() as AvailableUser[];
    expect(ranked.map((u) => [u.Name, u.Rank, u.Reachable])).toEqual([
      ['Rank Lier Home', 1, true],
      ['Rank Drammen Day', 2, true],
      ['Rank Office Day', 3, true],
      ['Rank Far Day', 4, false],
    ]);
    // From home in Lier and back: nothing added. Drammen–Lier–Drammen: about 2 × 6 km on the road.
    expect(ranked[0]).toMatchObject({ TravelKm: 0, TravelMinutes: 0, LoadMinutes: 0, Id: lierHome.id });
    expect(ranked[1]!.TravelKm).toBeGreaterThan(5);
    expect(ranked[1]!.TravelKm).toBeLessThan(20);
    expect(ranked[1]!.LoadMinutes).toBe(180);
    // Oslo–Lier–Oslo: about 2 × 42 km on the road.
    expect(ranked[2]!.TravelKm).toBeGreaterThan(70);
    expect(ranked[3]!.TravelKm).toBeNull();
    expect(ranked[1]!.Reason).toMatch(
      /^\d+ min and \d+\.\d km of driving added to the day; 3 h booked that day$/,
    );
    expect(ranked[3]!.Reason).toMatch(
      /^cannot get there in time between the other stops of the day; 1 h booked/,
    );
  });

  it('says the travel is unknown for a job without a place and ranks by load; in the caller’s language', async () => {
    const day = nextDay();
    const { department, people } = await team(['Unknown Free', 'Unknown Loaded']);
    await createAppointment(t.db, {
      startTime: `${day} 08:00:00`,
      endTime: `${day} 10:00:00`,
      participants: [people[1]!.id],
    });
    const job = await jobAt(null);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/Appointment/available',
      headers: { ...bearer((await tokensOf(t.app, technicianEmail)).access_token), 'accept-language': 'no' },
      payload: {
        StartTime: `${day}T12:00:00`,
        EndTime: `${day}T13:00:00`,
        DepartmentIdList: [department],
        JobId: job.id,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const ranked = res.json() as AvailableUser[];
    expect(ranked.map((u) => [u.Name, u.TravelKm])).toEqual([
      ['Unknown Free', null],
      ['Unknown Loaded', null],
    ]);
    expect(ranked[0]!.Reason).toBe(
      'reisen er ukjent (ingen posisjon for jobben eller forrige stopp); ikke noe annet booket den dagen',
    );
  });

  it('refuses an unknown job and changes nothing', async () => {
    const before = await footprint();
    const res = await admin.post('Appointment/available', {
      StartTime: '2031-01-06T09:00:00',
      EndTime: '2031-01-06T10:00:00',
      JobId: 999_999,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual([
      { Field: 'JobId', Message: expect.stringMatching(/^No .+ with id 999999 was found\.$/) },
    ]);
    expect(await footprint()).toEqual(before);
  });

  it('proposes a day that keeps fixed appointments, absences, work hours, windows, deadlines, departments and skills, with travel; accepting creates exactly it', async () => {
    const day = nextDay();
    const north = await team(['Plan North Gas', 'Plan North Plain'], [{ skills: ['gas'] }, {}]);
    const south = await team(['Plan South']);
    const [gasTech, plainTech] = north.people as [(typeof north.people)[0], (typeof north.people)[0]];
    const southTech = south.people[0]!;
    await visit(gasTech.id, OSLO, day, '08:00', '10:00');
    await createAppointment(t.db, {
      isAbsence: true,
      subject: 'Dentist',
      startTime: `${day} 12:00:00`,
      endTime: `${day} 16:00:00`,
      participants: [plainTech.id],
    });
    const gasType = await jobTypeNeeding(['gas']);
    const craneType = await jobTypeNeeding(['crane']);
    const dept = { orderDepartmentId: north.department };
    const gasJob = await jobAt(LILLESTROM, { ...dept, estimatedTime: '1', jobTypeId: gasType });
    const windowJob = await jobAt(ASKER, { ...dept, estimatedTime: '1', jobTypeId: gasType });
    const plainJob = await jobAt(STROMMEN, { ...dept, estimatedTime: '2' });
    // Critical (due 4 hours after it came in, at 07:00 that day): done by 11:00.
    const urgent = await jobAt(OSLO, {
      ...dept,
      estimatedTime: '1',
      jobPriorityId: 1,
      createdAt: new Date(`${day}T05:00:00Z`),
    });
    const southJob = await jobAt(DRAMMEN, { orderDepartmentId: south.department, estimatedTime: '1.5' });
    const craneJob = await jobAt(OSLO, { ...dept, estimatedTime: '1', jobTypeId: craneType });
    const nowhereJob = await jobAt(null, { ...dept, estimatedTime: '1' });
    const tooLong = await jobAt(OSLO, { ...dept, estimatedTime: '9' });

    const before = await footprint();
    const res = await technician.post('Appointment/ProposePlan', {
      Date: day,
      DepartmentIdList: [north.department, south.department],
      JobWindows: [{ JobId: windowJob.id, Start: `${day}T13:00:00`, End: `${day}T13:30:00` }],
    });
    expect(await footprint()).toEqual(before);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    const placed = new Map(plan.Appointments.map((a) => [a.JobId, a]));
    expect([...placed.keys()].sort()).toEqual(
      [gasJob.id, windowJob.id, plainJob.id, urgent.id, southJob.id].sort(),
    );
    expect(plan.Unplaced.map((u) => [u.JobId, u.Code])).toEqual([
      [craneJob.id, 'no_skill'],
      [nowhereJob.id, 'no_place'],
      [tooLong.id, 'no_window'],
    ]);
    expect(plan.Unplaced[0]!.Reason).toBe('no chosen technician has all the skills it needs (crane)');
    expect(plan.Unplaced[1]!.Reason).toBe('its address has no known place on the map');

    // Skills and departments: the gas jobs to the gas technician, the south job to the south.
    expect(placed.get(gasJob.id)!.UserId).toBe(gasTech.id);
    expect(placed.get(windowJob.id)!.UserId).toBe(gasTech.id);
    expect(placed.get(southJob.id)!.UserId).toBe(southTech.id);
    expect([gasTech.id, plainTech.id]).toContain(placed.get(plainJob.id)!.UserId);
    // The window and the deadline.
    const windowStart = minutes(placed.get(windowJob.id)!.StartTime);
    expect(windowStart).toBeGreaterThanOrEqual(13 * 60);
    expect(windowStart).toBeLessThanOrEqual(13 * 60 + 30);
    const shownDay = `${day.slice(8, 10)}.${day.slice(5, 7)}-${day.slice(0, 4)}`;
    expect(placed.get(windowJob.id)!.Reason).toContain(
      `within its window ${shownDay} 13:00–${shownDay} 13:30`,
    );
    expect(minutes(placed.get(urgent.id)!.EndTime)).toBeLessThanOrEqual(11 * 60);
    expect(placed.get(urgent.id)!.Reason).toContain(`done before its deadline ${shownDay} 11:00`);
    // Start times include the drive: Oslo to Drammen is about 47 minutes by the estimate.
    const south1 = placed.get(southJob.id)!;
    expect(south1.TravelMinutes).toBeGreaterThanOrEqual(45);
    expect(south1.TravelMinutes).toBeLessThanOrEqual(50);
    expect(minutes(south1.StartTime)).toBeGreaterThanOrEqual(8 * 60 + south1.TravelMinutes!);
    // The factory's job came in years before the plan's day: its Normal priority's deadline is long gone.
    expect(south1.Reason).toMatch(
      /^starts \d\d:\d\d within the working hours; overdue since \d\d\.\d\d-\d{4} \d\d:\d\d, so planned first; adds \d+ min and \d+\.\d km of driving to Plan South’s day; no other technician could take it$/,
    );

    // Each technician's day: within the work hours, around the fixed stops, every start after the drive.
    const fixed = {
      [gasTech.id]: [{ start: 8 * 60, end: 10 * 60 }],
      [plainTech.id]: [{ start: 12 * 60, end: 16 * 60 }],
      [southTech.id]: [],
    } as Record<number, { start: number; end: number }[]>;
    for (const [userId, stops] of Object.entries(fixed)) {
      const mine = plan.Appointments.filter((a) => a.UserId === Number(userId)).map((a) => ({
        start: minutes(a.StartTime),
        end: minutes(a.EndTime),
        travel: a.TravelMinutes!,
      }));
      for (const a of mine) {
        expect(a.start).toBeGreaterThanOrEqual(8 * 60 + a.travel);
        expect(a.end).toBeLessThanOrEqual(16 * 60);
      }
      const day1 = [...stops.map((s) => ({ ...s, travel: 0 })), ...mine].sort((a, b) => a.start - b.start);
      for (let i = 1; i < day1.length; i++)
        expect(day1[i]!.start - day1[i]!.travel, `user ${userId}`).toBeGreaterThanOrEqual(day1[i - 1]!.end);
    }
    for (const r of plan.Routes!) expect(minutes(r.ReturnTime)).toBeLessThanOrEqual(16 * 60);
    expect(plan.TravelEstimated).toBe(true);

    // Accepting: one Appointment/create per placement makes exactly those appointments.
    for (const a of plan.Appointments) {
      const made = await technician.post('Appointment/create', {
        JobId: a.JobId,
        StartTime: a.StartTime,
        EndTime: a.EndTime,
        Participants: [a.UserId],
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    const after = await footprint();
    expect(after.appointments).toBe(before.appointments + plan.Appointments.length);
    for (const a of plan.Appointments) {
      const saved = (await technician.get(`Appointment/job/${a.JobId}`)).json() as Appointment[];
      expect(saved.map((s) => [s.StartTime, s.EndTime, s.Participants.map((p) => p.Id)])).toEqual([
        [a.StartTime, a.EndTime, [a.UserId]],
      ]);
    }
    // The placed jobs are planned now: a new proposal offers only what was left.
    const again = (
      await technician.post('Appointment/ProposePlan', {
        Date: day,
        DepartmentIdList: [north.department, south.department],
      })
    ).json() as ProposedPlan;
    expect(again.Appointments).toEqual([]);
    expect(again.Unplaced.map((u) => u.JobId)).toEqual([craneJob.id, nowhereJob.id, tooLong.id]);
  });

  it('takes skills and homes from the user and job type records the Admin keeps', async () => {
    const day = nextDay();
    const crew = await team(['Skills Set Later', 'Skills None']);
    const [later, none] = crew.people as [(typeof crew.people)[0], (typeof crew.people)[0]];
    const typeId = await jobTypeNeeding([]);
    const typeRow = (await admin.get('jobtype')).json() as { Id: number; RowVersion: number }[];
    const changedType = await admin.patch('jobtype', {
      Id: typeId,
      Skills: ['Ladder', ' Electrics ', 'ladder'],
      RowVersion: typeRow.find((x) => x.Id === typeId)?.RowVersion ?? 1,
    });
    expect(changedType.statusCode, changedType.body).toBe(200);
    expect(changedType.json().Skills).toEqual(['ladder', 'Electrics']);
    const changedUser = await admin.patch(`User/${later.id}`, {
      Skills: ['electrics', 'LADDER'],
      HomeLatitude: DRAMMEN.latitude,
      HomeLongitude: DRAMMEN.longitude,
    });
    expect(changedUser.statusCode, changedUser.body).toBe(200);
    expect(changedUser.json()).toMatchObject({
      Skills: ['electrics', 'LADDER'],
      HomeLatitude: DRAMMEN.latitude,
      HomeLongitude: DRAMMEN.longitude,
    });
    const bad = await admin.patch(`User/${none.id}`, { HomeLatitude: 91 });
    expect(bad.statusCode).toBe(400);
    const job = await jobAt(DRAMMEN, { jobTypeId: typeId, estimatedTime: '1' });
    const plan = (
      await technician.post('Appointment/ProposePlan', {
        Date: day,
        UserIdList: [later.id, none.id],
        JobIdList: [job.id],
      })
    ).json() as ProposedPlan;
    // Skills compared without case; from home in Drammen there is no drive at all.
    expect(plan.Appointments.map((a) => [a.UserId, a.StartTime, a.TravelMinutes])).toEqual([
      [later.id, `${day}T08:00:00`, 0],
    ]);
  });

  it('proposes a week over the chosen technicians and jobs, a window on a later day kept', async () => {
    const day = nextDay();
    const friday = new Date(Date.parse(`${day}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);
    const wednesday = new Date(Date.parse(`${day}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const crew = await team(['Week One', 'Week Other']);
    const [one, other] = crew.people as [(typeof crew.people)[0], (typeof crew.people)[0]];
    const jobs: Awaited<ReturnType<typeof jobAt>>[] = [];
    for (let i = 0; i < 6; i++) jobs.push(await jobAt(OSLO, { estimatedTime: '3' }));
    const notChosen = await jobAt(OSLO, { estimatedTime: '1' });
    const res = await technician.post('Appointment/ProposePlan', {
      Date: day,
      EndDate: friday,
      UserIdList: [one.id],
      JobIdList: jobs.map((j) => j.id),
      JobWindows: [{ JobId: jobs[5]!.id, Start: `${wednesday}T08:00:00`, End: `${wednesday}T16:00:00` }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    expect(plan.Unplaced).toEqual([]);
    expect(plan.Appointments.map((a) => a.JobId).sort()).toEqual(jobs.map((j) => j.id).sort());
    expect(plan.Appointments.every((a) => a.UserId === one.id)).toBe(true);
    expect(plan.Appointments.some((a) => a.JobId === notChosen.id || a.UserId === other.id)).toBe(false);
    // Two 3-hour jobs fit an 8-hour day: at least three days used, each within its hours.
    const days = new Set(plan.Appointments.map((a) => a.StartTime.slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(3);
    for (const a of plan.Appointments) {
      expect(a.StartTime.slice(0, 10) >= day && a.StartTime.slice(0, 10) <= friday).toBe(true);
      expect(minutes(a.StartTime)).toBeGreaterThanOrEqual(8 * 60);
      expect(minutes(a.EndTime)).toBeLessThanOrEqual(16 * 60);
      expect(a.EndTime.slice(0, 10)).toBe(a.StartTime.slice(0, 10));
    }
    expect(plan.Appointments.find((a) => a.JobId === jobs[5]!.id)!.StartTime.slice(0, 10)).toBe(wednesday);
    expect(plan.Routes!.every((r) => r.UserId === one.id)).toBe(true);

    const tooMany = await technician.post('Appointment/ProposePlan', {
      Date: day,
      EndDate: new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().Errors).toEqual([{ Field: 'EndDate', Message: 'A plan covers at most 7 days.' }]);
  });

  it('optimises a day: less driving, the started job and the absence kept, nothing saved until applied', async () => {
    const day = nextDay();
    const crew = await team(['Optimise Me']);
    const me = crew.people[0]!;
    // A zig-zag between Drammen and Lillestrøm, with a started job in Asker and an absence at 12:00.
    const a = await visit(me.id, DRAMMEN, day, '08:00', '08:45');
    const b = await visit(me.id, LILLESTROM, day, '09:30', '10:15');
    const started = await visit(me.id, ASKER, day, '11:00', '11:30', { jobStatusId: 30 });
    const absence = await createAppointment(t.db, {
      isAbsence: true,
      subject: 'Lunch meeting',
      startTime: `${day} 12:00:00`,
      endTime: `${day} 12:30:00`,
      participants: [me.id],
    });
    const c = await visit(me.id, LIER, day, '13:00', '13:45');
    const d = await visit(me.id, STROMMEN, day, '14:30', '15:15');
    const before = await footprint();
    const res = await technician.post('Appointment/OptimiseDay', { UserId: me.id, Date: day });
    expect(res.statusCode, res.body).toBe(200);
    expect(await footprint()).toEqual(before);
    const opt = res.json() as OptimisedDay;
    expect(opt.Changed).toBe(true);
    expect(opt.After.TravelMinutes).toBeLessThan(opt.Before.TravelMinutes);
    expect(opt.After.TravelKm).toBeLessThan(opt.Before.TravelKm);
    const byId = new Map(opt.Appointments.map((x) => [x.Id, x]));
    expect([...byId.keys()].sort()).toEqual([a.id, b.id, started.id, absence.id, c.id, d.id].sort());
    for (const kept of [started.id, absence.id]) {
      const x = byId.get(kept)!;
      expect(x.Fixed).toBe(true);
      expect([x.StartTime, x.EndTime]).toEqual([x.OldStartTime, x.OldEndTime]);
    }
    expect(byId.get(started.id)!.Reason).toBe('kept: its job is started, completed or locked');
    expect(byId.get(absence.id)!.Reason).toBe('kept: an absence');
    // In the new order every start follows the previous end and the drive, within the day.
    const order = opt.Appointments;
    for (let i = 1; i < order.length; i++)
      expect(minutes(order[i]!.StartTime) - order[i]!.TravelMinutes).toBeGreaterThanOrEqual(
        minutes(order[i - 1]!.EndTime),
      );
    // The two Lillestrøm-side visits now follow each other, as do the two Drammen-side ones.
    const seq = order.filter((x) => !x.Fixed).map((x) => x.Id);
    const near = (p: number, q: number) => Math.abs(seq.indexOf(p) - seq.indexOf(q)) === 1;
    expect(near(a.id, c.id) && near(b.id, d.id)).toBe(true);

    // Applying: the web moves each changed one with its row version; the day then reads as proposed.
    for (const x of order.filter((y) => y.StartTime !== y.OldStartTime)) {
      const moved = await technician.patch('Scheduler/Events/ChangeTimes', {
        id: x.Id,
        startDate: x.StartTime,
        endDate: x.EndTime,
        rowVersion: x.RowVersion,
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const saved = (
      await technician.get('Appointment/DateRange/', { date1: day, date2: day })
    ).json() as Appointment[];
    for (const x of order) {
      const s = saved.find((y) => y.Id === x.Id)!;
      expect([hhmm(s.StartTime), hhmm(s.EndTime)]).toEqual([hhmm(x.StartTime), hhmm(x.EndTime)]);
    }
    const again = (
      await technician.post('Appointment/OptimiseDay', { UserId: me.id, Date: day })
    ).json() as OptimisedDay;
    expect(again.Before.TravelMinutes).toBe(opt.After.TravelMinutes);
    expect(again.Changed).toBe(false);
  });

  it('needs the AutoDispatch licence for a plan proposal and an optimised day', async () => {
    await t.app.services.settings.write('licences', { AutoDispatch: false });
    const res = await admin.post('Appointment/ProposePlan', { Date: '2031-01-06' });
    const opt = await admin.post('Appointment/OptimiseDay', { UserId: 1, Date: '2031-01-06' });
    await allLicences(t.app);
    expect(res.statusCode).toBe(403);
    expect(opt.statusCode).toBe(403);
  });

  it('refuses customer users and partners (no other company sees our staff’s day)', async () => {
    for (const type of [4, 5, 6]) {
      const { api } = await signedInUser(t, type);
      expect((await api.post('Appointment/ProposePlan', { Date: '2031-01-06' })).statusCode).toBe(403);
      expect((await api.post('Appointment/OptimiseDay', { UserId: 1, Date: '2031-01-06' })).statusCode).toBe(
        403,
      );
      const available = await api.post('Appointment/available', {
        StartTime: '2031-01-06T09:00:00',
        EndTime: '2031-01-06T10:00:00',
      });
      expect(available.statusCode).toBe(403);
    }
  });

  it('refuses a malformed date, an unknown job or user with its field', async () => {
    expect((await admin.post('Appointment/ProposePlan', { Date: '2031-13-45' })).statusCode).toBe(400);
    const unknownJob = await admin.post('Appointment/ProposePlan', {
      Date: '2031-01-06',
      JobIdList: [999_999],
    });
    expect(unknownJob.statusCode).toBe(400);
    expect(unknownJob.json().Errors[0].Field).toBe('JobIdList');
    const unknownUser = await admin.post('Appointment/OptimiseDay', { UserId: 999_999, Date: '2031-01-06' });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().Errors[0].Field).toBe('UserId');
    // The calendar's last day plans like any other (no 500 past the year 9999).
    expect((await admin.post('Appointment/ProposePlan', { Date: '9999-12-31' })).statusCode).toBe(200);
    const lastDay = await admin.post('Appointment/available', {
      StartTime: '9999-12-31T09:00:00',
      EndTime: '9999-12-31T10:00:00',
    });
    expect(lastDay.statusCode, lastDay.body).toBe(200);
  });

  describe('with OSRM_URL: one table call per plan', () => {
    let osrm: Awaited<ReturnType<typeof startTestApp>>;
    let service: Server;
    let calls: string[] = [];
    let failing = false;
    let api: Api;

    beforeAll(async () => {
      // A stand-in for an OSRM server on a real socket: every pair 10 minutes and 12.5 km apart.
      service = createServer((req, res) => {
        calls.push(req.url ?? '');
        const m = /^\/table\/v1\/driving\/([^?]+)\?annotations=duration,distance$/.exec(req.url ?? '');
        if (failing || !m) {
          res.writeHead(500).end();
          return;
        }
        const n = m[1]!.split(';').length;
        const grid = (v: number) =>
          Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : v)));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'Ok', durations: grid(600), distances: grid(12_500) }));
      });
      await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
      osrm = await startTestApp(engine, {
        osrmUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      });
      await ensureReferenceData(osrm.db);
      await allLicences(osrm.app);
      await osrm.app.services.settings.write('global', {
        WorkHourStart: '08:00',
        WorkHourEnd: '16:00',
        Maps: { MainLocationCoordinates: `${OSLO.longitude},${OSLO.latitude}` },
      });
      api = (await signedInUser(osrm, 1)).api;
    });
    afterAll(async () => {
      await osrm.close();
      await new Promise((done) => service.close(done));
    });

    it('plans with the road table’s times, and with straight lines when the router fails', async () => {
      const department = await createDepartment(osrm.db);
      await createUser(osrm.db, { userTypeId: 2, isBookable: true, departmentId: department.id });
      const customer = await createCustomer(osrm.db);
      const address = await createAddress(osrm.db, { customerId: customer.id, ...DRAMMEN });
      await createJob(osrm.db, {
        customerId: customer.id,
        deliveryAddressId: address.id,
        jobStatusId: 10,
        orderDepartmentId: department.id,
        estimatedTime: '1',
      });
      calls = [];
      const plan = (
        await api.post('Appointment/ProposePlan', { Date: '2031-03-04', DepartmentIdList: [department.id] })
      ).json() as ProposedPlan;
      expect(calls).toHaveLength(1);
      expect(plan.TravelEstimated).toBe(false);
      expect(plan.Appointments[0]).toMatchObject({
        StartTime: '2031-03-04T08:10:00',
        EndTime: '2031-03-04T09:10:00',
        TravelMinutes: 10,
        TravelKm: 12.5,
      });
      expect(plan.Routes![0]).toMatchObject({
        TravelMinutes: 20,
        TravelKm: 25,
        ReturnTime: '2031-03-04T09:20:00',
      });

      failing = true;
      const fallback = (
        await api.post('Appointment/ProposePlan', { Date: '2031-03-04', DepartmentIdList: [department.id] })
      ).json() as ProposedPlan;
      failing = false;
      expect(fallback.TravelEstimated).toBe(true);
      expect(fallback.Appointments[0]!.TravelMinutes).toBeGreaterThanOrEqual(45);
    });
  });
});
