// npm run bench:reads: the read budget of ENGINEERING.md. At 10 connections, each read's requests per
// second beside the same server's /healthz in the same run: job/{id}, a 50-row JobList/Filtered,
// customer/Filtered, machine/{id}, a week of Scheduler/DateRange and userinfo. Budget on PostgreSQL:
// each ≥ 15 % of /healthz. On the embedded database, with BENCH_BASELINE=<root of another checkout>
// (e.g. a worktree of commit 8593633 with its node_modules installed), each read is measured on that
// checkout's server too, one after the other in the same run: budget at least 5 times its rate.
// Each row also shows, for reference, the same read with no kept answers (ANSWER_CACHE=0).
import autocannon from 'autocannon';
import { adminToken } from './live-events.ts';
import { type Row, verdict } from './row.ts';
import { startBenchServer } from './server.ts';

const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const QUICK_SECONDS = 3;
const SHARE = 0.15;
const BASELINE = process.env.BENCH_BASELINE;
const TIMES_BASELINE = 5;

export interface Read {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

async function json<T>(base: string, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}/api2/ServiceProvider/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Monday of this week and Sunday after it, as YYYY-MM-DD. */
function thisWeek(): [string, string] {
  const d = new Date();
  const monday = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return [monday.toISOString().slice(0, 10), sunday.toISOString().slice(0, 10)];
}

export async function readsOf(base: string, token: string): Promise<Read[]> {
  const jobs = await json<{ Content: { Id: number }[] }>(base, token, 'JobList/Filtered', {
    method: 'POST',
    body: JSON.stringify({ Page: 1, ItemsPerPage: 50, JobStatusIdList: [10, 20, 30] }),
  });
  const machines = await json<{ Content: { Id: number }[] }>(base, token, 'machine/Filtered', {
    method: 'POST',
    body: JSON.stringify({ Page: 1, ItemsPerPage: 1 }),
  });
  const job = jobs.Content[0]?.Id;
  const machine = machines.Content[0]?.Id;
  if (!job || !machine) throw new Error('the demo company has no job or machine');
  const [date1, date2] = thisWeek();
  return [
    { name: 'job/{id}', method: 'GET', path: `job/${job}` },
    {
      name: 'JobList/Filtered (50 rows)',
      method: 'POST',
      path: 'JobList/Filtered',
      body: { Page: 1, ItemsPerPage: 50, JobStatusIdList: [10, 20, 30, 40] },
    },
    { name: 'customer/Filtered', method: 'GET', path: 'customer/Filtered?Page=1&ItemsPerPage=40' },
    { name: 'machine/{id}', method: 'GET', path: `machine/${machine}` },
    {
      name: 'Scheduler/DateRange (a week)',
      method: 'GET',
      path: `Scheduler/DateRange/?date1=${date1}&date2=${date2}`,
    },
    { name: 'userinfo', method: 'GET', path: 'userinfo' },
  ];
}

async function rps(url: string, token: string | null, seconds: number, r?: Read) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    method: r?.method ?? 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(r?.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(r?.body ? { body: JSON.stringify(r.body) } : {}),
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Each read's rate on a server: /healthz first, then the reads in turn. */
async function measure(server: { base: string }, seconds: number) {
  const token = await adminToken(server.base);
  const reads = await readsOf(server.base, token);
  const health = await rps(`${server.base}/healthz`, null, seconds);
  const measured = [];
  for (const r of reads)
    measured.push({
      read: r,
      ...(await rps(`${server.base}/api2/ServiceProvider/${r.path}`, token, seconds, r)),
    });
  return { health, measured };
}

async function measuredOn(
  port: number,
  engine: 'postgres' | 'embedded',
  seconds: number,
  checkout?: string,
  extraEnv: NodeJS.ProcessEnv = {},
) {
  const server = await startBenchServer(port, engine, checkout, extraEnv);
  try {
    return { engine: server.engine, ...(await measure(server, seconds)) };
  } finally {
    await server.stop();
  }
}

/**
 * The rows of one engine: each read against /healthz of the same server in the same run. `quick`:
 * 3 s a read, and without the reference run that reads every call from the database.
 */
export async function readBudgetRows(
  engine: 'postgres' | 'embedded',
  opts = { quick: false },
): Promise<Row[]> {
  const seconds = opts.quick ? QUICK_SECONDS : SECONDS;
  const now = await measuredOn(engine === 'postgres' ? 18_192 : 18_193, engine, seconds);
  // For reference: the same reads with no kept answers, every call read from the database.
  const uncached = opts.quick
    ? null
    : await measuredOn(engine === 'postgres' ? 18_195 : 18_196, engine, seconds, undefined, {
        ANSWER_CACHE: '0',
      });
  const before =
    engine === 'embedded' && BASELINE ? await measuredOn(18_194, engine, seconds, BASELINE) : null;
  return now.measured.map((m, i) => {
    const share = m.rps / now.health.rps;
    const then = before?.measured[i];
    const cold = uncached?.measured[i];
    const times = then ? m.rps / then.rps : null;
    return {
      budget: `${m.read.name}, 10 connections, on the ${now.engine}`,
      limit:
        engine === 'postgres'
          ? '≥ 15 % of /healthz'
          : then
            ? `≥ ${TIMES_BASELINE}× ${BASELINE}`
            : 'reference',
      measured:
        `${m.rps.toFixed(0)} req/s = ${(share * 100).toFixed(1)} % of /healthz (${now.health.rps.toFixed(0)} req/s); p50 ${m.p50} ms, p99 ${m.p99} ms` +
        (then && times
          ? `; before: ${then.rps.toFixed(0)} req/s, p50 ${then.p50} ms = ${times.toFixed(1)}×`
          : '') +
        (cold && uncached
          ? `; read every time (ANSWER_CACHE=0): ${cold.rps.toFixed(0)} req/s = ${((cold.rps / uncached.health.rps) * 100).toFixed(1)} %, p50 ${cold.p50} ms`
          : ''),
      ok:
        engine === 'postgres' && now.engine === 'PostgreSQL'
          ? share >= SHARE
          : times !== null
            ? times >= TIMES_BASELINE
            : null,
    };
  });
}

if (import.meta.main) {
  for (const engine of ['postgres', 'embedded'] as const)
    for (const r of await readBudgetRows(engine))
      console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${verdict(r)}`);
}
