import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp, testClock } from './harness.ts';
import { basic, bearer, form, PASSWORD, signIn, tokensOf } from './support.ts';

describe.each(engines)('sign-in and session on %s', (engine) => {
  const clock = testClock(new Date('2026-11-21T09:00:00Z'));
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(engine, { clock });
    const admin = await createUser(t.db, { userTypeId: 1 });
    adminToken = (await tokensOf(t.app, admin.email)).access_token;
  });
  afterAll(() => t.close());

  /** The newest recovery code mailed to an address, read from the mail log as an admin would. */
  async function mailedCode(email: string): Promise<string | null> {
    const res = await t.app.inject({
      url: '/api2/ServiceProvider/Log/MailLogs/Filtered',
      query: { SearchWord: email },
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(200);
    const first = (res.json() as { Content: { To: string; Body: string }[] }).Content.find(
      (m) => m.To === email,
    );
    return first ? (/\b(\d{6})\b/.exec(first.Body)?.[1] ?? null) : null;
  }
  const mailCount = async (email: string) =>
    (
      (
        await t.app.inject({
          url: '/api2/ServiceProvider/Log/MailLogs/Filtered',
          query: { SearchWord: email },
          headers: bearer(adminToken),
        })
      ).json() as { TotalCount: number }
    ).TotalCount;

  it('signs in with Basic credentials and answers the whole user-info bundle', async () => {
    const user = await createUser(t.db, { userTypeId: 2, name: 'Tone Tekniker', uiculture: 'sv' });
    const res = await signIn(t.app, user.email);
    expect(res.statusCode).toBe(200);
    const tokens = res.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const info = await t.app.inject({
      url: '/api2/ServiceProvider/userinfo',
      headers: bearer(tokens.access_token),
    });
    expect(info.statusCode).toBe(200);
    const body = info.json();
    expect(body.UserInfo).toMatchObject({
      Id: user.id,
      Name: 'Tone Tekniker',
      EmailAdress: user.email,
      UserTypeId: 2,
      Uiculture: 'sv',
    });
    expect(body.GlobalSettings.WorkHourStart).toMatch(/^\d{2}:\d{2}$/);
    expect(body.GlobalSettings.Maps.MainLocationCoordinates).toMatch(/^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
    expect(body.GlobalSettings).toMatchObject({
      IsSaasMode: false,
      TimeZone: 'Europe/Oslo',
      DefaultJobCategoryId: -1,
    });
    expect(Object.keys(body.Licences)).toContain('PartnerPortal');
    expect(body.AuthorizationMatrix['Module.Planner']).toEqual([1, 2]);
    expect(body.Version.Build).toBeGreaterThan(9000);
    expect(body.ERPConfig.ERPBaseAssembly).toBe('Standalone');
  });

  it('answers a wrong password and an unknown e-mail alike with 400 and a Message, in the caller’s language', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const wrong = await signIn(t.app, user.email, 'Wrong!2026');
    const unknown = await signIn(t.app, 'nobody@example.test');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ Message: 'The e-mail or password is incorrect.' });
    expect(unknown.json()).toEqual(wrong.json());
    const norwegian = await t.app.inject({
      method: 'POST',
      url: '/api2/token',
      headers: {
        authorization: basic(user.email, 'x'),
        'accept-language': 'nb-NO',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
    expect(norwegian.json().Message).toBe('E-postadressen eller passordet er feil.');
    const noCredentials = await t.app.inject({
      method: 'POST',
      url: '/api2/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    expect(noCredentials.statusCode).toBe(400);
  });

  it('refuses a deactivated account and partner users while the partner portal is unlicensed', async () => {
    const inactive = await createUser(t.db, { userTypeId: 2, isActive: false });
    expect((await signIn(t.app, inactive.email)).json().Message).toMatch(/deactivated/);
    const partner = await createUser(t.db, { userTypeId: 5 });
    const res = await signIn(t.app, partner.email);
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('Licence required');
  });

  it('rotates refresh tokens, and a reused one revokes the whole family', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const first = await tokensOf(t.app, user.email);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api2/token/refresh', headers: bearer(token) });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const secondTokens = second.json();
    expect(secondTokens.refresh_token).not.toBe(first.refresh_token);
    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().Message).toMatch(/session has ended/);
    expect((await refresh(secondTokens.refresh_token)).statusCode).toBe(401);
  });

  it('logout revokes the refresh token', async () => {
    const user = await createUser(t.db, { userTypeId: 3 });
    const tokens = await tokensOf(t.app, user.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api2/token/revoke',
      headers: bearer(tokens.refresh_token),
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api2/token/refresh',
      headers: bearer(tokens.refresh_token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('recovers a password with the mailed code, and the change ends every session', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const before = await tokensOf(t.app, user.email);
    const ask = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: user.email },
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.json().Success).toBe(true);
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);

    const valid = await t.app.inject({
      url: '/api2/Accounts/ValidateOtp',
      query: { email: user.email, code: code! },
    });
    expect(valid.json()).toEqual({ Success: true, Message: 'The code is valid.' });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/ChangePassword',
      payload: { Email: user.email, Code: code, Password: 'weak' },
    });
    expect(weak.json().Success).toBe(false);

    const change = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/ChangePassword',
      payload: { Email: user.email, Code: code, Password: 'Fresh#2027' },
    });
    expect(change.json()).toEqual({ Success: true, Message: 'Your password has been changed.' });

    expect((await signIn(t.app, user.email, PASSWORD)).statusCode).toBe(400);
    expect((await signIn(t.app, user.email, 'Fresh#2027')).statusCode).toBe(200);
    const oldAccess = await t.app.inject({
      url: '/api2/ServiceProvider/userinfo',
      headers: bearer(before.access_token),
    });
    expect(oldAccess.statusCode).toBe(401);
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/api2/token/refresh',
      headers: bearer(before.refresh_token),
    });
    expect(oldRefresh.statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/ChangePassword',
      payload: { Email: user.email, Code: code, Password: 'Other#2028' },
    });
    expect(again.json().Success).toBe(false);
  });

  it('answers an unknown address like a known one and mails nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: 'ghost@example.test' },
    });
    const user = await createUser(t.db, { userTypeId: 2 });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: user.email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(known.json());
    expect(await mailCount('ghost@example.test')).toBe(0);
  });

  it('kills a code after five wrong tries, and expires it after 60 minutes', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: user.email },
    });
    const code = (await mailedCode(user.email))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        url: '/api2/Accounts/ValidateOtp',
        query: { email: user.email, code: wrong },
      });
      expect(r.json()).toEqual({ Success: false, Message: 'Invalid code' });
    }
    const dead = await t.app.inject({
      url: '/api2/Accounts/ValidateOtp',
      query: { email: user.email, code },
    });
    expect(dead.json().Success).toBe(false);

    const other = await createUser(t.db, { userTypeId: 2 });
    await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: other.email },
    });
    const fresh = (await mailedCode(other.email))!;
    clock.advance(61 * 60_000);
    const expired = await t.app.inject({
      url: '/api2/Accounts/ValidateOtp',
      query: { email: other.email, code: fresh },
    });
    expect(expired.json()).toEqual({ Success: false, Message: 'The code has expired. Ask for a new one.' });
    // Admin's access token has expired with the clock too: sign in again for the next tests.
    adminToken = (await tokensOf(t.app, (await createUser(t.db, { userTypeId: 1 })).email)).access_token;
  });

  it('issues at most three codes an address an hour', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    for (let i = 0; i < 4; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api2/Accounts/RecoverPassword',
        payload: { username: user.email },
      });
    expect(await mailCount(user.email)).toBe(3);
  });

  it('slows failed sign-ins instead of locking: the right password still signs in (more in sign-in-hardening.test.ts)', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const from = t.sleeps.length;
    const statuses: number[] = [];
    // From an address of its own: the waits follow this account's and this address's failures only.
    const from1 = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api2/token',
        remoteAddress: '10.99.0.1',
        headers: {
          authorization: basic(user.email, password),
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: form,
      });
    for (let i = 0; i < 11; i++) statuses.push((await from1('Wrong!2026')).statusCode);
    expect(statuses).toEqual(Array(11).fill(400));
    const right = await from1(PASSWORD);
    expect(right.statusCode).toBe(200);
    // Each try waited before its password was checked: nothing for the first four, then longer, at most 3 s.
    expect(t.sleeps.slice(from)).toEqual([0, 0, 0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000, 3000]);
  });
});
