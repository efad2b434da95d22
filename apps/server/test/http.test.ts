import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, startTestApp } from './harness.ts';

describe.each(engines)('HTTP basics on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers malformed JSON, wrong types and missing fields with 400 and a Message, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ Message: 'The request body could not be read.' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().Errors).toEqual([{ Field: 'username', Message: expect.any(String) }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    const notMail = await t.app.inject({
      method: 'POST',
      url: '/api2/Accounts/RecoverPassword',
      payload: { username: 'nope' },
    });
    expect(notMail.json().Errors[0].Message).toBe('Invalid E-mail address');
    const missingQuery = await t.app.inject({ url: '/api2/Accounts/ValidateOtp' });
    expect(missingQuery.statusCode).toBe(400);
    expect(missingQuery.json().Message).toMatch(/email/);
  });

  it('says what is wrong with a field in the caller’s language (Accept-Language)', async () => {
    const say = (lang: string, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api2/Accounts/RecoverPassword',
        headers: { 'accept-language': lang },
        payload,
      });
    const no = await say('no', { username: 'nope' });
    expect(no.statusCode).toBe(400);
    expect(no.json().Errors).toEqual([{ Field: 'username', Message: 'Ugyldig e-postadresse' }]);
    expect(no.json().Message).toContain('Ugyldig e-postadresse');
    expect((await say('zh-HK', { username: 'nope' })).json().Errors[0].Message).toBe('電郵地址無效');
    // zod's own wording, for a check the schema gives no text of its own, in Swedish too.
    const sv = await say('sv-SE,sv;q=0.9', { username: 42 });
    const en = await say('en', { username: 42 });
    expect(sv.json().Errors[0].Message).not.toBe(en.json().Errors[0].Message);
    expect(sv.json().Errors[0].Message).toMatch(/[Oo]giltig/);
  });

  it('answers an unknown call with 404 naming it, and a missing token with 401', async () => {
    const res = await t.app.inject({ url: '/api2/ServiceProvider/NoSuchThing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ Message: 'There is no GET /api2/ServiceProvider/NoSuchThing.' });
    const anon = await t.app.inject({ url: '/api2/ServiceProvider/userinfo' });
    expect(anon.statusCode).toBe(401);
    expect(anon.json()).toEqual({ Message: 'Please sign in.' });
    const forged = await t.app.inject({
      url: '/api2/ServiceProvider/userinfo',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('matches catalogue paths regardless of case, as other clients write them', async () => {
    const a = await t.app.inject({ url: '/api2/ServiceProvider/UserInfo/SiteInfo' });
    const b = await t.app.inject({ url: '/api2/serviceprovider/userinfo/siteinfo' });
    expect(a.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
  });

  it('reports health and readiness, and publishes the OpenAPI document', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toMatchObject({ status: 'ready' });
    const doc = await t.app.inject({ url: '/api2/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api2/token');
  });

  it('lists every call of the OpenAPI document under its area', async () => {
    const doc = (await t.app.inject({ url: '/api2/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; tags?: string[] }>>;
    };
    // The catalogue's calls (the web app's pages are there too, without an operation id).
    const operations = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .filter((o) => o.operationId);
    expect(operations.length).toBeGreaterThan(100);
    expect(operations.filter((o) => !o.tags?.length).map((o) => o.operationId)).toEqual([]);
    const tagOf = (id: string) => operations.find((o) => o.operationId === id)?.tags;
    expect(tagOf('repairCodeList')).toEqual(['Codes']);
    expect(tagOf('customerGroupDelete')).toEqual(['Customer groups']);
  });

  it('documents the error responses of every call, with the error body', async () => {
    type Responses = Record<string, { description: string; content?: Record<string, { schema: object }> }>;
    const doc = (await t.app.inject({ url: '/api2/docs/json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string; responses: Responses }>>;
    };
    const operations = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .filter((o) => o.operationId);
    for (const o of operations)
      expect(Object.keys(o.responses), o.operationId).toEqual(
        expect.arrayContaining(['400', '401', '403', '404', '409', '500', '503']),
      );
    const jobGet = operations.find((o) => o.operationId === 'jobGet')!;
    expect(jobGet.responses['404']?.description).toMatch(/another company/);
    expect(jobGet.responses['400']?.content?.['application/json']?.schema).toMatchObject({
      properties: { Message: { type: 'string' }, Errors: { type: 'array' } },
    });
  });

  it('serves portal availability and the logo to anyone', async () => {
    const portal = await t.app.inject({ url: '/api2/app/portal' });
    expect(portal.json()).toEqual({
      Technician: true,
      CustomerPortal: false,
      PartnerPortal: false,
      // Microsoft sign-in is not configured here.
      EntraId: null,
    });
    const logo = await t.app.inject({ url: '/api2/Report/logo' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/^image\//);
  });

  it('answers Microsoft sign-in with a clear refusal while it is not configured', async () => {
    const res = await t.app.inject({
      url: '/api2/token/EntraId/ServiceProvider.WebSite/',
      query: { accessToken: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('Microsoft sign-in is not configured for this site.');
  });

  it('sends security headers with a strict content security policy', async () => {
    const res = await t.app.inject({ url: '/api2/app/portal' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
