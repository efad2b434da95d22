import type { AvailableUser, ProposedPlan } from '@fieldport/contract';
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
import { allLicences, bearer, tokensOf } from './support.ts';

const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const BERGEN = { latitude: 60.3913, longitude: 5.3221 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };

/**
 * Dispatch suggestions (issue 12, decision 039): Appointment/available ranks the free users for a job,
 * Appointment/ProposePlan proposes a day's plan and saves nothing. Each test works in a department of
 * its own, so it sees only its own users and jobs.
 */
describe.each(engines)('dispatch suggestions on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let technicianEmail = '';
  let dayNo = 0;
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

  const jobAt = async (at: { latitude: number; longitude: number } | null, extra: object = {}) => {
    const customer = await createCustomer(t.db, at ? {} : { address: null });
    const address = at ? await createAddress(t.db, { customerId: customer.id, ...at }) : null;
    return createJob(t.db, {
      customerId: customer.id,
      deliveryAddressId: address?.id ?? null,
      jobStatusId: 10,
      ...extra,
    });
  };
  const team = async (names: string[]) => {
    const department = await createDepartment(t.db);
    const people = [];
    for (const name of names)
      people.push(
        await createUser(t.db, { userTypeId: 2, isBookable: true, name, departmentId: department.id }),
      );
    return { department: department.id, people };
  };

  it('ranks the free users by travel from their previous stop, then by load, with the reason', async () => {
    const day = nextDay();
    const { department, people } = await team([
      'Dispatch Bergen',
      'Dispatch Busy',
      'Dispatch Oslo',
      'Dispatch Taken',
    ]);
    const [inBergen, busy, inOslo, taken] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    const visit = async (who: number, at: typeof OSLO, from: string, to: string) =>
      createAppointment(t.db, {
        jobId: (await jobAt(at)).id,
        startTime: `${day} ${from}:00`,
        endTime: `${day} ${to}:00`,
        participants: [who],
      });
    await visit(inBergen.id, BERGEN, '08:00', '09:00');
    await visit(busy.id, OSLO, '08:00', '11:00');
    await visit(inOslo.id, OSLO, '08:00', '09:00');
    await visit(taken.id, OSLO, '11:30', '12:30');
    const job = await jobAt(DRAMMEN);

    const res = await technician.post('Appointment/available', {
      StartTime: `${day}T12:00:00`,
      EndTime: `${day}T14:00:00`,
      DepartmentIdList: [department],
      JobId: job.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const ranked = res.json() as AvailableUser[];
    expect(ranked.map((u) => [u.Name, u.Rank])).toEqual([
      ['Dispatch Oslo', 1],
      ['Dispatch Busy', 2],
      ['Dispatch Bergen', 3],
    ]);
    expect(ranked[0]).toMatchObject({ UserTypeId: 2, DepartmentId: department, LoadMinutes: 60 });
    expect(ranked[0]!.TravelKm).toBeCloseTo(34, -1);
    expect(ranked[1]!.LoadMinutes).toBe(180);
    expect(ranked[0]!.Reason).toMatch(/km from .+; 1 h booked that day/);
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
    expect(res.json().Errors?.JobId ?? res.body).toBeTruthy();
    expect(await footprint()).toEqual(before);
  });

  it('proposes a plan for the day’s unplanned jobs within work hours, around bookings, by department; saves nothing', async () => {
    const day = nextDay();
    const north = await team(['Plan North']);
    const south = await team(['Plan South']);
    await createAppointment(t.db, {
      jobId: (await jobAt(OSLO, { jobStatusId: 20 })).id,
      startTime: `${day} 08:00:00`,
      endTime: `${day} 12:00:00`,
      participants: [north.people[0]!.id],
    });
    const northJob = await jobAt(OSLO, { orderDepartmentId: north.department, estimatedTime: '3' });
    const southJob = await jobAt(BERGEN, { orderDepartmentId: south.department, estimatedTime: '1.5' });
    const tooLong = await jobAt(OSLO, { orderDepartmentId: north.department, estimatedTime: '6' });
    const before = await footprint();
    const res = await technician.post('Appointment/ProposePlan', {
      Date: day,
      DepartmentIdList: [north.department, south.department],
    });
    expect(await footprint()).toEqual(before);
    expect(res.statusCode, res.body).toBe(200);
    const plan = res.json() as ProposedPlan;
    expect(plan.Appointments.map((a) => [a.JobId, a.UserName, a.StartTime, a.EndTime])).toEqual([
      [northJob.id, 'Plan North', `${day}T12:00:00`, `${day}T15:00:00`],
      [southJob.id, 'Plan South', `${day}T08:00:00`, `${day}T09:30:00`],
    ]);
    expect(plan.Unplaced).toEqual([{ JobId: tooLong.id, JobName: tooLong.displayName }]);
    expect(plan.Appointments[0]!.TravelKm).toBe(0);
    // Nothing was saved: the jobs are still unplanned.
    const again = await technician.post('Appointment/ProposePlan', {
      Date: day,
      DepartmentIdList: [north.department],
    });
    expect((again.json() as ProposedPlan).Appointments.map((a) => a.JobId)).toEqual([northJob.id]);
  });

  it('needs the AutoDispatch licence for a plan proposal', async () => {
    await t.app.services.settings.write('licences', { AutoDispatch: false });
    const res = await admin.post('Appointment/ProposePlan', { Date: '2031-01-06' });
    await allLicences(t.app);
    expect(res.statusCode).toBe(403);
  });

  it('refuses customer users and partners (no other company sees our staff’s day)', async () => {
    for (const type of [4, 5, 6]) {
      const { api } = await signedInUser(t, type);
      expect((await api.post('Appointment/ProposePlan', { Date: '2031-01-06' })).statusCode).toBe(403);
      const available = await api.post('Appointment/available', {
        StartTime: '2031-01-06T09:00:00',
        EndTime: '2031-01-06T10:00:00',
      });
      expect(available.statusCode).toBe(403);
    }
  });

  it('refuses a malformed date with its field', async () => {
    const res = await admin.post('Appointment/ProposePlan', { Date: '2031-13-45' });
    expect(res.statusCode).toBe(400);
  });
});
