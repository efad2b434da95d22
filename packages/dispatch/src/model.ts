// The solver's internal form of a problem: flat typed arrays, one index space of "jobs" that holds the
// free jobs first and then every technician's fixed stops (pinned to that technician, never moved).
import type { Problem, SolveOptions } from './types.ts';

export interface Model {
  /** Free jobs are 0..nFree-1; fixed stops follow. */
  nFree: number;
  nJobs: number;
  nVeh: number;
  size: number;
  /** Cost matrix (duration or distance) and the time matrix. */
  cost: Float64Array;
  time: Float64Array;
  loc: Int32Array;
  service: Float64Array;
  demand: Float64Array;
  /** Windows of job j: twStart/twEnd[twOff[j] .. twOff[j+1]-1], sorted, disjoint, deadline folded in. */
  twOff: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array;
  /** Vehicle the job is pinned to (fixed stops), or -1. */
  pinned: Int32Array;
  /** allowed[j * nVeh + v] = 1 when technician v may serve free job j. */
  allowed: Uint8Array;
  /** Weight of leaving job j out: one job of a higher priority outweighs all jobs of lower ones. */
  missWeight: Float64Array;
  vStart: Int32Array;
  vEnd: Int32Array;
  vEarliest: Float64Array;
  vLatest: Float64Array;
  vCap: Float64Array;
  /** Balance weight per vehicle: weight / hours (0 = off). */
  vBalance: Float64Array;
  /** For each free job, other free jobs by increasing cost (at most `neighbours` of them). */
  near: Int32Array;
  nearCount: number;
}

const EPS = 1e-9;

export function buildModel(problem: Problem, options: SolveOptions = {}): Model {
  const { technicians, jobs, travel } = problem;
  const nVeh = technicians.length;
  const fixedCount = technicians.reduce((n, t) => n + (t.fixed?.length ?? 0), 0);
  const nFree = jobs.length;
  const nJobs = nFree + fixedCount;
  const size = travel.size;
  const time = travel.duration;
  const cost = options.objective === 'distance' ? travel.distance : travel.duration;
  const loc = new Int32Array(nJobs).fill(-1);
  const service = new Float64Array(nJobs);
  const demand = new Float64Array(nJobs);
  const pinned = new Int32Array(nJobs).fill(-1);
  const allowed = new Uint8Array(nFree * nVeh);
  const missWeight = new Float64Array(nJobs);
  const twOffArr: number[] = [0];
  const twS: number[] = [];
  const twE: number[] = [];

  const priorities = [...new Set(jobs.map((j) => j.priority ?? 0))].sort((a, b) => a - b);
  const rank = new Map(priorities.map((p, i) => [p, i]));
  const base = nFree + 1;

  jobs.forEach((job, j) => {
    loc[j] = job.place ?? -1;
    service[j] = job.duration;
    demand[j] = job.demand ?? 0;
    missWeight[j] = base ** (rank.get(job.priority ?? 0) ?? 0);
    const latestStart = job.deadline == null ? Number.POSITIVE_INFINITY : job.deadline - job.duration;
    const windows = job.windows?.length
      ? [...job.windows].sort((a, b) => a.start - b.start)
      : [{ start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY }];
    // Overlapping windows are merged, so the model's windows are disjoint and their ends grow.
    const first = twS.length;
    for (const w of windows) {
      const end = Math.min(w.end, latestStart);
      if (end + EPS < w.start) continue;
      const last = twS.length - 1;
      if (last >= first && w.start <= twE[last]! + EPS) twE[last] = Math.max(twE[last]!, end);
      else {
        twS.push(w.start);
        twE.push(end);
      }
    }
    twOffArr.push(twS.length);
    const skills = job.skills ?? [];
    const departments = job.departments ?? [];
    technicians.forEach((t, v) => {
      const skillOk = skills.every((s) => t.skills?.includes(s));
      const deptOk = departments.length === 0 || (t.department != null && departments.includes(t.department));
      allowed[j * nVeh + v] = skillOk && deptOk && job.place != null ? 1 : 0;
    });
  });
  let j = nFree;
  technicians.forEach((t, v) => {
    for (const f of [...(t.fixed ?? [])].sort((a, b) => a.start - b.start)) {
      loc[j] = f.place;
      service[j] = f.duration;
      pinned[j] = v;
      twS.push(f.start);
      twE.push(f.start);
      twOffArr.push(twS.length);
      j++;
    }
  });

  const balance = options.balanceWeight ?? 0.01;
  const vBalance = new Float64Array(nVeh);
  technicians.forEach((t, v) => {
    const hours = t.latest - t.earliest;
    vBalance[v] = balance > 0 && hours > 0 && Number.isFinite(hours) ? balance / hours : 0;
  });

  // Neighbour lists of the free jobs that have a place, by cost in either direction.
  const nearCount = Math.max(0, Math.min(nFree - 1, 100));
  const near = new Int32Array(nFree * nearCount).fill(-1);
  if (nearCount > 0) {
    const others = new Int32Array(nFree);
    const d = new Float64Array(nFree);
    for (let a = 0; a < nFree; a++) {
      const la = loc[a]!;
      let m = 0;
      for (let b = 0; b < nFree; b++) {
        if (b === a) continue;
        const lb = loc[b]!;
        others[m] = b;
        d[b] =
          la < 0 || lb < 0
            ? Number.POSITIVE_INFINITY
            : Math.min(cost[la * size + lb]!, cost[lb * size + la]!);
        m++;
      }
      const sorted = Array.from(others.subarray(0, m)).sort((x, y) => d[x]! - d[y]!);
      for (let k = 0; k < nearCount; k++) near[a * nearCount + k] = sorted[k]!;
    }
  }

  return {
    nFree,
    nJobs,
    nVeh,
    size,
    cost,
    time,
    loc,
    service,
    demand,
    twOff: Int32Array.from(twOffArr),
    twStart: Float64Array.from(twS),
    twEnd: Float64Array.from(twE),
    pinned,
    allowed,
    missWeight,
    vStart: Int32Array.from(technicians.map((t) => t.start)),
    vEnd: Int32Array.from(technicians.map((t) => t.end)),
    vEarliest: Float64Array.from(technicians.map((t) => t.earliest)),
    vLatest: Float64Array.from(technicians.map((t) => t.latest)),
    vCap: Float64Array.from(technicians.map((t) => t.capacity ?? Number.POSITIVE_INFINITY)),
    vBalance,
    near,
    nearCount,
  };
}

/** The earliest start of job j when arriving at `arrival` (waiting for its next window), or Infinity. */
export function startAt(m: Model, j: number, arrival: number): number {
  const end = m.twOff[j + 1]!;
  for (let w = m.twOff[j]!; w < end; w++) {
    if (arrival <= m.twEnd[w]! + EPS) return Math.max(arrival, m.twStart[w]!);
  }
  return Number.POSITIVE_INFINITY;
}

/** The latest arrival at job j from which its service can start by `latestStart`, or -Infinity. */
export function latestArrival(m: Model, j: number, latestStart: number): number {
  const begin = m.twOff[j]!;
  for (let w = m.twOff[j + 1]! - 1; w >= begin; w--) {
    if (m.twStart[w]! <= latestStart + EPS) return Math.min(m.twEnd[w]!, latestStart);
  }
  return Number.NEGATIVE_INFINITY;
}

export { EPS };
