import { api, type RouteDef } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { startTestApp } from './harness.ts';

type Media = Record<string, { schema?: object; example?: unknown }>;
interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Media };
  responses: Record<string, { content?: Media }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const routes = api as Record<string, RouteDef>;

/** What `schema` says of `value`: nothing when it accepts it, else its first complaints. */
function complaint(schema: z.ZodType, value: unknown): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  return parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

/**
 * The API reference has an example per call (issue 9): every call of the contract in /api2/docs with
 * its path and query values, its request body and its success answer, each accepted by the call's own
 * zod schemas. A new call whose made example its schemas refuse fails here until the generator
 * (apps/server/src/http/openapi-examples.ts) or a hand-written example (packages/contract/src/examples)
 * gives it one they accept. The document does not depend on the database: one engine is enough.
 */
describe('OpenAPI examples', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let doc: Document;
  let operations: Operation[];
  beforeAll(async () => {
    t = await startTestApp('pglite');
    const res = await t.app.inject({ url: '/api2/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json() as Document;
    operations = Object.values(doc.paths)
      .flatMap((p) => Object.values(p))
      .filter((o) => o.operationId && routes[o.operationId]);
  });
  afterAll(() => t.close());

  it('lists every call of the contract', () => {
    expect(operations.map((o) => o.operationId).sort()).toEqual(Object.keys(routes).sort());
  });

  it('gives every call request and success examples that its own schemas accept', () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const name = op.operationId!;
      const def = routes[name]!;
      const parameters = op.parameters ?? [];
      for (const [where, schema] of [
        ['path', def.params],
        ['query', def.query],
      ] as const) {
        if (!schema) continue;
        const documented = parameters.filter((p) => p.in === where);
        const missing = documented.filter((p) => p.example === undefined).map((p) => p.name);
        if (!documented.length || missing.length)
          wrong.push(`${name} ${where}: no example of ${missing.join(', ')}`);
        const values = Object.fromEntries(documented.map((p) => [p.name, p.example]));
        const said = complaint(schema, values);
        if (said) wrong.push(`${name} ${where}: ${said}`);
      }
      if (def.body) {
        const [type, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        const expected =
          def.bodyKind === 'multipart'
            ? 'multipart/form-data'
            : def.bodyKind === 'form'
              ? 'application/x-www-form-urlencoded'
              : 'application/json';
        if (type !== expected) wrong.push(`${name} body: documented as ${type}, sent as ${expected}`);
        if (media?.example === undefined) wrong.push(`${name} body: no example`);
        else {
          const said = complaint(def.body, media.example);
          if (said) wrong.push(`${name} body: ${said}`);
        }
      }
      const ok = op.responses['200']?.content ?? {};
      if (def.response.kind === 'binary') {
        if (!ok[def.response.contentType])
          wrong.push(`${name} response: not documented as ${def.response.contentType}`);
        continue;
      }
      const example = ok['application/json']?.example;
      if (example === undefined) wrong.push(`${name} response: no example`);
      else {
        const said = complaint(def.response.schema, example);
        if (said) wrong.push(`${name} response: ${said}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('shows the most used calls with the hand-written examples', () => {
    const op = (id: string) => operations.find((o) => o.operationId === id)!;
    const json = (o: Operation) =>
      o.responses['200']?.content?.['application/json']?.example as Record<string, unknown>;
    expect(op('token').requestBody?.content?.['application/x-www-form-urlencoded']?.example).toEqual({
      grant_type: 'client_credentials',
      scope: 'ServiceProvider.Administrator',
    });
    expect(json(op('token'))).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(op('jobGet').parameters?.find((p) => p.name === 'id')?.example).toBe(2051);
    expect(json(op('jobGet'))).toMatchObject({
      Id: 2051,
      CustomerName: 'Fjordbygg Entreprenør AS',
      InverseParent: [{ OrderId: '10452L1' }, { OrderId: '10452L2', Machine: { ModelName: 'Volvo EC220E' } }],
    });
    expect(json(op('userInfo'))).toMatchObject({ UserInfo: { Name: 'Lars Berg', UserTypeId: 2 } });
    expect(op('customerFiltered').parameters?.find((p) => p.name === 'SearchWord')?.example).toBe('Fjord');
    // A multipart call documents its JSON part and its file.
    const upload = op('customerGroupCreate').requestBody?.content?.['multipart/form-data'];
    expect(upload?.schema).toMatchObject({ properties: { ImageFile: { type: 'string', format: 'binary' } } });
    expect(upload?.example).toMatchObject({ CustomerGroup: expect.any(Object) });
  });
});
