// The solver: regret insertion, local search, then ruin-and-recreate (SISR) with simulated annealing until
// the iteration limit or the time limit, whichever comes first. Deterministic for a seed and an
// iteration limit; the time limit is a cap that is always respected (checked every round).
import { bestInsertion, regretInsert } from './insert.ts';
import { buildModel, type Model } from './model.ts';
import { localSearch } from './moves.ts';
import { better, Plan } from './plan.ts';
import { mulberry32 } from './random.ts';
import { sequenceCost } from './route.ts';
import { farFromStarts, recreate, ruin } from './sisr.ts';
import type { PlannedRoute, PlannedStop, Problem, Solution, SolveOptions, UnplacedReason } from './types.ts';

export function solve(problem: Problem, options: SolveOptions = {}): Solution {
  const clock = options.clock ?? (() => performance.now());
  const t0 = clock();
  const iterations = options.iterations ?? Number.POSITIVE_INFINITY;
  const timeLimit =
    options.timeLimitMs ?? (options.iterations === undefined ? 1000 : Number.POSITIVE_INFINITY);
  const deadline = t0 + timeLimit;
  // The search stops a little before the cap: the polish, the last insertions and the explanations after
  // it must fit too.
  const searchEnd = t0 + timeLimit * 0.95;
  const m = buildModel(problem, options);
  const rng = mulberry32(options.seed ?? 1);

  let cur = Plan.empty(m);
  regretInsert(m, cur);
  localSearch(m, cur, () => clock() < deadline);
  cur.seal();
  let curMiss = cur.missed(m);
  let curCost = cur.cost(m);
  let best = cur;
  let bestMiss = curMiss;
  let bestCost = curCost;

  // Temperatures relative to the plan's mean leg cost, so they fit any unit of travel.
  let legs = 0;
  for (const r of cur.routes) if (r.jobs.length > 0) legs += r.jobs.length + 1;
  const meanLeg = legs > 0 ? curCost / legs : 1;
  const tStart = meanLeg;
  const tEnd = 0.01 * meanLeg;
  const far = farFromStarts(m);

  let it = 0;
  const byIterations = Number.isFinite(iterations);
  while (it < iterations && m.nFree > 0) {
    const now = clock();
    if (now >= searchEnd) break;
    const progress = byIterations ? it / iterations : (now - t0) / (searchEnd - t0);
    const temperature = tStart * (tEnd / tStart) ** progress;
    it++;
    const cand = cur.fork();
    ruin(m, cand, rng);
    recreate(m, cand, rng, far);
    const miss = cand.missed(m);
    const cost = cand.cost(m);
    const accept = miss < curMiss || (miss === curMiss && cost < curCost - temperature * Math.log(rng()));
    if (!accept) continue;
    if (better(miss, cost, bestMiss, bestCost)) {
      best = cand;
      bestMiss = miss;
      bestCost = cost;
    }
    cand.seal();
    cur = cand;
    curMiss = miss;
    curCost = cost;
  }
  // Polish the best plan with the moves (they only ever lower its cost).
  best = best.fork();
  localSearch(m, best, () => clock() < deadline);
  // A last chance for the jobs still out (the moves may have made room since they were tried).
  if (best.absent.size > 0) {
    for (const j of [...best.absent].sort((a, b) => m.missWeight[b]! - m.missWeight[a]!)) {
      const at = bestInsertion(m, best, j);
      if (at.v >= 0) best.insert(m, j, at.v, at.p);
    }
  }
  let explaining = options.explain ?? true;
  const explain = () => {
    explaining &&= clock() < deadline;
    return explaining;
  };
  return present(problem, m, best, explain, it, () => clock() - t0);
}

/** The plan in the caller's terms; the next-best technicians are worked out while `explain()` allows. */
function present(
  problem: Problem,
  m: Model,
  plan: Plan,
  explain: () => boolean,
  iterations: number,
  elapsed: () => number,
): Solution {
  const { technicians, jobs, travel } = problem;
  const size = travel.size;
  const fixed: { id: string; kind: 'appointment' | 'absence' }[] = [];
  for (const t of technicians)
    for (const f of [...(t.fixed ?? [])].sort((a, b) => a.start - b.start))
      fixed.push({ id: f.id, kind: f.kind ?? 'appointment' });
  let totalDuration = 0;
  let totalDistance = 0;
  const routes: PlannedRoute[] = plan.routes.map((r) => {
    const t = technicians[r.v]!;
    const stops: PlannedStop[] = [];
    let prev = t.start;
    let clockAt = t.earliest;
    let travelDuration = 0;
    let travelDistance = 0;
    r.jobs.forEach((j, i) => {
      const place = m.loc[j]!;
      const legT = travel.duration[prev * size + place]!;
      const legD = travel.distance[prev * size + place]!;
      const arrival = clockAt + legT;
      // A day whose fixed stops conflict keeps them at their own times.
      const start = r.feasible ? r.dep[i + 1]! - m.service[j]! : m.twStart[m.twOff[j]!]!;
      const end = start + m.service[j]!;
      const head =
        j < m.nFree
          ? { id: jobs[j]!.id, kind: 'job' as const }
          : { id: fixed[j - m.nFree]!.id, kind: fixed[j - m.nFree]!.kind };
      const stop: PlannedStop = {
        ...head,
        place,
        arrival,
        wait: Math.max(0, start - arrival),
        start,
        end,
        travelDuration: legT,
        travelDistance: legD,
      };
      if (j < m.nFree) {
        const ws = jobs[j]!.windows ?? [];
        stop.window = ws.findIndex((w) => start >= w.start - 1e-9 && start <= w.end + 1e-9);
        const a = r.loc[i]!;
        const b = r.loc[i + 2]!;
        stop.insertionCost = m.cost[a * size + place]! + m.cost[place * size + b]! - m.cost[a * size + b]!;
        if (explain()) {
          const next = bestInsertion(m, plan, j, 0, undefined, r.v);
          stop.nextBest = next.v >= 0 ? { technician: technicians[next.v]!.id, cost: next.cost } : null;
        }
      }
      stops.push(stop);
      travelDuration += legT;
      travelDistance += legD;
      clockAt = end;
      prev = place;
    });
    const backT = travel.duration[prev * size + t.end]!;
    const backD = travel.distance[prev * size + t.end]!;
    travelDuration += backT;
    travelDistance += backD;
    totalDuration += travelDuration;
    totalDistance += travelDistance;
    // Leave as late as the first stop allows: the first start does not move, nor any later one.
    const first = stops[0];
    const departure = first ? Math.max(t.earliest, first.start - first.travelDuration) : t.earliest;
    if (first) {
      first.arrival = departure + first.travelDuration;
      first.wait = Math.max(0, first.start - first.arrival);
    }
    return {
      technician: t.id,
      departure,
      stops,
      returnArrival: clockAt + backT,
      returnTravelDuration: backT,
      returnTravelDistance: backD,
      travelDuration,
      travelDistance,
      load: r.load,
      fixedConflict: !r.feasible,
    };
  });
  const unplaced = [...plan.absent]
    .sort((a, b) => a - b)
    .map((j) => ({ id: jobs[j]!.id, reason: reasonFor(problem, m, j) }));
  return {
    routes,
    unplaced,
    travelDuration: totalDuration,
    travelDistance: totalDistance,
    iterations,
    ms: elapsed(),
  };
}

/** Why a job is not in the plan, the most basic cause first. */
function reasonFor(problem: Problem, m: Model, j: number): UnplacedReason {
  const job = problem.jobs[j]!;
  if (job.place == null) return 'no_place';
  const techs = problem.technicians.map((t, v) => ({ t, v }));
  const skilled = techs.filter(({ t }) => (job.skills ?? []).every((s) => t.skills?.includes(s)));
  if (skilled.length === 0) return 'no_skill';
  const allowed = skilled.filter(({ v }) => m.allowed[j * m.nVeh + v] === 1);
  if (allowed.length === 0) return 'no_department';
  const roomy = allowed.filter(({ v }) => m.demand[j]! <= m.vCap[v]! + 1e-9);
  if (roomy.length === 0) return 'no_capacity';
  if (roomy.every(({ v }) => sequenceCost(m, v, [j]) === Number.POSITIVE_INFINITY)) return 'no_window';
  return 'no_time';
}
