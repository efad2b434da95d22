import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TravelBoard } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, jobs } from '../src/db/schema/index.ts';
import {
  createAddress,
  createAppointment,
  createCustomer,
  createJob,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { metresBetween } from '../src/infra/geocoder.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type Place = { latitude: number; longitude: number };
const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };
const LIER = { latitude: 59.7847, longitude: 10.2431 };
const ASKER = { latitude: 59.8333, longitude: 10.4333 };

/** The straight-line stand-in's drive (1.3 × the straight line at 60 km/h), whole minutes rounded up. */
const drive = (a: Place, b: Place) => Math.ceil((metresBetween(a, b) * 1.3) / 1000 - 1e-9);
const km = (a: Place, b: Place) => Math.round((metresBetween(a, b) * 1.3) / 100) / 10;

/**
 * Scheduler/Travel (issue 30 part 4, decision 065): the drive before each appointment on the planner's
 * board, from the previous appointment that day or from home (else the main office), and whether it can
 * be reached in time. Each test books its own users on days of its own and reads only their legs.
 */
describe.each(engines)('Scheduler/Travel on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let technician: Api;
  let customerUser: Api;
  let dayNo = 0;
  const nextDay = () => new Date(Date.UTC(2032, 2, 1 + 7 * dayNo++)).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    await t.app.services.settings.write('global', {
      WorkHourStart: '07:30',
      WorkHourEnd: '15:30',
      Maps: { MainLocationCoordinates: `${OSLO.longitude},${OSLO.latitude}` },
    });
    technician = (await signedInUser(t, 2)).api;
    customerUser = (await signedInUser(t, 4)).api;
  });
  afterAll(() => t.close());

  const visit = async (who: number[], at: Place | null, day: string, from: string, to: string) => {
    const customer = await createCustomer(t.db, at ? {} : { address: null });
    const address = at ? await createAddress(t.db, { customerId: customer.id, ...at }) : null;
    const job = await createJob(t.db, {
      customerId: customer.id,
      deliveryAddressId: address?.id ?? null,
      jobStatusId: 20,
    });
    return createAppointment(t.db, {
      jobId: job.id,
      startTime: `${day} ${from}:00`,
      endTime: `${day} ${to}:00`,
      participants: who,
    });
  };
  const board = async (date1: string, date2 = date1) => {
    const res = await technician.get('Scheduler/Travel/', { date1, date2 });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TravelBoard;
  };

  it('gives the drive from home before the first appointment and from each one to the next, and flags what cannot be reached', async () => {
    const day = nextDay();
    const me = await createUser(t.db, {
      userTypeId: 2,
      isBookable: true,
      homeLatitude: LIER.latitude,
      homeLongitude: LIER.longitude,
    });
    const first = await visit([me.id], DRAMMEN, day, '09:00', '10:00');
    // Drammen to Oslo is some 50 minutes: ten minutes after the first ends is too soon.
    const second = await visit([me.id], OSLO, day, '10:10', '11:00');
    // Oslo to Asker is some 20 minutes: an hour is enough.
    const third = await visit([me.id], ASKER, day, '12:00', '13:00');
    // An absence is no stop: the drive to the next one is from Asker.
    await createAppointment(t.db, {
      isAbsence: true,
      jobId: null,
      startTime: `${day} 13:00:00`,
      endTime: `${day} 13:30:00`,
      participants: [me.id],
    });
    const fourth = await visit([me.id], DRAMMEN, day, '15:00', '15:30');

    const answer = await board(day);
    expect(answer.WorkMinutes).toBe(480);
    expect(answer.TravelEstimated).toBe(true);
    const mine = answer.Legs.filter((l) => l.UserId === me.id);
    expect(mine).toEqual([
      {
        AppointmentId: first.id,
        UserId: me.id,
        Date: day,
        FromAppointmentId: null,
        FromHome: true,
        TravelMinutes: drive(LIER, DRAMMEN),
        TravelKm: km(LIER, DRAMMEN),
        Late: false,
      },
      {
        AppointmentId: second.id,
        UserId: me.id,
        Date: day,
        FromAppointmentId: first.id,
        FromHome: false,
        TravelMinutes: drive(DRAMMEN, OSLO),
        TravelKm: km(DRAMMEN, OSLO),
        Late: true,
      },
      {
        AppointmentId: third.id,
        UserId: me.id,
        Date: day,
        FromAppointmentId: second.id,
        FromHome: false,
        TravelMinutes: drive(OSLO, ASKER),
        TravelKm: km(OSLO, ASKER),
        Late: false,
      },
      {
        AppointmentId: fourth.id,
        UserId: me.id,
        Date: day,
        FromAppointmentId: third.id,
        FromHome: false,
        TravelMinutes: drive(ASKER, DRAMMEN),
        TravelKm: km(ASKER, DRAMMEN),
        Late: false,
      },
    ]);
    expect(drive(DRAMMEN, OSLO)).toBeGreaterThan(10);
  });

  it('starts a user without a home at the main office, gives each participant their own leg, and skips a job with no place', async () => {
    const day = nextDay();
    const a = await createUser(t.db, { userTypeId: 2, isBookable: true });
    const b = await createUser(t.db, {
      userTypeId: 2,
      isBookable: true,
      homeLatitude: ASKER.latitude,
      homeLongitude: ASKER.longitude,
    });
    const shared = await visit([a.id, b.id], DRAMMEN, day, '09:00', '10:00');
    const nowhere = await visit([a.id], null, day, '10:30', '11:00');
    const after = await visit([a.id], LIER, day, '11:30', '12:00');
    // The next day starts at home again.
    const nextMorning = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const tomorrow = await visit([a.id], ASKER, nextMorning, '08:00', '09:00');

    const answer = await board(day, nextMorning);
    const legs = answer.Legs.filter((l) => l.UserId === a.id || l.UserId === b.id);
    expect(
      legs.map((l) => [l.UserId, l.AppointmentId, l.FromAppointmentId, l.FromHome, l.TravelMinutes]),
    ).toEqual([
      [a.id, shared.id, null, false, drive(OSLO, DRAMMEN)],
      // The job with no place has no leg; the one after it is driven from the last known place.
      [a.id, after.id, nowhere.id, false, drive(DRAMMEN, LIER)],
      [a.id, tomorrow.id, null, false, drive(OSLO, ASKER)],
      [b.id, shared.id, null, true, drive(ASKER, DRAMMEN)],
    ]);
  });

  it('drives to where the job’s address is now: moved after planning, or another address given', async () => {
    const day = nextDay();
    const me = await createUser(t.db, {
      userTypeId: 2,
      isBookable: true,
      homeLatitude: OSLO.latitude,
      homeLongitude: OSLO.longitude,
    });
    const first = await visit([me.id], DRAMMEN, day, '09:00', '10:00');
    const second = await visit([me.id], ASKER, day, '11:00', '12:00');
    const legs = async () =>
      (await board(day)).Legs.filter((l) => l.UserId === me.id).map((l) => [l.AppointmentId, l.TravelKm]);
    expect(await legs()).toEqual([
      [first.id, km(OSLO, DRAMMEN)],
      [second.id, km(DRAMMEN, ASKER)],
    ]);
    // The first job's address moves to Lier (its customer's address changed after planning).
    const job = await t.db.select().from(jobs).where(eq(jobs.id, first.jobId!));
    await t.db.update(addresses).set(LIER).where(eq(addresses.id, job[0]!.deliveryAddressId!));
    expect(await legs()).toEqual([
      [first.id, km(OSLO, LIER)],
      [second.id, km(LIER, ASKER)],
    ]);
    // The second job is given an address in Drammen instead.
    const other = await createAddress(t.db, { customerId: job[0]!.customerId!, ...DRAMMEN });
    await t.db.update(jobs).set({ deliveryAddressId: other.id }).where(eq(jobs.id, second.jobId!));
    expect(await legs()).toEqual([
      [first.id, km(OSLO, LIER)],
      [second.id, km(LIER, DRAMMEN)],
    ]);
  });

  it('refuses a range that ends before it starts or is longer than a week, and is only for planners', async () => {
    const day = nextDay();
    const backwards = await technician.get('Scheduler/Travel/', { date1: day, date2: '2032-01-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().Message).toBe('The end must be after the start.');
    const long = await technician.get('Scheduler/Travel/', { date1: '2032-01-01', date2: '2032-01-08' });
    expect(long.statusCode).toBe(400);
    expect(long.json().Message).toContain('7');
    const empty = await board('2040-01-02', '2040-01-08');
    expect(empty.Legs).toEqual([]);
    expect((await customerUser.get('Scheduler/Travel/', { date1: day, date2: day })).statusCode).toBe(403);
  });

  it('measures the load against the company’s work-day setting, which the Admin sets in quarter hours', async () => {
    const admin = (await signedInUser(t, 1)).api;
    // Unset, the default day is 8 hours (the work hours here are 07:30–15:30, also 8).
    expect((await board(nextDay())).WorkMinutes).toBe(480);
    const saved = await admin.post('settings/group', { Group: 'global', Values: { WorkDayHours: 7.5 } });
    expect(saved.statusCode, saved.body).toBe(200);
    t.app.services.settings.forget('global');
    expect((await board(nextDay())).WorkMinutes).toBe(450);
    expect((await admin.get('userinfo')).json().GlobalSettings.WorkDayHours).toBe(7.5);
    for (const bad of [0.5, 25, 7.1, '8']) {
      const res = await admin.post('settings/group', { Group: 'global', Values: { WorkDayHours: bad } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors[0].Message).toBe(
        'Must be a number of hours from 1 to 24 in quarter hours, such as 7.5.',
      );
    }
    expect((await board(nextDay())).WorkMinutes).toBe(450);
    await admin.post('settings/group', { Group: 'global', Values: { WorkDayHours: 8 } });
    t.app.services.settings.forget('global');
  });

  describe('with OSRM_URL', () => {
    let osrm: Awaited<ReturnType<typeof startTestApp>>;
    let service: Server;
    let calls: string[] = [];
    let api: Api;

    beforeAll(async () => {
      // A stand-in for an OSRM server: every pair 10 minutes and 12.5 km apart.
      service = createServer((req, res) => {
        calls.push(req.url ?? '');
        const m = /^\/table\/v1\/driving\/([^?]+)\?annotations=duration,distance$/.exec(req.url ?? '');
        if (!m) {
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
      await osrm.app.services.settings.write('global', {
        Maps: { MainLocationCoordinates: `${OSLO.longitude},${OSLO.latitude}` },
      });
      api = (await signedInUser(osrm, 1)).api;
    });
    afterAll(async () => {
      await osrm.close();
      await new Promise((done) => service.close(done));
    });

    it('takes every leg from one road table call', async () => {
      const me = await createUser(osrm.db, { userTypeId: 2, isBookable: true });
      for (const [at, from, to] of [
        [DRAMMEN, '09:00', '10:00'],
        [ASKER, '10:05', '11:00'],
      ] as const) {
        const customer = await createCustomer(osrm.db);
        const address = await createAddress(osrm.db, { customerId: customer.id, ...at });
        const job = await createJob(osrm.db, { customerId: customer.id, deliveryAddressId: address.id });
        await createAppointment(osrm.db, {
          jobId: job.id,
          startTime: `2032-06-01 ${from}:00`,
          endTime: `2032-06-01 ${to}:00`,
          participants: [me.id],
        });
      }
      calls = [];
      const res = await api.get('Scheduler/Travel/', { date1: '2032-06-01', date2: '2032-06-01' });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as TravelBoard;
      expect(calls).toHaveLength(1);
      expect(answer.TravelEstimated).toBe(false);
      expect(
        answer.Legs.filter((l) => l.UserId === me.id).map((l) => [l.TravelMinutes, l.TravelKm, l.Late]),
      ).toEqual([
        [10, 12.5, false],
        [10, 12.5, true],
      ]);
    });
  });
});
