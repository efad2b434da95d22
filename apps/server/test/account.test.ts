import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, basic, bearer, form, tokensOf } from './support.ts';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ACCOUNT = '/api2/ServiceProvider/User/MyAccount';
const FAMILY = /^[0-9a-f-]{36}$/;

describe.each(engines)('own account on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    // Customer users and partners sign in under their portal licences.
    await allLicences(t.app);
  });
  afterAll(() => t.close());

  /** Signs in from a browser (its User-Agent); answers the token pair. */
  const signInFrom = async (email: string, userAgent: string, password = 'Demo!2026') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api2/token',
      headers: {
        authorization: basic(email, password),
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': userAgent,
      },
      payload: form,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access_token: string; refresh_token: string };
  };
  const sessions = (token: string) => t.app.inject({ url: `${ACCOUNT}/Sessions`, headers: bearer(token) });
  const myAccount = (token: string) => t.app.inject({ url: `${ACCOUNT}/`, headers: bearer(token) });
  const refresh = (refreshToken: string, userAgent = FIREFOX) =>
    t.app.inject({
      method: 'POST',
      url: '/api2/token/refresh',
      headers: { ...bearer(refreshToken), 'user-agent': userAgent },
    });
  const endOthers = (token: string) =>
    t.app.inject({ method: 'POST', url: `${ACCOUNT}/Sessions/EndOthers`, headers: bearer(token) });
  const endOne = (token: string, id: string) =>
    t.app.inject({ method: 'DELETE', url: `${ACCOUNT}/Sessions/${id}`, headers: bearer(token) });
  const changePassword = (token: string, body: object, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `${ACCOUNT}/ChangePassword`,
      headers: { ...bearer(token), 'accept-language': lang },
      payload: body,
    });

  it('changes the own language, and refuses an unknown one', async () => {
    const tech = await createUser(t.db, { userTypeId: 2 });
    const { access_token } = await tokensOf(t.app, tech.email);
    const patch = (body: object) =>
      t.app.inject({ method: 'PATCH', url: `${ACCOUNT}/`, headers: bearer(access_token), payload: body });
    expect((await patch({ Uiculture: 'de' })).statusCode).toBe(400);
    expect((await patch({ Phone: 'call me' })).json().Errors[0]).toEqual({
      Field: 'Phone',
      Message: 'Phone number cant contain letters',
    });
    const ok = await patch({ Uiculture: 'zh-HK' });
    expect(ok.json().Uiculture).toBe('zh-HK');
    const info = await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(access_token) });
    expect(info.json().UserInfo.Uiculture).toBe('zh-HK');
  });

  it('remembers the first-time message put away with the user: a new sign-in elsewhere has it, another user not', async () => {
    const tech = await createUser(t.db, { userTypeId: 2 });
    const other = await createUser(t.db, { userTypeId: 1 });
    const first = await signInFrom(tech.email, FIREFOX);
    const seen = async (token: string) =>
      (await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(token) })).json().UserInfo
        .FirstTimeMessageSeen;
    expect(await seen(first.access_token)).toBe(0);
    const before = await t.app.inject({
      url: `/api2/ServiceProvider/User/get/${tech.id}`,
      headers: bearer((await tokensOf(t.app, other.email)).access_token),
    });
    const patch = (token: string, body: object) =>
      t.app.inject({ method: 'PATCH', url: `${ACCOUNT}/`, headers: bearer(token), payload: body });
    expect((await patch(first.access_token, { FirstTimeMessageSeen: -1 })).statusCode).toBe(400);
    const put = await patch(first.access_token, { FirstTimeMessageSeen: 1 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().FirstTimeMessageSeen).toBe(1);
    // Another browser: a sign-in of its own reads it from the server.
    const second = await signInFrom(tech.email, CHROME);
    expect(await seen(second.access_token)).toBe(1);
    expect((await myAccount(second.access_token)).json().FirstTimeMessageSeen).toBe(1);
    expect(await seen((await tokensOf(t.app, other.email)).access_token)).toBe(0);
    // Not an edit of the account: an administrator's copy of the user keeps its row version.
    const after = await t.app.inject({
      url: `/api2/ServiceProvider/User/get/${tech.id}`,
      headers: bearer((await tokensOf(t.app, other.email)).access_token),
    });
    expect(after.json().RowVersion).toBe(before.json().RowVersion);
    // Shown again (Site settings): put back to 0, the name and language as they were.
    const again = await patch(second.access_token, { FirstTimeMessageSeen: 0 });
    expect(again.json()).toMatchObject({ FirstTimeMessageSeen: 0, Name: tech.name, Uiculture: 'en' });
    expect(await seen(first.access_token)).toBe(0);
  });

  it('lists the own live sign-ins with their browser, the caller’s marked; not another user’s, not an ended one', async () => {
    const me = await createUser(t.db, { userTypeId: 4 });
    const someone = await createUser(t.db, { userTypeId: 2 });
    const laptop = await signInFrom(me.email, FIREFOX);
    const office = await signInFrom(me.email, CHROME);
    const gone = await signInFrom(me.email, CHROME);
    await signInFrom(someone.email, FIREFOX);
    await t.app.inject({ method: 'POST', url: '/api2/token/revoke', headers: bearer(gone.refresh_token) });
    // A renewal keeps the sign-in: one row, renewed now, from the browser that renewed it.
    const renewed = await refresh(laptop.refresh_token, `${FIREFOX} renewed`);
    expect(renewed.statusCode).toBe(200);

    const res = await sessions(office.access_token);
    expect(res.statusCode).toBe(200);
    const list = res.json() as {
      Content: {
        Id: string;
        Started: string;
        LastUsed: string;
        UserAgent: string | null;
        Current: boolean;
      }[];
      TotalCount: number;
    };
    expect(list.TotalCount).toBe(2);
    expect(list.Content.map((s) => s.UserAgent).sort()).toEqual([CHROME, `${FIREFOX} renewed`].sort());
    const current = list.Content.filter((s) => s.Current);
    expect(current.map((s) => s.UserAgent)).toEqual([CHROME]);
    for (const s of list.Content) {
      expect(s.Id).toMatch(FAMILY);
      expect(s.Started).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(s.LastUsed >= s.Started).toBe(true);
    }
    // The renewed sign-in is seen as current from its new access token.
    const fromLaptop = (await sessions(renewed.json().access_token)).json().Content as {
      Current: boolean;
      UserAgent: string;
    }[];
    expect(fromLaptop.find((s) => s.Current)?.UserAgent).toBe(`${FIREFOX} renewed`);
  });

  it('signs out everywhere else: the other sign-ins’ access and refresh tokens are refused at once, this one and another user’s go on', async () => {
    const me = await createUser(t.db, { userTypeId: 2 });
    const someone = await createUser(t.db, { userTypeId: 2 });
    const here = await signInFrom(me.email, FIREFOX);
    const phone = await signInFrom(me.email, CHROME);
    const tablet = await signInFrom(me.email, CHROME);
    const theirs = await signInFrom(someone.email, FIREFOX);
    expect((await myAccount(phone.access_token)).statusCode).toBe(200);

    const res = await endOthers(here.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Success: true, Message: 'Other sign-ins ended: 2.', Count: 2 });

    expect((await myAccount(phone.access_token)).statusCode).toBe(401);
    expect((await myAccount(tablet.access_token)).statusCode).toBe(401);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
    expect((await myAccount(here.access_token)).statusCode).toBe(200);
    expect((await myAccount(theirs.access_token)).statusCode).toBe(200);
    const left = (await sessions(here.access_token)).json();
    expect(left.TotalCount).toBe(1);
    expect(left.Content[0].Current).toBe(true);
    // Nothing else to end: none.
    expect((await endOthers(here.access_token)).json().Count).toBe(0);
    // The refresh token of this sign-in still renews it.
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
  });

  it('ends one own sign-in; another user’s cannot be ended (404) and goes on', async () => {
    const me = await createUser(t.db, { userTypeId: 6 });
    const someone = await createUser(t.db, { userTypeId: 1 });
    const here = await signInFrom(me.email, FIREFOX);
    const there = await signInFrom(me.email, CHROME);
    const theirs = await signInFrom(someone.email, CHROME);
    const idOf = async (token: string) =>
      ((await sessions(token)).json().Content as { Id: string; Current: boolean }[]).find((s) => s.Current)!
        .Id;
    const thereId = await idOf(there.access_token);
    const theirId = await idOf(theirs.access_token);

    const refused = await endOne(here.access_token, theirId);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().Message).toBe(`No sign-in with id ${theirId} was found.`);
    expect((await myAccount(theirs.access_token)).statusCode).toBe(200);
    expect((await refresh(theirs.refresh_token)).statusCode).toBe(200);

    const ended = await endOne(here.access_token, thereId);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ Success: true, Message: 'The sign-in has been ended.' });
    expect((await myAccount(there.access_token)).statusCode).toBe(401);
    expect((await myAccount(here.access_token)).statusCode).toBe(200);
    // Ended once: a second time it is not found; a malformed id is a 400.
    expect((await endOne(here.access_token, thereId)).statusCode).toBe(404);
    expect((await endOne(here.access_token, 'not-a-session')).statusCode).toBe(400);
  });

  it('changes the own password only with the current one and by the rules; the other sign-ins end, this one goes on', async () => {
    const me = await createUser(t.db, { userTypeId: 5 });
    const here = await signInFrom(me.email, FIREFOX);
    const there = await signInFrom(me.email, CHROME);

    const wrong = await changePassword(
      here.access_token,
      { CurrentPassword: 'Wrong!2026', NewPassword: 'Better!2027' },
      'no',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().Errors).toEqual([
      { Field: 'CurrentPassword', Message: 'Det nåværende passordet er feil.' },
    ]);
    const weak = await changePassword(here.access_token, {
      CurrentPassword: 'Demo!2026',
      NewPassword: 'better',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().Errors[0].Field).toBe('NewPassword');
    expect((await changePassword(here.access_token, { NewPassword: 'Better!2027' })).statusCode).toBe(400);
    // Nothing changed by the refusals.
    expect((await myAccount(there.access_token)).statusCode).toBe(200);

    const ok = await changePassword(here.access_token, {
      CurrentPassword: 'Demo!2026',
      NewPassword: 'Better!2027',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      Success: true,
      Message: 'Your password has been changed. Your other sign-ins have ended.',
    });
    expect((await myAccount(here.access_token)).statusCode).toBe(200);
    expect((await myAccount(there.access_token)).statusCode).toBe(401);
    expect((await refresh(there.refresh_token)).statusCode).toBe(401);
    expect((await refresh(here.refresh_token)).statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api2/token',
      headers: {
        authorization: basic(me.email, 'Demo!2026'),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
    expect(old.statusCode).toBe(400);
    await signInFrom(me.email, FIREFOX, 'Better!2027');
  });

  it('guessing the current password is limited: the 11th try in 15 minutes is refused (429), even a right one', async () => {
    const me = await createUser(t.db, { userTypeId: 2 });
    const { access_token } = await tokensOf(t.app, me.email);
    for (let i = 0; i < 10; i++) {
      const res = await changePassword(access_token, {
        CurrentPassword: `Guess!${i}`,
        NewPassword: 'Better!2027',
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await changePassword(access_token, {
      CurrentPassword: 'Demo!2026',
      NewPassword: 'Better!2027',
    });
    expect(locked.statusCode).toBe(429);
    // Another user's tries are their own.
    const other = await createUser(t.db, { userTypeId: 2 });
    const theirs = await tokensOf(t.app, other.email);
    expect(
      (
        await changePassword(theirs.access_token, {
          CurrentPassword: 'Demo!2026',
          NewPassword: 'Better!2027',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses every own-account call without a sign-in (401)', async () => {
    const calls = [
      { method: 'GET' as const, url: `${ACCOUNT}/Sessions` },
      { method: 'POST' as const, url: `${ACCOUNT}/Sessions/EndOthers` },
      { method: 'DELETE' as const, url: `${ACCOUNT}/Sessions/00000000-0000-4000-8000-000000000000` },
      {
        method: 'POST' as const,
        url: `${ACCOUNT}/ChangePassword`,
        payload: { CurrentPassword: 'Demo!2026', NewPassword: 'Better!2027' },
      },
    ];
    for (const c of calls) expect((await t.app.inject(c)).statusCode, c.url).toBe(401);
  });
});
