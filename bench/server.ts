// A Fieldport server of a benchmark's own: the real entry point in a child process, on a fresh
// embedded data folder, or on a throwaway database of the local PostgreSQL server
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), filled with the demo company.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, adminUrl } from './process.ts';

export interface BenchServer {
  base: string;
  /** What it runs on: 'PostgreSQL' or 'embedded database'. */
  engine: string;
  /** Its PostgreSQL database, when it runs on one (for a bench that adds its own data). */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/**
 * Starts a server on `port`. `engine: 'postgres'` falls back to the embedded database when no
 * PostgreSQL server is reachable, and says so in `engine`. `checkout`: the root of another checkout
 * of the repository (with its own node_modules) to start instead of this one, for a side-by-side run.
 * `extraEnv`: configuration of its own (say, `ANSWER_CACHE: '0'`).
 */
export async function startBenchServer(
  port: number,
  engine: 'postgres' | 'embedded',
  checkout = join(import.meta.dirname, '..'),
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<BenchServer> {
  const name = `fp_bench_${port}_${process.pid}`;
  const onPostgres = engine === 'postgres' && (await admin(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-bench-')),
    LOG_LEVEL: 'silent',
    ...extraEnv,
  };
  if (onPostgres) env.DATABASE_URL = url.toString();
  else delete env.DATABASE_URL;
  const server = spawn(process.execPath, [join(checkout, 'apps/server/src/main.ts')], {
    env,
    stdio: 'ignore',
  });
  const exited = new Promise((r) => server.once('exit', r));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
    if (onPostgres) await admin(`drop database if exists ${name} with (force)`);
  };
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
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    base,
    engine: onPostgres
      ? 'PostgreSQL'
      : engine === 'postgres'
        ? 'embedded database: no PostgreSQL reachable'
        : 'embedded database',
    ...(onPostgres ? { databaseUrl: url.toString() } : {}),
    stop,
  };
}
