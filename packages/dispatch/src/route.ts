// One technician's day: the sequence of jobs and, per position, the times that make insertion checks O(1).
// Positions run 0..k+1: 0 is the start place, 1..k the jobs, k+1 the end place.
//   dep[p]  departure from position p (service start + duration; the day's earliest at position 0)
//   lat[p]  the latest arrival at position p that keeps the rest of the day feasible
import { EPS, latestArrival, type Model, startAt } from './model.ts';

export class Route {
  readonly v: number;
  jobs: number[];
  loc: number[] = [];
  dep: number[] = [];
  lat: number[] = [];
  load = 0;
  /** Travel cost of the route. */
  travel = 0;
  /** Service plus travel time (for balance). */
  work = 0;
  feasible = true;
  /** Free jobs on it (fixed stops are not counted). */
  free = 0;

  constructor(v: number, jobs: number[]) {
    this.v = v;
    this.jobs = jobs;
  }

  /** A copy to change: only the sequence and totals are copied; call `update` after changing it. */
  clone(): Route {
    const r = new Route(this.v, this.jobs.slice());
    r.load = this.load;
    r.travel = this.travel;
    r.work = this.work;
    r.feasible = this.feasible;
    r.free = this.free;
    return r;
  }

  /** Cost with the balance term. */
  cost(m: Model): number {
    const b = m.vBalance[this.v]!;
    return b === 0 ? this.travel : this.travel + b * this.work * this.work;
  }

  /** Recompute the schedule after any change. */
  update(m: Model): void {
    const { jobs } = this;
    const k = jobs.length;
    const { time, cost, size } = m;
    const loc = this.loc;
    const dep = this.dep;
    const lat = this.lat;
    loc.length = k + 2;
    dep.length = k + 2;
    lat.length = k + 2;
    loc[0] = m.vStart[this.v]!;
    loc[k + 1] = m.vEnd[this.v]!;
    dep[0] = m.vEarliest[this.v]!;
    let load = 0;
    let travel = 0;
    let work = 0;
    let free = 0;
    let feasible = true;
    for (let p = 1; p <= k; p++) {
      const j = jobs[p - 1]!;
      loc[p] = m.loc[j]!;
      const t = time[loc[p - 1]! * size + loc[p]!]!;
      travel += cost[loc[p - 1]! * size + loc[p]!]!;
      work += t + m.service[j]!;
      load += m.demand[j]!;
      if (m.pinned[j]! < 0) free++;
      const s = startAt(m, j, dep[p - 1]! + t);
      if (s === Number.POSITIVE_INFINITY) feasible = false;
      dep[p] = s + m.service[j]!;
    }
    const tEnd = time[loc[k]! * size + loc[k + 1]!]!;
    travel += cost[loc[k]! * size + loc[k + 1]!]!;
    work += tEnd;
    dep[k + 1] = dep[k]! + tEnd;
    lat[k + 1] = m.vLatest[this.v]!;
    if (dep[k + 1]! > lat[k + 1]! + EPS) feasible = false;
    for (let p = k; p >= 1; p--) {
      const j = jobs[p - 1]!;
      const latestStart = lat[p + 1]! - time[loc[p]! * size + loc[p + 1]!]! - m.service[j]!;
      lat[p] = latestArrival(m, j, latestStart);
    }
    lat[0] = lat[1]! - time[loc[0]! * size + loc[1]!]!;
    if (load > m.vCap[this.v]! + EPS) feasible = false;
    this.load = load;
    this.travel = travel;
    this.work = work;
    this.free = free;
    this.feasible = feasible;
  }
}

/** Evaluate a sequence for a vehicle without building a Route: its cost when feasible, else Infinity. */
export function sequenceCost(m: Model, v: number, jobs: readonly number[]): number {
  const { time, cost, size } = m;
  let prev = m.vStart[v]!;
  let t = m.vEarliest[v]!;
  let travel = 0;
  let work = 0;
  let load = 0;
  for (const j of jobs) {
    const u = m.loc[j]!;
    const d = time[prev * size + u]!;
    travel += cost[prev * size + u]!;
    work += d + m.service[j]!;
    load += m.demand[j]!;
    const s = startAt(m, j, t + d);
    if (s === Number.POSITIVE_INFINITY) return s;
    t = s + m.service[j]!;
    prev = u;
  }
  const e = m.vEnd[v]!;
  const d = time[prev * size + e]!;
  if (t + d > m.vLatest[v]! + EPS || load > m.vCap[v]! + EPS) return Number.POSITIVE_INFINITY;
  travel += cost[prev * size + e]!;
  work += d;
  const b = m.vBalance[v]!;
  return b === 0 ? travel : travel + b * work * work;
}
