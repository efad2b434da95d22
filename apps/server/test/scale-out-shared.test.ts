import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_EVENTS_PATH } from '@fieldport/contract';
import { count } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../src/db/database.ts';
import { signInFailures, storedFileParts } from '../src/db/schema/index.ts';
import { createCustomer, createUser } from '../src/dev/factories/index.ts';
import { pdf } from './sample-files.ts';
import { basic, bearer, form, PASSWORD } from './support.ts';

/**
 * Three real server processes on one PostgreSQL behave as one (issue 17): what one process changes,
 * the others answer by, whichever a load balancer picks. Each process has its own DATA_DIR, so nothing
 * is shared but the database: sign-outs, the sign-in throttle, uploaded files (the PostgreSQL file
 * store, which DATABASE_URL without S3_URL selects) and live events. And a process told to stop
 * (SIGTERM) is not ready any more while the calls under way finish.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const serverMain = join(import.meta.dirname, '../src/main.ts');

interface Server {
  child: ChildProcess;
  url: string;
  dataDir: string;
}

/** A real server process on `databaseUrl` on a free port; resolves once it is ready. */
async function startProcess(databaseUrl: string, extra: Record<string, string> = {}): Promise<Server> {
  const { TOKEN_SECRET: _none, S3_URL: _noS3, ...inherited } = process.env;
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-shared-'));
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      ADMIN_EMAIL: 'ops@example.test',
      ADMIN_PASSWORD: 'Scale!2026',
      // The test plays the balancer: its X-Forwarded-For is each caller's address.
      TRUST_PROXY: '1',
      // Failed sign-ins are not slowed here (decision 058): the throttle's counts are what is shared.
      SIGN_IN_MAX_DELAY_MS: '0',
      LOG_LEVEL: 'silent',
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a server exited: ${output}`);
    const port = /serving at http:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
    if (port) {
      const url = `http://127.0.0.1:${port}`;
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { child, url, dataDir };
    }
    if (Date.now() > end) throw new Error(`a server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
};

/** Polls `check` until it holds; answers how long that took, or fails after `ms`. */
async function within(ms: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A database of the test's own, named after the one the run was given (its prefix kept). */
function testDatabase(suffix: string) {
  const base = new URL(pgUrl ?? 'postgres://localhost/x');
  const name = `${base.pathname.slice(1) || 'fp'}_${suffix}_${process.pid}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  return {
    url: url.toString(),
    create: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await admin(`create database ${name}`);
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

describe.runIf(pgUrl)('three server processes on one PostgreSQL share what decides an answer', () => {
  const db = testDatabase('shared');
  const servers: Server[] = [];
  let database: Database;

  /** POST /api2/token on a server, as a caller at `address` behind the balancer. */
  const signIn = (server: Server, email: string, password: string, address: string) =>
    fetch(`${server.url}/api2/token`, {
      method: 'POST',
      headers: {
        authorization: basic(email, password),
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': address,
      },
      body: form,
    });
  const tokensOf = async (server: Server, email: string, password = PASSWORD) => {
    const res = await signIn(server, email, password, '192.0.2.1');
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as { access_token: string; refresh_token: string };
  };
  const userInfo = (server: Server, token: string) =>
    fetch(`${server.url}/api2/ServiceProvider/userinfo`, { headers: bearer(token) });

  beforeAll(async () => {
    await db.create();
    servers.push(...(await Promise.all([0, 1, 2].map(() => startProcess(db.url)))));
    // The test's own connection, for the factories (the processes have migrated the database).
    database = await openPostgres(db.url);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    await database?.close();
    await db.drop();
  }, 60_000);

  it('refuses on every other process, by its event, an access token signed out through one', async () => {
    const user = await createUser(database.db, { userTypeId: 2 });
    const tokens = await tokensOf(servers[0]!, user.email);
    // Taken everywhere first, so each process has checked (and may keep) the sign-in.
    for (const s of servers) expect((await userInfo(s, tokens.access_token)).status).toBe(200);
    const out = await fetch(`${servers[0]!.url}/api2/token/revoke`, {
      method: 'POST',
      headers: bearer(tokens.refresh_token),
    });
    expect(out.status).toBe(200);
    expect((await userInfo(servers[0]!, tokens.access_token)).status).toBe(401);
    for (const s of servers.slice(1)) {
      // By the sign-out's event, long before the access token's own expiry; how soon is the machine's speed.
      await within(60_000, `the sign-out reaching ${s.url}`, async () => {
        return (await userInfo(s, tokens.access_token)).status === 401;
      });
    }
    // A new sign-in of the same user works on all of them.
    const fresh = await tokensOf(servers[1]!, user.email);
    for (const s of servers) expect((await userInfo(s, fresh.access_token)).status).toBe(200);
  });

  it('holds a guesser once the account has had 100 failures counted over the processes, on every process; never the victim', async () => {
    const user = await createUser(database.db, { userTypeId: 2 });
    // 95 failures an attack left from ten other addresses (the rows sign-in writes).
    const at = new Date();
    await database.db.insert(signInFailures).values(
      Array.from({ length: 95 }, (_, i) => ({
        account: user.email.toLowerCase(),
        address: `198.51.100.${(i % 10) + 100}`,
        failedAt: at,
      })),
    );
    // Five more from one caller, spread over the processes: each process writes its own.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(servers[i % 3]!, user.email, 'Wrong!2026', '198.51.100.1')).status);
    expect(statuses).toEqual(Array(5).fill(400));
    // 100 in the hour: that caller is refused on every process, even the right password, with Retry-After.
    for (const s of servers) {
      const res = await signIn(s, user.email, PASSWORD, '198.51.100.1');
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await res.json()) as { Message: string }).Message).toMatch(/\S/);
    }
    // The victim, from an address that has not failed, signs in on every process.
    for (const [i, s] of servers.entries())
      expect((await signIn(s, user.email, PASSWORD, `198.51.100.${20 + i}`)).status).toBe(200);
  });

  it('serves a document uploaded through one process from the others, from the database', async () => {
    const technician = await createUser(database.db, { userTypeId: 2 });
    const tokens = await tokensOf(servers[0]!, technician.email);
    const customer = await createCustomer(database.db);
    const manual = pdf('Shared service manual');
    const body = new FormData();
    body.append('Files', new Blob([manual], { type: 'application/pdf' }), 'shared manual.pdf');
    const up = await fetch(`${servers[0]!.url}/api2/ServiceProvider/customer/${customer.id}/documents`, {
      method: 'POST',
      headers: bearer(tokens.access_token),
      body,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const [doc] = (await up.json()) as { RelativePath: string; Url: string }[];
    for (const s of servers.slice(1)) {
      const res = await fetch(`${s.url}${doc!.Url}`, { headers: bearer(tokens.access_token) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="shared manual.pdf"/);
      expect(Buffer.from(await res.arrayBuffer()).equals(manual)).toBe(true);
      // Still only for who may read it.
      expect((await fetch(`${s.url}${doc!.Url}`)).status).toBe(401);
    }
    // Kept in PostgreSQL, in no process's folder.
    const [parts] = await database.db.select({ n: count() }).from(storedFileParts);
    expect(parts?.n).toBeGreaterThan(0);
    for (const s of servers) {
      const uploads = join(s.dataDir, 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    }
  });

  it('brings a change made through one process to a live-event client of another', async () => {
    const adminUser = await createUser(database.db, { userTypeId: 1 });
    const [tokensA, tokensC] = [
      await tokensOf(servers[0]!, adminUser.email),
      await tokensOf(servers[2]!, adminUser.email),
    ];
    const got: { event: string; data: unknown }[] = [];
    const socket: Socket = io(servers[2]!.url, {
      path: LIVE_EVENTS_PATH,
      auth: { token: tokensC.access_token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    try {
      socket.onAny((event: string, data: unknown) => got.push({ event, data }));
      await new Promise((resolve, reject) => {
        socket.on('sync', resolve);
        socket.on('connect_error', reject);
      });
      const customer = await createCustomer(database.db);
      const res = await fetch(`${servers[0]!.url}/api2/ServiceProvider/customer/${customer.id}`, {
        method: 'PATCH',
        headers: { ...bearer(tokensA.access_token), 'content-type': 'application/json' },
        body: JSON.stringify({ Name: 'Across processes AS' }),
      });
      expect(res.status, await res.clone().text()).toBe(200);
      await within(10_000, 'the change on the other process', async () =>
        got.some((g) => g.event === 'customer'),
      );
      expect(got.find((g) => g.event === 'customer')?.data).toMatchObject({
        EntityId: String(customer.id),
        ChangeType: 'Change',
      });
    } finally {
      socket.disconnect();
    }
  });

  it('on SIGTERM is not ready (503) while the call under way finishes, then ends', async () => {
    const server = servers.pop()!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const readyz = () =>
      new Promise<number>((resolve, reject) =>
        http
          .get(`${server.url}/readyz`, { agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject),
      );
    try {
      expect(await readyz()).toBe(200);
      // A call under way: its body half sent when the signal comes.
      const port = Number(new URL(server.url).port);
      const slow = net.connect(port, '127.0.0.1');
      await once(slow, 'connect');
      let answer = '';
      slow.on('data', (d) => (answer += d.toString()));
      const json = '{"username":"nobody@example.test"}';
      slow.write(
        `POST /api2/Accounts/RecoverPassword HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json.slice(0, 10)}`,
      );
      await new Promise((r) => setTimeout(r, 200));
      const exited = once(server.child, 'exit');
      server.child.kill('SIGTERM');
      // The balancer's next readiness probe on its open connection: not ready.
      await within(
        5_000,
        'readiness false while draining',
        async () => (await readyz().catch(() => -1)) === 503,
      );
      slow.write(json.slice(10));
      await within(5_000, 'the answer of the call under way', async () => /\r\n\r\n/.test(answer));
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});

describe.runIf(pgUrl)('two server processes with S3_URL', () => {
  const db = testDatabase('s3');
  const servers: Server[] = [];
  let database: Database;
  let s3: S3rver;
  let bucket: string;

  beforeAll(async () => {
    bucket = mkdtempSync(join(tmpdir(), 'fp-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: bucket,
      configureBuckets: [{ name: 'fieldport', configs: [] }],
    });
    const { port } = await s3.run();
    await db.create();
    const S3_URL = `s3://S3RVER:S3RVER@127.0.0.1:${port}/fieldport/site-1?forcePathStyle=true&tls=false`;
    servers.push(...(await Promise.all([0, 1].map(() => startProcess(db.url, { S3_URL })))));
    database = await openPostgres(db.url);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => stop(s.child)));
    await database?.close();
    await db.drop();
    await s3?.close();
  }, 60_000);

  it('keep an uploaded document in the bucket, and each serves what the other stored', async () => {
    const technician = await createUser(database.db, { userTypeId: 2 });
    const tokens = await tokensOfAt(servers[1]!, technician.email);
    const customer = await createCustomer(database.db);
    const manual = pdf('Manual in the bucket');
    const body = new FormData();
    body.append('Files', new Blob([manual], { type: 'application/pdf' }), 'bucket.pdf');
    const up = await fetch(`${servers[1]!.url}/api2/ServiceProvider/customer/${customer.id}/documents`, {
      method: 'POST',
      headers: bearer(tokens.access_token),
      body,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const [doc] = (await up.json()) as { RelativePath: string; Url: string }[];
    const res = await fetch(`${servers[0]!.url}${doc!.Url}`, { headers: bearer(tokens.access_token) });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(manual)).toBe(true);
    // In the bucket under the prefix, not in PostgreSQL.
    const [parts] = await database.db.select({ n: count() }).from(storedFileParts);
    expect(parts?.n).toBe(0);
    const kept = readdirSync(bucket, { recursive: true }).map(String);
    expect(kept.some((f) => f.includes(`site-1/${doc!.RelativePath}`))).toBe(true);
  });
});

/** Signs in on a server (a caller of its own address); fails the test when sign-in fails. */
async function tokensOfAt(server: Server, email: string) {
  const res = await fetch(`${server.url}/api2/token`, {
    method: 'POST',
    headers: { authorization: basic(email, PASSWORD), 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}
