// A Fieldport server process the chaos and soak scripts control themselves: the real entry point in
// a child process on a data folder or database they choose (so a second start finds the first one's
// data), its pid (for kill -9), the tail of its output, and a plain HTTP client
// with its own connection pool, so every socket and status is seen as it is.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import pg from 'pg';

export const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the PostgreSQL server of BENCH_DATABASE_URL; false when it is not reachable. */
export async function admin(query: string): Promise<boolean> {
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

/** The PostgreSQL server's version, as it reports it ('17.2 (Debian 17.2-1)'). */
export async function postgresVersion(): Promise<string> {
  const c = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await c.connect();
    const { rows } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    return rows[0]?.v ?? 'unknown';
  } finally {
    await c.end().catch(() => {});
  }
}

/** The URL of database `name` on the PostgreSQL server of BENCH_DATABASE_URL, through `port` if given. */
export function databaseUrl(name: string, port?: number): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (port) {
    url.hostname = '127.0.0.1';
    url.port = String(port);
  }
  return url.toString();
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** The last few kilobytes of its stdout and stderr. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
}

export interface Where {
  port: number;
  dataDir: string;
  databaseUrl?: string | undefined;
}

/** `extra`: node options before the entry point (e.g. `--import` of a probe) and more environment. */
export function spawnServer(
  where: Where,
  extra: { args?: string[]; env?: NodeJS.ProcessEnv } = {},
): ServerProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...extra.env,
    PORT: String(where.port),
    HOST: '127.0.0.1',
    DATA_DIR: where.dataDir,
    LOG_LEVEL: 'error',
  };
  if (where.databaseUrl) env.DATABASE_URL = where.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [...(extra.args ?? []), join(import.meta.dirname, '../apps/server/src/main.ts')],
    {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let tail = '';
  const keep = (b: Buffer) => {
    tail = (tail + b.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | string>((r) =>
    child.once('exit', (code, signal) => r(code ?? signal ?? 'unknown')),
  );
  return { child, pid: child.pid ?? 0, output: () => tail, exited };
}

/** Starts a server and waits for /readyz; resolves with it and the milliseconds it took. */
export async function startServer(
  where: Where,
  extra: Parameters<typeof spawnServer>[1] = {},
): Promise<{ server: ServerProcess; readyMs: number }> {
  const started = performance.now();
  const server = spawnServer(where, extra);
  let gone: number | string | null = null;
  void server.exited.then((c) => {
    gone = c;
  });
  const end = Date.now() + 120_000;
  for (;;) {
    if (gone !== null) throw new Error(`server exited (${gone}) before it was ready:\n${server.output()}`);
    const ok = await fetch(`http://127.0.0.1:${where.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) {
      server.child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${server.output()}`);
    }
    await sleep(25);
  }
  return { server, readyMs: performance.now() - started };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Answer {
  status: number;
  body: string;
  /** The Connection header of the answer. */
  connection: string | undefined;
  /** The Retry-After header of the answer. */
  retryAfter: string | undefined;
}

/** One HTTP call on `agent`'s pool; rejects with the socket error (its `code`) when there is no answer. */
export function call(
  agent: http.Agent,
  port: number,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  onSocket?: (s: import('node:net').Socket) => void,
  /** Called once the whole request has been handed to the operating system. */
  onSent?: () => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        timeout: 15_000,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            connection: res.headers.connection,
            retryAfter: res.headers['retry-after'],
          }),
        );
        res.on('error', reject);
      },
    );
    if (onSocket) req.once('socket', onSocket);
    if (onSent) req.once('finish', onSent);
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    req.end(payload);
  });
}

/** The error code of a failed call (ECONNREFUSED, ECONNRESET, …). */
export const codeOf = (err: unknown) => (err as { code?: string }).code ?? (err as Error).message;

/** Signs in as a demo account (password Demo!2026) and returns its access token. */
export async function tokenOf(port: number, email: string): Promise<string> {
  const auth = Buffer.from(`${email}:Demo!2026`).toString('base64');
  const res = await fetch(`http://127.0.0.1:${port}/api2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials&scope=ServiceProvider.Administrator',
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The q-quantile of sorted numbers. */
export const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : Number.NaN;

/** A TCP relay to PostgreSQL that can be cut (connections destroyed, new ones refused) and restored. */
export function relayTo(target: URL) {
  const sockets = new Set<net.Socket>();
  let listener: net.Server | null = null;
  const open = () =>
    new Promise<number>((resolve) => {
      const port = relay.port;
      const l = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      listener = l;
      l.listen(port, '127.0.0.1', () => {
        relay.port = (l.address() as net.AddressInfo).port;
        resolve(relay.port);
      });
    });
  const relay = {
    port: 0,
    open,
    cut: async () => {
      await new Promise((r) => {
        listener?.close(r);
        for (const s of sockets) s.destroy();
      });
    },
  };
  return relay;
}
