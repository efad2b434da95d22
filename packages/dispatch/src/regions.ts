// Large plans (a week of 2,000 technicians and 4,000 jobs) solved in pieces: by department, then by
// geography (recursive bisection of the jobs and the technicians' start places into regions of a size
// the solver handles well), each region solved with `solve` in a share of the time, then a repair pass
// that offers the jobs left out to the nearest technicians of any region, with what they already have
// kept as fixed stops. The travel of each region is asked for separately, so no matrix of all places is
// ever built (6,000 places would be 36 million cells). Pure: the travel function and the progress hook
// are the caller's.

import { solve } from './solve.ts';
import { haversineKm, type LatLon } from './travel.ts';
import type {
  FixedStop,
  Job,
  PlannedRoute,
  PlannedStop,
  Problem,
  Solution,
  SolveOptions,
  Technician,
  TravelMatrix,
  UnplacedReason,
} from './types.ts';

export interface LargeProblem {
  /** Places (start, end, fixed stops) are indices into `points`. */
  technicians: readonly Technician[];
  /** Places are indices into `points`. */
  jobs: readonly Job[];
  /** Where each place is: the geography of the split. */
  points: readonly LatLon[];
  /** The travel between some of the places, as a matrix over them in the order given. */
  travel: (places: readonly number[]) => TravelMatrix | Promise<TravelMatrix>;
}

export interface RegionOptions extends Omit<SolveOptions, 'iterations' | 'timeLimitMs'> {
  /** The whole plan's time; the regions share it by their jobs (the repair pass gets a fifth). */
  timeLimitMs: number;
  /** Most jobs in one region (default 100). */
  regionJobs?: number;
  /** Most jobs × technicians in one region (default 12,000). */
  regionCells?: number;
  /** After each region: jobs looked at so far and in all. Awaited; throwing stops the plan. */
  onProgress?: (done: number, total: number) => void | Promise<void>;
}

/** A job stop of a large plan also says what it adds to its day's travel (no global matrix to ask). */
export interface RegionStop extends PlannedStop {
  addedDuration?: number;
  addedDistance?: number;
}

export interface RegionRoute extends Omit<PlannedRoute, 'stops'> {
  stops: RegionStop[];
}

export interface RegionSolution extends Omit<Solution, 'routes'> {
  routes: RegionRoute[];
  /** How many regions were solved, in both passes. */
  regions: number;
}

interface Item {
  i: number;
  x: number;
  y: number;
}

const REPAIR_SHARE = 0.2;
const MIN_REGION_MS = 20;
/** Marks a job of the first pass kept as a fixed stop in the repair pass. */
const KEPT = '\u0000kept:';

export async function solveRegions(problem: LargeProblem, options: RegionOptions): Promise<RegionSolution> {
  const clock = options.clock ?? (() => performance.now());
  const t0 = clock();
  const deadline = t0 + options.timeLimitMs;
  const maxJobs = options.regionJobs ?? 100;
  const maxCells = options.regionCells ?? 12_000;
  const { technicians, jobs, points } = problem;
  const meanLat = points.length ? points.reduce((s, p) => s + p.lat, 0) / points.length : 0;
  const cos = Math.cos((meanLat * Math.PI) / 180);
  const xy = (place: number): { x: number; y: number } => ({
    x: points[place]!.lon * cos,
    y: points[place]!.lat,
  });

  const unplaced = new Map<number, UnplacedReason>();
  const has = (t: Technician, job: Job) => (job.skills ?? []).every((s) => t.skills?.includes(s));
  const deptOk = (t: Technician, job: Job) => {
    const d = job.departments ?? [];
    return d.length === 0 || (t.department != null && d.includes(t.department));
  };

  // 1. By department: a department's technicians with its jobs; a job open to all goes to the group of
  // the nearest technician who has its skills.
  const groups = new Map<string, { techs: number[]; jobs: number[] }>();
  const groupOf = (key: string) => {
    const g = groups.get(key) ?? { techs: [], jobs: [] };
    groups.set(key, g);
    return g;
  };
  technicians.forEach((t, v) => {
    groupOf(t.department ?? '').techs.push(v);
  });
  // One representative per start place, department and skills, for the nearest-technician look-up.
  const kinds = new Map<string, number>();
  technicians.forEach((t, v) => {
    const key = `${t.start}|${t.department ?? ''}|${[...(t.skills ?? [])].sort().join(',')}`;
    if (!kinds.has(key)) kinds.set(key, v);
  });
  const reps = [...kinds.values()];
  for (const [j, job] of jobs.entries()) {
    if (job.place == null) {
      unplaced.set(j, 'no_place');
      continue;
    }
    const skilled = reps.filter((v) => has(technicians[v]!, job));
    if (skilled.length === 0) {
      unplaced.set(j, 'no_skill');
      continue;
    }
    const allowed = skilled.filter((v) => deptOk(technicians[v]!, job));
    if (allowed.length === 0) {
      unplaced.set(j, 'no_department');
      continue;
    }
    const d = job.departments ?? [];
    if (d.length > 0) {
      // The first of its departments that has a technician with the skills.
      const key = d.find((k) => allowed.some((v) => technicians[v]!.department === k))!;
      groupOf(key).jobs.push(j);
      continue;
    }
    const p = points[job.place]!;
    let best = allowed[0]!;
    let bestKm = Number.POSITIVE_INFINITY;
    for (const v of allowed) {
      const km = haversineKm(p, points[technicians[v]!.start]!);
      if (km < bestKm) {
        bestKm = km;
        best = v;
      }
    }
    groupOf(technicians[best]!.department ?? '').jobs.push(j);
  }

  // 2. By geography within each department.
  const regions: { techs: number[]; jobs: number[] }[] = [];
  for (const g of groups.values()) {
    const js = g.jobs.map((j) => ({ i: j, ...xy(jobs[j]!.place!) }));
    const ts = g.techs.map((v) => ({ i: v, ...xy(technicians[v]!.start) }));
    bisect(js, ts, maxJobs, maxCells, regions);
  }

  const routeOf = new Map<number, RegionRoute>();
  const reasonOf = new Map<number, UnplacedReason>();
  const total = jobs.length;
  let done = unplaced.size;
  let solved = 0;
  const passOneEnd = t0 + options.timeLimitMs * (1 - REPAIR_SHARE);
  let jobsLeft = regions.reduce((n, r) => n + r.jobs.length, 0);

  const solveOne = async (
    techs: readonly Technician[],
    techIndex: readonly number[],
    js: readonly number[],
    until: number,
    jobsAfter: number,
  ) => {
    const remaining = Math.max(0, until - clock());
    const share = js.length === 0 ? 0 : (remaining * js.length) / Math.max(1, jobsAfter);
    const limit = Math.max(MIN_REGION_MS, Math.min(share, deadline - clock()));
    if (techs.length === 0) {
      // Nobody here: the repair pass offers these jobs to the nearest technicians who may take them.
      for (const j of js) reasonOf.set(j, 'no_time');
      return;
    }
    const local = await localProblem(
      problem,
      techs,
      js.map((j) => jobs[j]!),
    );
    const s = solve(local.problem, {
      ...options,
      timeLimitMs: limit,
      ...(js.length === 0 ? { iterations: 0 } : {}),
    });
    solved++;
    s.routes.forEach((route, k) => {
      const t = local.problem.technicians[k]!;
      const stops = route.stops.map((stop, at): RegionStop => {
        const out: RegionStop = { ...stop, place: local.places[stop.place]! };
        if (stop.kind === 'job') {
          const m = local.problem.travel;
          const before = at === 0 ? t.start : route.stops[at - 1]!.place;
          const after = at === route.stops.length - 1 ? t.end : route.stops[at + 1]!.place;
          const leg = (a: number, b: number) => a * m.size + b;
          out.addedDuration =
            m.duration[leg(before, stop.place)]! +
            m.duration[leg(stop.place, after)]! -
            m.duration[leg(before, after)]!;
          out.addedDistance =
            m.distance[leg(before, stop.place)]! +
            m.distance[leg(stop.place, after)]! -
            m.distance[leg(before, after)]!;
        }
        return out;
      });
      routeOf.set(techIndex[k]!, { ...route, stops });
    });
    const byId = new Map(js.map((j) => [jobs[j]!.id, j]));
    for (const u of s.unplaced) reasonOf.set(byId.get(u.id)!, u.reason);
    for (const j of js) if (!s.unplaced.some((u) => u.id === jobs[j]!.id)) reasonOf.delete(j);
  };

  // 3. Each region in its share of the time.
  for (const r of regions) {
    await solveOne(
      r.techs.map((v) => technicians[v]!),
      r.techs,
      r.jobs,
      passOneEnd,
      jobsLeft,
    );
    jobsLeft -= r.jobs.length;
    done += r.jobs.length;
    await options.onProgress?.(Math.min(done, total), total);
  }

  // 4. Repair: the jobs a region could not place (no technician there with the skill, or no room) go
  // to the nearest technicians of their department who may serve them, keeping what those have.
  const left = [...reasonOf.keys()];
  if (left.length > 0) {
    const repairRegions: { techs: number[]; jobs: number[] }[] = [];
    const byGroup = new Map<string, number[]>();
    for (const [key, g] of groups) {
      const set = new Set(g.jobs);
      const mine = left.filter((j) => set.has(j));
      if (mine.length) byGroup.set(key, mine);
    }
    for (const [key, js] of byGroup) {
      const parts: { techs: number[]; jobs: number[] }[] = [];
      bisect(
        js.map((j) => ({ i: j, ...xy(jobs[j]!.place!) })),
        [],
        maxJobs,
        Number.POSITIVE_INFINITY,
        parts,
      );
      const pool = groups.get(key)!.techs;
      for (const part of parts) {
        const c = part.jobs.reduce(
          (s, j) => {
            const p = xy(jobs[j]!.place!);
            return { x: s.x + p.x / part.jobs.length, y: s.y + p.y / part.jobs.length };
          },
          { x: 0, y: 0 },
        );
        const want = Math.max(1, Math.floor(maxCells / Math.max(1, part.jobs.length)));
        const candidates = pool
          .filter((v) =>
            part.jobs.some((j) => has(technicians[v]!, jobs[j]!) && deptOk(technicians[v]!, jobs[j]!)),
          )
          .map((v) => {
            const p = xy(technicians[v]!.start);
            return { v, d: (p.x - c.x) ** 2 + (p.y - c.y) ** 2 };
          })
          .sort((a, b) => a.d - b.d || a.v - b.v)
          .slice(0, want)
          .map((x) => x.v);
        repairRegions.push({ techs: candidates, jobs: part.jobs });
      }
    }
    let repairLeft = repairRegions.reduce((n, r) => n + r.jobs.length, 0);
    // One after another, each from the days as the last left them (a technician may be in several).
    // Always tried, each in at least a few milliseconds: the cap may be passed by those.
    for (const r of repairRegions) {
      const kept = new Map<string, RegionStop>();
      const techs = r.techs.map((v) => {
        const t = technicians[v]!;
        const route = routeOf.get(v);
        const fixed: FixedStop[] = [...(t.fixed ?? [])];
        for (const stop of route?.stops ?? []) {
          if (stop.kind !== 'job') continue;
          const id = `${KEPT}${stop.id}`;
          kept.set(id, stop);
          fixed.push({ id, place: stop.place, start: stop.start, duration: stop.end - stop.start });
        }
        return { ...t, fixed };
      });
      await solveOne(techs, r.techs, r.jobs, deadline, repairLeft);
      repairLeft -= r.jobs.length;
      // The first pass's jobs are jobs again, at the times the repair pass drove to them.
      for (const v of r.techs) {
        const route = routeOf.get(v)!;
        route.stops = route.stops.map((stop) => {
          const was = kept.get(stop.id);
          if (!was) return stop;
          return {
            ...was,
            arrival: stop.arrival,
            wait: stop.wait,
            start: stop.start,
            end: stop.end,
            travelDuration: stop.travelDuration,
            travelDistance: stop.travelDistance,
          };
        });
      }
      await options.onProgress?.(total, total);
    }
  }

  // 5. One plan: every technician's route in their order, the jobs left out with their reasons.
  const routes: RegionSolution['routes'] = [];
  let travelDuration = 0;
  let travelDistance = 0;
  technicians.forEach((_, v) => {
    const r = routeOf.get(v);
    if (!r) return;
    routes.push(r);
    travelDuration += r.travelDuration;
    travelDistance += r.travelDistance;
  });
  for (const [j, reason] of reasonOf) unplaced.set(j, reason);
  return {
    routes,
    unplaced: [...unplaced.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([j, reason]) => ({ id: jobs[j]!.id, reason })),
    travelDuration,
    travelDistance,
    iterations: 0,
    ms: clock() - t0,
    regions: solved,
  };
}

/**
 * Splits jobs and technicians along the wider side of their box at the jobs' median until a region has
 * at most `maxJobs` jobs and `maxCells` jobs × technicians.
 */
function bisect(
  js: Item[],
  ts: Item[],
  maxJobs: number,
  maxCells: number,
  out: { techs: number[]; jobs: number[] }[],
) {
  if ((js.length <= maxJobs && js.length * ts.length <= maxCells) || (js.length <= 1 && ts.length <= 1)) {
    out.push({ jobs: js.map((x) => x.i), techs: ts.map((x) => x.i) });
    return;
  }
  const all = [...js, ...ts];
  let minX = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const p of all) {
    minX = Math.min(minX, p.x);
    maxX = Math.max(maxX, p.x);
    minY = Math.min(minY, p.y);
    maxY = Math.max(maxY, p.y);
  }
  const key: 'x' | 'y' = maxX - minX >= maxY - minY ? 'x' : 'y';
  const byKey = (a: Item, b: Item) => a[key] - b[key] || a.i - b.i;
  // Along the axis: the jobs' median (or the technicians' when there are few jobs); ties split by order.
  const basis = js.length > 1 ? [...js].sort(byKey) : [...ts].sort(byKey);
  const mid = Math.floor(basis.length / 2);
  const cut = basis[mid]!;
  const left = (p: Item) => byKey(p, cut) < 0;
  const jl = js.filter(left);
  const jr = js.filter((p) => !left(p));
  const tl = ts.filter(left);
  const tr = ts.filter((p) => !left(p));
  if ((jl.length === 0 && tl.length === 0) || (jr.length === 0 && tr.length === 0)) {
    out.push({ jobs: js.map((x) => x.i), techs: ts.map((x) => x.i) });
    return;
  }
  bisect(jl, tl, maxJobs, maxCells, out);
  bisect(jr, tr, maxJobs, maxCells, out);
}

/** A region as a problem of its own: its places numbered from 0, its travel asked for once. */
async function localProblem(
  large: LargeProblem,
  techs: readonly Technician[],
  js: readonly Job[],
): Promise<{ problem: Problem; places: number[] }> {
  const places: number[] = [];
  const index = new Map<number, number>();
  const at = (g: number) => {
    let i = index.get(g);
    if (i === undefined) {
      i = places.length;
      places.push(g);
      index.set(g, i);
    }
    return i;
  };
  const technicians = techs.map((t) => ({
    ...t,
    start: at(t.start),
    end: at(t.end),
    fixed: (t.fixed ?? []).map((f) => ({ ...f, place: at(f.place) })),
  }));
  const jobs = js.map((j) => ({ ...j, place: j.place == null ? null : at(j.place) }));
  const travel = await large.travel(places);
  return { problem: { technicians, jobs, travel }, places };
}
