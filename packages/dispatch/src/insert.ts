// Cheapest insertion of one job into a plan, and the regret construction built on it.
import { EPS, type Model, startAt } from './model.ts';
import type { Plan } from './plan.ts';
import type { Route } from './route.ts';

/** May job j go on route r at all (technician allowed, capacity left, day not broken by its fixed stops)? */
function fits(m: Model, r: Route, j: number): boolean {
  return r.feasible && m.allowed[j * m.nVeh + r.v] === 1 && r.load + m.demand[j]! <= m.vCap[r.v]! + EPS;
}

export interface Best {
  cost: number;
  v: number;
  p: number;
}

/** Cheapest position of j in route r (with random blinks that skip positions), written into `out`. */
export function bestInRoute(m: Model, r: Route, j: number, out: Best, blink = 0, rng?: () => number): void {
  // The hot loop of the solver: insertionCost inlined, one window without a call.
  const k = r.jobs.length;
  const { time, cost, size } = m;
  const loc = r.loc;
  const dep = r.dep;
  const lat = r.lat;
  const u = m.loc[j]!;
  const svc = m.service[j]!;
  const w0 = m.twOff[j]!;
  const single = m.twOff[j + 1]! - w0 === 1;
  const open = m.twStart[w0]!;
  const close = m.twEnd[w0]!;
  // Departures only grow along a day: once one is past the job's last window, so are all later ones.
  const lastEnd = m.twEnd[m.twOff[j + 1]! - 1]!;
  const bal = m.vBalance[r.v]!;
  for (let p = 0; p <= k; p++) {
    const d = dep[p]!;
    if (d > lastEnd + EPS) break;
    if (blink > 0 && rng!() < blink) continue;
    const a = loc[p]!;
    const b = loc[p + 1]!;
    const arrival = d + time[a * size + u]!;
    let s: number;
    if (single) {
      if (arrival > close + EPS) continue;
      s = Math.max(arrival, open);
    } else {
      s = startAt(m, j, arrival);
      if (s === Number.POSITIVE_INFINITY) continue;
    }
    if (s + svc + time[u * size + b]! > lat[p + 1]! + EPS) continue;
    let c = cost[a * size + u]! + cost[u * size + b]! - cost[a * size + b]!;
    if (bal !== 0) {
      const w = r.work;
      const w2 = w + time[a * size + u]! + time[u * size + b]! - time[a * size + b]! + svc;
      c += bal * (w2 * w2 - w * w);
    }
    if (c < out.cost) {
      out.cost = c;
      out.v = r.v;
      out.p = p;
    }
  }
}

/** The cheapest feasible insertion of j over all routes (optionally skipping one vehicle). */
export function bestInsertion(
  m: Model,
  plan: Plan,
  j: number,
  blink = 0,
  rng?: () => number,
  skip = -1,
): Best {
  const out: Best = { cost: Number.POSITIVE_INFINITY, v: -1, p: -1 };
  for (const r of plan.routes) {
    if (r.v === skip || !fits(m, r, j)) continue;
    bestInRoute(m, r, j, out, blink, rng);
  }
  return out;
}

/**
 * Regret-2 insertion of every absent job, highest priority first: within a priority, the job whose best
 * route beats its second best by the most goes next (a job with one possible route goes first).
 * Per job and route the best insertion is cached; only the changed route is re-evaluated.
 */
export function regretInsert(m: Model, plan: Plan): void {
  const nVeh = m.nVeh;
  const jobs = [...plan.absent];
  if (jobs.length === 0) return;
  // Large plans: the cache would be jobs × technicians; insert greedily by priority instead.
  if (jobs.length * nVeh > 2_000_000) {
    jobs.sort((a, b) => m.missWeight[b]! - m.missWeight[a]!);
    for (const j of jobs) {
      const best = bestInsertion(m, plan, j);
      if (best.v >= 0) plan.insert(m, j, best.v, best.p);
    }
    return;
  }
  const n = jobs.length;
  const cost = new Float64Array(n * nVeh);
  const pos = new Int32Array(n * nVeh);
  const evalRoute = (i: number, v: number) => {
    const j = jobs[i]!;
    const r = plan.routes[v]!;
    const out: Best = { cost: Number.POSITIVE_INFINITY, v: -1, p: -1 };
    if (fits(m, r, j)) bestInRoute(m, r, j, out);
    cost[i * nVeh + v] = out.cost;
    pos[i * nVeh + v] = out.p;
  };
  for (let i = 0; i < n; i++) for (let v = 0; v < nVeh; v++) evalRoute(i, v);
  const open = new Uint8Array(n).fill(1);
  for (;;) {
    let pick = -1;
    let pickWeight = -1;
    let pickRegret = -1;
    let pickCost = Number.POSITIVE_INFINITY;
    let pickV = -1;
    for (let i = 0; i < n; i++) {
      if (!open[i]) continue;
      let b1 = Number.POSITIVE_INFINITY;
      let b2 = Number.POSITIVE_INFINITY;
      let bv = -1;
      for (let v = 0; v < nVeh; v++) {
        const c = cost[i * nVeh + v]!;
        if (c < b1) {
          b2 = b1;
          b1 = c;
          bv = v;
        } else if (c < b2) b2 = c;
      }
      if (bv < 0) continue;
      const w = m.missWeight[jobs[i]!]!;
      const regret = b2 === Number.POSITIVE_INFINITY ? Number.MAX_VALUE : b2 - b1;
      if (
        w > pickWeight ||
        (w === pickWeight && (regret > pickRegret || (regret === pickRegret && b1 < pickCost)))
      ) {
        pick = i;
        pickWeight = w;
        pickRegret = regret;
        pickCost = b1;
        pickV = bv;
      }
    }
    if (pick < 0) return;
    open[pick] = 0;
    plan.insert(m, jobs[pick]!, pickV, pos[pick * nVeh + pickV]!);
    for (let i = 0; i < n; i++) if (open[i]) evalRoute(i, pickV);
  }
}
