import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, bearer, PASSWORD, signIn, tokensOf } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);
const mail = (who: string) => `${who}.${tag()}@example.test`;

/** Meets the rules of 001 §5 and is among the most common breached passwords ('password1' with a '!'). */
const COMMON = 'Password1!';
/** Meets the rules and is on no list. */
const UNCOMMON = 'Quokka!Fjell73';

const COMMON_SV =
  'Det här lösenordet är ett av de vanligaste lösenorden från dataläckor och är lätt att gissa. Välj ett annat.';
const COMMON_NO =
  'Dette passordet er blant de vanligste passordene fra datalekkasjer og er lett å gjette. Velg et annet.';
const COMMON_ZH_CN = '此密码是数据泄露中最常见的密码之一，很容易被猜到。请另选一个。';
const COMMON_ZH_HK = '此密碼是資料外洩中最常見的密碼之一，很容易被猜到。請另選一個。';

/**
 * Decision 060: every path that sets a password refuses the most common breached passwords (the
 * shipped list) and follows the Admin's minimum length; nothing changes on a refusal.
 */
describe.each(engines)('common and short passwords on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    const admin = await createUser(t.db, { userTypeId: 1 });
    adminToken = (await tokensOf(t.app, admin.email)).access_token;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST',
    path: string,
    opts: { token?: string; body?: object; lang?: string },
  ) =>
    t.app.inject({
      method,
      url: path.startsWith('/api2/') ? path : `/api2/ServiceProvider/${path}`,
      headers: { ...(opts.token ? bearer(opts.token) : {}), 'accept-language': opts.lang ?? 'en' },
      ...(opts.body ? { payload: opts.body } : {}),
    });
  const signsIn = async (email: string, password: string) =>
    (await signIn(t.app, email, password)).statusCode;
  const usersWithEmail = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;

  /** The newest recovery code mailed to an address, read from the mail log as the Admin would. */
  async function recoveryCode(email: string): Promise<string> {
    const ask = await call('POST', '/api2/Accounts/RecoverPassword', { body: { username: email } });
    expect(ask.json().Success).toBe(true);
    const log = await call('GET', `Log/MailLogs/Filtered?SearchWord=${encodeURIComponent(email)}`, {
      token: adminToken,
    });
    const body = (log.json() as { Content: { To: string; Body: string }[] }).Content.find(
      (m) => m.To === email,
    )?.Body;
    return /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
  }

  const newUser = (email: string, Password: string) => ({
    Name: 'Kari Vanlig',
    EmailAdress: email,
    UserTypeId: 2,
    Uiculture: 'en',
    Password,
  });

  it('User/add refuses a common password on its field, in the caller’s language, and creates nobody', async () => {
    const email = mail('kari');
    const res = await call('POST', 'User/add', {
      token: adminToken,
      body: newUser(email, COMMON),
      lang: 'sv',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Message).toBe(COMMON_SV);
    expect(res.json().Errors).toEqual([{ Field: 'Password', Message: COMMON_SV }]);
    expect(await usersWithEmail(email)).toBe(0);

    // Lower-cased, and with the special characters around it taken off, it is still the listed one.
    for (const variant of ['PASSWORD1!', '!!Password1', 'Qwerty123!'])
      expect(
        (await call('POST', 'User/add', { token: adminToken, body: newUser(email, variant) })).statusCode,
      ).toBe(400);
    expect(await usersWithEmail(email)).toBe(0);

    const ok = await call('POST', 'User/add', { token: adminToken, body: newUser(email, UNCOMMON) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await signsIn(email, UNCOMMON)).toBe(200);
  });

  it('User/changePasswordFor refuses a common password and leaves the old one working', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const path = `User/changePasswordFor/${encodeURIComponent(user.email)}`;
    const res = await call('POST', path, { token: adminToken, body: { Password: COMMON }, lang: 'no' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Errors).toEqual([{ Field: 'Password', Message: COMMON_NO }]);
    expect(await signsIn(user.email, COMMON)).toBe(400);
    expect(await signsIn(user.email, PASSWORD)).toBe(200);

    const ok = await call('POST', path, { token: adminToken, body: { Password: UNCOMMON } });
    expect(ok.json()).toMatchObject({ Success: true });
    expect(await signsIn(user.email, UNCOMMON)).toBe(200);
  });

  it('the own password change refuses a common password on NewPassword; the sign-ins go on', async () => {
    const me = await createUser(t.db, { userTypeId: 4 });
    const here = await tokensOf(t.app, me.email);
    const there = await tokensOf(t.app, me.email);
    const change = (NewPassword: string, lang = 'en') =>
      call('POST', 'User/MyAccount/ChangePassword', {
        token: here.access_token,
        body: { CurrentPassword: PASSWORD, NewPassword },
        lang,
      });
    const res = await change(COMMON, 'zh-CN');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Errors).toEqual([{ Field: 'NewPassword', Message: COMMON_ZH_CN }]);
    expect(await signsIn(me.email, PASSWORD)).toBe(200);
    expect((await call('GET', 'User/MyAccount/', { token: there.access_token })).statusCode).toBe(200);

    expect((await change(UNCOMMON)).statusCode).toBe(200);
    expect(await signsIn(me.email, UNCOMMON)).toBe(200);
  });

  it.each([
    ['Accounts/ChangePassword', '/api2/Accounts/ChangePassword'],
    ['the older password/resetpassword', 'password/resetpassword'],
  ])('recovery through %s answers Success false with the message and keeps the code', async (_, path) => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const Code = await recoveryCode(user.email);
    expect(Code).toMatch(/^\d{6}$/);
    const res = await call('POST', path, {
      body: { Email: user.email, Code, Password: COMMON },
      lang: 'zh-HK',
    });
    // The documents answer this call with Success and Message (001 §8, 'Change password').
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Success: false, Message: COMMON_ZH_HK });
    expect(await signsIn(user.email, PASSWORD)).toBe(200);

    // The code was not spent: the same code sets an uncommon password.
    const ok = await call('POST', path, { body: { Email: user.email, Code, Password: UNCOMMON } });
    expect(ok.json()).toEqual({ Success: true, Message: 'Your password has been changed.' });
    expect(await signsIn(user.email, UNCOMMON)).toBe(200);
  });

  it('keeps the demo password and the factories’ passwords', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const path = `User/changePasswordFor/${encodeURIComponent(user.email)}`;
    for (const password of [PASSWORD, 'Fjord#2026', 'Better!2027', 'Boss!2026x'])
      expect((await call('POST', path, { token: adminToken, body: { Password: password } })).statusCode).toBe(
        200,
      );
  });

  describe('the Admin’s minimum length', () => {
    const setMinLength = (PasswordMinLength: unknown, lang = 'en') =>
      call('POST', 'settings/group', {
        token: adminToken,
        body: { Group: 'global', Values: { PasswordMinLength } },
        lang,
      });
    afterAll(async () => {
      expect((await setMinLength(6)).statusCode).toBe(200);
    });

    it('is 6 by default and takes a whole number from 6 to 64', async () => {
      const info = await call('GET', 'userinfo', { token: adminToken });
      expect(info.json().GlobalSettings.PasswordMinLength).toBe(6);
      for (const bad of [5, 65, 8.5, '10']) {
        const res = await setMinLength(bad, 'sv');
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json().Errors).toEqual([
          { Field: 'Values.PasswordMinLength', Message: 'Måste vara ett heltal från 6 till 64.' },
        ]);
      }
      expect(
        (await call('GET', 'userinfo', { token: adminToken })).json().GlobalSettings.PasswordMinLength,
      ).toBe(6);
    });

    it('raised to 12, refuses a shorter password on every path and reaches the user info', async () => {
      expect((await setMinLength(12)).statusCode).toBe(200);
      expect(
        (await call('GET', 'userinfo', { token: adminToken })).json().GlobalSettings.PasswordMinLength,
      ).toBe(12);
      const short = 'Quokka!Fj73'; // 11 characters
      const weak =
        'The password needs at least 12 characters, a capital letter, a digit and a special character.';

      const email = mail('lang');
      const add = await call('POST', 'User/add', { token: adminToken, body: newUser(email, short) });
      expect(add.statusCode, add.body).toBe(400);
      expect(add.json().Errors).toEqual([{ Field: 'Password', Message: weak }]);
      expect(await usersWithEmail(email)).toBe(0);

      const user = await createUser(t.db, { userTypeId: 2 });
      const setFor = await call('POST', `User/changePasswordFor/${encodeURIComponent(user.email)}`, {
        token: adminToken,
        body: { Password: short },
        lang: 'no',
      });
      expect(setFor.statusCode).toBe(400);
      expect(setFor.json().Errors).toEqual([
        {
          Field: 'Password',
          Message: 'Passordet må ha minst 12 tegn, en stor bokstav, et siffer og et spesialtegn.',
        },
      ]);
      expect(await signsIn(user.email, PASSWORD)).toBe(200);

      const me = await tokensOf(t.app, user.email);
      const own = await call('POST', 'User/MyAccount/ChangePassword', {
        token: me.access_token,
        body: { CurrentPassword: PASSWORD, NewPassword: short },
      });
      expect(own.json().Errors).toEqual([{ Field: 'NewPassword', Message: weak }]);

      const Code = await recoveryCode(user.email);
      const recover = await call('POST', '/api2/Accounts/ChangePassword', {
        body: { Email: user.email, Code, Password: short },
      });
      expect(recover.json()).toEqual({ Success: false, Message: weak });
      expect(await signsIn(user.email, PASSWORD)).toBe(200);

      // Twelve characters pass.
      const ok = await call('POST', 'User/add', { token: adminToken, body: newUser(email, 'Quokka!Fj735') });
      expect(ok.statusCode, ok.body).toBe(200);
    });
  });
});
