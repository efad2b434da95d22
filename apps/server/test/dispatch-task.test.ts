import type { ProposedPlan, Task } from '@fieldport/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, proposedPlans, taskPlans, tasks, users } from '../src/db/schema/index.ts';
import {
  createAddress,
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
const ASKER = { latitude: 59.8333, longitude: 10.4333 };
const minutes = (time: string) => Number(time.slice(11, 13)) * 60 + Number(time.slice(14, 16));

/**
 * A proposal too large to answer at once runs as a background task (issue 30, decision 066). The
 * threshold is lowered to one job × technician day, so a few jobs take the task's path: the call answers
 * the task, the task reports progress and keeps the plan for its owner only; cancelled while its thread
 * solves, it stops and keeps nothing.
 */
describe.each(engines)('a plan proposal as a background task on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  /** Solves for two minutes: only a cancel ends it early. */
  let slow: Awaited<ReturnType<typeof startTestApp>>;
  let reached: () => void = () => {};
  let release: () => void = () => {};
  let gate: Promise<void> = Promise.resolve();
  let gateReached: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    t = await startTestApp(engine, {
      dispatch: { taskCells: 1, taskTimeLimitMs: 400, regionJobs: 2 },
    });
    slow = await startTestApp(engine, {
      dispatch: {
        taskCells: 1,
        taskTimeLimitMs: 120_000,
        regionJobs: 1,
        taskGate: () => {
          reached();
          return gate;
        },
      },
    });
    for (const app of [t, slow]) {
      await ensureReferenceData(app.db);
      await allLicences(app.app);
      await app.app.services.settings.write('global', {
        WorkHourStart: '08:00',
        WorkHourEnd: '16:00',
        Maps: { MainLocationCoordinates: `${OSLO.longitude},${OSLO.latitude}` },
      });
    }
  });
  afterAll(async () => {
    await t?.close();
    await slow?.close();
  });

  const setUp = async (app: typeof t, places: (typeof OSLO)[]) => {
    const department = await createDepartment(app.db);
    const people = [];
    for (const name of ['Task Tech One', 'Task Tech Two'])
      people.push(
        await createUser(app.db, { userTypeId: 2, isBookable: true, name, departmentId: department.id }),
      );
    const jobs = [];
    for (const at of places) {
      const customer = await createCustomer(app.db);
      const address = await createAddress(app.db, { customerId: customer.id, ...at });
      jobs.push(
        await createJob(app.db, {
          customerId: customer.id,
          deliveryAddressId: address.id,
          jobStatusId: 10,
          estimatedTime: '2',
        }),
      );
    }
    return { people, jobs };
  };
  const myTask = async (api: Api, id: number) =>
    ((await api.get('task')).json() as Task[]).find((x) => x.taskId === id);

  it('answers the task, reports progress, and keeps the same proposal for its owner only', async () => {
    const dispatcher = (await signedInUser(t, 2)).api;
    const other = (await signedInUser(t, 2)).api;
    const admin = (await signedInUser(t, 1)).api;
    const { people, jobs } = await setUp(t, [OSLO, DRAMMEN, ASKER, OSLO]);
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: '2031-09-01',
      EndDate: '2031-09-02',
      UserIdList: people.map((u) => u.id),
      JobIdList: jobs.map((j) => j.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as ProposedPlan;
    expect(answer.Appointments).toEqual([]);
    expect(answer.Task).toMatchObject({
      taskName: 'ProposePlan',
      status: 'created',
      displayText: 'Proposing a plan',
    });
    const id = answer.Task!.taskId;
    // Not made yet: nothing to read.
    expect((await dispatcher.get(`Appointment/ProposePlan/${id}`)).statusCode).toBe(404);

    await t.app.services.tasks.drain();
    expect(await myTask(dispatcher, id)).toMatchObject({
      status: 'completed',
      progress: 100,
      returnObject: { link: `/planner?proposal=${id}` },
    });
    // Progress on the way: the task's events carried a share between the start and the end.
    const events = await t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'task'), eq(eventLog.entityId, String(id))));
    const shares = events.map((e) => (e.payload as { Progress: number | null }).Progress);
    expect(shares.some((p) => p !== null && p > 0 && p < 100)).toBe(true);

    const read = await dispatcher.get(`Appointment/ProposePlan/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const plan = read.json() as ProposedPlan;
    expect(plan.Unplaced).toEqual([]);
    expect(plan.Appointments.map((a) => a.JobId).sort()).toEqual(jobs.map((j) => j.id).sort());
    for (const a of plan.Appointments) {
      expect(people.map((u) => u.id)).toContain(a.UserId);
      expect(['2031-09-01', '2031-09-02']).toContain(a.StartTime.slice(0, 10));
      expect(minutes(a.StartTime)).toBeGreaterThanOrEqual(8 * 60);
      expect(minutes(a.EndTime)).toBeLessThanOrEqual(16 * 60);
      expect(a.Reason).toMatch(/adds \d+ min/);
    }
    expect(plan.Routes!.length).toBeGreaterThan(0);
    expect(plan.TravelEstimated).toBe(true);

    // Nobody else reads it, not even the Admin.
    expect((await other.get(`Appointment/ProposePlan/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`Appointment/ProposePlan/${id}`)).statusCode).toBe(404);

    // A newer proposal of the same user is kept and lets this one go: each user keeps their newest.
    const again = await dispatcher.post('Appointment/ProposePlan', {
      Date: '2031-09-01',
      EndDate: '2031-09-02',
      UserIdList: people.map((u) => u.id),
      JobIdList: jobs.map((j) => j.id),
    });
    const newer = (again.json() as ProposedPlan).Task!.taskId;
    await t.app.services.tasks.drain();
    expect((await dispatcher.get(`Appointment/ProposePlan/${newer}`)).statusCode).toBe(200);
    expect((await dispatcher.get(`Appointment/ProposePlan/${id}`)).statusCode).toBe(404);
  });

  it('keeps a technician’s own working hours in a proposal run as a task', async () => {
    const dispatcher = (await signedInUser(t, 2)).api;
    const { people, jobs } = await setUp(t, [OSLO, DRAMMEN, ASKER, OSLO, DRAMMEN]);
    // One works 06:00–10:00 (decision 097), the other the company's 08:00–16:00.
    await t.db
      .update(users)
      .set({ workStart: 6 * 60, workEnd: 10 * 60 })
      .where(eq(users.id, people[0]!.id));
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: '2031-09-15',
      EndDate: '2031-09-16',
      UserIdList: people.map((u) => u.id),
      JobIdList: jobs.map((j) => j.id),
    });
    const id = (res.json() as ProposedPlan).Task!.taskId;
    await t.app.services.tasks.drain();
    const plan = (await dispatcher.get(`Appointment/ProposePlan/${id}`)).json() as ProposedPlan;
    expect(plan.Unplaced).toEqual([]);
    expect(plan.Appointments.map((a) => a.JobId).sort()).toEqual(jobs.map((j) => j.id).sort());
    for (const a of plan.Appointments) {
      const [start, end] = a.UserId === people[0]!.id ? [6 * 60, 10 * 60] : [8 * 60, 16 * 60];
      expect(minutes(a.DepartTime!)).toBeGreaterThanOrEqual(start);
      expect(minutes(a.EndTime)).toBeLessThanOrEqual(end);
    }
  });

  it('forgets the plans kept longer than a day in its nightly plan, and keeps the newer ones', async () => {
    const admin = (await signedInUser(t, 1)).api;
    const plansOf = (await admin.get('task/plans')).json() as { Name: string }[];
    expect(plansOf).toContainEqual(
      expect.objectContaining({
        Name: 'CleanProposedPlans',
        Enabled: true,
        Description: 'Removing proposed plans older than a day',
      }),
    );
    const propose = async (api: Api) => {
      const { people, jobs } = await setUp(t, [OSLO]);
      const res = await api.post('Appointment/ProposePlan', {
        Date: '2031-09-22',
        UserIdList: people.map((u) => u.id),
        JobIdList: jobs.map((j) => j.id),
      });
      return (res.json() as ProposedPlan).Task!.taskId;
    };
    const old = (await signedInUser(t, 2)).api;
    const recent = (await signedInUser(t, 2)).api;
    const oldId = await propose(old);
    const recentId = await propose(recent);
    await t.app.services.tasks.drain();
    // One was made 25 hours ago, the other an hour ago.
    await t.db
      .update(proposedPlans)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(proposedPlans.taskId, oldId));
    await t.db
      .update(proposedPlans)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(proposedPlans.taskId, recentId));
    expect((await old.get(`Appointment/ProposePlan/${oldId}`)).statusCode).toBe(200);

    await t.db
      .update(taskPlans)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(taskPlans.name, 'CleanProposedPlans'));
    await t.app.services.tasks.drain();
    const runs = await t.db.select().from(tasks).where(eq(tasks.planName, 'CleanProposedPlans'));
    expect(runs.map((r) => r.status)).toContain('completed');
    expect((await old.get(`Appointment/ProposePlan/${oldId}`)).statusCode).toBe(404);
    expect(await t.db.select().from(proposedPlans).where(eq(proposedPlans.taskId, oldId))).toEqual([]);
    const kept = await recent.get(`Appointment/ProposePlan/${recentId}`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((kept.json() as ProposedPlan).Appointments).toHaveLength(1);
  });

  it('a proposal cancelled while its thread solves stops and keeps nothing', async () => {
    const dispatcher = (await signedInUser(slow, 2)).api;
    const { people, jobs } = await setUp(slow, [OSLO, DRAMMEN, ASKER]);
    gateReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const res = await dispatcher.post('Appointment/ProposePlan', {
      Date: '2031-09-08',
      UserIdList: people.map((u) => u.id),
      JobIdList: jobs.map((j) => j.id),
    });
    const id = (res.json() as ProposedPlan).Task!.taskId;
    const drained = slow.app.services.tasks.drain();
    // The thread has solved its first region and goes on with the next (two minutes each, by its limit).
    await gateReached;
    expect((await myTask(dispatcher, id))!.status).toBe('update');
    const cancelled = await dispatcher.post(`task/cancelWait/${id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((cancelled.json() as Task).status).toBe('cancelled');
    release();
    // The drain ends with the thread ended, long before the solver's two minutes.
    await drained;
    expect(await myTask(dispatcher, id)).toMatchObject({ status: 'cancelled', returnObject: null });
    expect((await dispatcher.get(`Appointment/ProposePlan/${id}`)).statusCode).toBe(404);
    const kept = await slow.db.select().from(proposedPlans).where(eq(proposedPlans.taskId, id));
    expect(kept).toEqual([]);
  });
});
