// Local search moves, each tried around a job's nearest neighbours and applied at the first improvement:
//   relocate  one job to another technician's day, next to a neighbour
//   swap      two jobs of two days trade places
//   2-opt*    two days exchange their tails (u's day continues with w and what follows it)
//   or-opt    a string of 2–3 jobs moves next to a neighbour, in the same day or another
// A candidate is checked on the whole new sequence (sequenceCost: windows, hours, capacity, skills,
// departments, fixed stops never leave their technician), so a move never makes a plan infeasible.
import { EPS, type Model } from './model.ts';
import type { Plan } from './plan.ts';
import { sequenceCost } from './route.ts';

/** How many neighbours of a job the moves look at. */
const NEIGHBOURS = 20;

function allowedOn(m: Model, v: number, jobs: readonly number[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const j = jobs[i]!;
    const p = m.pinned[j]!;
    if (p >= 0 ? p !== v : m.allowed[j * m.nVeh + v] !== 1) return false;
  }
  return true;
}

/** Apply new sequences for one or two days when they cost less than now; true when applied. */
function tryApply(
  m: Model,
  plan: Plan,
  v1: number,
  seq1: number[],
  v2: number,
  seq2: number[] | null,
): boolean {
  const r1 = plan.routes[v1]!;
  const before = r1.cost(m) + (seq2 ? plan.routes[v2]!.cost(m) : 0);
  const c1 = sequenceCost(m, v1, seq1);
  if (c1 === Number.POSITIVE_INFINITY) return false;
  const c2 = seq2 ? sequenceCost(m, v2, seq2) : 0;
  if (c1 + c2 >= before - EPS) return false;
  const a = plan.touch(v1);
  a.jobs = seq1;
  a.update(m);
  for (const j of seq1) plan.routeOf[j] = v1;
  if (seq2) {
    const b = plan.touch(v2);
    b.jobs = seq2;
    b.update(m);
    for (const j of seq2) plan.routeOf[j] = v2;
  }
  return true;
}

/** Move job u to another day next to one of its neighbours, if that lowers the cost. */
export function relocate(m: Model, plan: Plan, u: number): boolean {
  const v1 = plan.routeOf[u]!;
  if (v1 < 0 || m.pinned[u]! >= 0) return false;
  const from = plan.routes[v1]!.jobs;
  const i = from.indexOf(u);
  const rest = from.slice(0, i).concat(from.slice(i + 1));
  for (let k = 0; k < Math.min(NEIGHBOURS, m.nearCount); k++) {
    const w = m.near[u * m.nearCount + k]!;
    const v2 = plan.routeOf[w]!;
    if (v2 < 0 || v2 === v1 || m.allowed[u * m.nVeh + v2] !== 1) continue;
    const to = plan.routes[v2]!.jobs;
    const q = to.indexOf(w);
    for (const at of [q, q + 1]) {
      const seq = to.slice(0, at).concat([u], to.slice(at));
      if (tryApply(m, plan, v1, rest, v2, seq)) return true;
    }
  }
  return false;
}

/** Swap job u with a neighbour on another day, if that lowers the cost. */
export function swap(m: Model, plan: Plan, u: number): boolean {
  const v1 = plan.routeOf[u]!;
  if (v1 < 0 || m.pinned[u]! >= 0) return false;
  for (let k = 0; k < Math.min(NEIGHBOURS, m.nearCount); k++) {
    const w = m.near[u * m.nearCount + k]!;
    const v2 = plan.routeOf[w]!;
    if (v2 < 0 || v2 === v1) continue;
    if (m.allowed[u * m.nVeh + v2] !== 1 || m.allowed[w * m.nVeh + v1] !== 1) continue;
    const a = plan.routes[v1]!.jobs.slice();
    const b = plan.routes[v2]!.jobs.slice();
    a[a.indexOf(u)] = w;
    b[b.indexOf(w)] = u;
    if (tryApply(m, plan, v1, a, v2, b)) return true;
  }
  return false;
}

/** Exchange tails: u's day goes on with neighbour w and the rest of w's day, and w's day with u's rest. */
export function twoOptStar(m: Model, plan: Plan, u: number): boolean {
  const v1 = plan.routeOf[u]!;
  if (v1 < 0 || m.pinned[u]! >= 0) return false;
  const a = plan.routes[v1]!.jobs;
  const i = a.indexOf(u);
  for (let k = 0; k < Math.min(NEIGHBOURS, m.nearCount); k++) {
    const w = m.near[u * m.nearCount + k]!;
    const v2 = plan.routeOf[w]!;
    if (v2 < 0 || v2 === v1) continue;
    const b = plan.routes[v2]!.jobs;
    const j = b.indexOf(w);
    if (!allowedOn(m, v1, b, j, b.length) || !allowedOn(m, v2, a, i + 1, a.length)) continue;
    const s1 = a.slice(0, i + 1).concat(b.slice(j));
    const s2 = b.slice(0, j).concat(a.slice(i + 1));
    if (tryApply(m, plan, v1, s1, v2, s2)) return true;
  }
  return false;
}

/** Move the string of 2 or 3 jobs starting at u next to one of u's neighbours, in any day. */
export function orOpt(m: Model, plan: Plan, u: number): boolean {
  const v1 = plan.routeOf[u]!;
  if (v1 < 0 || m.pinned[u]! >= 0) return false;
  const a = plan.routes[v1]!.jobs;
  const i = a.indexOf(u);
  for (let len = 2; len <= 3; len++) {
    if (i + len > a.length) break;
    const seg = a.slice(i, i + len);
    if (seg.some((j) => m.pinned[j]! >= 0)) break;
    const rest = a.slice(0, i).concat(a.slice(i + len));
    for (let k = 0; k < Math.min(NEIGHBOURS, m.nearCount); k++) {
      const w = m.near[u * m.nearCount + k]!;
      const v2 = plan.routeOf[w]!;
      if (v2 < 0 || seg.includes(w)) continue;
      if (v2 !== v1 && !allowedOn(m, v2, seg, 0, len)) continue;
      const to = v2 === v1 ? rest : plan.routes[v2]!.jobs;
      const q = to.indexOf(w);
      for (const at of [q, q + 1]) {
        const seq = to.slice(0, at).concat(seg, to.slice(at));
        if (v2 === v1 ? tryApply(m, plan, v1, seq, v1, null) : tryApply(m, plan, v1, rest, v2, seq))
          return true;
      }
    }
  }
  return false;
}

/** Apply improving moves until none is left (or `more()` says stop). */
export function localSearch(m: Model, plan: Plan, more: () => boolean): void {
  let improved = true;
  while (improved && more()) {
    improved = false;
    for (let u = 0; u < m.nFree; u++) {
      if ((u & 15) === 0 && !more()) return;
      if (relocate(m, plan, u) || swap(m, plan, u) || twoOptStar(m, plan, u) || orOpt(m, plan, u))
        improved = true;
    }
  }
}
