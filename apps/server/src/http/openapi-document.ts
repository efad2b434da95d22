import { type Api, api, type RouteDef } from '@fieldport/contract';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

/** A schema that may be null: OpenAPI 3.0's `nullable` only means something next to a `type`. */
type Schema = { nullable?: boolean; type?: unknown; anyOf?: Schema[]; oneOf?: Schema[] } & Record<
  string,
  unknown
>;

/**
 * `nullable` beside a union (zod's `.nullable()` of a union, written as `anyOf` with `nullable`) is
 * moved into each branch: the same values, and a schema that OpenAPI 3.0 validators (Spectral's
 * `oas3-valid-media-example`) accept, since `nullable` without `type` is an error there.
 */
function typeNullables(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) typeNullables(item);
    return;
  }
  const schema = node as Schema;
  if (schema.nullable === true && schema.type === undefined) {
    const branches = schema.anyOf ?? schema.oneOf;
    if (branches) {
      for (const b of branches) if (b.type !== undefined) b.nullable = true;
      delete schema.nullable;
    }
  }
  for (const value of Object.values(schema)) typeNullables(value);
}

/**
 * The other spellings of a call's path that the server answers and the catalogue uses (the router
 * ignores case and a trailing slash, app.ts): the form without the trailing slash (`Department` for
 * `Department/`), and the route's own `spellings` (`/api2/serviceprovider/article/search`).
 */
export function spellingsOf(path: string, def: RouteDef | undefined): string[] {
  const out = path.length > 1 && path.endsWith('/') ? [path.slice(0, -1)] : [];
  return [...out, ...(def?.spellings ?? []).map((p) => p.replace(/:([A-Za-z]+)/g, '{$1}'))];
}

/**
 * The last touches of /api2/docs: typed nullables, and each call listed under every spelling of its
 * path (an operation of its own, with an operationId of its own, saying which call it is).
 */
export function finishDocument<T>(doc: T): T {
  const paths = (doc as Document).paths ?? {};
  typeNullables(paths);
  const routes = api as Api as Record<string, RouteDef>;
  for (const [path, methods] of Object.entries(paths))
    for (const [method, op] of Object.entries(methods)) {
      const def = op.operationId ? routes[op.operationId] : undefined;
      spellingsOf(path, def).forEach((spelling, i) => {
        const alias: Operation = {
          ...op,
          operationId: `${op.operationId}Spelling${i + 1}`,
          description: `The same call as ${method.toUpperCase()} ${path} (${op.operationId}), spelt as the catalogue spells it.`,
        };
        paths[spelling] = { ...paths[spelling], [method]: alias };
      });
    }
  return doc;
}
