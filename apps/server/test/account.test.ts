import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

describe.each(engines)('own account on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('changes the own language, and refuses an unknown one', async () => {
    const user = await createUser(t.db, { userTypeId: 6 });
    const tech = await createUser(t.db, { userTypeId: 2 });
    const { access_token } = await tokensOf(t.app, tech.email);
    const patch = (body: object) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api2/ServiceProvider/User/MyAccount/',
        headers: bearer(access_token),
        payload: body,
      });
    expect((await patch({ Uiculture: 'de' })).statusCode).toBe(400);
    expect((await patch({ Phone: 'call me' })).json().Errors[0]).toEqual({
      Field: 'Phone',
      Message: 'Phone number cant contain letters',
    });
    const ok = await patch({ Uiculture: 'zh-HK' });
    expect(ok.json().Uiculture).toBe('zh-HK');
    const info = await t.app.inject({ url: '/api2/ServiceProvider/userinfo', headers: bearer(access_token) });
    expect(info.json().UserInfo.Uiculture).toBe('zh-HK');
    expect(user.id).toBeGreaterThan(0);
  });
});
