import {
  type AvailableInput,
  type AvailableUser,
  JOB_STATUS,
  type OptimiseDayInput,
  type OptimisedDay,
  PLAN_DAYS_MAX,
  type ProposedPlan,
  ProposePlanInput,
  parseWorkHour,
  type ServerMessageKey,
  serverMessage,
  type TravelBoard,
  type TravelBoardQuery,
  type TravelLeg,
  toLocalDateTime,
} from '@fieldport/contract';
import {
  type FixedStop,
  type Job,
  type PlannedRoute,
  type Problem,
  type Solution,
  solve,
  type Technician,
} from '@fieldport/dispatch';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { metresBetween } from '../../infra/geocoder.ts';
import { legTravel, type Router } from '../../infra/router.ts';
import type { Caller } from '../common/caller.ts';
import { fieldNotFound, fieldRefusal, refusal } from '../common/errors.ts';
import { mainOffice } from '../maps/maps.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TaskContext, TaskQueue } from '../tasks/task-queue.ts';
import type { TaskService } from '../tasks/tasks.service.ts';
import * as repo from './appointments.repository.ts';
import { wallClockOf } from './appointments.service.ts';
import {
  DAY_MINUTES,
  dayHours,
  detour,
  type FixedReason,
  fixedBecause,
  km1,
  minutesOf,
  Places,
  type Point,
  priorityOf,
  travelMatrix,
} from './dispatch.policy.ts';
import * as plans from './dispatch.repository.ts';
import {
  asUtc,
  endOf,
  hoursText,
  hoursTexts,
  minutesIn,
  type PlanUser,
  placeOf,
  userHours,
  type Vehicle,
  wallClock,
} from './dispatch-days.ts';
import { presentPlan } from './dispatch-presenter.ts';
import { runLargePlan } from './dispatch-runner.ts';

/** When a proposal runs as a background task, and how (decision 066). */
export interface DispatchLimits {
  /** Above this many jobs × technician days (or `taskPlaces` places), ProposePlan answers a task. */
  taskCells: number;
  taskPlaces: number;
  /** The solver's time in the task (the regions share it). */
  taskTimeLimitMs: number;
  /** Region size of the task's solver (default the solver's: 100 jobs, 12,000 jobs × technicians). */
  regionJobs?: number;
  regionCells?: number;
  /** Tests only: awaited before the task's first progress from its thread is written. */
  taskGate?: () => Promise<void>;
}

const MINUTE = 60_000;
/** The most unplanned jobs one proposal takes by default (000 §9: the planner lists up to 999). */
const PLAN_JOBS_MAX = 300;
/** The most unplanned jobs a proposal run as a task takes when none are chosen. */
const TASK_JOBS_MAX = 5_000;
/**
 * The largest proposal answered at once: jobs × technician days (the solver's insertion cache), and
 * places (the travel table is places² numbers). Larger ones run as a background task over regions
 * (decision 066), in 40 s of the solver's time: the XL week answers within a minute.
 */
const DEFAULT_LIMITS: DispatchLimits = { taskCells: 600_000, taskPlaces: 2_500, taskTimeLimitMs: 40_000 };
/** The task's kind, and the page its completed notification opens. */
const PROPOSE_TASK = 'ProposePlan';
/** The nightly plan (and its task) that forgets the proposals' plans older than a day (decision 097). */
export const CLEAN_PROPOSALS_PLAN = 'CleanProposedPlans';
/** The solver's time: a day answers in about a second, a week in a few. */
const DAY_LIMIT_MS = 1_000;
const WEEK_LIMIT_MS = 3_000;
const OPTIMISE_LIMIT_MS = 500;

type PlanStop = Awaited<ReturnType<typeof plans.planStops>>[number];
type Context = Awaited<ReturnType<DispatchService['context']>>;

/**
 * Dispatch suggestions over the day-plan solver (issue 30, decision 063): the users free for a time ranked
 * by the cost of inserting a job into their day, a plan proposed for a day or a week, and a technician's
 * day resequenced. All only read: nothing is saved until the dispatcher accepts.
 */
type Deps = {
  db: Db;
  settings: SettingsService;
  router: Router;
  queue: TaskQueue;
  tasks: TaskService;
  osrmUrl?: string | undefined;
  limits?: Partial<DispatchLimits> | undefined;
};

export class DispatchService {
  private readonly deps: Deps;
  private readonly limits: DispatchLimits;
  constructor(deps: Deps) {
    this.deps = deps;
    this.limits = { ...DEFAULT_LIMITS, ...deps.limits };
    deps.queue.registerStoppable(PROPOSE_TASK, (ctx) => this.runProposal(ctx));
    deps.queue.register(CLEAN_PROPOSALS_PLAN, async () => {
      await plans.deleteOldProposedPlans(this.deps.db);
      return null;
    });
  }

  /**
   * The bookable users free for the whole time; those whose working hours (their own, else the
   * company's) hold the time first; with a JobId ranked by what inserting the job at that time into their
   * day costs: reachable in time first, then the driving added, then the day's load.
   */
  async available(caller: Caller, input: z.output<typeof AvailableInput>): Promise<AvailableUser[]> {
    const { start, end } = wallClockOf(caller, input);
    const day = start.slice(0, 10);
    const [people, busy, jobRows] = await Promise.all([
      plans.planUsers(this.deps.db, { departmentIds: input.DepartmentIdList ?? [] }),
      repo.busyUsers(this.deps.db, start, end),
      input.JobId
        ? plans.planJobs(this.deps.db, { ids: [input.JobId], statusId: 0, departmentIds: [], limit: 1 })
        : Promise.resolve([]),
    ]);
    const job = jobRows[0];
    if (input.JobId && !job) throw fieldNotFound(caller, 'JobId', 'object_job', input.JobId);
    const free = people.filter((u) => !busy.has(u.id));
    const ctx = await this.context(
      day,
      1,
      free,
      await plans.planStops(
        this.deps.db,
        `${day} 00:00:00`,
        endOf(day),
        free.map((u) => u.id),
      ),
    );
    const jobPlace = job ? ctx.places.of(placeOf(job)) : null;
    const from = minutesIn(day, start);
    const minutes = minutesIn(day, end) - from;
    const travel = await this.travel(ctx, job ? [placeOf(job)] : []);

    const ranked = free.map((u) => {
      const load = ctx.loadOf(u.id, 0);
      // Within the user's working hours (their own, else the company's: decision 097)?
      const own = ctx.hoursOf(u, 0);
      const inHours = !own.off && from >= own.start && from + minutes <= own.end;
      if (jobPlace === null) return { u, load, inHours, added: null, reachable: undefined };
      const tech = ctx.technician(u, 0, travel.matrix);
      // The solver's insertion of the job at that time into the user's day, hours widened to the time asked.
      const hours = {
        earliest: Math.min(tech.earliest, from - 24 * 60),
        latest: Math.max(tech.latest, from + minutes + 24 * 60),
      };
      const problem: Problem = {
        technicians: [{ ...tech, ...hours }],
        jobs: [{ id: 'job', place: jobPlace, duration: minutes, windows: [{ start: from, end: from }] }],
        travel: travel.matrix,
      };
      const route = solve(problem, { iterations: 0, explain: false, balanceWeight: 0 }).routes[0];
      const at = route?.stops.findIndex((s) => s.kind === 'job') ?? -1;
      if (!route || at < 0) return { u, load, inHours, added: null, reachable: false };
      const before = at === 0 ? tech.start : route.stops[at - 1]!.place;
      const after = at === route.stops.length - 1 ? tech.end : route.stops[at + 1]!.place;
      return { u, load, inHours, added: detour(travel.matrix, before, jobPlace, after), reachable: true };
    });
    ranked.sort(
      (a, b) =>
        Number(b.inHours) - Number(a.inHours) ||
        Number(b.reachable ?? false) - Number(a.reachable ?? false) ||
        (a.added?.minutes ?? Number.POSITIVE_INFINITY) - (b.added?.minutes ?? Number.POSITIVE_INFINITY) ||
        (a.added?.km ?? 0) - (b.added?.km ?? 0) ||
        a.load - b.load ||
        a.u.name.localeCompare(b.u.name),
    );
    // Outside their hours that day (decision 097), or their weekday off (decision 100).
    const outside = (h: { start: string; end: string } | null) =>
      h
        ? serverMessage('dispatch_outside_hours', caller.lang, h)
        : serverMessage('dispatch_day_off', caller.lang);
    return ranked.map((r, i) => {
      const booked =
        r.load === 0
          ? serverMessage('dispatch_first', caller.lang)
          : serverMessage('dispatch_load', caller.lang, { hours: hoursText(r.load) });
      const travelText = r.added
        ? serverMessage('dispatch_insert_cost', caller.lang, {
            minutes: Math.round(r.added.minutes),
            km: km1(r.added.km).toFixed(1),
          })
        : r.reachable === false
          ? serverMessage('dispatch_cannot_reach', caller.lang)
          : serverMessage('dispatch_travel_unknown', caller.lang);
      return {
        Id: r.u.id,
        Name: r.u.name,
        UserTypeId: r.u.userTypeId,
        DepartmentId: r.u.departmentId,
        Rank: i + 1,
        TravelKm: r.added ? km1(r.added.km) : null,
        TravelMinutes: r.added ? Math.round(r.added.minutes) : null,
        LoadMinutes: r.load,
        ...(r.reachable === undefined ? {} : { Reachable: r.reachable }),
        Reason: r.inHours
          ? `${travelText}; ${booked}`
          : `${outside(hoursTexts(ctx.hoursOf(r.u, 0)))}; ${travelText}; ${booked}`,
      };
    });
  }

  /**
   * A plan for the days Date..EndDate: the chosen (or unplanned) jobs placed by the solver on the chosen
   * technicians' days within their hours, the jobs' windows and deadlines, departments and skills, around
   * their fixed appointments and absences; tentative, nothing saved.
   */
  async proposePlan(caller: Caller, input: z.output<typeof ProposePlanInput>): Promise<ProposedPlan> {
    const g = await this.gather(caller, input, PLAN_JOBS_MAX);
    const { first, days, people, jobs } = g;
    const cells = jobs.length * people.length * days;
    if (cells > this.limits.taskCells || jobs.length + people.length > this.limits.taskPlaces)
      return this.startProposal(caller, input);
    const stops = await plans.planStops(
      this.deps.db,
      `${first} 00:00:00`,
      endOf(g.last),
      people.map((u) => u.id),
    );
    const ctx = await this.context(first, days, people, stops);
    if (ctx.places.points.length + jobs.length > this.limits.taskPlaces)
      return this.startProposal(caller, input);
    const travel = await this.travel(ctx, jobs.map(placeOf));
    const { windows, deadlines, solverJobs } = this.solverJobs(ctx, input, first, jobs);
    const technicians: Technician[] = [];
    const vehicles: Vehicle[] = [];
    for (const u of people)
      for (let d = 0; d < days; d++) {
        const tech = ctx.technician(u, d, travel.matrix);
        technicians.push({ ...tech, id: String(technicians.length) });
        vehicles.push({ user: u, day: d, start: tech.start, end: tech.end });
      }
    const solution = solve(
      { technicians, jobs: solverJobs, travel: travel.matrix },
      { seed: 1, timeLimitMs: days > 1 ? WEEK_LIMIT_MS : DAY_LIMIT_MS },
    );
    const m = travel.matrix;
    const addedOf = (route: PlannedRoute, i: number) => {
      const v = vehicles[Number(route.technician)]!;
      const before = i === 0 ? v.start : route.stops[i - 1]!.place;
      const after = i === route.stops.length - 1 ? v.end : route.stops[i + 1]!.place;
      return detour(m, before, route.stops[i]!.place, after);
    };
    return presentPlan(caller.lang, {
      first,
      days,
      jobs,
      vehicles,
      solution,
      estimated: travel.estimated,
      addedOf,
      deadlines,
      windows,
    });
  }

  /** The plan of a proposal task, once completed: its owner's only. */
  async proposedPlan(caller: Caller, taskId: number): Promise<ProposedPlan> {
    const row = await plans.proposedPlan(this.deps.db, taskId, caller.user.id);
    if (!row) throw refusal(404, 'dispatch_proposal_not_found');
    return row.plan as ProposedPlan;
  }

  /** The days, the chosen users and jobs of a proposal; `caller` null in the task (what is gone is left out). */
  private async gather(caller: Caller | null, input: z.output<typeof ProposePlanInput>, jobsMax: number) {
    const first = input.Date;
    const last = input.EndDate ?? first;
    const days =
      Math.round((asUtc(`${last} 00:00:00`) - asUtc(`${first} 00:00:00`)) / (DAY_MINUTES * MINUTE)) + 1;
    if (caller && days < 1) throw fieldRefusal(caller, 'EndDate', 'end_before_start');
    if (caller && days > PLAN_DAYS_MAX)
      throw fieldRefusal(caller, 'EndDate', 'dispatch_too_many_days', { days: PLAN_DAYS_MAX });
    const departments = input.DepartmentIdList ?? [];
    const chosen = input.JobIdList ? [...new Set(input.JobIdList)] : null;
    const [people, found] = await Promise.all([
      plans.planUsers(this.deps.db, { ids: input.UserIdList ?? null, departmentIds: departments }),
      plans.planJobs(this.deps.db, {
        ids: chosen,
        statusId: JOB_STATUS.New,
        departmentIds: departments,
        limit: chosen?.length ?? jobsMax,
      }),
    ]);
    let jobs = found;
    if (chosen) {
      const open = new Set(found.filter((j) => j.jobStatusId < JOB_STATUS.Approved).map((j) => j.id));
      const missing = chosen.find((id) => !open.has(id));
      if (missing !== undefined && caller) throw fieldNotFound(caller, 'JobIdList', 'object_job', missing);
      jobs = found.filter((j) => open.has(j.id));
    }
    return { first, last, days: Math.max(1, Math.min(days, PLAN_DAYS_MAX)), people, jobs };
  }

  /** The solver's jobs: the estimate, the place, the windows given, the deadline, department and skills. */
  private solverJobs(
    ctx: Context,
    input: z.output<typeof ProposePlanInput>,
    first: string,
    jobs: Awaited<ReturnType<typeof plans.planJobs>>,
  ) {
    const windows = new Map<number, { start: number; end: number }[]>();
    for (const w of input.JobWindows ?? []) {
      const list = windows.get(w.JobId) ?? [];
      list.push({ start: minutesIn(first, w.Start), end: minutesIn(first, w.End) });
      windows.set(w.JobId, list);
    }
    const planStart = ctx.firstStart;
    const deadlines = new Map<number, { at: number; overdue: boolean }>();
    const solverJobs: Job[] = jobs.map((j) => {
      let deadline: number | null = null;
      if (j.dueAfterHours !== null) {
        const due = toLocalDateTime(
          new Date(j.createdAt.getTime() + j.dueAfterHours * 3_600_000),
          ctx.timeZone,
        );
        const at = minutesIn(first, due);
        // A deadline already gone by the plan's first morning is missed anyway: the job is simply placed first.
        deadlines.set(j.id, { at, overdue: at <= planStart });
        if (at > planStart) deadline = at;
      }
      return {
        id: String(j.id),
        place: ctx.places.of(placeOf(j)),
        duration: minutesOf(j.estimatedTime),
        windows: windows.get(j.id) ?? [],
        deadline,
        departments: j.departmentId === null ? [] : [String(j.departmentId)],
        skills: j.skills.map((s) => s.toLowerCase()),
        priority: priorityOf(j.dueAfterHours),
      };
    });
    return { windows, deadlines, solverJobs };
  }

  /** A proposal too large to answer at once: a background task of the caller's (decision 066). */
  private async startProposal(
    caller: Caller,
    input: z.output<typeof ProposePlanInput>,
  ): Promise<ProposedPlan> {
    const task = await this.deps.queue.enqueue({
      name: PROPOSE_TASK,
      displayText: 'task_propose_plan',
      input: { Input: input, Lang: caller.lang ?? null, UserId: caller.user.id },
      createdBy: caller.user.id,
      keepInNotificationBar: true,
    });
    return { Appointments: [], Unplaced: [], Task: await this.deps.tasks.one(caller, task.id) };
  }

  /**
   * The proposal task's work: the problem gathered as it is now, solved over regions in a worker thread
   * (progress per region; a cancel ends the thread), presented in its owner's language and kept for them
   * only if the task was not cancelled meanwhile.
   */
  private async runProposal(task: TaskContext) {
    const { Input, Lang, UserId } = task.input as { Input: unknown; Lang: string | null; UserId: number };
    const input = ProposePlanInput.parse(Input);
    const lang = Lang ?? undefined;
    const { first, last, days, people, jobs } = await this.gather(null, input, TASK_JOBS_MAX);
    const stops = await plans.planStops(
      this.deps.db,
      `${first} 00:00:00`,
      endOf(last),
      people.map((u) => u.id),
    );
    const ctx = await this.context(first, days, people, stops);
    const { windows, deadlines, solverJobs } = this.solverJobs(ctx, input, first, jobs);
    // The hours reach a fixed stop by the straight-line estimate; the regions' travel is the router's.
    const points = ctx.places.points;
    const nowhere = ctx.places.nowhereIndex;
    const metresPerMinute = (ctx.estimate.speedKmh * 1000) / 60;
    const estimate = (a: number, b: number) =>
      a === b || a === nowhere || b === nowhere
        ? 0
        : Math.ceil(
            (metresBetween(points[a]!, points[b]!) * ctx.estimate.roadFactor) / metresPerMinute - 1e-9,
          );
    const technicians: Technician[] = [];
    const vehicles: Vehicle[] = [];
    for (const u of people)
      for (let d = 0; d < days; d++) {
        const tech = ctx.technician(u, d, estimate);
        technicians.push({ ...tech, id: String(technicians.length) });
        vehicles.push({ user: u, day: d, start: tech.start, end: tech.end });
      }
    await task.progress(5);
    let first_ = true;
    let written = Promise.resolve();
    const solution = await runLargePlan(
      {
        problem: {
          technicians,
          jobs: solverJobs,
          points: points.map((p) => ({ lat: p.latitude, lon: p.longitude })),
        },
        nowhere,
        estimate: ctx.estimate,
        osrmUrl: this.deps.osrmUrl,
        timeLimitMs: this.limits.taskTimeLimitMs,
        regionJobs: this.limits.regionJobs,
        regionCells: this.limits.regionCells,
      },
      {
        signal: task.signal,
        onProgress: (done, total) => {
          const gate = first_ ? this.limits.taskGate : undefined;
          first_ = false;
          written = written
            .then(async () => {
              await gate?.();
              await task.progress(5 + (90 * done) / Math.max(1, total));
            })
            .catch(() => {});
        },
      },
    );
    await written;
    if (task.signal.aborted) throw task.signal.reason;
    const plan = presentPlan(lang, {
      first,
      days,
      jobs,
      vehicles,
      solution,
      estimated: !this.deps.osrmUrl,
      addedOf: (route, i) => {
        const stop = route.stops[i] as { addedDuration?: number; addedDistance?: number };
        return { minutes: stop.addedDuration ?? 0, km: stop.addedDistance ?? 0 };
      },
      deadlines,
      windows,
    });
    // Kept only while the task still runs: a cancel that came first saves nothing.
    const kept = await plans.keepProposedPlan(this.deps.db, task.task.id, UserId, plan);
    if (!kept) throw new Error(`Task ${task.task.id} was cancelled`);
    return { link: `/planner?proposal=${task.task.id}` };
  }

  /**
   * A technician's day with its movable appointments resequenced by the solver to cut driving; the fixed
   * ones (absences, started, completed or locked jobs, shared, past the day) stay. Nothing saved.
   */
  async optimiseDay(caller: Caller, input: z.output<typeof OptimiseDayInput>): Promise<OptimisedDay> {
    const day = input.Date;
    const [user] = await plans.planUsers(this.deps.db, {
      ids: [input.UserId],
      departmentIds: [],
      anyActive: true,
    });
    if (!user) throw fieldNotFound(caller, 'UserId', 'object_user', input.UserId);
    const rows = await plans.planStops(this.deps.db, `${day} 00:00:00`, endOf(day), [user.id]);
    const ctx = await this.context(day, 1, [user], rows);
    const travel = await this.travel(ctx, []);
    const m = travel.matrix;
    const base = ctx.technician(user, 0, m, []);
    const stops = rows.map((r) => {
      const start = minutesIn(day, r.startTime);
      const end = minutesIn(day, r.endTime);
      return {
        row: r,
        start,
        end,
        place: ctx.places.of(placeOf(r)) ?? base.start,
        fixed: fixedBecause({ ...r, start, end }, { start: 0, end: DAY_MINUTES }) as
          | FixedReason
          | 'no_room'
          | null,
      };
    });
    // The day as it is: from the start place through the stops in their order and back.
    const legs = (places: number[]) => {
      let minutes = 0;
      let km = 0;
      const seq = [base.start, ...places, base.end];
      for (let i = 1; i < seq.length; i++) {
        minutes += m.duration[seq[i - 1]! * m.size + seq[i]!]!;
        km += m.distance[seq[i - 1]! * m.size + seq[i]!]!;
      }
      return { minutes, km };
    };
    const before = legs(stops.map((s) => s.place));
    let solution: Solution | null = null;
    for (let round = 0; round <= stops.length; round++) {
      const fixed: FixedStop[] = stops
        .filter((s) => s.fixed)
        .map((s) => ({ id: String(s.row.id), place: s.place, start: s.start, duration: s.end - s.start }));
      const movable = stops.filter((s) => !s.fixed);
      if (movable.length === 0) break;
      const hours = dayHours(ctx.hoursOf(user, 0), fixed, m, base.start, base.end);
      const tech: Technician = { ...base, ...hours, fixed };
      const jobs: Job[] = movable.map((s) => ({
        id: String(s.row.id),
        place: s.place,
        duration: s.end - s.start,
      }));
      solution = solve(
        { technicians: [tech], jobs, travel: m },
        { seed: 1, timeLimitMs: OPTIMISE_LIMIT_MS, balanceWeight: 0, explain: false },
      );
      if (solution.unplaced.length === 0) break;
      // What no longer fits around the fixed ones stays where it is; the rest is planned again.
      for (const u of solution.unplaced) {
        const s = stops.find((x) => String(x.row.id) === u.id);
        if (s) s.fixed = 'no_room';
      }
      solution = null;
    }
    const route = solution?.routes[0];
    const after = route ? { minutes: route.travelDuration, km: route.travelDistance } : before;
    const changed = !!route && Math.round(after.minutes) < Math.round(before.minutes);
    const order = changed
      ? route!.stops.map((s) => ({ id: s.id, start: s.start, end: s.end, travel: s }))
      : null;
    const byId = new Map(stops.map((s) => [String(s.row.id), s]));
    const current = stops.map((s, i) => ({
      id: String(s.row.id),
      start: s.start,
      end: s.end,
      travel: {
        travelDuration: m.duration[(i === 0 ? base.start : stops[i - 1]!.place) * m.size + s.place]!,
        travelDistance: m.distance[(i === 0 ? base.start : stops[i - 1]!.place) * m.size + s.place]!,
      },
    }));
    const fixedText: Record<FixedReason | 'no_room', ServerMessageKey> = {
      absence: 'dispatch_fixed_absence',
      started: 'dispatch_fixed_started',
      shared: 'dispatch_fixed_shared',
      outside: 'dispatch_fixed_outside',
      no_room: 'dispatch_fixed_no_room',
    };
    const final = changed ? after : before;
    return {
      UserId: user.id,
      UserName: user.name,
      Date: day,
      Before: { TravelKm: km1(before.km), TravelMinutes: Math.round(before.minutes) },
      After: { TravelKm: km1(final.km), TravelMinutes: Math.round(final.minutes) },
      Changed: changed,
      TravelEstimated: travel.estimated,
      Appointments: (order ?? current).map((o) => {
        const s = byId.get(o.id)!;
        const startTime = wallClock(day, o.start);
        return {
          Id: s.row.id,
          JobId: s.row.jobId,
          Subject: s.row.subject,
          RowVersion: s.row.rowVersion,
          Fixed: s.fixed !== null,
          StartTime: startTime,
          EndTime: wallClock(day, o.end),
          OldStartTime: s.row.startTime.replace(' ', 'T').slice(0, 19),
          OldEndTime: s.row.endTime.replace(' ', 'T').slice(0, 19),
          TravelMinutes: Math.round(o.travel.travelDuration),
          TravelKm: km1(o.travel.travelDistance),
          Reason: s.fixed
            ? serverMessage('dispatch_kept_fixed', caller.lang, {
                why: serverMessage(fixedText[s.fixed], caller.lang),
              })
            : serverMessage('dispatch_optimised', caller.lang, { start: startTime.slice(11, 16) }),
        };
      }),
    };
  }

  /**
   * The board's drive before each appointment of up to 7 days (decision 065): from the user's previous
   * appointment that day, or from home (else the main office) for the first, and whether the previous
   * end plus the drive is past its start. One statement, one router call: the travel the solver uses.
   */
  async board(caller: Caller, q: z.output<typeof TravelBoardQuery>): Promise<TravelBoard> {
    const days = (asUtc(`${q.date2} 00:00:00`) - asUtc(`${q.date1} 00:00:00`)) / (DAY_MINUTES * MINUTE);
    if (days < 0) throw fieldRefusal(caller, 'date2', 'end_before_start');
    if (days >= PLAN_DAYS_MAX) throw fieldRefusal(caller, 'date2', 'range_too_long', { days: PLAN_DAYS_MAX });
    const [rows, global] = await Promise.all([
      plans.boardStops(this.deps.db, `${q.date1} 00:00:00`, endOf(q.date2)),
      this.deps.settings.global(),
    ]);
    const office = mainOffice(global.Maps?.MainLocationCoordinates);
    const work = {
      start: parseWorkHour(global.WorkHourStart ?? '') ?? 8,
      end: parseWorkHour(global.WorkHourEnd ?? '') ?? 16,
    };
    const places = new Places();
    const officeAt = places.of(office);
    const pairs: [number, number][] = [];
    const pending: (Omit<TravelLeg, 'TravelMinutes' | 'TravelKm' | 'Late'> & {
      pair: number;
      gap: number;
    })[] = [];
    let last: { id: number; userId: number; day: string; end: string; place: number | null } | null = null;
    for (const r of rows) {
      const day = r.startTime.slice(0, 10);
      const sameDay: boolean = last !== null && last.userId === r.userId && last.day === day;
      const home = places.of(placeOf({ latitude: r.homeLatitude, longitude: r.homeLongitude }));
      const from = sameDay && last!.place !== null ? last!.place : (home ?? officeAt);
      const at = places.of(placeOf(r));
      if (at !== null && from !== null && day >= q.date1) {
        pending.push({
          AppointmentId: r.id,
          UserId: r.userId,
          Date: day,
          FromAppointmentId: sameDay ? last!.id : null,
          FromHome: !sameDay && home !== null,
          pair: pairs.push([from, at]) - 1,
          // Minutes from the previous end to this start (the drive must fit in it).
          gap: sameDay ? (asUtc(r.startTime) - asUtc(last!.end)) / MINUTE : Number.POSITIVE_INFINITY,
        });
      }
      last = { id: r.id, userId: r.userId, day, end: r.endTime, place: at ?? (sameDay ? last!.place : null) };
    }
    const travel = await legTravel(this.deps.router, places.points, pairs, {
      roadFactor: global.TravelRoadFactor ?? 1.3,
      speedKmh: global.TravelSpeedKmh ?? 60,
    });
    return {
      Legs: pending.map(({ pair, gap, ...leg }) => {
        const minutes = Math.ceil(travel.durationSeconds[pair]! / 60 - 1e-9);
        return {
          ...leg,
          TravelMinutes: minutes,
          TravelKm: km1(travel.distanceMeters[pair]! / 1000),
          Late: minutes > gap,
        };
      }),
      // The load's day: the company's work-day setting (issue 30), else its work hours' length.
      WorkMinutes: Math.max(0, Math.round((global.WorkDayHours ?? work.end - work.start) * 60)),
      TravelEstimated: travel.estimated,
    };
  }

  /** The travel between the plan's places (the points given added first), in one router call. */
  private async travel(ctx: Context, points: (Point | null)[]) {
    for (const p of points) ctx.places.of(p);
    const table = await this.deps.router.table(ctx.places.points, ctx.estimate);
    return { matrix: travelMatrix(table, ctx.places.nowhereIndex), estimated: table.estimated };
  }

  /** What every dispatch read needs: the company's hours, office, travel estimate, the users' stops as places. */
  private async context(first: string, days: number, people: PlanUser[], stops: PlanStop[]) {
    const global = await this.deps.settings.global();
    const office = mainOffice(global.Maps?.MainLocationCoordinates);
    const work = {
      start: Math.round((parseWorkHour(global.WorkHourStart ?? '') ?? 8) * 60),
      end: Math.round((parseWorkHour(global.WorkHourEnd ?? '') ?? 16) * 60),
    };
    const places = new Places();
    const officePlace = places.of(office);
    const homeOf = new Map<number, number>();
    for (const u of people) {
      const home = places.of(placeOf({ latitude: u.homeLatitude, longitude: u.homeLongitude }));
      homeOf.set(u.id, home ?? officePlace ?? places.nowhere());
    }
    const byUserDay = new Map<string, { stop: PlanStop; start: number; end: number }[]>();
    for (const s of stops) {
      const startAll = minutesIn(first, s.startTime);
      const endAll = minutesIn(first, s.endTime);
      for (let d = 0; d < days; d++) {
        const start = Math.max(startAll, d * DAY_MINUTES);
        const end = Math.min(endAll, (d + 1) * DAY_MINUTES);
        if (end <= start) continue;
        const key = `${s.userId}:${d}`;
        const list = byUserDay.get(key) ?? [];
        list.push({ stop: s, start, end });
        byUserDay.set(key, list);
      }
      places.of(placeOf(s));
    }
    /** A user's working hours on day d: the weekday's, their own, else the company's (decisions 097, 100). */
    const hoursOf = (u: PlanUser, d: number) => userHours(u, first, d, work);
    return {
      places,
      work,
      hoursOf,
      /** The earliest any of the plan's people starts work (a deadline before it is already missed). */
      firstStart: people.reduce((m, u) => Math.min(m, hoursOf(u, 0).start), work.start),
      timeZone: global.TimeZone ?? 'Europe/Oslo',
      estimate: { roadFactor: global.TravelRoadFactor ?? 1.3, speedKmh: global.TravelSpeedKmh ?? 60 },
      /** Minutes booked by a user on day d (a person does one thing at a time: stretches counted once each). */
      loadOf: (userId: number, d: number) =>
        (byUserDay.get(`${userId}:${d}`) ?? []).reduce((n, s) => n + (s.end - s.start), 0),
      /** The user's day d as the solver's technician: home or office, the work hours, the fixed stops. */
      technician: (
        u: PlanUser,
        d: number,
        travel: Problem['travel'] | ((from: number, to: number) => number),
        only?: readonly { stop: PlanStop; start: number; end: number }[],
      ): Technician & { start: number; end: number } => {
        const at = homeOf.get(u.id)!;
        const fixed: FixedStop[] = (only ?? byUserDay.get(`${u.id}:${d}`) ?? []).map((s) => ({
          id: `fixed:${s.stop.id}:${d}`,
          place: places.of(placeOf(s.stop)) ?? at,
          start: s.start,
          duration: s.end - s.start,
          kind: s.stop.jobId === null ? 'absence' : 'appointment',
        }));
        const own = hoursOf(u, d);
        const dayWork = { start: d * DAY_MINUTES + own.start, end: d * DAY_MINUTES + own.end };
        const hours = dayHours(dayWork, fixed, travel, at, at);
        return {
          id: '',
          start: at,
          end: at,
          ...hours,
          department: u.departmentId === null ? null : String(u.departmentId),
          skills: u.skills.map((s) => s.toLowerCase()),
          fixed,
        };
      },
    };
  }
}
