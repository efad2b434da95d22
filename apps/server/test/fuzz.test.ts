import { api, type RouteDef, type RouteName, type UserTypeId } from '@fieldport/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createAppointment,
  createArticle,
  createAssetType,
  createChecklist,
  createContract,
  createContractType,
  createCounter,
  createCustomer,
  createCustomerGroup,
  createDepartment,
  createDocument,
  createJob,
  createLead,
  createLeadType,
  createMachine,
  createMachineModel,
  createPartnerCompany,
  createProject,
  createServiceAgreement,
  createStore,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import {
  asText,
  baseInputOf,
  EXTREME_INTEGERS,
  hostileString,
  inputOf,
  junk,
  numberFields,
  withValueAt,
} from './fuzz/zod-arbitrary.ts';
import { engines as allEngines, startTestApp } from './harness.ts';
import { allLicences, basic, bearer, form, PASSWORD } from './support.ts';
import { installWriteCounter } from './write-counter.ts';

/**
 * Input fuzzing (issue 10): every declared route, called through `inject` with inputs derived from its
 * own zod schemas (valid, boundary and hostile values mixed, see fuzz/zod-arbitrary.ts), as the Admin and
 * for about one call in seven as a customer user. Every answer is below 500, leaks no stack, SQL or file
 * path, and a refused write changes nothing in the database.
 *
 * `npm test` runs FUZZ_RUNS (default 200) inputs per route on PGlite; `npm run fuzz` runs 2,000 on PGlite
 * and on PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set. A failure prints its seed and
 * path (each route's own seed, derived from FUZZ_SEED and its name): FUZZ_ROUTE=<route>
 * FUZZ_ROUTE_SEED=<seed> FUZZ_PATH=<path> replays it. FUZZ_ENGINE=pglite|postgres runs on one database only.
 * A replay of one route starts from a fresh database, so a failure that needed an earlier route's
 * leftovers (an id taken) may need the whole run with the same FUZZ_SEED.
 *
 * Before the generated inputs, every route is called with each of its number fields in turn at 2^31,
 * 2^31 − 1, 2^63 and −2^31 (EXTREME_INTEGERS), the rest a valid input naming the first record of each
 * kind, with the same checks (issue 29: a RowVersion of 2^31 reached an integer column and answered 500).
 *
 * No route is left out. Those that need handling:
 * - routes that can take the caller's session away (deactivate or retype a user, change a password, sign
 *   out): the callers are checked after each such call and signed in afresh (a new user) when lost;
 * - routes that switch licences or features off: every licence is switched back on after each route;
 * - multipart uploads get generated multipart bodies (JSON parts from the schema, files of random bytes
 *   under hostile names) and sometimes malformed ones;
 * - the form-encoded token route gets generated form bodies.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const ONLY = process.env.FUZZ_ROUTE;
// The long run covers PostgreSQL too; `npm test` stays on PGlite to keep CI's time.
// FUZZ_ENGINE=pglite|postgres runs one of them.
const engines = (process.env.FUZZ_RUNS ? allEngines : (['pglite'] as const)).filter(
  (e) => !process.env.FUZZ_ENGINE || e === process.env.FUZZ_ENGINE,
);

/** Calls that may take the caller's session or account away: the callers are checked after each. */
const CALLER_AFFECTING = new Set<RouteName>([
  'userToggleActive',
  'userChange',
  'userChangePasswordFor',
  'changeMyAccount',
  'myAccountChangePassword',
  'myAccountEndSession',
  'myAccountEndOtherSessions',
  'tokenRevoke',
  'changePassword',
  'passwordReset',
]);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LEAKS: [string, RegExp][] = [
  ['stack trace', /\n\s+at |^\s+at \S+ \(/m],
  ['SQL', /select |insert into|update .* set|syntax error|relation "/i],
  ['file path', /\/work\/|\/apps\/server\/|node_modules/],
];

/** Percent-encodes text for a URL, lone surrogates as the bytes of one (they have no UTF-8). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

type Call = {
  caller: 'admin' | 'customer';
  params: Record<string, string>;
  query: [string, string][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'multipart'; parts: Record<string, unknown> };
};

const textArb = (schema: RouteDef['params']) =>
  schema
    ? inputOf(schema).map((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}))
    : fc.constant({});

function paramsArb(def: RouteDef): fc.Arbitrary<Record<string, string>> {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return textArb(def.params).chain((generated: Record<string, unknown>) =>
    fc.tuple(...names.map(() => fc.option(hostileString, { freq: 6 }))).map((hostile) =>
      Object.fromEntries(
        names.map((n, i) => {
          const text = hostile[i] ?? asText(generated[n] ?? '1');
          // An empty path segment reaches another route or none: keep the segment.
          return [n, text === '' ? '0' : text];
        }),
      ),
    ),
  );
}

function queryArb(def: RouteDef): fc.Arbitrary<[string, string][]> {
  // Sometimes keys the route does not know, prototype names among them.
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'x[y]'), fc.string()),
      hostileString,
    ),
    { maxLength: 2 },
  );
  return fc.tuple(textArb(def.query), fc.option(extra, { freq: 4, nil: [] })).map(([generated, more]) => {
    const pairs: [string, string][] = [];
    for (const [k, v] of Object.entries(generated as Record<string, unknown>)) {
      if (v === undefined) continue;
      // Arrays become repeated keys, as a browser sends a list.
      if (Array.isArray(v)) for (const item of v) pairs.push([k, asText(item)]);
      else pairs.push([k, asText(v)]);
    }
    return [...pairs, ...more];
  });
}

const malformedJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"\\ud800"',
  `[${'['.repeat(5000)}`,
  '1e999',
  '',
);

function bodyArb(def: RouteDef): fc.Arbitrary<Call['body']> {
  if (def.bodyKind === 'multipart') {
    const fields = def.body ? inputOf(def.body) : fc.constant({});
    const file = fc.record({
      filename: fc.oneof(
        fc.constantFrom('a.pdf', 'logo.png', 'x.jpg', '../../etc/passwd', 'a\u0000.png'),
        hostileString,
      ),
      data: fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
      contentType: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/html', ''),
    });
    const parts = fc
      .tuple(fields, fc.array(file, { maxLength: 2 }))
      .map(([generated, files]): Call['body'] => {
        const out: Record<string, unknown> = {};
        const g = generated && typeof generated === 'object' && !Array.isArray(generated) ? generated : {};
        for (const [k, v] of Object.entries(g as Record<string, unknown>)) if (v !== undefined) out[k] = v;
        files.forEach((f, i) => {
          const name =
            i === 0
              ? def.path.includes('Logo')
                ? 'imageFile'
                : def.path.includes('/label/')
                  ? 'Photos'
                  : def.path.includes('MachineModel')
                    ? 'ImageFile'
                    : 'Files'
              : 'Files';
          out[name] = f;
        });
        return { kind: 'multipart', parts: out };
      });
    return fc.oneof(
      { weight: 8, arbitrary: parts },
      {
        weight: 1,
        arbitrary: malformedJson.map(
          (text) => ({ kind: 'raw', text, contentType: 'multipart/form-data; boundary=x' }) as const,
        ),
      },
      { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
    );
  }
  if (def.bodyKind === 'form') {
    const fields = def.body ? inputOf(def.body) : fc.constant({});
    return fields.map((v) => {
      const text = Object.entries(v && typeof v === 'object' ? (v as Record<string, unknown>) : {})
        .map(([k, x]) => `${encode(k)}=${encode(asText(x))}`)
        .join('&');
      return { kind: 'raw', text, contentType: 'application/x-www-form-urlencoded' } as const;
    });
  }
  if (!def.body) {
    if (!WRITE_METHODS.has(def.method) || def.method === 'DELETE')
      return fc.constant({ kind: 'none' } as const);
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'none' } as const) },
      { weight: 1, arbitrary: junk.map((value) => ({ kind: 'json', value }) as const) },
    );
  }
  return fc.oneof(
    { weight: 16, arbitrary: inputOf(def.body).map((value) => ({ kind: 'json', value }) as const) },
    { weight: 2, arbitrary: junk.map((value) => ({ kind: 'json', value }) as const) },
    {
      weight: 1,
      arbitrary: malformedJson.map(
        (text) => ({ kind: 'raw', text, contentType: 'application/json' }) as const,
      ),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' } as const) },
  );
}

function callArb(def: RouteDef): fc.Arbitrary<Call> {
  return fc.record({
    caller: fc.oneof(
      { weight: 6, arbitrary: fc.constant('admin' as const) },
      fc.constant('customer' as const),
    ),
    params: paramsArb(def),
    query: queryArb(def),
    body: bodyArb(def),
  });
}

type FilePart = { filename: string; data: Buffer; contentType: string };
const isFile = (v: unknown): v is FilePart =>
  !!v && typeof v === 'object' && Buffer.isBuffer((v as FilePart).data);

/** A multipart body as a browser sends it: text parts as they are, objects as JSON, files as bytes. */
function multipartBody(parts: Record<string, unknown>) {
  const boundary = '----fieldportfuzz';
  const chunks: Buffer[] = [];
  for (const [name, v] of Object.entries(parts)) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"`;
    if (isFile(v))
      chunks.push(
        Buffer.from(`${head}; filename="${v.filename}"\r\nContent-Type: ${v.contentType}\r\n\r\n`),
        v.data,
        Buffer.from('\r\n'),
      );
    else chunks.push(Buffer.from(`${head}\r\n\r\n${typeof v === 'string' ? v : JSON.stringify(v)}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const seedOf = (name: string) => [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, SEED);

describe.each(engines)('every route survives generated input, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  const tokens = { admin: '', customer: '' };
  let customerId = 0;
  let signIns = 0;

  async function newCaller(who: 'admin' | 'customer') {
    const type: UserTypeId = who === 'admin' ? 1 : 6;
    const user = await createUser(t.db, { userTypeId: type, ...(type === 6 ? { customerId } : {}) });
    // From an address of its own: the fuzzed sign-ins may have the test's address rate-limited.
    const res = await t.app.inject({
      method: 'POST',
      url: api.token.path,
      remoteAddress: `10.0.${Math.floor(++signIns / 250)}.${signIns % 250}`,
      headers: {
        authorization: basic(user.email, PASSWORD),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
    if (res.statusCode !== 200)
      throw new Error(`sign-in of a new ${who} failed: ${res.statusCode} ${res.body}`);
    tokens[who] = res.json().access_token;
  }

  /** Signs the callers in afresh when a call took their session away; answers who was lost. */
  async function keepCallers(): Promise<string[]> {
    countAfterRefusal = undefined;
    const lost: string[] = [];
    for (const who of ['admin', 'customer'] as const) {
      const res = await t.app.inject({ method: 'GET', url: api.userInfo.path, headers: bearer(tokens[who]) });
      if (res.statusCode !== 200) {
        lost.push(who);
        await newCaller(who);
      }
    }
    return lost;
  }

  let fingerprint: () => Promise<string>;
  /**
   * The write count read after the last call, kept only while nothing but `send` has run since: a
   * run of refused writes (most generated inputs) reads it once a call instead of twice. Whatever
   * else writes (new callers, licences, a test's start) forgets it.
   */
  let countAfterRefusal: string | undefined;
  beforeEach(() => {
    countAfterRefusal = undefined;
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await ensureReferenceData(t.db);
    const c = await createCustomer(t.db);
    customerId = c.id;
    // A record of each kind, so that the calls naming the first one (id 1) reach the database.
    await createJob(t.db, { customerId: c.id });
    const machine = await createMachine(t.db, { customerId: c.id });
    await createDepartment(t.db);
    await createCustomerGroup(t.db);
    await createMachineModel(t.db);
    await createAssetType(t.db);
    await createPartnerCompany(t.db);
    await createProject(t.db);
    await createLeadType(t.db);
    await createLead(t.db);
    await createArticle(t.db);
    await createStore(t.db);
    await createChecklist(t.db);
    await createAppointment(t.db);
    await createDocument(t.db, { entityId: machine.id });
    const type = await createContractType(t.db);
    await createContract(t.db, { contractTypeId: type.id, customerId: c.id, machineIds: [machine.id] });
    await createCounter(t.db, { machineId: machine.id });
    await createServiceAgreement(t.db, { machineId: machine.id });
    await newCaller('admin');
    await newCaller('customer');
    // A refused write must leave the database's change count as it was (write-counter.ts).
    const counter = await installWriteCounter(t.db);
    fingerprint = () => counter.changes();
  });
  /** FUZZ_STATS=1: the answers' status classes per route, to see how many inputs reach the handlers. */
  const stats = new Map<string, Record<string, number>>();
  afterAll(async () => {
    if (process.env.FUZZ_STATS)
      console.log(
        [...stats].map(([n, c]) => `${n} ${JSON.stringify(c)}`).join('\n'),
        `\ntotal ${JSON.stringify(
          [...stats.values()].reduce<Record<string, number>>((all, c) => {
            for (const [k, v] of Object.entries(c)) all[k] = (all[k] ?? 0) + v;
            return all;
          }, {}),
        )}`,
      );
    await t?.close();
  });

  /**
   * Sends one call as its caller and checks the answer: below 500, no stack, SQL or file path, and a
   * refused write changed nothing.
   */
  async function send(name: RouteName, def: RouteDef, call: Call) {
    const isWrite = WRITE_METHODS.has(def.method);
    const path = def.path.replace(/:(\w+)/g, (_, n: string) => encode(call.params[n] ?? '1'));
    const qs = call.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
    const headers: Record<string, string> = { ...bearer(tokens[call.caller]) };
    let payload: string | Buffer | undefined;
    const b = call.body;
    if (b.kind === 'json') {
      payload = JSON.stringify(b.value) ?? 'null';
      headers['content-type'] = 'application/json';
    } else if (b.kind === 'raw') {
      payload = b.text;
      headers['content-type'] = b.contentType;
    } else if (b.kind === 'multipart') {
      const m = multipartBody(b.parts);
      payload = m.payload;
      headers['content-type'] = m.contentType;
    }
    if (def.access.kind === 'anonymous' && name === 'token') {
      headers.authorization = `Basic ${Buffer.from('nobody@example.test:x').toString('base64')}`;
      payload ??= form;
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    // The count after the previous call, when that was a refused write and nothing ran since (it is
    // unchanged, asserted): the same count a read here answers, without the read.
    const before = isWrite ? (countAfterRefusal ?? (await fingerprint())) : '';
    countAfterRefusal = undefined;
    const res = await t.app.inject({
      method: def.method,
      url: qs ? `${path}?${qs}` : path,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const sent = `${path} ${qs} ${typeof payload === 'string' ? payload : (payload?.toString('latin1') ?? '')}`;
    const what = `${def.method} ${path}${qs ? `?${qs.slice(0, 300)}` : ''} as ${call.caller} → ${res.statusCode} ${res.body.slice(0, 500)}`;
    const counts = stats.get(name) ?? {};
    const status = res.statusCode < 300 ? '2xx' : String(res.statusCode);
    counts[status] = (counts[status] ?? 0) + 1;
    stats.set(name, counts);

    expect(res.statusCode, what).toBeLessThan(500);
    if (res.headers['content-type']?.toString().includes('json') || res.statusCode >= 400)
      for (const [kind, pattern] of LEAKS) {
        const m = res.body.match(pattern);
        if (m && !sent.includes(m[0])) expect.fail(`${kind} in the answer: ${what}`);
      }
    if (isWrite && res.statusCode >= 400) {
      const after = await fingerprint();
      expect(after, `a refused call changed data: ${what}`).toBe(before);
      countAfterRefusal = after;
    }
  }

  const names = (Object.keys(api) as RouteName[]).filter((n) => !ONLY || n === ONLY);

  /**
   * The calls of `def` with one number field at a time at each of EXTREME_INTEGERS, the other fields as
   * `baseInputOf` makes them (ids 1: the first record of each kind, so the changes reach the database).
   */
  function extremeCalls(def: RouteDef): { field: string; call: Call }[] {
    const seed = seedOf(def.path);
    const base = {
      params: def.params ? baseInputOf(def.params, seed) : {},
      query: def.query ? baseInputOf(def.query, seed) : {},
      body: def.body ? baseInputOf(def.body, seed) : undefined,
    };
    const asCall = (params: unknown, query: unknown, body: unknown): Call => ({
      caller: 'admin',
      params: Object.fromEntries(
        Object.entries((params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, asText(v)]),
      ),
      query: Object.entries((query ?? {}) as Record<string, unknown>).flatMap(([k, v]) =>
        (Array.isArray(v) ? v : [v]).map((x): [string, string] => [k, asText(x)]),
      ),
      body:
        body === undefined
          ? { kind: 'none' }
          : def.bodyKind === 'multipart'
            ? { kind: 'multipart', parts: body as Record<string, unknown> }
            : def.bodyKind === 'form'
              ? {
                  kind: 'raw',
                  contentType: 'application/x-www-form-urlencoded',
                  text: Object.entries(body as Record<string, unknown>)
                    .map(([k, v]) => `${encode(k)}=${encode(asText(v))}`)
                    .join('&'),
                }
              : { kind: 'json', value: body },
    });
    const calls: { field: string; call: Call }[] = [];
    for (const part of ['params', 'query', 'body'] as const) {
      const schema = def[part];
      if (!schema) continue;
      for (const path of numberFields(schema))
        for (const n of EXTREME_INTEGERS) {
          const changed = { ...base, [part]: withValueAt(base[part], path, n) };
          calls.push({
            field: `${part} ${path.join('.')} = ${n}`,
            call: asCall(changed.params, changed.query, changed.body),
          });
        }
    }
    return calls;
  }

  it.each(names)(
    '%s: every number field at 2^31, 2^31 − 1, 2^63 and −2^31 answers below 500 and a refusal changes nothing',
    async (name) => {
      const def = api[name] as RouteDef;
      const failed: string[] = [];
      for (const { field, call } of extremeCalls(def)) {
        await send(name, def, call).catch((err: Error) =>
          failed.push(`${field}: ${err.message.split('\n')[0]}`),
        );
        if (CALLER_AFFECTING.has(name)) await keepCallers();
      }
      expect(failed).toEqual([]);
      expect(await keepCallers(), `${name} took a caller's session away`).toEqual([]);
      await allLicences(t.app);
    },
    60_000,
  );

  it.each(names)(
    '%s',
    async (name) => {
      const def = api[name] as RouteDef;
      const seed = process.env.FUZZ_ROUTE_SEED ? Number(process.env.FUZZ_ROUTE_SEED) : seedOf(name);
      await fc.assert(
        fc.asyncProperty(callArb(def), async (call) => {
          await send(name, def, call);
          if (CALLER_AFFECTING.has(name)) await keepCallers();
        }),
        {
          numRuns: RUNS,
          seed,
          ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}),
          // Shrinking re-sends hundreds of calls against a database the failure changed; FUZZ_SHRINK=1 asks for it.
          endOnFailure: !process.env.FUZZ_SHRINK,
        },
      );
      // Only the routes listed above may take a caller's session away; then licences are all on again.
      expect(await keepCallers(), `${name} took a caller's session away`).toEqual([]);
      await allLicences(t.app);
    },
    Math.max(30_000, RUNS * 300),
  );
});
