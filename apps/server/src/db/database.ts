import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import lockfile from 'proper-lockfile';
import * as schema from './schema/index.ts';

const migrationsFolder = join(import.meta.dirname, 'migrations');

/** One query API over both engines: drizzle's pg-core dialect is the same for PGlite and node-postgres. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY of the channel (after the notifying transaction commits); answers
   * the unsubscribe. The live-event hub is woken this way on both engines.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a small pool of its own on the same server, for what keeps connections open
   * (the live-event hub's cluster adapter between server processes). The caller ends it.
   */
  openPool?(max: number): pg.Pool;
}

export class DataDirLockedError extends Error {}

/** The embedded database in DATA_DIR, locked against a second process. */
export async function openEmbedded(dataDir: string | null): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: join(dataDir, 'server.lock'),
        stale: 15_000,
        update: 5_000,
      });
    } catch {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Fieldport process. Stop it, or set DATA_DIR to another folder.`,
      );
    }
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite delivers its own connection's notifications in process.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/** A PostgreSQL server at DATABASE_URL. Pool errors are logged, never fatal. */
export async function openPostgres(
  url: string,
  onPoolError: (err: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', onPoolError);
  pool.on('connect', planOnce);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  await migratePg(db, { migrationsFolder });
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, onPoolError),
    openPool: (max) => {
      const own = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
      own.on('error', onPoolError);
      return own;
    },
    close: () => pool.end(),
  };
}

/**
 * Every parameterised query runs as a named prepared statement of its connection (named after its
 * text), so PostgreSQL parses and plans it once per connection instead of on every call: for the
 * short reads of this API, planning took longer than running. The texts are the repositories' own
 * (values travel as parameters), so their number stays small. A query with several statements or
 * without parameters runs as it is.
 */
function planOnce(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Map<string, string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      !(config as pg.QueryConfig).name &&
      Array.isArray(values) &&
      values.length > 0 &&
      !(config as pg.QueryConfig).text.includes(';')
    ) {
      const text = (config as pg.QueryConfig).text;
      let name = named.get(text);
      if (!name) {
        name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
        named.set(text, name);
      }
      return query({ ...(config as object), name }, values, callback);
    }
    return query(config, values, callback);
  };
}

/**
 * LISTEN needs a connection of its own, outside the pool. A lost connection is logged and opened
 * again after a second; the hub's poll covers the gap.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (err: Error) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const again = (err: Error) => {
    onError(err);
    client = null;
    if (!stopped) retry = setTimeout(() => connect().catch(again), 1_000);
  };
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => n.channel === channel && onNotify());
    c.on('error', (err) => {
      c.end().catch(() => {});
      again(err);
    });
    await c.connect();
    await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = c;
    if (stopped) await c.end();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (e: Error) => void;
}) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.onPoolError) : openEmbedded(opts.dataDir);
}
