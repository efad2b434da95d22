import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { recordEvent } from '../src/modules/common/outbox.ts';
import { revokeFamily } from '../src/modules/session/session.repository.ts';
import { engines, startTestApp, testConfig } from './harness.ts';
import { bearer, signIn, tokensOf } from './support.ts';

const secret = new TextEncoder().encode(testConfig().tokenSecret);

describe.each(engines)('sign-in hardening on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
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
});

describe.runIf(engines.includes('postgres'))('ended sign-ins across server processes on PostgreSQL', () => {
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

void signIn;
