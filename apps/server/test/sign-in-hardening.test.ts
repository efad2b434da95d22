import { createServer, type Socket } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLog } from '../src/db/schema/index.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { recordEvent } from '../src/modules/common/outbox.ts';
import { revokeFamily } from '../src/modules/session/session.repository.ts';
import { engines, startTestApp, testClock, testConfig } from './harness.ts';
import { basic, bearer, form, PASSWORD, tokensOf } from './support.ts';

const secret = new TextEncoder().encode(testConfig().tokenSecret);

describe.each(engines)('sign-in hardening on %s', (engine) => {
  const clock = testClock(new Date());
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    t = await startTestApp(engine, { clock });
  });
  afterAll(() => t.close());

  const userinfo = (token: string) =>
    t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(token) });
  const logout = (refresh: string) =>
    t.app.inject({ method: 'POST', url: '/api2/token/revoke', headers: bearer(refresh) });

  describe('access tokens are checked for algorithm, issuer, audience, expiry and type', () => {
    let userId: number;
    let good: string;
    beforeAll(async () => {
      const user = await createUser(t.db, { userTypeId: 1 });
      userId = user.id;
      good = (await tokensOf(t.app, user.email)).access_token;
    });

    /** A token like ours with one thing changed (header, claims or key). */
    const forge = (
      change: { header?: Record<string, unknown>; claims?: Record<string, unknown>; key?: Uint8Array } = {},
    ) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ut: 1, sv: decodeJwt(good).sv, sid: decodeJwt(good).sid, ...change.claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...change.header } as never)
        .setSubject(String(userId))
        .setIssuer((change.claims?.iss as string) ?? 'fieldport')
        .setAudience((change.claims?.aud as string) ?? 'fieldport-api')
        .setIssuedAt(now)
        .setExpirationTime((change.claims?.exp as number) ?? now + 600)
        .sign(change.key ?? secret);
    };

    it('accepts our own token and a forged one made exactly like it (the check is not too strict)', async () => {
      expect((await userinfo(good)).statusCode).toBe(200);
      expect((await userinfo(await forge())).statusCode).toBe(200);
    });

    it('refuses alg none', async () => {
      const [, payload] = good.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
      for (const token of [`${header}.${payload}.`, `${header}.${payload}`]) {
        const res = await userinfo(token);
        expect(res.statusCode).toBe(401);
        expect(res.json().Message).toBe('Please sign in.');
      }
    });

    it('refuses a changed payload under the old signature', async () => {
      const [header, payload, signature] = good.split('.');
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
      // The same user made a technician, and the token made to last a day longer.
      const changed = Buffer.from(JSON.stringify({ ...claims, ut: 2, exp: claims.exp + 86_400 })).toString(
        'base64url',
      );
      expect(changed).not.toBe(payload);
      expect((await userinfo(`${header}.${changed}.${signature}`)).statusCode).toBe(401);
    });

    it('refuses another key, algorithm, issuer or audience', async () => {
      const other = new TextEncoder().encode('another-secret-another-secret-12345678');
      expect((await userinfo(await forge({ key: other }))).statusCode).toBe(401);
      expect((await userinfo(await forge({ header: { alg: 'HS512' } }))).statusCode).toBe(401);
      expect((await userinfo(await forge({ claims: { iss: 'someone-else' } }))).statusCode).toBe(401);
      expect((await userinfo(await forge({ claims: { aud: 'another-api' } }))).statusCode).toBe(401);
    });

    it('refuses an expired token', async () => {
      const past = Math.floor(Date.now() / 1000) - 60;
      expect((await userinfo(await forge({ claims: { exp: past } }))).statusCode).toBe(401);
    });

    it('refuses a token of another type, and a refresh token as an access token', async () => {
      expect((await userinfo(await forge({ header: { typ: 'refresh+jwt' } }))).statusCode).toBe(401);
      expect((await userinfo(await forge({ header: { typ: undefined } }))).statusCode).toBe(401);
      const user = await createUser(t.db, { userTypeId: 2 });
      const pair = await tokensOf(t.app, user.email);
      expect((await userinfo(pair.refresh_token)).statusCode).toBe(401);
      // And an access token is no refresh token.
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api2/token/refresh',
        headers: bearer(pair.access_token),
      });
      expect(refresh.statusCode).toBe(401);
    });
  });

  describe('an ended sign-in ends its HTTP session at once', () => {
    it('after logout the same access token answers 401 at once; other sign-ins of the user go on', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const one = await tokensOf(t.app, user.email);
      const two = await tokensOf(t.app, user.email);
      expect((await userinfo(one.access_token)).statusCode).toBe(200);
      expect((await logout(one.refresh_token)).statusCode).toBe(200);
      const after = await userinfo(one.access_token);
      expect(after.statusCode).toBe(401);
      expect(after.json().Message).toBe('Your session has ended. Please sign in again.');
      expect((await userinfo(two.access_token)).statusCode).toBe(200);
    });

    it('a reused refresh token ends its sign-in’s access tokens at once', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const first = await tokensOf(t.app, user.email);
      const rotated = await t.app.inject({
        method: 'POST',
        url: '/api2/token/refresh',
        headers: bearer(first.refresh_token),
      });
      const second = rotated.json() as { access_token: string };
      expect((await userinfo(second.access_token)).statusCode).toBe(200);
      const reuse = await t.app.inject({
        method: 'POST',
        url: '/api2/token/refresh',
        headers: bearer(first.refresh_token),
      });
      expect(reuse.statusCode).toBe(401);
      expect((await userinfo(second.access_token)).statusCode).toBe(401);
      expect((await userinfo(first.access_token)).statusCode).toBe(401);
    });

    it('deactivation and a password change end every session at once', async () => {
      const admin = await createUser(t.db, { userTypeId: 1 });
      const adminToken = (await tokensOf(t.app, admin.email)).access_token;
      const a = await createUser(t.db, { userTypeId: 2 });
      const b = await createUser(t.db, { userTypeId: 2 });
      const aToken = (await tokensOf(t.app, a.email)).access_token;
      const bToken = (await tokensOf(t.app, b.email)).access_token;
      const off = await t.app.inject({
        method: 'PATCH',
        url: `/api2/ServiceProvider/User/toggleactive/${a.id}`,
        headers: bearer(adminToken),
      });
      expect(off.statusCode).toBe(200);
      expect((await userinfo(aToken)).statusCode).toBe(401);
      const pw = await t.app.inject({
        method: 'POST',
        url: `/api2/ServiceProvider/User/changePasswordFor/${encodeURIComponent(b.email)}`,
        headers: bearer(adminToken),
        payload: { Password: 'Newer#2026x' },
      });
      expect(pw.statusCode).toBe(200);
      expect((await userinfo(bToken)).statusCode).toBe(401);
    });

    it('a sign-in ended by another server process is refused here within 5 s (through the outbox)', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const tokens = await tokensOf(t.app, user.email);
      expect((await userinfo(tokens.access_token)).statusCode).toBe(200);
      const sid = decodeJwt(tokens.access_token).sid as string;
      // What another process's logout commits: the family revoked and its `session` event, written
      // without this process's commit hook, so only the live-event dispatcher can tell this one.
      await t.db.transaction(async (tx) => {
        await revokeFamily(tx, sid, new Date());
        await recordEvent(tx, { entity: 'session', entityId: sid, changeType: 'Delete', userId: user.id });
      });
      const start = Date.now();
      let status = 200;
      while (status === 200 && Date.now() - start < 5_000) {
        status = (await userinfo(tokens.access_token)).statusCode;
        if (status === 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe(401);
      expect(Date.now() - start).toBeLessThan(5_000);
    });
  });
  describe('failed sign-ins are throttled per account and per address (in the database)', () => {
    /** A sign-in from a client address, in a language. */
    const attempt = (app: typeof t.app, email: string, password: string, address: string, lang = 'en') =>
      app.inject({
        method: 'POST',
        url: '/api2/token',
        remoteAddress: address,
        headers: {
          authorization: basic(email, password),
          'content-type': 'application/x-www-form-urlencoded',
          'accept-language': lang,
        },
        payload: form,
      });

    it('locks an account after 10 failures from 3 addresses, even for the right password, for 15 minutes', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await attempt(t.app, user.email, 'Wrong!2026', `10.1.0.${i % 3}`)).statusCode);
      expect(statuses).toEqual(Array(10).fill(400));
      const locked = await attempt(t.app, user.email, 'Wrong!2026', '10.1.0.2');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().Message).toBe('Too many failed sign-ins. Try again in 15 minutes.');
      // From a fresh address and with the right password too: the account is locked.
      const right = await attempt(t.app, user.email, PASSWORD, '10.1.0.99', 'sv');
      expect(right.statusCode).toBe(429);
      expect(right.json().Message).toBe('För många misslyckade inloggningar. Försök igen om 15 minuter.');
      clock.advance(14 * 60_000);
      expect((await attempt(t.app, user.email, PASSWORD, '10.1.0.98')).statusCode).toBe(429);
      clock.advance(61_000);
      expect((await attempt(t.app, user.email, PASSWORD, '10.1.0.97')).statusCode).toBe(200);
    });

    it('locks an address after 10 failures over many accounts, unknown ones too; other addresses go on', async () => {
      const users = await Promise.all(Array.from({ length: 4 }, () => createUser(t.db, { userTypeId: 2 })));
      for (let i = 0; i < 10; i++) {
        const email = i % 5 === 4 ? `nobody${i}@example.test` : users[i % 4]!.email;
        expect((await attempt(t.app, email, 'Wrong!2026', '10.2.0.1')).statusCode).toBe(400);
      }
      const locked = await attempt(t.app, users[0]!.email, PASSWORD, '10.2.0.1', 'zh-CN');
      expect(locked.statusCode).toBe(429);
      expect(locked.json().Message).toBe('登录失败次数过多。请在 15 分钟后重试。');
      expect((await attempt(t.app, 'someone@example.test', 'x', '10.2.0.1')).statusCode).toBe(429);
      // Each account failed at most 3 times: from another address they sign in.
      expect((await attempt(t.app, users[0]!.email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
      // Messages in the other languages.
      for (const [lang, text] of [
        ['no', 'For mange mislykkede pålogginger. Prøv igjen om 15 minutter.'],
        ['zh-HK', '登入失敗次數過多。請於 15 分鐘後再試。'],
      ] as const)
        expect((await attempt(t.app, users[1]!.email, PASSWORD, '10.2.0.1', lang)).json().Message).toBe(text);
    });

    it('a success resets the account’s count', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 9; i++)
          expect((await attempt(t.app, user.email, 'Wrong!2026', `10.3.${round}.${i}`)).statusCode).toBe(400);
        expect((await attempt(t.app, user.email, PASSWORD, `10.3.${round}.50`)).statusCode).toBe(200);
      }
      // 18 failures in all, never 10 in a row: not locked.
      expect((await attempt(t.app, user.email, 'Wrong!2026', '10.3.9.1')).statusCode).toBe(400);
    });

    it('an X-Forwarded-For from the caller is not believed: changing it does not escape the throttle', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      for (let i = 0; i < 10; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api2/token',
          remoteAddress: '10.5.0.1',
          headers: {
            authorization: basic(`nobody${i}@example.test`, 'Wrong!2026'),
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.51.100.${i}`,
          },
          payload: form,
        });
        expect(res.statusCode).toBe(400);
      }
      expect((await attempt(t.app, user.email, PASSWORD, '10.5.0.1')).statusCode).toBe(429);
    });

    it('behind a trusted proxy (TRUST_PROXY=1), each caller is its forwarded address', async () => {
      const proxied = await startTestApp(engine, { trustProxy: 1 });
      try {
        const user = await createUser(proxied.db, { userTypeId: 2 });
        const viaProxy = (email: string, password: string, caller: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api2/token',
            remoteAddress: '10.6.0.1',
            headers: {
              authorization: basic(email, password),
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': caller,
            },
            payload: form,
          });
        for (let i = 0; i < 10; i++)
          expect((await viaProxy(`nobody${i}@example.test`, 'Wrong!2026', '203.0.113.5')).statusCode).toBe(
            400,
          );
        // The caller that failed is locked out; another caller through the same proxy is not.
        expect((await viaProxy(user.email, PASSWORD, '203.0.113.5')).statusCode).toBe(429);
        expect((await viaProxy(user.email, PASSWORD, '203.0.113.6')).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('180 wrong passwords over 20 accounts from one address: the 11th is refused', async () => {
      const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db, { userTypeId: 2 })));
      const statuses: number[] = [];
      for (let i = 0; i < 180; i++)
        statuses.push((await attempt(t.app, users[i % 20]!.email, 'Wrong!2026', '10.4.0.1')).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });
  });
  describe('password recovery is capped as the spec says', () => {
    const recover = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api2/Accounts/RecoverPassword', payload: { username: email } });
    const validate = (email: string, code: string) =>
      t.app.inject({ url: '/api2/Accounts/ValidateOtp', query: { email, code } });
    const change = (email: string, code: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api2/Accounts/ChangePassword',
        payload: { Email: email, Code: code, Password: password },
      });
    /** The codes mailed to an address, newest first. */
    const codesMailed = async (email: string) =>
      (await t.db.select().from(mailLog).where(eq(mailLog.to, email)).orderBy(desc(mailLog.id))).map(
        (m) => /\b(\d{6})\b/.exec(m.body)?.[1] ?? '',
      );

    it('a code is single use', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      await recover(user.email);
      const [code] = await codesMailed(user.email);
      expect((await validate(user.email, code!)).json().Success).toBe(true);
      expect((await change(user.email, code!, 'First#2026x')).json().Success).toBe(true);
      expect((await validate(user.email, code!)).json().Success).toBe(false);
      const again = await change(user.email, code!, 'Second#2026x');
      expect(again.json()).toEqual({ Success: false, Message: 'Invalid code' });
      expect((await tokensOf(t.app, user.email, 'First#2026x')).access_token).toBeTruthy();
    });

    it('five wrong tries sent side by side kill the code: the right one after them fails', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      await recover(user.email);
      const [code] = await codesMailed(user.email);
      const wrong = Array.from({ length: 12 }, (_, i) =>
        String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
      );
      const answers = await Promise.all(wrong.map((w) => validate(user.email, w)));
      expect(answers.every((a) => a.json().Success === false)).toBe(true);
      expect((await validate(user.email, code!)).json()).toEqual({ Success: false, Message: 'Invalid code' });
      expect((await change(user.email, code!, 'Third#2026x')).json().Success).toBe(false);
    });

    it('right tries do not count as wrong ones; the fifth wrong one kills the code', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      await recover(user.email);
      const [code] = await codesMailed(user.email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 4; i++) {
        expect((await validate(user.email, code!)).json().Success).toBe(true);
        expect((await validate(user.email, wrong)).json().Success).toBe(false);
      }
      expect((await validate(user.email, code!)).json().Success).toBe(true);
      expect((await validate(user.email, wrong)).json().Success).toBe(false);
      expect((await validate(user.email, code!)).json().Success).toBe(false);
    });

    it('at most 3 codes an address an hour, on the server clock; the next hour a fourth', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      for (let i = 0; i < 4; i++) expect((await recover(user.email)).statusCode).toBe(200);
      expect(await codesMailed(user.email)).toHaveLength(3);
      clock.advance(61 * 60_000);
      await recover(user.email);
      const codes = await codesMailed(user.email);
      expect(codes).toHaveLength(4);
      // Expired after 60 minutes: the first hour's codes are dead, the new one works.
      expect((await validate(user.email, codes[0]!)).json().Success).toBe(true);
      clock.advance(61 * 60_000);
      expect((await validate(user.email, codes[0]!)).json()).toEqual({
        Success: false,
        Message: 'The code has expired. Ask for a new one.',
      });
    });
  });
  describe('known and unknown e-mails are answered alike, in about the same time', () => {
    const TRIES = 15;
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
    };
    /** Times each call, known and unknown taking turns so that both see the same load. */
    async function timed(
      known: (i: number) => Promise<{ statusCode: number; body: string }>,
      unknown: typeof known,
    ) {
      const times = { known: [] as number[], unknown: [] as number[] };
      const bodies = new Set<string>();
      for (let i = 0; i < TRIES; i++)
        for (const [kind, call] of [
          ['known', known],
          ['unknown', unknown],
        ] as const) {
          const start = performance.now();
          const res = await call(i);
          times[kind].push(performance.now() - start);
          bodies.add(`${res.statusCode} ${res.body}`);
        }
      return { gap: Math.abs(median(times.known) - median(times.unknown)), bodies };
    }

    it('sign-in: a wrong password of a known account and an unknown e-mail, under 25 ms apart (median of 15)', async () => {
      const users = await Promise.all(
        Array.from({ length: TRIES }, () => createUser(t.db, { userTypeId: 2 })),
      );
      const attempt = (email: string, address: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api2/token',
          remoteAddress: address,
          headers: {
            authorization: basic(email, 'Wrong!2026'),
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: form,
        });
      // Warm: the first unknown e-mail makes the stand-in hash.
      await attempt('warm@example.test', '10.6.9.9');
      const { gap, bodies } = await timed(
        (i) => attempt(users[i]!.email, `10.6.0.${i}`),
        (i) => attempt(`ghost${i}@example.test`, `10.6.1.${i}`),
      );
      expect([...bodies]).toEqual(['400 {"Message":"The e-mail or password is incorrect."}']);
      expect(gap).toBeLessThan(25);
    });

    it('recovery: a known and an unknown address, the same answer under 25 ms apart (median of 15)', async () => {
      const users = await Promise.all(
        Array.from({ length: TRIES }, () => createUser(t.db, { userTypeId: 2 })),
      );
      const recover = (email: string, address: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api2/Accounts/RecoverPassword',
          remoteAddress: address,
          payload: { username: email },
        });
      await recover('warm@example.test', '10.7.9.9');
      const { gap, bodies } = await timed(
        (i) => recover(users[i]!.email, `10.7.0.${i}`),
        (i) => recover(`ghost${i}@example.test`, `10.7.1.${i}`),
      );
      expect(bodies.size).toBe(1);
      expect([...bodies][0]).toMatch(/^200 /);
      expect(gap).toBeLessThan(25);
    });
  });
});

describe.runIf(engines.includes('postgres'))('sign-in across server processes on PostgreSQL', () => {
  it('counts failures of one account on every process: 5 here and 5 there lock it on both', async () => {
    const one = await startTestApp('postgres');
    const two = await startTestApp('postgres', { databaseUrl: one.databaseUrl! });
    try {
      const user = await createUser(one.db, { userTypeId: 2 });
      const attempt = (app: typeof one.app, password: string, address: string) =>
        app.inject({
          method: 'POST',
          url: '/api2/token',
          remoteAddress: address,
          headers: {
            authorization: basic(user.email, password),
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: form,
        });
      for (let i = 0; i < 5; i++) {
        expect((await attempt(one.app, 'Wrong!2026', '10.5.0.1')).statusCode).toBe(400);
        expect((await attempt(two.app, 'Wrong!2026', '10.5.0.2')).statusCode).toBe(400);
      }
      expect((await attempt(one.app, PASSWORD, '10.5.0.3')).statusCode).toBe(429);
      expect((await attempt(two.app, PASSWORD, '10.5.0.4')).statusCode).toBe(429);
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('a server started after a logout refuses the logged-out access token', async () => {
    const one = await startTestApp('postgres');
    try {
      const user = await createUser(one.db, { userTypeId: 2 });
      const tokens = await tokensOf(one.app, user.email);
      await one.app.inject({
        method: 'POST',
        url: '/api2/token/revoke',
        headers: bearer(tokens.refresh_token),
      });
      const two = await startTestApp('postgres', { databaseUrl: one.databaseUrl! });
      try {
        const res = await two.app.inject({
          url: '/api2/ServiceProvider/userinfo',
          headers: bearer(tokens.access_token),
        });
        expect(res.statusCode).toBe(401);
        const fresh = await tokensOf(two.app, user.email);
        expect(
          (
            await two.app.inject({
              url: '/api2/ServiceProvider/userinfo',
              headers: bearer(fresh.access_token),
            })
          ).statusCode,
        ).toBe(200);
      } finally {
        await two.close();
      }
    } finally {
      await one.close();
    }
  });
});

describe('recovery does not wait for the SMTP server', () => {
  it('with an SMTP server that never answers, a known address is answered as fast as an unknown one', async () => {
    // Accepts connections and says nothing: a send through it hangs until the socket is closed.
    const sockets = new Set<Socket>();
    const smtp = createServer((s) => sockets.add(s));
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.address() as { port: number }).port;
    const t = await startTestApp('pglite', { smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const user = await createUser(t.db, { userTypeId: 2 });
      const time = async (email: string) => {
        const start = performance.now();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api2/Accounts/RecoverPassword',
          payload: { username: email },
        });
        return { ms: performance.now() - start, body: res.body };
      };
      const unknown = await time('ghost@example.test');
      const known = await time(user.email);
      expect(known.body).toBe(unknown.body);
      expect(known.ms).toBeLessThan(unknown.ms + 25);
      // The mail is on its way to the server, not lost.
      await expect.poll(() => sockets.size).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      smtp.close();
      await t.close();
    }
  });
});
