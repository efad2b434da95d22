// npm run bench:scale: the read mix of bench/reads.ts (job/{id}, a 50-row JobList/Filtered,
// customer/Filtered, machine/{id}, a week of Scheduler/DateRange, userinfo, in turn on every
// connection) served by one, two and three server processes on one PostgreSQL database (issue 17).
// The load is spread over the processes by the load generator itself, one wrk per process in the same
// run (as a load balancer would, without its own cost on these two cores), 12 connections in all.
// wrk (Debian's package) and not autocannon: autocannon's JavaScript needs about as much CPU per
// request as the server's answer from its cache, so on two cores it measured itself, not the servers.
// Budget: two processes ≥ 1.3 times the requests per second of one, with no worse p99.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminToken } from './live-events.ts';
import { admin, databaseUrl, type ServerProcess, startServer } from './process.ts';
import { type Read, readsOf } from './reads.ts';
import type { Row } from './row.ts';

const CONNECTIONS = 12;
const BASE_PORT = 18_300;
const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';

interface Measured {
  processes: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

const lua = (text: string) => JSON.stringify(text);

/** wrk's script: the mix's requests in turn on every connection, and a JSON line of its figures at the end. */
function mixScript(dir: string, token: string, reads: Read[]): string {
  const path = join(dir, 'mix.lua');
  writeFileSync(
    path,
    `wrk.headers["authorization"] = ${lua(`Bearer ${token}`)}
wrk.headers["content-type"] = "application/json"
local reqs = {}
local i = 0
init = function(args)
${reads
  .map(
    (r, n) =>
      `  reqs[${n + 1}] = wrk.format(${lua(r.method)}, ${lua(`/api2/ServiceProvider/${r.path}`)}, nil, ${
        r.body ? lua(JSON.stringify(r.body)) : 'nil'
      })`,
  )
  .join('\n')}
end
request = function()
  i = i % #reqs + 1
  return reqs[i]
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"seconds":%f,"p50":%f,"p99":%f,"failed":%d,"timeouts":%d,"status":%d,"max":%f}\\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1e3, latency:percentile(99) / 1e3,
    e.connect + e.read + e.write + e.status + e.timeout, e.timeout, e.status, latency.max / 1e3))
end
`,
  );
  return path;
}

/** One wrk run on a port: its JSON line. */
function wrk(port: number, connections: number, seconds: number, script: string) {
  return new Promise<{ requests: number; seconds: number; p50: number; p99: number; failed: number }>(
    (resolve, reject) => {
      const child = spawn(WRK, [
        '-t1',
        `-c${connections}`,
        `-d${seconds}s`,
        '-s',
        script,
        `http://127.0.0.1:${port}`,
      ]);
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.on('error', reject);
      child.on('exit', (code) => {
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (code !== 0 || !line) reject(new Error(`wrk exited with ${code}: ${out.slice(-300)}`));
        else {
          if (process.env.BENCH_SCALE_DEBUG) console.log(port, line);
          resolve(JSON.parse(line));
        }
      });
    },
  );
}

/** The mix on each process at once (its share of the connections); summed rates, worst latencies. */
async function measureMix(ports: number[], script: string, seconds: number): Promise<Measured> {
  const results = await Promise.all(
    ports.map((port) => wrk(port, CONNECTIONS / ports.length, seconds, script)),
  );
  return {
    processes: ports.length,
    rps: results.reduce((s, r) => s + r.requests / r.seconds, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    failed: results.reduce((s, r) => s + r.failed, 0),
  };
}

/** One, two and three processes on one new database with the demo company, measured in turn. */
export async function scaleOutRows(opts = { quick: false }): Promise<Row[]> {
  const seconds = opts.quick ? 4 : 10;
  if (!existsSync(WRK)) throw new Error(`wrk is missing (${WRK}): apt-get install wrk`);
  const name = `fp_bench_scale_${process.pid}`;
  if (!(await admin(`create database ${name}`))) throw new Error('no PostgreSQL server');
  const url = databaseUrl(name);
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-scale-'));
  try {
    const measured: Measured[] = [];
    let script = '';
    for (let n = 1; n <= 3; n++) {
      const port = BASE_PORT + n;
      servers.push((await startServer({ port, dataDir, databaseUrl: url })).server);
      if (n === 1) {
        const token = await adminToken(`http://127.0.0.1:${port}`);
        script = mixScript(dataDir, token, await readsOf(`http://127.0.0.1:${port}`, token));
      }
      const ports = servers.map((_, i) => BASE_PORT + i + 1);
      // Each process serves the mix for a while first (its kept lookups and answers, its compiled
      // code), as a serving one has: a process measured in its first seconds measures its start-up
      // (stalls of a second were seen on the new one, and on the others beside it, on two cores).
      await measureMix(ports, script, opts.quick ? 2 : 5);
      measured.push(await measureMix(ports, script, seconds));
    }
    const [one, two, three] = measured as [Measured, Measured, Measured];
    const line = (m: Measured) =>
      `${m.processes}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms, ${m.failed} failed`;
    return [
      {
        budget: `read mix on 2 server processes vs 1, one PostgreSQL (${CONNECTIONS} connections)`,
        limit: '≥ 1.3 × the rate of one, p99 no worse',
        measured: `${(two.rps / one.rps).toFixed(2)} × (${line(one)}; ${line(two)}; ${line(three)})`,
        ok:
          two.rps >= 1.3 * one.rps &&
          Math.round(two.p99 * 10) <= Math.round(one.p99 * 10) &&
          measured.every((m) => m.failed === 0),
      },
    ];
  } finally {
    for (const s of servers) {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    await admin(`drop database if exists ${name} with (force)`);
  }
}

if (import.meta.main) {
  for (const r of await scaleOutRows({ quick: process.argv.includes('--quick') }))
    console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
}
