import { LIVE_EVENTS_PATH } from '@fieldport/contract';
import { decodeJwt, SignJWT } from 'jose';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp, testClock, testConfig } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

const secret = new TextEncoder().encode(testConfig().tokenSecret);

/**
 * Access tokens signed with the real key that we never issue (issue 29): one without the sign-in it
 * belongs to (`sid`: a logout could not end it) and one issued in the future (beyond a clock skew of
 * 60 s) are refused like a forged one, by the API and by the live-event hub.
 */
describe.each(engines)('access token claims on %s', (engine) => {
  const clock = testClock(new Date('2026-03-02T09:00:00Z'));
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let userId: number;
  let good: string;
  let url: string;

  beforeAll(async () => {
    t = await startTestApp(engine, { clock });
    const user = await createUser(t.db, { userTypeId: 1 });
    userId = user.id;
    good = (await tokensOf(t.app, user.email)).access_token;
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const userinfo = (token: string) =>
    t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(token) });

  /** A token exactly like ours, signed with our key, with the claims given changed (undefined: left out). */
  const forge = (claims: { sid?: string | undefined; iatOffset?: number } = {}) => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const iat = now + (claims.iatOffset ?? 0);
    const { sv, sid } = decodeJwt(good);
    return new SignJWT({
      ut: 1,
      sv,
      ...('sid' in claims ? (claims.sid ? { sid: claims.sid } : {}) : { sid }),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(userId))
      .setIssuer('fieldport')
      .setAudience('fieldport-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 600)
      .sign(secret);
  };

  /** Whether the live-event hub lets a socket in with `token`. */
  const socketLetIn = (token: string) =>
    new Promise<boolean>((resolve) => {
      const socket = io(url, {
        path: LIVE_EVENTS_PATH,
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      socket.on('connect', () => {
        socket.close();
        resolve(true);
      });
      socket.on('connect_error', () => {
        socket.close();
        resolve(false);
      });
    });

  it('every token we issue names its sign-in; one forged exactly like it passes', async () => {
    expect(decodeJwt(good).sid).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect((await userinfo(good)).statusCode).toBe(200);
    expect((await userinfo(await forge())).statusCode).toBe(200);
    expect(await socketLetIn(await forge())).toBe(true);
  });

  it('refuses a token without sid (or with an empty one): 401 and no live connection', async () => {
    for (const token of [await forge({ sid: undefined }), await forge({ sid: '' })]) {
      const res = await userinfo(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().Message).toBe('Please sign in.');
      expect(await socketLetIn(token)).toBe(false);
    }
  });

  it('refuses a token issued beyond 60 s in the future, and takes one within the clock skew', async () => {
    const ahead = await forge({ iatOffset: 120 });
    const res = await userinfo(ahead);
    expect(res.statusCode).toBe(401);
    expect(res.json().Message).toBe('Please sign in.');
    expect(await socketLetIn(ahead)).toBe(false);
    expect((await userinfo(await forge({ iatOffset: 61 }))).statusCode).toBe(401);
    expect((await userinfo(await forge({ iatOffset: 30 }))).statusCode).toBe(200);
  });
});
