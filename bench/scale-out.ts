// npm run bench:scale: the read mix of bench/reads.ts (job/{id}, a 50-row JobList/Filtered,
// customer/Filtered, machine/{id}, a week of Scheduler/DateRange, userinfo, in turn on every
// connection) served by one, two and three server processes on one PostgreSQL database (issue 17).
// The load is spread over the processes by the load generator itself, one autocannon per process in
// the same run (as a load balancer would, without its own cost on these two cores), 12 connections in
// all. Budget: two processes ≥ 1.3 times the requests per second of one, with no worse p99.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { adminToken } from './live-events.ts';
import { admin, databaseUrl, type ServerProcess, startServer } from './process.ts';
import { type Read, readsOf } from './reads.ts';
import type { Row } from './row.ts';

const CONNECTIONS = 12;
const BASE_PORT = 18_300;

interface Measured {
  processes: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

/** The mix on each process at once (its share of the connections); summed rates, worst latencies. */
async function measureMix(ports: number[], token: string, reads: Read[], seconds: number): Promise<Measured> {
  const requests = reads.map((r) => ({
    method: r.method,
    path: `/api2/ServiceProvider/${r.path}`,
    ...(r.body ? { body: JSON.stringify(r.body) } : {}),
  }));
  const results = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS / ports.length,
        duration: seconds,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        requests,
      }),
    ),
  );
  return {
    processes: ports.length,
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failed: results.reduce((s, r) => s + r.non2xx + r.errors + r.timeouts, 0),
  };
}

/** One, two and three processes on one new database with the demo company, measured in turn. */
export async function scaleOutRows(opts = { quick: false }): Promise<Row[]> {
  const seconds = opts.quick ? 4 : 10;
  const name = `fp_bench_scale_${process.pid}`;
  if (!(await admin(`create database ${name}`))) throw new Error('no PostgreSQL server');
  const url = databaseUrl(name);
  const servers: ServerProcess[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-scale-'));
  try {
    const measured: Measured[] = [];
    let token = '';
    let reads: Read[] = [];
    for (let n = 1; n <= 3; n++) {
      const port = BASE_PORT + n;
      servers.push((await startServer({ port, dataDir, databaseUrl: url })).server);
      if (n === 1) {
        token = await adminToken(`http://127.0.0.1:${port}`);
        reads = await readsOf(`http://127.0.0.1:${port}`, token);
      }
      const ports = servers.map((_, i) => BASE_PORT + i + 1);
      // Each process reads the mix once first (its kept lookups and answers), as a serving one has.
      await measureMix(ports, token, reads, 1);
      measured.push(await measureMix(ports, token, reads, seconds));
    }
    const [one, two, three] = measured as [Measured, Measured, Measured];
    const line = (m: Measured) =>
      `${m.processes}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ${m.failed} failed`;
    return [
      {
        budget: `read mix on 2 server processes vs 1, one PostgreSQL (${CONNECTIONS} connections)`,
        limit: '≥ 1.3 × the rate of one, p99 no worse',
        measured: `${(two.rps / one.rps).toFixed(2)} × (${line(one)}; ${line(two)}; ${line(three)})`,
        ok: two.rps >= 1.3 * one.rps && two.p99 <= one.p99 && measured.every((m) => m.failed === 0),
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
