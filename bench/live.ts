// npm run bench:live: the live-event budget alone (npm run bench measures it with the others).
// ENGINEERING.md measures it on PostgreSQL: the server starts on a throwaway database of the local
// PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), filled
// with the demo company, then 200 and 1,000 clients are timed. Without a reachable PostgreSQL it runs
// on the embedded database and says so.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { adminToken, fanOutRows } from './live-events.ts';

const port = 18_191;
const base = `http://127.0.0.1:${port}`;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(query: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await c.connect();
    await c.query(query);
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** The live-event budget rows, measured against a server of its own (and a database of its own). */
export async function liveBudgetRows() {
  const name = `fp_bench_live_${process.pid}`;
  const onPostgres = await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = spawn(process.execPath, [join(import.meta.dirname, '../apps/server/src/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-bench-live-')),
      LOG_LEVEL: 'silent',
      ...(onPostgres ? { DATABASE_URL: url.toString() } : {}),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((r) => server.once('exit', r));
  try {
    const end = Date.now() + 120_000;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > end) throw new Error('server did not become ready');
      await new Promise((r) => setTimeout(r, 50));
    }
    const engine = onPostgres ? 'PostgreSQL' : 'embedded database: no PostgreSQL reachable';
    return (await fanOutRows(base, await adminToken(base))).map((r) => ({
      ...r,
      measured: `${r.measured}; ${engine}`,
    }));
  } finally {
    server.kill('SIGTERM');
    await exited;
    if (onPostgres) await admin(`drop database if exists ${name} with (force)`);
  }
}

if (import.meta.main) {
  const rows = await liveBudgetRows();
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
