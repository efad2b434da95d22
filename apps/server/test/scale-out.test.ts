import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { taskPlans, tasks } from '../src/db/schema/index.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { addTokenKey, readTokenKeys } from '../src/modules/session/token-keys.repository.ts';
import { engines, startTestApp } from './harness.ts';
import { basic, bearer, form, tokensOf } from './support.ts';

/**
 * Several server processes on one database behave as one (issue 17): the signing keys are the
 * database's when TOKEN_SECRET is not set, a new key signs no one out, processes started together
 * migrate once, and the task queue runs each task and plan once. (Sign-in throttling and ended sign-ins
 * across servers: sign-in-hardening.test.ts; live events across servers: live-events.test.ts; all of
 * them, shared files and draining with three real processes: scale-out-shared.test.ts.)
 */
describe.each(engines)('signing keys kept in the database, on %s', (engine) => {
  it('makes one key, signs with the newest and still takes tokens of the older after a new one', async () => {
    const t = await startTestApp(engine, { tokenSecret: null });
    try {
      const keys = await readTokenKeys(t.db);
      expect(keys).toHaveLength(1);
      const user = await createUser(t.db, { userTypeId: 1 });
      const before = (await tokensOf(t.app, user.email)).access_token;
      expect(decodeProtectedHeader(before).kid).toBe(keys[0]?.id);

      await addTokenKey(t.db, 'n'.repeat(48));
      const newest = (await readTokenKeys(t.db)).at(-1)?.id;
      // Announced to the process: the next token is signed with the new key; the older token still works.
      await expect
        .poll(async () => decodeProtectedHeader((await tokensOf(t.app, user.email)).access_token).kid)
        .toBe(newest);
      const userinfo = await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(before) });
      expect(userinfo.statusCode).toBe(200);
      // A token naming a key nobody has is refused.
      const [head, body, sig] = before.split('.');
      const forged = JSON.parse(Buffer.from(head ?? '', 'base64url').toString());
      const otherKid = `${Buffer.from(JSON.stringify({ ...forged, kid: '999' })).toString('base64url')}.${body}.${sig}`;
      expect(
        (await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(otherKid) })).statusCode,
      ).toBe(401);
    } finally {
      await t.close();
    }
  }, 90_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;
const serverMain = join(import.meta.dirname, '../src/main.ts');

/** A real server process on `databaseUrl` without TOKEN_SECRET; resolves once it serves. */
async function startProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const { TOKEN_SECRET: _none, ...inherited } = process.env;
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...inherited,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-scale-')),
      DEMO_DATA: '0',
      ADMIN_EMAIL: 'ops@example.test',
      ADMIN_PASSWORD: 'Scale!2026',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server on port ${port} exited: ${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    if (Date.now() > end) throw new Error(`the server on port ${port} did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(pgUrl ? ['postgres'] : [])('two server processes on one %s database', () => {
  const children: ChildProcess[] = [];
  const name = `fp_scale_${process.pid}`;
  const url = new URL(pgUrl ?? 'postgres://localhost/x');
  url.pathname = `/${name}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    try {
      return await c.query(sql);
    } finally {
      await c.end();
    }
  };
  afterAll(async () => {
    for (const c of children) {
      c.kill('SIGTERM');
      if (c.exitCode === null) await once(c, 'exit');
    }
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('start together on an empty database, migrate once, and take each other’s tokens', async () => {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    const ports = [19_311, 19_312];
    children.push(...(await Promise.all(ports.map((p) => startProcess(url.toString(), p)))));
    const journal = JSON.parse(
      readFileSync(join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const applied = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      expect(applied.rows[0].n).toBe(journal.entries.length);
      const keys = await db.query('select count(*)::int as n from token_keys');
      expect(keys.rows[0].n).toBe(1);
      const admins = await db.query(`select count(*)::int as n from users where email = 'ops@example.test'`);
      expect(admins.rows[0].n).toBe(1);
    } finally {
      await db.end();
    }
    const signIn = await fetch(`http://127.0.0.1:${ports[0]}/api2/token`, {
      method: 'POST',
      headers: {
        authorization: basic('ops@example.test', 'Scale!2026'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    expect(signIn.status).toBe(200);
    const { access_token } = (await signIn.json()) as { access_token: string };
    const other = await fetch(`http://127.0.0.1:${ports[1]}/api2/ServiceProvider/userinfo`, {
      headers: bearer(access_token),
    });
    expect(other.status).toBe(200);
    const info = (await other.json()) as { UserInfo: { EmailAdress: string } };
    expect(info.UserInfo.EmailAdress).toBe('ops@example.test');
  }, 120_000);
});

describe.each(pgUrl ? (['postgres'] as const) : [])(
  'the task queue of three servers on one %s database',
  (engine) => {
    it('runs each of 30 tasks once and a due plan once, whatever server’s worker takes it', async () => {
      const one = await startTestApp(engine);
      const others = await Promise.all(
        [0, 1].map(() => startTestApp(engine, { databaseUrl: one.databaseUrl! })),
      );
      const servers = [one, ...others];
      try {
        const runs = new Map<number, number[]>();
        for (const [index, s] of servers.entries())
          s.app.services.tasks.register('Counted', async ({ task }) => {
            // Long enough that the workers overlap.
            await new Promise((r) => setTimeout(r, 20));
            runs.set(task.id, [...(runs.get(task.id) ?? []), index]);
            return null;
          });
        for (let i = 0; i < 30; i++)
          await one.app.services.tasks.enqueue({ name: 'Counted', displayText: `Task ${i}` });
        await one.db.insert(taskPlans).values({
          name: 'CountedPlan',
          taskName: 'Counted',
          cron: '0 3 * * *',
          description: 'task_clean_exports',
          nextRunAt: new Date(Date.now() - 60_000),
        });
        await Promise.all(servers.map((s) => s.app.services.tasks.drain()));
        expect(runs.size).toBe(31);
        expect([...runs.values()].every((r) => r.length === 1)).toBe(true);
        // The work was shared: more than one server ran some.
        expect(new Set([...runs.values()].flat()).size).toBeGreaterThan(1);
        const planned = await one.db.select().from(tasks).where(eq(tasks.planName, 'CountedPlan'));
        expect(planned).toHaveLength(1);
      } finally {
        for (const s of others) await s.app.close();
        await one.close();
      }
    }, 120_000);
  },
);
