// npm run bench:dispatch: the day-plan solver on the 29 Solomon class-1 instances (C1, R1, RC1), each with
// the time limit the budget allows, checked by bench/dispatch-check.ts; prints per instance the distance,
// the gap to the best-known distance and the time, and the budget rows (ENGINEERING.md: all feasible,
// average gap ≤ 2.0 %, none over 5 %, ≤ 2 s each). SOLOMON_DIR overrides where the instances are
// (default ../shared/bench/solomon from the repository root, or from a parent folder
// of it, as for a git worktree); DISPATCH_TIME_LIMIT_MS the limit (1,800).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSolomon, solomonProblem, solve } from '@fieldport/dispatch';
import { checkSolomonPlan } from './dispatch-check.ts';
import type { Row } from './row.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const LIMIT_MS = 2000;

export interface SolomonResult {
  name: string;
  distance: number;
  best: number;
  gap: number;
  ms: number;
  routes: number;
  errors: string[];
}

/** SOLOMON_DIR, else the nearest `shared/bench/solomon` beside the repository or one of its parents. */
export function solomonDir(): string {
  if (process.env.SOLOMON_DIR) return resolve(root, process.env.SOLOMON_DIR);
  for (let up = resolve(root, '..'); ; up = dirname(up)) {
    const dir = join(up, 'shared/bench/solomon');
    if (existsSync(dir) || dirname(up) === up)
      return existsSync(dir) ? dir : resolve(root, '../shared/bench/solomon');
  }
}

/** Solve one instance as `dispatch:solomon` does and check it. */
export function runInstance(file: string, best: number, timeLimitMs: number): SolomonResult {
  const text = readFileSync(file, 'utf8');
  const started = performance.now();
  const solution = solve(solomonProblem(parseSolomon(text)), {
    seed: 1,
    timeLimitMs,
    objective: 'distance',
    balanceWeight: 0,
    explain: false,
  });
  const ms = performance.now() - started;
  const routes = solution.routes
    .filter((r) => r.stops.length > 0)
    .map((r) => r.stops.map((s) => Number(s.id)));
  const check = checkSolomonPlan(text, routes);
  if (solution.unplaced.length > 0) check.errors.push(`${solution.unplaced.length} customers not placed`);
  const name = file.replace(/^.*\//, '').replace(/\.txt$/i, '');
  return {
    name,
    distance: check.distance,
    best,
    gap: (check.distance / best - 1) * 100,
    ms,
    routes: routes.length,
    errors: check.errors,
  };
}

export function dispatchRows(log: (line: string) => void = console.log): Row[] {
  const dir = solomonDir();
  if (!existsSync(join(dir, 'best-known.json')))
    throw new Error(`no Solomon instances in ${dir} (set SOLOMON_DIR)`);
  const known = JSON.parse(readFileSync(join(dir, 'best-known.json'), 'utf8')) as Record<
    string,
    { best_known_distance: number }
  >;
  const timeLimit = Number(process.env.DISPATCH_TIME_LIMIT_MS ?? 1800);
  const files = readdirSync(dir)
    .filter((f) => /\.txt$/i.test(f))
    .sort();
  const results: SolomonResult[] = [];
  log('instance | distance | best known | gap | routes | ms | check');
  for (const f of files) {
    const name = f.replace(/\.txt$/i, '');
    const best = known[name]?.best_known_distance;
    if (best === undefined) continue;
    const r = runInstance(join(dir, f), best, timeLimit);
    results.push(r);
    log(
      `${r.name} | ${r.distance.toFixed(2)} | ${best.toFixed(2)} | ${r.gap.toFixed(2)} % | ${r.routes} | ${r.ms.toFixed(0)} | ${r.errors.length === 0 ? 'ok' : r.errors.slice(0, 3).join('; ')}`,
    );
  }
  const feasible = results.filter((r) => r.errors.length === 0).length;
  const avg = results.reduce((s, r) => s + r.gap, 0) / Math.max(1, results.length);
  const worst = results.reduce((w, r) => (r.gap > w.gap ? r : w), results[0]!);
  const slowest = results.reduce((w, r) => (r.ms > w.ms ? r : w), results[0]!);
  return [
    {
      budget: `Solomon class 1: feasible plans (${timeLimit} ms limit)`,
      limit: `${results.length}/${results.length}`,
      measured: `${feasible}/${results.length}`,
      ok: feasible === results.length && results.length === 29,
    },
    {
      budget: 'Solomon class 1: average gap to best-known distance',
      limit: '≤ 2.0 %',
      measured: `${avg.toFixed(2)} % (stretch: VROOM's 1.02 %)`,
      ok: avg <= 2.0,
    },
    {
      budget: 'Solomon class 1: worst gap',
      limit: '≤ 5 %',
      measured: `${worst.gap.toFixed(2)} % (${worst.name})`,
      ok: worst.gap <= 5,
    },
    {
      budget: 'Solomon class 1: time per instance',
      limit: `≤ ${LIMIT_MS} ms`,
      measured: `max ${slowest.ms.toFixed(0)} ms (${slowest.name})`,
      ok: slowest.ms <= LIMIT_MS,
    },
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = dispatchRows();
  console.log('\nBudget | limit | measured | result');
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
}
