// node bench/job-list.ts [--quick]: the job list filter over the large company's 1,000,000 jobs on
// PostgreSQL (ENGINEERING.md budget: p95 ≤ 20 ms, p99 ≤ 30 ms, no count(*) over the whole table).
// The company comes from large-company.ts (built once, then reused; --quick: a tenth of it); the job
// service's list is called in-process for typical filters 200 times each (BENCH_RUNS) and p50/p95/p99
// are printed. jobListRows() gives the same as budget rows for run.ts. Exits non-zero when a filter
// misses the budget.
import { availableParallelism, loadavg } from 'node:os';
import { JobListFilter } from '@fieldport/contract';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/infra/clock.ts';
import { JobListService } from '../apps/server/src/modules/jobs/job-list.service.ts';
import { SettingsService } from '../apps/server/src/modules/settings/settings.service.ts';
import { benchUser, jobListScenarios, pickIds } from './job-list-scenarios.ts';
import { ensureLargeCompany } from './large-company.ts';
import type { Row } from './row.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const BUDGET = { p95: 20, p99: 30 };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

interface Measured {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  items: number;
  total: string;
  /** Whether the list budget applies (the status counts are measured, not budgeted). */
  budgeted: boolean;
}

/** Every scenario timed on the large company, then the status map's counts. */
async function measureAll(
  quick: boolean,
  log: (line: string) => void,
): Promise<{ results: Measured[]; parents: number; pgVersion: string }> {
  const company = await ensureLargeCompany({ quick, log });
  log(
    `  ${company.reused ? 'reused' : 'built'} ${company.name} in ${company.seconds.toFixed(1)} s: ` +
      `${(company.counts.parent_jobs ?? 0).toLocaleString('en')} parent jobs, ${(company.counts.sub_jobs ?? 0).toLocaleString('en')} sub-jobs`,
  );
  const picks = await pickIds(company.url);
  const database = await openPostgres(company.url);
  try {
    const c = new pg.Client({ connectionString: company.url });
    await c.connect();
    const { rows: version } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    await c.end();
    const svc = new JobListService({
      db: database.db,
      settings: new SettingsService(database.db),
      clock: systemClock,
    });
    const results: Measured[] = [];
    const measure = async (
      label: string,
      budgeted: boolean,
      run: () => Promise<{ items: number; total: string }>,
    ) => {
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let last = { items: 0, total: '' };
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        last = await run();
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: label,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        budgeted,
        ...last,
      });
    };
    for (const s of jobListScenarios(picks)) {
      const filter = JobListFilter.parse(s.filter);
      await measure(s.name, true, async () => {
        const page = await svc.filtered({ user: s.user, lang: 'en' }, filter);
        return {
          items: page.Content.length,
          total: `${page.TotalCount}${page.TotalCountCapped ? '+' : ''}`,
        };
      });
    }
    for (const [label, user] of [
      ['JobStatus/GetAll (admin)', benchUser(1)],
      ['JobStatus/GetAll (partner)', benchUser(5, { partnerCompanyId: picks.partner })],
    ] as const) {
      await measure(label, false, async () => {
        const all = await svc.statusesWithCounts({ user, lang: 'en' });
        return { items: all.length, total: '' };
      });
    }
    return { results, parents: company.counts.parent_jobs ?? 0, pgVersion: version[0]?.v ?? '?' };
  } finally {
    await database.close();
  }
}

const overBudget = (r: Measured) => r.budgeted && (r.p95 > BUDGET.p95 || r.p99 > BUDGET.p99);

/** The job list's budget rows (one a scenario, and the status counts unbudgeted) for run.ts. */
export async function jobListRows(opts: { quick: boolean }): Promise<Row[]> {
  const { results, parents } = await measureAll(opts.quick, () => {});
  const size = `${(parents / 1e6).toFixed(parents < 1e6 ? 1 : 0)} M jobs`;
  return results.map((r) => ({
    budget: `Job list over ${size}: ${r.name}`,
    limit: r.budgeted ? `p95 ≤ ${BUDGET.p95} ms, p99 ≤ ${BUDGET.p99} ms` : '(measured)',
    measured: `p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.items} items${r.total ? `, total ${r.total}` : ''})`,
    ok: r.budgeted ? !overBudget(r) : null,
  }));
}

async function main() {
  const quick = process.argv.includes('--quick');
  console.log(`job list bench on the large company${quick ? ' (--quick: a tenth)' : ''}`);
  const { results, pgVersion } = await measureAll(quick, console.log);
  const pad = (s: string, n: number) => s.padEnd(n);
  const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
  console.log(
    `\n  ${pad('filter', 48)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}  items  total`,
  );
  for (const r of results)
    console.log(
      `  ${pad(r.name, 48)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}  ${String(r.items).padStart(5)}  ${r.total}${overBudget(r) ? '  ✗ over budget' : ''}`,
    );
  const listed = results.filter((r) => r.budgeted);
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  console.log(`\n  ${availableParallelism()} CPUs, load average ${load} at the end; PostgreSQL ${pgVersion}`);
  console.log(
    `  worst p95 ${Math.max(...listed.map((r) => r.p95)).toFixed(1)} ms (budget ${BUDGET.p95}), worst p99 ${Math.max(...listed.map((r) => r.p99)).toFixed(1)} ms (budget ${BUDGET.p99}); ${RUNS} runs each after ${WARMUP} warm-up runs`,
  );
  process.exitCode = listed.some(overBudget) ? 1 : 0;
}

if (import.meta.main) await main();
