import { createServer, type Socket } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLog, mailLog, signInFailures } from '../src/db/schema/index.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { recordEvent } from '../src/modules/common/outbox.ts';
import { revokeFamily } from '../src/modules/session/session.repository.ts';
import { engines, startTestApp, testClock, testConfig } from './harness.ts';
import { basic, bearer, form, PASSWORD, tokensOf } from './support.ts';

// Known and unknown e-mails must cost the same work, so their answers' time cannot tell them apart:
// the hash verifications and the code counts are watched (and still done), not timed.
const { argon2Verify, countCodes } = vi.hoisted(() => ({ argon2Verify: vi.fn(), countCodes: vi.fn() }));
vi.mock(import('@node-rs/argon2'), async (original) => {
  const real = await original();
  argon2Verify.mockImplementation(real.verify);
  return { ...real, verify: argon2Verify };
});
vi.mock(import('../src/modules/session/session.repository.ts'), async (original) => {
  const real = await original();
  countCodes.mockImplementation(real.countCodesSince);
  return { ...real, countCodesSince: countCodes };
});

const secret = new TextEncoder().encode(testConfig().tokenSecret);

describe.each(engines)('sign-in hardening on %s', (engine) => {
  const clock = testClock(new Date());
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    // From now, not from when the file was read: the other engine's tests ran in between.
    clock.set(new Date());
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

    it('a sign-in ended by another server process is refused here once its event is handed on (through the outbox)', async () => {
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
      // Once this process has handed that event on (waited on, not timed), the token is refused here.
      const [last] = await t.db
        .select({ id: eventLog.id })
        .from(eventLog)
        .orderBy(desc(eventLog.id))
        .limit(1);
      await t.app.services.live.reach(last!.id, 60_000);
      expect(t.app.services.live.sequence).toBeGreaterThanOrEqual(last!.id);
      expect((await userinfo(tokens.access_token)).statusCode).toBe(401);
    });
  });
  describe('failed sign-ins slow the guesser and never lock anyone else out (decision 058)', () => {
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
    /** The answer of one sign-in and the wait it asked for before its password was checked (if any). */
    const timed = async (email: string, password: string, address: string, lang = 'en') => {
      const from = t.sleeps.length;
      const res = await attempt(t.app, email, password, address, lang);
      const waits = t.sleeps.slice(from);
      return { res, wait: waits.reduce((a, b) => a + b, 0) };
    };
    /** `rounds` wrong passwords on an account from each of the addresses, taking turns; their statuses. */
    const guess = async (email: string, addresses: string[], rounds: number) => {
      const statuses: number[] = [];
      for (let round = 0; round < rounds; round++)
        for (const address of addresses)
          statuses.push((await attempt(t.app, email, 'Wrong!2026', address)).statusCode);
      return statuses;
    };
    const tenAddresses = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}.${i + 1}`);
    /**
     * The failures a guessing run leaves (the rows sign-in writes), for the tests about what follows one;
     * the tests above make theirs through the API.
     */
    const recordFailures = (db: typeof t.db, email: string, addresses: string[], each: number, at: Date) =>
      db
        .insert(signInFailures)
        .values(
          addresses.flatMap((address) =>
            Array.from({ length: each }, () => ({ account: email.toLowerCase(), address, failedAt: at })),
          ),
        );

    it('the first three failures cost nothing; then each try waits longer, at most 3 s, and is still answered', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const waits: number[] = [];
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        // Each from another address: only the account's count grows.
        const { res, wait } = await timed(user.email, 'Wrong!2026', `10.10.0.${i + 1}`);
        statuses.push(res.statusCode);
        waits.push(wait);
      }
      expect(statuses).toEqual(Array(10).fill(400));
      expect(waits).toEqual([0, 0, 0, 0, 250, 500, 1000, 2000, 3000, 3000]);
      // The right password waits as long (the guesser cannot tell it by the time) and signs in.
      const right = await timed(user.email, PASSWORD, '10.10.0.50');
      expect(right.res.statusCode).toBe(200);
      expect(right.wait).toBe(3000);
      // The success cleared only its own address's failures: the account is still slowed for others.
      expect((await timed(user.email, 'Wrong!2026', '10.10.0.51')).wait).toBe(3000);
      // An hour after the failures, no wait.
      clock.advance(61 * 60_000);
      expect((await timed(user.email, PASSWORD, '10.10.0.52')).wait).toBe(0);
    });

    it('an unknown e-mail is counted and slowed like a known one, with the same answer', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const known: string[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 6; i++) {
        const k = await timed(user.email, 'Wrong!2026', `10.11.0.${i + 1}`);
        const u = await timed('ghost.058@example.test', 'Wrong!2026', `10.11.1.${i + 1}`);
        known.push(`${k.res.statusCode} ${k.res.body} ${k.wait}`);
        unknown.push(`${u.res.statusCode} ${u.res.body} ${u.wait}`);
      }
      expect(unknown).toEqual(known);
    });

    it('a victim signs in with the right password, within 5 s, while ten addresses guess at the account', async () => {
      const victim = await createUser(t.db, { userTypeId: 2 });
      const guessers = tenAddresses('10.12.0');
      // 120 guesses, the first 80 as the rows they leave: the first 100 are checked (the account's
      // hourly budget), then the guessers are held.
      await recordFailures(t.db, victim.email, guessers, 8, clock.now());
      const statuses = await guess(victim.email, guessers, 4);
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
      expect(statuses.slice(20)).toEqual(Array(20).fill(429));
      const right = await timed(victim.email, PASSWORD, '10.12.9.9', 'sv');
      expect(right.res.statusCode).toBe(200);
      expect(right.wait).toBeLessThanOrEqual(3000);
      expect(right.wait).toBeLessThan(5000);
      expect(right.res.json().access_token).toBeTruthy();
      // From another address that has not failed, in the middle of it, again.
      expect((await timed(victim.email, PASSWORD, '10.12.9.10')).res.statusCode).toBe(200);
    });

    // A hundred failures through the API: slow on a busy machine.
    it('online guessing is held to the hourly budget: a guessing address is refused even the right password, with Retry-After, for the rest of its hour', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const guessers = tenAddresses('10.13.0');
      expect(await guess(user.email, guessers, 10)).toEqual(Array(100).fill(400));
      // The 101st failure and after: the guessing addresses learn nothing, wrong password or right.
      for (const password of ['Wrong!2026', PASSWORD]) {
        const refused = await attempt(t.app, user.email, password, guessers[3]!);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().Message).toBe('Too many failed sign-ins. Try again in 60 minutes.');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
      }
      // Refused tries are not checked, so they do not count and cost no waiting either.
      const { wait } = await timed(user.email, 'Wrong!2026', guessers[0]!);
      expect(wait).toBe(0);
      // A new address gets five checked tries of its own, then it is a guesser too.
      const fresh = await guess(user.email, ['10.13.1.1'], 7);
      expect(fresh).toEqual([400, 400, 400, 400, 400, 429, 429]);
      // Ten addresses with 100 guesses and one with five: no more were checked in the hour.
      const refused = await attempt(t.app, user.email, PASSWORD, '10.13.1.1', 'no');
      expect(refused.json().Message).toBe('For mange mislykkede pålogginger. Prøv igjen om 60 minutter.');
      // Half an hour on, the wait is shorter; once the hour has passed, the guessers' tries are checked again.
      clock.advance(30 * 60_000);
      const later = await attempt(t.app, user.email, PASSWORD, guessers[5]!, 'zh-CN');
      expect(later.statusCode).toBe(429);
      expect(Number(later.headers['retry-after'])).toBeLessThanOrEqual(30 * 60);
      expect(later.json().Message).toBe('登录失败次数过多。请在 30 分钟后重试。');
      clock.advance(31 * 60_000);
      expect((await attempt(t.app, user.email, 'Wrong!2026', guessers[5]!)).statusCode).toBe(400);
      expect((await attempt(t.app, user.email, PASSWORD, guessers[6]!)).statusCode).toBe(200);
    }, 120_000);

    it('tries sent side by side from a guessing address count against each other', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      await recordFailures(t.db, user.email, tenAddresses('10.14.0'), 10, clock.now());
      const side = await Promise.all(
        Array.from({ length: 15 }, () => attempt(t.app, user.email, 'Wrong!2026', '10.14.1.1')),
      );
      // Each try is written before it is judged: at most five of them were checked.
      expect(side.filter((r) => r.statusCode === 400).length).toBeLessThanOrEqual(5);
      expect(side.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(10);
    });

    it('a colleague behind the same address as a guessing run signs in with the right password', async () => {
      const colleague = await createUser(t.db, { userTypeId: 2 });
      const others = await Promise.all(Array.from({ length: 3 }, () => createUser(t.db, { userTypeId: 2 })));
      const office = '10.15.0.1';
      const statuses: number[] = [];
      let lastWait = 0;
      for (let i = 0; i < 40; i++) {
        const email = i % 4 === 3 ? `nobody${i}@example.test` : others[i % 4]!.email;
        const { res, wait } = await timed(email, 'Wrong!2026', office);
        statuses.push(res.statusCode);
        lastWait = wait;
      }
      // Every failure was checked (no account had more than ten); the address is slowed to the cap.
      expect(statuses).toEqual(Array(40).fill(400));
      expect(lastWait).toBe(3000);
      const right = await timed(colleague.email, PASSWORD, office, 'zh-HK');
      expect(right.res.statusCode).toBe(200);
      expect(right.wait).toBeLessThanOrEqual(3000);
      // A run of a thousand failures from the address over other accounts changes nothing but the wait.
      await recordFailures(t.db, 'someone.else@example.test', [office], 1000, clock.now());
      const still = await timed(colleague.email, PASSWORD, office);
      expect(still.res.statusCode).toBe(200);
      expect(still.wait).toBe(3000);
      // And with a typing error first.
      expect((await attempt(t.app, colleague.email, 'Wrong!2026', office)).statusCode).toBe(400);
      expect((await attempt(t.app, colleague.email, PASSWORD, office)).statusCode).toBe(200);
    });

    it('the burst guard’s 429 carries Retry-After too', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof attempt>> | undefined;
      for (let i = 0; i < 21; i++) {
        last = await attempt(t.app, user.email, PASSWORD, '10.16.0.1');
        statuses.push(last.statusCode);
      }
      expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
      expect(last!.statusCode).toBe(429);
      expect(last!.json().Message).toMatch(/\S/);
      expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(last!.headers['retry-after'])).toBeLessThanOrEqual(60);
    });

    /** Holds an account: 100 failures from ten addresses; the first of them is refused from then on. */
    const hold = async (email: string, prefix: string) => {
      const guessers = tenAddresses(prefix);
      await recordFailures(t.db, email, guessers, 10, clock.now());
      expect((await attempt(t.app, email, PASSWORD, guessers[0]!)).statusCode).toBe(429);
      return guessers[0]!;
    };

    it('a password reset by the recovery code lifts the throttle: the new password signs in from a former guessing address', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const address = await hold(user.email, '10.17.0');
      await t.app.inject({
        method: 'POST',
        url: '/api2/Accounts/RecoverPassword',
        payload: { username: user.email },
      });
      const [mail] = await t.db
        .select()
        .from(mailLog)
        .where(eq(mailLog.to, user.email))
        .orderBy(desc(mailLog.id))
        .limit(1);
      const code = /\b(\d{6})\b/.exec(mail!.body)![1]!;
      const changed = await t.app.inject({
        method: 'POST',
        url: '/api2/Accounts/ChangePassword',
        payload: { Email: user.email, Code: code, Password: 'Reset#2026x' },
      });
      expect(changed.json().Success).toBe(true);
      const after = await timed(user.email, 'Reset#2026x', address);
      expect(after.res.statusCode).toBe(200);
      expect(after.wait).toBe(0);
    });

    it('an Admin setting the password, or reactivating the user, lifts the throttle', async () => {
      const admin = await createUser(t.db, { userTypeId: 1 });
      const adminToken = (await tokensOf(t.app, admin.email)).access_token;
      const user = await createUser(t.db, { userTypeId: 2 });
      const first = await hold(user.email, '10.18.0');
      const set = await t.app.inject({
        method: 'POST',
        url: `/api2/ServiceProvider/User/changePasswordFor/${encodeURIComponent(user.email)}`,
        headers: bearer(adminToken),
        payload: { Password: 'Admin#2026x' },
      });
      expect(set.statusCode).toBe(200);
      expect((await attempt(t.app, user.email, 'Admin#2026x', first)).statusCode).toBe(200);

      const second = await hold(user.email, '10.18.1');
      const toggle = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api2/ServiceProvider/User/toggleactive/${user.id}`,
          headers: bearer(adminToken),
        });
      expect((await toggle()).json().IsActive).toBe(false);
      // Deactivating alone does not lift it.
      expect((await attempt(t.app, user.email, 'Admin#2026x', second)).statusCode).toBe(429);
      expect((await toggle()).json().IsActive).toBe(true);
      expect((await attempt(t.app, user.email, 'Admin#2026x', second)).statusCode).toBe(200);
    });

    it('an X-Forwarded-For from the caller is not believed: changing it does not make a guesser new', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      await hold(user.email, '10.19.0');
      for (let i = 0; i < 3; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api2/token',
          remoteAddress: '10.19.0.1',
          headers: {
            authorization: basic(user.email, PASSWORD),
            'content-type': 'application/x-www-form-urlencoded',
            'x-forwarded-for': `198.51.100.${i}`,
          },
          payload: form,
        });
        expect(res.statusCode).toBe(429);
      }
    });

    // It starts a server of its own (migrations included): slow on a busy machine.
    it('behind a trusted proxy (TRUST_PROXY=1), each caller is its forwarded address', async () => {
      const proxied = await startTestApp(engine, { trustProxy: 1 });
      try {
        const user = await createUser(proxied.db, { userTypeId: 2 });
        const viaProxy = (password: string, caller: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api2/token',
            remoteAddress: '10.6.0.1',
            headers: {
              authorization: basic(user.email, password),
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': caller,
            },
            payload: form,
          });
        // The guessers' failures, as the proxied callers' addresses.
        await recordFailures(
          proxied.db,
          user.email,
          Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`),
          10,
          new Date(),
        );
        expect((await viaProxy('Wrong!2026', '203.0.113.1')).statusCode).toBe(429);
        // A caller that guessed is held; another caller through the same proxy signs in.
        expect((await viaProxy(PASSWORD, '203.0.113.5')).statusCode).toBe(429);
        expect((await viaProxy(PASSWORD, '203.0.113.50')).statusCode).toBe(200);
        expect(proxied.sleeps.at(-1)).toBe(3000);
      } finally {
        await proxied.close();
      }
    }, 120_000);
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
  describe('known and unknown e-mails are answered alike, with the same work (no enumeration)', () => {
    it('sign-in: a wrong password of a known account and an unknown e-mail verify one argon2id hash of the same cost each, with the same answer', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
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
      /** The hashes verified while the call ran, by their parameters (algorithm, version, memory, passes). */
      const verifiedBy = async (call: () => Promise<{ statusCode: number; body: string }>) => {
        argon2Verify.mockClear();
        const res = await call();
        const costs = argon2Verify.mock.calls.map(([hash]) => String(hash).split('$').slice(1, 4).join('$'));
        return { answer: `${res.statusCode} ${res.body}`, costs };
      };
      const known = await verifiedBy(() => attempt(user.email, '10.6.0.1'));
      const unknown = await verifiedBy(() => attempt('ghost@example.test', '10.6.1.1'));
      expect(known.answer).toBe('400 {"Message":"The e-mail or password is incorrect."}');
      expect(unknown.answer).toBe(known.answer);
      expect(known.costs).toEqual([expect.stringMatching(/^argon2id\$v=19\$m=\d+,t=\d+,p=\d+$/)]);
      expect(unknown.costs).toEqual(known.costs);
    });

    it('recovery: a known and an unknown address ask the same count of codes and get the same answer', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const recover = async (email: string, address: string) => {
        countCodes.mockClear();
        const res = await t.app.inject({
          method: 'POST',
          url: '/api2/Accounts/RecoverPassword',
          remoteAddress: address,
          payload: { username: email },
        });
        return {
          answer: `${res.statusCode} ${res.body}`,
          counted: countCodes.mock.calls.map(([, email]) => email),
        };
      };
      const known = await recover(user.email, '10.7.0.1');
      const unknown = await recover('ghost@example.test', '10.7.1.1');
      expect(known.answer).toMatch(/^200 /);
      expect(unknown.answer).toBe(known.answer);
      expect(known.counted).toEqual([user.email.toLowerCase()]);
      expect(unknown.counted).toEqual(['ghost@example.test']);
    });
  });
});

describe.runIf(engines.includes('postgres'))('sign-in across server processes on PostgreSQL', () => {
  it('counts failures of one account on every process: those counted on the other hold a guesser here, never the victim', async () => {
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
      // 80 failures an attack left (the rows sign-in writes), then ten through each process.
      await one.db.insert(signInFailures).values(
        Array.from({ length: 80 }, (_, i) => ({
          account: user.email.toLowerCase(),
          address: `10.5.9.${i % 10}`,
          failedAt: new Date(),
        })),
      );
      for (let round = 0; round < 5; round++)
        for (let i = 0; i < 2; i++) {
          expect((await attempt(one.app, 'Wrong!2026', `10.5.0.${i + 1}`)).statusCode).toBe(400);
          expect((await attempt(two.app, 'Wrong!2026', `10.5.1.${i + 1}`)).statusCode).toBe(400);
        }
      // Each process's own tries count on the other: together they make the budget of 100.
      expect((await attempt(one.app, PASSWORD, '10.5.1.1')).statusCode).toBe(429);
      expect((await attempt(two.app, PASSWORD, '10.5.0.1')).statusCode).toBe(429);
      expect((await attempt(one.app, PASSWORD, '10.5.2.1')).statusCode).toBe(200);
      expect((await attempt(two.app, PASSWORD, '10.5.2.2')).statusCode).toBe(200);
      // Both slowed by the failures the other counted.
      expect(one.sleeps.at(-1)).toBe(3000);
      expect(two.sleeps.at(-1)).toBe(3000);
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
  it('with an SMTP server that never answers, a known address is answered as an unknown one, before the mail is out', async () => {
    // Accepts connections and says nothing: a send through it hangs until the socket is closed.
    const sockets = new Set<Socket>();
    const smtp = createServer((s) => sockets.add(s));
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
    const port = (smtp.address() as { port: number }).port;
    const t = await startTestApp('pglite', { smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const user = await createUser(t.db, { userTypeId: 2 });
      const recover = (email: string) =>
        t.app.inject({ method: 'POST', url: '/api2/Accounts/RecoverPassword', payload: { username: email } });
      const unknown = await recover('ghost@example.test');
      // The server never answers, so a recovery that waited for the send would never be answered (the
      // test's time-out): no measured time, which a busy machine would blur.
      const known = await recover(user.email);
      expect(known.body).toBe(unknown.body);
      expect(known.statusCode).toBe(unknown.statusCode);
      // The mail is on its way to the server, not lost.
      await expect.poll(() => sockets.size).toBeGreaterThan(0);
    } finally {
      for (const s of sockets) s.destroy();
      smtp.close();
      await t.close();
    }
  });
});
