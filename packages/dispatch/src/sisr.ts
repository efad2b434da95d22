// Slack Induction by String Removals (Christiaens & Vanden Berghe 2020): remove a few strings of
// consecutive jobs from routes near a random job, reinsert every absent job greedily in a random order
// of several kinds with "blinks" that skip positions, and accept by simulated annealing.
import { bestInsertion } from './insert.ts';
import type { Model } from './model.ts';
import type { Plan } from './plan.ts';

export interface SisrParams {
  /** Average number of jobs removed per round. */
  avgRemoved: number;
  /** Longest string removed. */
  maxString: number;
  /** Probability of skipping a position while reinserting. */
  blink: number;
  /** Probability of growing the preserved part of a split string by one more job. */
  splitGrow: number;
}

/** The paper's c̄, L_max and blink rate; a split string keeps a geometric number of jobs (mean 2). */
const defaultSisr: SisrParams = { avgRemoved: 10, maxString: 10, blink: 0.01, splitGrow: 0.5 };

/** Remove strings from routes around a random placed job; returns the removed jobs. */
export function ruin(m: Model, plan: Plan, rng: () => number, params: SisrParams = defaultSisr): number[] {
  const removed: number[] = [];
  let placed = 0;
  let used = 0;
  for (const r of plan.routes) {
    if (r.free > 0) {
      placed += r.free;
      used++;
    }
  }
  if (placed === 0) return removed;
  const lsMax = Math.min(params.maxString, placed / used);
  const ksMax = (4 * params.avgRemoved) / (1 + lsMax) - 1;
  const ks = Math.floor(rng() * ksMax) + 1;
  // A random placed free job as the seed.
  let seed = -1;
  let pick = Math.floor(rng() * placed);
  for (const r of plan.routes) {
    if (pick < r.free) {
      for (const j of r.jobs) {
        if (m.pinned[j]! >= 0) continue;
        if (pick-- === 0) {
          seed = j;
          break;
        }
      }
      break;
    }
    pick -= r.free;
  }
  const ruined = new Set<number>();
  for (let k = -1; k < m.nearCount && ruined.size < ks; k++) {
    const c = k < 0 ? seed : m.near[seed * m.nearCount + k]!;
    if (c < 0) break;
    const v = plan.routeOf[c]!;
    if (v < 0 || ruined.has(v)) continue;
    ruined.add(v);
    const r = plan.touch(v);
    const card = r.jobs.length;
    const lMax = Math.min(card, lsMax);
    const l = Math.floor(rng() * lMax) + 1;
    const at = r.jobs.indexOf(c);
    let keep = 0;
    if (rng() < 0.5 && l < card) {
      keep = 1;
      while (l + keep < card && rng() < params.splitGrow) keep++;
    }
    const span = l + keep;
    const lo = Math.max(0, Math.min(at - Math.floor(rng() * span), card - span));
    const keepAt = lo + Math.floor(rng() * (span - keep + 1));
    const next: number[] = [];
    for (let i = 0; i < card; i++) {
      const j = r.jobs[i]!;
      const inString = i >= lo && i < lo + span && !(keep > 0 && i >= keepAt && i < keepAt + keep);
      if (inString && m.pinned[j]! < 0) {
        removed.push(j);
        plan.routeOf[j] = -1;
        plan.absent.add(j);
      } else next.push(j);
    }
    r.jobs = next;
    r.update(m);
  }
  return removed;
}

/** Reinsert every absent job, highest priority first, in one of SISR's orders, each at its cheapest place. */
export function recreate(
  m: Model,
  plan: Plan,
  rng: () => number,
  far: Float64Array,
  params = defaultSisr,
): void {
  const jobs = [...plan.absent];
  const order = rng();
  const key = new Float64Array(m.nFree);
  for (const j of jobs) {
    if (order < 4 / 11) key[j] = rng();
    else if (order < 8 / 11) key[j] = -m.demand[j]! + rng() * 1e-6;
    else if (order < 10 / 11) key[j] = -far[j]!;
    else key[j] = far[j]!;
  }
  jobs.sort((a, b) => m.missWeight[b]! - m.missWeight[a]! || key[a]! - key[b]!);
  for (const j of jobs) {
    const best = bestInsertion(m, plan, j, params.blink, rng);
    if (best.v >= 0) plan.insert(m, j, best.v, best.p);
    else if (params.blink > 0) {
      // A blink may have hidden the only place left: look once more without.
      const again = bestInsertion(m, plan, j);
      if (again.v >= 0) plan.insert(m, j, again.v, again.p);
    }
  }
}

/** Mean cost from the technicians' start places to each job (SISR's "far"/"close" orders). */
export function farFromStarts(m: Model): Float64Array {
  const far = new Float64Array(m.nFree);
  for (let j = 0; j < m.nFree; j++) {
    const u = m.loc[j]!;
    if (u < 0) continue;
    let s = 0;
    for (let v = 0; v < m.nVeh; v++) s += m.cost[m.vStart[v]! * m.size + u]!;
    far[j] = m.nVeh > 0 ? s / m.nVeh : 0;
  }
  return far;
}
