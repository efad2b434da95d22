import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/dev/factories/index.ts';
import { apiAs, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

/**
 * Microsoft sign-in (001 §2.1, 002 §7.1) against a tenant's key set made here and served on loopback as
 * the JWKS endpoint: only a token signed by the tenant's key, for our client id and tenant, unexpired,
 * naming a linked user, signs in.
 */
const TENANT = '11111111-2222-4333-8444-555555555555';
const OTHER_TENANT = '99999999-2222-4333-8444-555555555555';
const CLIENT = 'fieldport-test-client';
const AUTHORITY = 'https://login.microsoftonline.com';

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

describe.each(engines)('Microsoft sign-in on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let jwksServer: Server;
  let signing: { key: Key; kid: string };
  const published: JWK[] = [];
  let fetches = 0;

  const newKey = async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = randomUUID();
    return { key: privateKey, kid, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
  };

  const token = (
    claims: Record<string, unknown>,
    opts: { key?: { key: Key; kid: string }; tenant?: string; audience?: string; expiresAt?: number } = {},
  ) => {
    const k = opts.key ?? signing;
    const tenant = opts.tenant ?? TENANT;
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ tid: tenant, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: k.kid, typ: 'JWT' })
      .setIssuer(`${AUTHORITY}/${tenant}/v2.0`)
      .setAudience(opts.audience ?? CLIENT)
      .setIssuedAt(now - 60)
      .setExpirationTime(opts.expiresAt ?? now + 3600)
      .sign(k.key);
  };

  const signIn = (accessToken: string) =>
    t.app.inject({ url: '/api2/token/EntraId/ServiceProvider.WebSite/', query: { accessToken } });

  beforeAll(async () => {
    const first = await newKey();
    signing = first;
    published.push(first.jwk);
    jwksServer = createServer((_req, res) => {
      fetches++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const port = (jwksServer.address() as AddressInfo).port;
    t = await startTestApp(engine, {
      entra: {
        tenantId: TENANT,
        clientId: CLIENT,
        authority: AUTHORITY,
        jwksUrl: `http://127.0.0.1:${port}/keys`,
        keyRefetchCooldownMs: 0,
      },
    });
    await allLicences(t.app);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => jwksServer.close(resolve));
  });

  it('the sign-in page is told the Microsoft client to use', async () => {
    const portal = (await t.app.inject({ url: '/api2/app/portal' })).json();
    expect(portal.EntraId).toEqual({ ClientId: CLIENT, Authority: `${AUTHORITY}/${TENANT}` });
  });

  it('a good token of a linked user signs in and answers the normal token object', async () => {
    const oid = randomUUID();
    const user = await createUser(t.db, { userTypeId: 1, entraTenantId: TENANT, entraObjectId: oid });
    const res = await signIn(await token({ oid, preferred_username: 'someone@else.example' }));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer' });
    expect(body.access_token).toEqual(expect.any(String));
    expect(body.refresh_token).toEqual(expect.any(String));
    const info = await apiAs(t.app, body.access_token).get('userinfo');
    expect(info.statusCode).toBe(200);
    expect(info.json().UserInfo).toMatchObject({ Id: user.id, EmailAdress: user.email });
  });

  it('refuses a forged token: signed by a key that is not the tenant’s, under a known key id', async () => {
    const oid = randomUUID();
    await createUser(t.db, { userTypeId: 1, entraTenantId: TENANT, entraObjectId: oid });
    const forger = await newKey();
    const res = await signIn(await token({ oid }, { key: { key: forger.key, kid: signing.kid } }));
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('The Microsoft sign-in could not be verified. Try again.');
    const unknownKid = await signIn(await token({ oid }, { key: forger }));
    expect(unknownKid.statusCode).toBe(400);
    expect((await signIn('not.a.token')).statusCode).toBe(400);
  });

  it('refuses an expired token, one for another audience and one of another tenant', async () => {
    const oid = randomUUID();
    await createUser(t.db, { userTypeId: 1, entraTenantId: TENANT, entraObjectId: oid });
    const expired = await signIn(await token({ oid }, { expiresAt: Math.floor(Date.now() / 1000) - 3600 }));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().Message).toBe('The Microsoft sign-in could not be verified. Try again.');
    expect((await signIn(await token({ oid }, { audience: 'another-app' }))).statusCode).toBe(400);
    expect((await signIn(await token({ oid }, { tenant: OTHER_TENANT }))).statusCode).toBe(400);
    // The right issuer but a token claiming another tenant id.
    expect((await signIn(await token({ oid, tid: OTHER_TENANT }))).statusCode).toBe(400);
  });

  it('refuses a token of an unknown user, and never matches a user by e-mail alone', async () => {
    const existing = await createUser(t.db, { userTypeId: 1 });
    const res = await signIn(
      await token({ oid: randomUUID(), email: existing.email, preferred_username: existing.email }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe(
      'No user is linked to this Microsoft account. Ask an administrator to link it.',
    );
    expect(res.json().access_token).toBeUndefined();
  });

  it('the same object id in another tenant is another person', async () => {
    const oid = randomUUID();
    await createUser(t.db, { userTypeId: 1, entraTenantId: OTHER_TENANT, entraObjectId: oid });
    expect((await signIn(await token({ oid }))).statusCode).toBe(400);
  });

  it('refuses a deactivated user', async () => {
    const oid = randomUUID();
    await createUser(t.db, { userTypeId: 1, entraTenantId: TENANT, entraObjectId: oid, isActive: false });
    expect((await signIn(await token({ oid }))).statusCode).toBe(400);
  });

  it('the Admin links an account on the user form; a bad id or one linked to another user is refused', async () => {
    const admin = await signedInUser(t, 1);
    const user = await createUser(t.db, { userTypeId: 2 });
    const oid = randomUUID();
    expect((await signIn(await token({ oid }))).statusCode).toBe(400);
    const bad = await admin.api.patch(`User/${user.id}`, { EntraTenantId: 'tenant', EntraObjectId: oid });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual([
      { Field: 'EntraTenantId', Message: 'Must be a Microsoft id (a GUID).' },
    ]);
    const linked = await admin.api.patch(`User/${user.id}`, {
      EntraTenantId: TENANT.toUpperCase(),
      EntraObjectId: oid,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ EntraTenantId: TENANT, EntraObjectId: oid });
    expect((await signIn(await token({ oid }))).statusCode).toBe(200);

    const twin = await createUser(t.db, { userTypeId: 2 });
    const taken = await admin.api.patch(`User/${twin.id}`, { EntraTenantId: TENANT, EntraObjectId: oid });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Errors[0].Field).toBe('EntraObjectId');
    // Unlinked: the token no longer signs in.
    await admin.api.patch(`User/${user.id}`, { EntraObjectId: null });
    expect((await signIn(await token({ oid }))).statusCode).toBe(400);
    // Technicians cannot link a Microsoft identity to an account they do not manage.
    const technician = await signedInUser(t, 2);
    const refused = await technician.api.patch(`User/${twin.id}`, {
      EntraTenantId: TENANT,
      EntraObjectId: oid,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('reads the key set again when the tenant signs with a new key', async () => {
    const oid = randomUUID();
    await createUser(t.db, { userTypeId: 1, entraTenantId: TENANT, entraObjectId: oid });
    expect((await signIn(await token({ oid }))).statusCode).toBe(200);
    const before = fetches;
    const rotated = await newKey();
    published.push(rotated.jwk);
    const res = await signIn(await token({ oid }, { key: rotated }));
    expect(res.statusCode, res.body).toBe(200);
    expect(fetches).toBe(before + 1);
    // A known key is not fetched again.
    expect((await signIn(await token({ oid }, { key: rotated }))).statusCode).toBe(200);
    expect(fetches).toBe(before + 1);
  });
});
