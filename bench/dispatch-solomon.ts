// npm run -s dispatch:solomon -- FILE [--time-limit-ms N] [--seed N] [--iterations N]: solve one
// Solomon-format instance and print one line of JSON: {"routes": [[customer numbers], ...], "distance", "ms"}.
import { readFileSync } from 'node:fs';
import { parseSolomon, solomonProblem, solve } from '@fieldport/dispatch';

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: npm run -s dispatch:solomon -- FILE [--time-limit-ms N] [--seed N] [--iterations N]');
  process.exit(2);
}
const started = performance.now();
const problem = solomonProblem(parseSolomon(readFileSync(file, 'utf8')));
const iterations = flag('--iterations');
const solution = solve(problem, {
  seed: flag('--seed') ?? 1,
  timeLimitMs: flag('--time-limit-ms') ?? (iterations === undefined ? 1800 : undefined),
  iterations,
  objective: 'distance',
  balanceWeight: 0,
  explain: false,
});
const routes = solution.routes.filter((r) => r.stops.length > 0).map((r) => r.stops.map((s) => Number(s.id)));
const ms = Math.round(performance.now() - started);
console.log(JSON.stringify({ routes, distance: Number(solution.travelDistance.toFixed(2)), ms }));
