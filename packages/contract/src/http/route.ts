import type { z } from 'zod';
import type { FeatureKey, LicenceKey } from '../domain/licences.ts';
import type { PermissionName } from '../domain/permissions.ts';
import type { UserTypeId } from '../domain/user-types.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route. Anonymous routes carry their own credential checks (password, refresh token, code). */
export type Access =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userTypes: readonly UserTypeId[];
      /** A named permission of the matrix; when set, it must also allow the user type. */
      permission?: PermissionName;
      licence?: LicenceKey;
      feature?: FeatureKey;
    };

/** What a successful call answers: a JSON body described by a schema, or bytes (images, files). */
export type RouteResponse = { kind: 'json'; schema: z.ZodType } | { kind: 'binary'; contentType: string };

export interface RouteDef {
  method: HttpMethod;
  /** Full path, starting with /api2/. Parameters as :name. */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** JSON body, or for form/multipart calls the parsed fields. */
  body?: z.ZodType;
  bodyKind?: 'json' | 'form' | 'multipart';
  response: RouteResponse;
  /** Writes that have no catalogue success text still send a snackbar-worthy notice through call metadata. */
  tags?: readonly string[];
  /**
   * Other spellings of the path that the catalogue uses for this call, listed in the OpenAPI
   * document; the server answers them because its router ignores case and a trailing slash.
   */
  spellings?: readonly string[];
}

/** Declares a call once; the server registers it and the web client is typed from it. */
export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

/** Catalogue paths are relative to the service-provider root unless they start with /api2/ (002 §1). */
export const sp = (path: string): string => `/api2/ServiceProvider/${path}`;

export const json = <S extends z.ZodType>(schema: S) => ({ kind: 'json', schema }) as const;
export const binary = (contentType: string) => ({ kind: 'binary', contentType }) as const;

export const anonymous = { kind: 'anonymous' } as const;
export const users = (
  userTypes: readonly UserTypeId[],
  extra: Omit<Extract<Access, { kind: 'user' }>, 'kind' | 'userTypes'> = {},
) => ({ kind: 'user', userTypes, ...extra }) as const;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type InferIn<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a caller sends for a route (inputs before defaults). */
export type RouteInput<R extends RouteDef> = {
  params: InferIn<R['params']>;
  query: InferIn<R['query']>;
  body: InferIn<R['body']>;
};
/** What a handler receives for a route (after parsing). */
export type RouteParsed<R extends RouteDef> = {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
};
export type RouteOutput<R extends RouteDef> = R['response'] extends { kind: 'json'; schema: infer S }
  ? Infer<S>
  : Blob;

/** Fills :name parameters of a path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
