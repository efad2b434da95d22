// npm run bench [-- --quick]: every budget of ENGINEERING.md measured and printed against its limit,
// ending with the line `budgets: N/M met`. The run is kept in bench/results/<date>[-quick].json and .md
// (bench/README.md). Each part starts and stops its own servers and databases, so nothing is left
// running. `--quick` (a tenth of the large company's data, shorter load runs) stays under 10 minutes
// on a 2-core machine. This is a benchmark, not a test: it exits 0 whatever it measured, and 1 only
// when it could not run.
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiLoad, type LoadResult } from './api-load.ts';
import { dispatchRows } from './dispatch.ts';
import { dispatchXlRows } from './dispatch-xl.ts';
import { dispatchXlApiRows } from './dispatch-xl-api.ts';
import { jobListRows } from './job-list.ts';
import { ensureLargeCompany } from './large-company.ts';
import { liveBudgetRows } from './live.ts';
import { nextOrderRows } from './next-orders.ts';
import { plannerBudgetRows } from './planner.ts';
import { queryPlans } from './plans.ts';
import { admin, postgresVersion, startServer } from './process.ts';
import { readBudgetRows } from './reads.ts';
import { searchReadRows } from './reads-search.ts';
import { machineNow, writeResults } from './results.ts';
import { budgetLine, type Row, verdict } from './row.ts';
import { scaleOutRows } from './scale-out.ts';
import { startBenchServer } from './server.ts';
import { startupRows } from './startup.ts';

const quick = process.argv.includes('--quick');
const started = performance.now();
const loadAtStart = loadavg();
const rows: Row[] = [];
const extra: Record<string, unknown> = {};

/** One part of the run: its rows, or one failed row saying why it could not be measured. */
async function part(name: string, measure: () => Promise<Row[]>) {
  const t0 = performance.now();
  console.log(`\n▸ ${name}`);
  try {
    const got = await measure();
    rows.push(...got);
    for (const r of got) console.log(`  ${r.budget} | ${r.limit} | ${r.measured} | ${verdict(r)}`);
  } catch (err) {
    const row = { budget: name, limit: '—', measured: `not measured: ${(err as Error).message}`, ok: false };
    rows.push(row);
    console.log(`  ${row.measured}`);
  }
  console.log(`  (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

await part('start-up and first download', async () => {
  const { rows: got, files } = await startupRows();
  extra.firstDownloadFiles = files;
  return got;
});
await part('live fan-out to open planners (PostgreSQL)', liveBudgetRows);
await part('reads beside /healthz, PostgreSQL', () => readBudgetRows('postgres', { quick }));
await part('reads beside /healthz, embedded database', () => readBudgetRows('embedded', { quick }));
await part('read mix on one, two and three server processes (PostgreSQL)', () => scaleOutRows({ quick }));
// The large company (a million jobs; a tenth with --quick), built once and kept for later runs.
let companyUrl: string | null = null;
await part(`large company${quick ? ' (--quick: a tenth)' : ''} on PostgreSQL`, async () => {
  const company = await ensureLargeCompany({ quick, log: (line) => console.log(`  ${line}`) });
  companyUrl = company.url;
  extra.largeCompany = { name: company.name, reused: company.reused, counts: company.counts };
  return [
    {
      budget: 'large company data',
      limit: '—',
      measured: `${company.reused ? 'reused' : `built in ${company.seconds.toFixed(0)} s`}: ${Object.entries(
        company.counts,
      )
        .map(([k, n]) => `${n.toLocaleString('en')} ${k.replaceAll('_', ' ')}`)
        .join(', ')}`,
      ok: null,
    },
  ];
});
await part('job list over the large company', () => jobListRows({ quick }));
await part('query plans of the list and search calls (EXPLAIN ANALYZE, BUFFERS)', async () => {
  if (!companyUrl) throw new Error('no large company');
  const { rows: got, plans } = await queryPlans(companyUrl, undefined, !quick && !process.env.BENCH_SCALE);
  extra.plans = plans;
  return got;
});
// Next orders over 100,000 service agreements, on a database of their own (built once, then reused).
await part('next orders over 100,000 service agreements (PostgreSQL)', () =>
  nextOrderRows((line) => console.log(`  ${line}`)),
);
// The API under load, beside /healthz of the same server: on the large company (PostgreSQL), and on the
// embedded database with the demo company (a million jobs in the embedded database is not what it is for).
const loads: Record<string, LoadResult[]> = {};
extra.apiLoad = loads;
await part('API load on the large company, PostgreSQL', async () => {
  if (!companyUrl) throw new Error('no large company');
  const port = 18_198;
  const where = { port, dataDir: mkdtempSync(join(tmpdir(), 'fp-bench-load-')), databaseUrl: companyUrl };
  const { server } = await startServer(where);
  try {
    const { rows: got, results } = await apiLoad(
      { base: `http://127.0.0.1:${port}`, engine: 'PostgreSQL, large company' },
      { quick },
    );
    loads.postgres = results;
    return got;
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
});
// The typeahead and search lookups and the planner's map on the large company, read every time (issue 33).
await part('search lookups and the map, large company, ANSWER_CACHE=0', () => searchReadRows({ quick }));
await part('API load on the embedded database (demo company)', async () => {
  const server = await startBenchServer(18_199, 'embedded');
  try {
    const { rows: got, results } = await apiLoad(server, { quick });
    loads.embedded = results;
    return got;
  } finally {
    await server.stop();
  }
});
await part('planner and map in Chromium, sizes L and XL', () => plannerBudgetRows());
// The day-plan solver on the Solomon benchmark: about a minute, one instance after another in this process.
await part('day-plan solver on the 29 Solomon class-1 instances', async () =>
  dispatchRows((line) => console.log(`  ${line}`)),
);
// The XL week proposal (issue 30): 2,000 technicians, 4,000 jobs, decomposed into regions, ≤ 60 s.
await part('XL week proposal over regions', async () => dispatchXlRows((line) => console.log(`  ${line}`)));
// The same through the API: seeded company, ProposePlan as the planner asks, the task polled to its plan.
await part('XL week proposal through the API (PostgreSQL)', async () =>
  dispatchXlApiRows((line) => console.log(`  ${line}`)),
);

const minutes = (performance.now() - started) / 60_000;
const date = new Date().toISOString().slice(0, 10);
const pg = (await admin('select 1')) ? await postgresVersion() : 'not reachable';
const machine = machineNow(pg, loadAtStart);
const files = writeResults(rows, machine, { date, quick, minutes }, extra);
console.log('\nBudget | limit | measured | result');
for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${verdict(r)}`);
console.log(`\nkept in ${files.json} and ${files.markdown}; ${minutes.toFixed(1)} minutes`);
console.log(budgetLine(rows));
