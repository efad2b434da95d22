import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { changeLogs, eventLog } from '../src/db/schema/index.ts';
import { createUser, ensureReferenceData } from '../src/dev/factories/index.ts';
import { startTestApp } from './harness.ts';
import { allLicences, bearer, tokensOf } from './support.ts';

type Query = Record<string, string | string[]>;

/** Calls the API as one signed-in user: `sp` paths are relative to /api2/ServiceProvider/. */
export function apiAs(app: FastifyInstance, token: string | null) {
  const headers = token ? bearer(token) : {};
  const url = (path: string) => (path.startsWith('/api2/') ? path : `/api2/ServiceProvider/${path}`);
  return {
    headers,
    get: (path: string, query?: Query) =>
      app.inject({ method: 'GET', url: url(path), headers, ...(query ? { query } : {}) }),
    post: (path: string, body?: unknown) =>
      app.inject({
        method: 'POST',
        url: url(path),
        headers,
        ...(body !== undefined ? { payload: body as object } : {}),
      }),
    patch: (path: string, body?: unknown) =>
      app.inject({
        method: 'PATCH',
        url: url(path),
        headers,
        ...(body !== undefined ? { payload: body as object } : {}),
      }),
    put: (path: string, body?: unknown) =>
      app.inject({
        method: 'PUT',
        url: url(path),
        headers,
        ...(body !== undefined ? { payload: body as object } : {}),
      }),
    delete: (path: string) => app.inject({ method: 'DELETE', url: url(path), headers }),
    /** A multipart call: JSON parts are objects, files are { filename, data }. */
    multipart: (
      method: 'POST' | 'PATCH',
      path: string,
      parts: Record<string, object | { filename: string; data: Buffer; contentType?: string }>,
    ) => {
      const { payload, contentType } = multipartBody(parts);
      return app.inject({
        method,
        url: url(path),
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    },
  };
}
export type Api = ReturnType<typeof apiAs>;

const isFile = (v: object): v is { filename: string; data: Buffer; contentType?: string } =>
  'filename' in v && 'data' in v && Buffer.isBuffer((v as { data: unknown }).data);

/** Builds a multipart/form-data body the way a browser's FormData does. */
export function multipartBody(
  parts: Record<string, object | { filename: string; data: Buffer; contentType?: string }>,
) {
  const boundary = `----fieldport${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (isFile(value)) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${JSON.stringify(value)}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** How many change-log lines and outbox events exist: a refused change must add neither. */
export async function writes(db: Db) {
  const [logs] = await db.select({ n: count() }).from(changeLogs);
  const [events] = await db.select({ n: count() }).from(eventLog);
  return { logs: logs?.n ?? 0, events: events?.n ?? 0 };
}

/** A new user of the type, signed in: the API as that user, and the user's row. */
export async function signedInUser(
  t: { app: FastifyInstance; db: Db },
  userTypeId: number,
  extra: object = {},
) {
  const user = await createUser(t.db, { userTypeId, ...extra });
  return { api: apiAs(t.app, (await tokensOf(t.app, user.email)).access_token), user };
}

/**
 * A test app for a describe block, started before its tests and closed after: reference data, every
 * licence, and a signed-in Admin and Technician (`technician` extra fields for the latter).
 */
export function staffApp(engine: 'pglite' | 'postgres', technician: object = {}) {
  const ctx = {} as {
    t: Awaited<ReturnType<typeof startTestApp>>;
    admin: Api;
    technician: Api;
    technicianId: number;
  };
  beforeAll(async () => {
    ctx.t = await startTestApp(engine);
    await ensureReferenceData(ctx.t.db);
    await allLicences(ctx.t.app);
    ctx.admin = (await signedInUser(ctx.t, 1)).api;
    const tech = await signedInUser(ctx.t, 2, technician);
    ctx.technician = tech.api;
    ctx.technicianId = tech.user.id;
  });
  afterAll(() => ctx.t.close());
  return ctx;
}
