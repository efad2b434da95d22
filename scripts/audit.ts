// npm run audit: no high or critical advisory in what production loads (decision 025). Fails on such
// an advisory. When the registry's audit service cannot be asked (some mirrors and proxies answer
// 405), it says so plainly and does not fail: nothing was checked, and the line says that.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report: {
  message?: string;
  error?: { summary?: string };
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
};
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message || report.error?.summary || run.stderr.trim().split('\n').at(-1) || 'no answer';
  console.log(`npm audit: NOT CHECKED, the registry's audit service did not answer (${why}).`);
  process.exit(0);
}
const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
for (const [name, v] of serious) console.log(`npm audit: ${v.severity} advisory in ${name}`);
console.log(
  `npm audit: ${Object.entries(counts)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ')} in production dependencies`,
);
process.exit(serious.length > 0 ? 1 : 0);
