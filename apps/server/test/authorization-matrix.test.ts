import { ALL_USER_TYPES, api, type RouteName, type UserTypeId } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../src/db/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, bearer, tokensOf } from './support.ts';

type Input = { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };
type Row = { allow: 'anonymous' | readonly UserTypeId[]; input?: Input };

const everyone = ALL_USER_TYPES;

/**
 * Who may call each declared route. A route missing here fails the suite, and so does a route whose
 * declared access differs from this table: a change of access is a deliberate edit in two places.
 */
const MATRIX: Record<RouteName, Row> = {
  token: { allow: 'anonymous', input: { body: 'grant_type=client_credentials&scope=x' } },
  tokenRefresh: { allow: 'anonymous' },
  tokenRevoke: { allow: 'anonymous' },
  tokenEntraId: { allow: 'anonymous', input: { query: { accessToken: 'x' } } },
  userInfo: { allow: everyone },
  siteInfo: { allow: 'anonymous' },
  portal: { allow: 'anonymous' },
  recoverPassword: { allow: 'anonymous', input: { body: { username: 'matrix@example.test' } } },
  validateOtp: { allow: 'anonymous', input: { query: { email: 'matrix@example.test', code: '123456' } } },
  changePassword: {
    allow: 'anonymous',
    input: { body: { Email: 'matrix@example.test', Code: '123456', Password: 'Aa1!aaaa' } },
  },
  logo: { allow: 'anonymous' },
  supportTicket: { allow: everyone, input: { body: { Subject: 'Matrix check' } } },
  mailLogs: { allow: [1] },
  myAccount: { allow: everyone },
  changeMyAccount: { allow: everyone, input: { body: {} } },
};

const fill = (path: string, params: Input['params'] = {}) =>
  path.replace(/:(\w+)/g, (_, n: string) => String(params[n] ?? 1));

describe('the authorization matrix covers every declared route', () => {
  const declared = Object.keys(api).sort();
  it('names every route, and only declared ones', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(declared);
  });
  it.each(declared)('%s is declared with the access of the matrix', (name) => {
    const def = api[name as RouteName];
    const row = MATRIX[name as RouteName];
    if (row.allow === 'anonymous') expect(def.access.kind).toBe('anonymous');
    else
      expect(def.access.kind === 'user' ? [...def.access.userTypes].sort() : def.access.kind).toEqual(
        [...row.allow].sort(),
      );
  });
});

describe.each(engines)('each user type is let in or turned away as the matrix says, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  const tokens = new Map<UserTypeId, string>();

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    for (const type of ALL_USER_TYPES) {
      const user = await createUser(t.db, { userTypeId: type });
      tokens.set(type, (await tokensOf(t.app, user.email)).access_token);
    }
  });
  afterAll(() => t.close());

  const call = (name: RouteName, headers: Record<string, string>) => {
    const def = api[name];
    const input = MATRIX[name].input ?? {};
    const isForm = typeof input.body === 'string';
    return t.app.inject({
      method: def.method,
      url: fill(def.path, input.params),
      ...(input.query ? { query: input.query } : {}),
      ...(input.body !== undefined ? { payload: input.body as string } : {}),
      headers: { ...headers, ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
  };

  it.each(Object.keys(MATRIX) as RouteName[])('%s', async (name) => {
    const row = MATRIX[name];
    const anonymous = await call(name, {});
    if (row.allow === 'anonymous') {
      expect(anonymous.statusCode, anonymous.body).not.toBe(403);
      return;
    }
    expect(anonymous.statusCode).toBe(401);
    for (const type of ALL_USER_TYPES) {
      const res = await call(name, bearer(tokens.get(type)!));
      if (row.allow.includes(type))
        expect([401, 403], `type ${type}: ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `type ${type}`).toBe(403);
      expect(res.statusCode, `type ${type}: ${res.body}`).toBeLessThan(500);
    }
  });
});
