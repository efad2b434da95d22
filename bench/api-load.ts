// API load (issue 13): the API's reads and writes under autocannon against the real server, each
// beside the same server's /healthz measured in the same run (first and again at the end; the mean).
// Reads at 10 connections: ENGINEERING.md's six budgeted reads (job/{id}, a 50-row JobList/Filtered,
// customer/Filtered, machine/{id}, a week of Scheduler/DateRange, userinfo: each ≥ 15 % of /healthz
// on PostgreSQL), and for reference the job list by status, department, type, search word, a deep
// page and the planner's 999, customer/search, machine/search and maps/NearbyJobs. Writes: a mix of
// job changes and appointment moves on 4 connections (api-load-writes.ts). Every call must answer
// without a failed request (a 409 of a write is counted apart); the rate has a limit only where the
// budget gives one. What to call is found through the API (api-load-discover.ts), so it runs against
// any server with the demo accounts: the demo company or a database of a million jobs.
//
// Alone: node bench/api-load.ts [--quick] [--embedded] starts its own server (PostgreSQL of
// BENCH_DATABASE_URL, or the embedded database) with the demo company, prints the rows and exits 1
// when one fails. From another script: apiLoad(server, opts) gives the rows and the raw figures
// (LoadResult[], for a results file); apiLoadRows(server, opts) only the rows.

import { discover } from './api-load-discover.ts';
import { type Call, type Measured, measureCall } from './api-load-measure.ts';
import { measureWrites } from './api-load-writes.ts';
import { adminToken } from './live-events.ts';
import type { Row } from './row.ts';
import { startBenchServer } from './server.ts';

const CONNECTIONS = 10;
const WRITE_CONNECTIONS = 4;
const SHARE = 0.15;

/** One measured call, for a results file. Times in milliseconds; rates in requests per second. */
export interface LoadResult {
  call: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx (a write's 409 apart), socket errors and timeouts. */
  errors: number;
  /** The same server's /healthz in the same run: the mean of its rate before and after the calls. */
  healthRps: number;
  connections: number;
  /** Writes only: 409 answers (a stale row version), not errors. */
  conflicts?: number;
  /** In ENGINEERING.md's read budget (≥ 15 % of /healthz on PostgreSQL). */
  budgeted?: boolean;
}

export interface LoadServer {
  base: string;
  engine: string;
}

const fixed = (x: number) => x.toFixed(0);
const failuresOf = (f: Record<string, number>) =>
  Object.keys(f).length
    ? ` (${Object.entries(f)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')})`
    : '';

function rowOf(r: LoadResult, failures: Record<string, number>, engine: string): Row {
  const share = r.rps / r.healthRps;
  const budget = r.budgeted === true && engine.startsWith('PostgreSQL');
  return {
    budget: `${r.call}, ${r.connections} connections, on the ${engine}`,
    limit: budget ? '≥ 15 % of /healthz, no failed request' : 'no failed request (rate for reference)',
    measured:
      `${fixed(r.rps)} req/s = ${(share * 100).toFixed(1)} % of /healthz (${fixed(r.healthRps)} req/s); ` +
      `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms; ${r.errors} failed${failuresOf(failures)}` +
      (r.conflicts === undefined ? '' : `; ${r.conflicts} conflicts (409, read again)`),
    ok: r.errors === 0 && (!budget || share >= SHARE),
  };
}

/** The rows and the raw figures of one server; `quick`: 3 seconds a call instead of 8. */
export async function apiLoad(
  server: LoadServer,
  opts: { quick: boolean },
): Promise<{ rows: Row[]; results: LoadResult[] }> {
  const seconds = opts.quick ? 3 : 8;
  const token = await adminToken(server.base);
  const plan = await discover(server.base, token, WRITE_CONNECTIONS);
  const health: Call = { name: '/healthz', method: 'GET', path: '/healthz' };
  const before = await measureCall(server.base, null, health, seconds, CONNECTIONS);
  const reads: { call: Call & { budgeted?: boolean }; m: Measured }[] = [];
  for (const call of [...plan.reads, ...('notMeasured' in plan.nearby ? [] : [plan.nearby])])
    reads.push({ call, m: await measureCall(server.base, token, call, seconds, CONNECTIONS) });
  const writes = plan.writes.length ? await measureWrites(server.base, token, plan.writes, seconds) : [];
  const after = await measureCall(server.base, null, health, seconds, CONNECTIONS);
  const healthRps = (before.rps + after.rps) / 2;

  const results: LoadResult[] = [];
  const rows: Row[] = [
    {
      budget: `/healthz, ${CONNECTIONS} connections, on the ${server.engine} (the reference)`,
      limit: 'no failed request',
      measured: `${fixed(before.rps)} req/s before the calls, ${fixed(after.rps)} after; p50 ${before.p50} ms, p99 ${before.p99} ms; ${before.errors + after.errors} failed`,
      ok: before.errors + after.errors === 0,
    },
  ];
  for (const { call, m } of reads) {
    const { failures, ...figures } = m;
    const r: LoadResult = {
      call: call.name,
      ...figures,
      healthRps,
      connections: CONNECTIONS,
      budgeted: call.budgeted === true,
    };
    results.push(r);
    rows.push(rowOf(r, failures, server.engine));
  }
  if ('notMeasured' in plan.nearby)
    rows.push({
      budget: `maps/NearbyJobs, ${CONNECTIONS} connections, on the ${server.engine}`,
      limit: 'no failed request (rate for reference)',
      measured: `not measured: ${plan.nearby.notMeasured}`,
      ok: null,
    });
  for (const w of writes) {
    const { failures, kind, call, ...figures } = w;
    const r: LoadResult = {
      call: `${call} (${kind}, in the write mix)`,
      ...figures,
      healthRps,
      connections: plan.writes.length,
    };
    results.push(r);
    rows.push(rowOf(r, failures, server.engine));
  }
  if (!writes.length)
    rows.push({
      budget: `write mix (job changes, appointment moves), on the ${server.engine}`,
      limit: 'no failed request (rate for reference)',
      measured: 'not measured: no open job with a priority, an estimate and an appointment this week',
      ok: null,
    });
  return { rows, results };
}

/** The rows only (see apiLoad for the raw figures too). */
export async function apiLoadRows(server: LoadServer, opts: { quick: boolean }): Promise<Row[]> {
  return (await apiLoad(server, opts)).rows;
}

if (import.meta.main) {
  const embedded = process.argv.includes('--embedded');
  const server = await startBenchServer(embedded ? 18_521 : 18_520, embedded ? 'embedded' : 'postgres');
  let rows: Row[];
  try {
    rows = await apiLoadRows(server, { quick: process.argv.includes('--quick') });
  } finally {
    await server.stop();
  }
  for (const r of rows)
    console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok === null ? '—' : r.ok ? 'PASS' : 'FAIL'}`);
  process.exit(rows.some((r) => r.ok === false) ? 1 : 0);
}
