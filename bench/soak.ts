// npm run soak: 50 calls a second for SOAK_SECONDS (default 300) of mixed reads and writes by all six
// demo user types, each making only calls its type may make, on a throwaway PostgreSQL database
// (SOAK_ENGINE=embedded: a fresh embedded data folder). Open loop: calls are sent on schedule whether or
// not earlier ones have answered. Budgets: p90 under 500 ms, over 99 % answered 2xx, and the server's
// memory growing under 10 % from after the warm-up (the first fifth of the run, at most 60 s) to the
// end. Memory is the V8 heap in use, sampled in the server process by memory-probe.ts; the budget
// compares the smallest sample of the 30 s after the warm-up with the smallest of the last 30 s (the
// smallest is the heap just after a collection: what is still held). Its resident set size (VmRSS) is
// printed too, not budgeted: V8 and the allocator give pages back and take them again, so it swings by
// a third within a minute. Exits non-zero when a budget is missed.
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/demo-accounts.ts';
import {
  admin,
  call,
  codeOf,
  databaseUrl,
  quantile,
  sleep,
  startServer,
  tokenOf,
  type Where,
} from './process.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const RATE = 50;
const WARM_UP_S = Math.min(60, SECONDS / 5);
const WINDOW_S = Math.min(30, SECONDS / 5);
const engine = process.env.SOAK_ENGINE === 'embedded' ? 'embedded' : 'postgres';

interface Call {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: (n: number) => unknown;
}
interface User {
  label: string;
  token: string;
  calls: Call[];
}

const sp = (p: string) => `/api2/ServiceProvider/${p}`;
const jobFilter = { Page: 1, ItemsPerPage: 25, JobStatusIdList: [10, 20, 30, 40] };

function thisWeek(): [string, string] {
  const d = new Date();
  const monday = new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)));
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return [monday.toISOString().slice(0, 10), sunday.toISOString().slice(0, 10)];
}

/** Each user type's calls (packages/contract/src/routes: the access of each), with ids it can see. */
async function usersOf(port: number, agent: http.Agent): Promise<User[]> {
  const [date1, date2] = thisWeek();
  const users: User[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const token = await tokenOf(port, account.email);
    const jobs = await call(agent, port, 'POST', sp('JobList/Filtered'), token, jobFilter);
    const jobId = (JSON.parse(jobs.body) as { Content?: { Id: number }[] }).Content?.[0]?.Id;
    const machines = await call(agent, port, 'POST', sp('Machine/Filtered'), token, {
      Page: 1,
      ItemsPerPage: 1,
    });
    const machineId = (JSON.parse(machines.body) as { Content?: { Id: number }[] }).Content?.[0]?.Id;
    const calls: Call[] = [
      { name: 'userinfo', method: 'GET', path: sp('userinfo') },
      { name: 'JobList/Filtered', method: 'POST', path: sp('JobList/Filtered'), body: () => jobFilter },
      { name: 'customer/Filtered', method: 'GET', path: sp('customer/Filtered?Page=1&ItemsPerPage=40') },
      {
        name: 'Machine/Filtered',
        method: 'POST',
        path: sp('Machine/Filtered'),
        body: () => ({ Page: 1, ItemsPerPage: 25 }),
      },
      {
        name: 'Appointment/DateRange',
        method: 'GET',
        path: sp(`Appointment/DateRange/?date1=${date1}&date2=${date2}`),
      },
      // A write every type may make: its own name, phone or language.
      {
        name: 'PATCH User/MyAccount',
        method: 'PATCH',
        path: sp('User/MyAccount/'),
        body: () => ({ Name: account.name }),
      },
    ];
    if (jobId) calls.push({ name: 'job/{id}', method: 'GET', path: sp(`job/${jobId}`) });
    if (machineId) calls.push({ name: 'machine/{id}', method: 'GET', path: sp(`machine/${machineId}`) });
    if (account.userTypeId === 1)
      calls.push({
        name: 'POST customer',
        method: 'POST',
        path: sp('customer/'),
        body: (n) => ({ Name: `Soak customer ${n}` }),
      });
    if ([1, 2, 3].includes(account.userTypeId) && jobId)
      calls.push({
        name: 'POST SupportLog',
        method: 'POST',
        path: sp('SupportLog'),
        body: (n) => ({ JobId: jobId, Text: `Soak note ${n}` }),
      });
    if ([1, 2, 3, 5].includes(account.userTypeId))
      calls.push({
        name: 'Log/CustomerLogs/Filtered',
        method: 'GET',
        path: sp('Log/CustomerLogs/Filtered?Page=1&ItemsPerPage=25'),
      });
    // Every call once before the run: a call the type may not make would fail the budget for nothing.
    for (const c of calls) {
      const a = await call(agent, port, c.method, c.path, token, c.body?.(0));
      if (a.status >= 300) throw new Error(`${account.label} ${c.name}: ${a.status} ${a.body.slice(0, 300)}`);
    }
    users.push({ label: account.label, token, calls });
  }
  return users;
}

const name = `fp_soak_${process.pid}`;
const onPostgres = engine === 'postgres' && (await admin(`create database ${name}`));
if (engine === 'postgres' && !onPostgres) console.log('No PostgreSQL reachable: on the embedded database.');
const where: Where = {
  port: 39_441,
  dataDir: mkdtempSync(join(tmpdir(), 'fp-soak-')),
  databaseUrl: onPostgres ? databaseUrl(name) : undefined,
};
const memoryFile = join(where.dataDir, 'memory.log');
const { server } = await startServer(where, {
  args: ['--import', join(import.meta.dirname, 'memory-probe.ts')],
  env: { FP_MEMORY_FILE: memoryFile },
});
/** The probe's samples since `since` (ms since the epoch): seconds from then, RSS and heap in bytes. */
const memorySince = (since: number) =>
  readFileSync(memoryFile, 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map(Number) as [number, number, number])
    .filter(([t]) => t >= since)
    .map(([t, rss, heap]) => ({ t: (t - since) / 1000, rss, heap }));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
let exitCode = 0;
try {
  const users = await usersOf(where.port, agent);
  console.log(
    `Soak: ${RATE} calls/s for ${SECONDS} s on ${onPostgres ? 'PostgreSQL' : 'the embedded database'}, ` +
      `${users.length} user types, ${users.reduce((n, u) => n + u.calls.length, 0)} kinds of call; warm-up ${WARM_UP_S} s`,
  );
  const latencies: number[] = [];
  const failed = new Map<string, number>();
  let sent = 0;
  let ok = 0;
  const pending = new Set<Promise<void>>();
  const start = performance.now();
  const startedAt = Date.now();
  let lastReport = 0;
  while (performance.now() - start < SECONDS * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * RATE);
    while (sent < due) {
      const n = sent++;
      const user = users[n % users.length]!;
      const c = user.calls[Math.floor(n / users.length) % user.calls.length]!;
      const t = performance.now();
      const p = call(agent, where.port, c.method, c.path, user.token, c.body?.(n)).then(
        (a) => {
          latencies.push(performance.now() - t);
          if (a.status < 300) ok++;
          else
            failed.set(
              `${user.label} ${c.name} ${a.status}`,
              (failed.get(`${user.label} ${c.name} ${a.status}`) ?? 0) + 1,
            );
        },
        (err) => {
          latencies.push(performance.now() - t);
          failed.set(
            `${user.label} ${c.name} ${codeOf(err)}`,
            (failed.get(`${user.label} ${c.name} ${codeOf(err)}`) ?? 0) + 1,
          );
        },
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
    }
    const s = Math.floor((performance.now() - start) / 1000);
    if (s >= lastReport + 30) {
      lastReport = s;
      const m = memorySince(startedAt).at(-1);
      console.log(
        `  ${s} s: ${sent} sent, ${ok} ok, heap ${((m?.heap ?? 0) / 2 ** 20).toFixed(0)} MB, RSS ${((m?.rss ?? 0) / 2 ** 20).toFixed(0)} MB`,
      );
    }
    await sleep(5);
  }
  await Promise.all(pending);
  const memory = memorySince(startedAt);

  const sorted = [...latencies].sort((a, b) => a - b);
  const afterWarmUp = memory.filter((x) => x.t >= WARM_UP_S && x.t < WARM_UP_S + WINDOW_S);
  const last = memory.filter((x) => x.t >= SECONDS - WINDOW_S);
  const least = (xs: typeof memory, k: 'heap' | 'rss') => Math.min(...xs.map((x) => x[k]));
  const median = (xs: typeof memory, k: 'heap' | 'rss') =>
    quantile(
      xs.map((x) => x[k]).sort((a, b) => a - b),
      0.5,
    );
  const startHeap = least(afterWarmUp, 'heap');
  const endHeap = least(last, 'heap');
  const growth = (endHeap / startHeap - 1) * 100;
  const startRss = median(afterWarmUp, 'rss');
  const endRss = median(last, 'rss');
  const rssGrowth = (endRss / startRss - 1) * 100;
  const success = (ok / sent) * 100;
  const p90 = quantile(sorted, 0.9);
  const mb = (b: number) => `${(b / 2 ** 20).toFixed(1)} MB`;
  const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)} %`;
  const rows = [
    ['calls sent', `${sent} (${(sent / SECONDS).toFixed(1)}/s)`, '', true],
    ['p50', `${quantile(sorted, 0.5).toFixed(1)} ms`, '', true],
    ['p90', `${p90.toFixed(1)} ms`, '< 500 ms', p90 < 500],
    ['p99', `${quantile(sorted, 0.99).toFixed(1)} ms`, '', true],
    ['max', `${(sorted.at(-1) ?? 0).toFixed(1)} ms`, '', true],
    ['success (2xx)', `${success.toFixed(3)} % (${sent - ok} failed)`, '> 99 %', success > 99],
    [
      'server heap after warm-up → end',
      `${mb(startHeap)} → ${mb(endHeap)} (${pct(growth)}; least of ${WINDOW_S} s each)`,
      '< 10 %',
      growth < 10,
    ],
    [
      'server RSS after warm-up → end',
      `${mb(startRss)} → ${mb(endRss)} (${pct(rssGrowth)}; medians; range ${mb(least(memory, 'rss'))}–${mb(Math.max(...memory.map((x) => x.rss)))})`,
      '',
      true,
    ],
  ] as const;
  console.log('');
  for (const [what, measured, limit, pass] of rows)
    console.log(
      `  ${what.padEnd(32)} ${measured.padEnd(70)} ${limit.padEnd(9)} ${limit ? (pass ? 'ok' : 'MISSED') : ''}`,
    );
  for (const [what, n] of failed) console.log(`  failed: ${what} × ${n}`);
  if (rows.some((r) => !r[3])) exitCode = 1;
} finally {
  agent.destroy();
  server.child.kill('SIGTERM');
  await server.exited;
  if (onPostgres) await admin(`drop database if exists ${name} with (force)`);
}
process.exit(exitCode);
