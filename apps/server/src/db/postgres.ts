import { createHash } from 'node:crypto';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type Database, type Db, migrationsFolder } from './database-types.ts';
import * as schema from './schema/index.ts';

/* A PostgreSQL server at DATABASE_URL: its pool, migrations one process at a time, LISTEN. */

/** A PostgreSQL server at DATABASE_URL. Pool errors are logged, never fatal. */
export async function openPostgres(
  url: string,
  onPoolError: (err: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  survive(pool, onPoolError);
  pool.on('connect', planOnce);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  holdTransactionsSafely(db, pool);
  await migrateOnce(pool);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify, onPoolError),
    openPool: (max) => new HoldingPool(url, max, onPoolError),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

/** The advisory lock every process takes to migrate: one at a time, whatever their number. */
const MIGRATION_LOCK = 0x6670_6d67; // 'fpmg'

/**
 * Applies the migrations once when several processes start together on one database: each takes the
 * same session advisory lock first, so the first applies them and the rest wait and find nothing left
 * to do (two at once collided in `create schema drizzle`: a duplicate pg_namespace entry). The lock is
 * the session's, so a process that dies mid-way lets it go with its connection.
 */
async function migrateOnce(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Transactions on a client of the pool that always goes back to it. Drizzle's own transaction on a
 * pool sends `begin` before its try/finally, so when the connection dies at that moment (PostgreSQL
 * restarting, 57P01) the client is never released: ten of them (pg_terminate_backend under load,
 * npm run chaos) left every later call waiting 10 s for a free connection, for good, and closing the
 * pool waited for ever. Here the client is taken and given back by us, and
 * drizzle runs the transaction on it as on a single connection (one drizzle instance per client).
 */
function holdTransactionsSafely(db: Db, pool: pg.Pool) {
  const onClient = new WeakMap<pg.PoolClient, Db>();
  db.transaction = (async (
    run: Parameters<Db['transaction']>[0],
    config?: Parameters<Db['transaction']>[1],
  ) => {
    const client = await pool.connect();
    try {
      let own = onClient.get(client);
      if (!own) {
        own = drizzlePg({ client, schema, casing: 'snake_case' }) as unknown as Db;
        onClient.set(client, own);
      }
      return await own.transaction(run, config);
    } finally {
      client.release();
    }
  }) as Db['transaction'];
}

/**
 * A pool whose errors never reach the process: pg emits 'error' on the pool for an idle client and on
 * the client itself for one that is checked out between queries (a transaction awaiting its next
 * statement, a LISTEN connection). Without a listener that event is an uncaught exception, so
 * PostgreSQL terminating its backends (a restart, 57P01) would stop the server. The dead client is
 * dropped when it goes back to the pool (pg-pool discards a client that is no longer queryable) and
 * the next call connects again.
 */
function survive(pool: pg.Pool, onError: (err: Error) => void) {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

/**
 * A pool whose checked-out client that fails goes back to the pool at once (and a later release of it
 * is ignored), for a holder that never gives a dead client back: the live-event hub's cluster adapter
 * (@socket.io/postgres-adapter) checks one client out for good to LISTEN on and connects again when it
 * dies. Without this, each lost connection would take a slot of its pool for ever.
 */
class HoldingPool extends pg.Pool {
  constructor(url: string, max: number, onError: (err: Error) => void) {
    super({ connectionString: url, max, connectionTimeoutMillis: 10_000 });
    survive(this, onError);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (promise and callback forms)
  override connect(...args: any[]): any {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => unknown)(...args);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const releaseOnce = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener('error', failed);
        release(err);
      };
      // Logged by the listener survive() gave every client.
      const failed = (err: Error) => releaseOnce(err);
      client.on('error', failed);
      client.release = releaseOnce;
      return client;
    });
  }
}

/**
 * The mark of a statement to plan with its values on every run (see planOnce): a comment anywhere in
 * its text. Repositories add it with `planWithValues` (modules/common/db.ts).
 */
export const PLAN_WITH_VALUES = '/* plan with values */';

/**
 * Every parameterised query runs as a named prepared statement of its connection (named after its
 * text), so PostgreSQL parses and plans it once per connection instead of on every call: for the
 * short reads of this API, planning took longer than running. The texts are the repositories' own
 * (values travel as parameters), so their number stays small. A query with several statements or
 * without parameters runs as it is.
 *
 * After five runs PostgreSQL may keep a prepared statement's generic plan, made without the values.
 * For a statement whose best plan depends on its values (a list filtered by a status of 200 jobs or
 * of 700,000, a map's box over a town or a county, a planner's week or year) that plan can be worse
 * by orders of magnitude: the map's nearby jobs took 46 s instead of 0.3 s (decision 044). Such a
 * statement carries PLAN_WITH_VALUES in its text and runs unnamed, with or without a name of its own
 * (drizzle's `.prepare(name)`): planned with its values every time. `plan_cache_mode =
 * force_custom_plan` for every statement instead made job/{id} some five times slower.
 */
export function planOnce(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = new Map<string, string>();
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (
      config &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      (config as pg.QueryConfig).text.includes(PLAN_WITH_VALUES)
    ) {
      const { name: _unnamed, ...unnamed } = config as pg.QueryConfig;
      return query(unnamed, values, callback);
    }
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
 * LISTEN needs a connection of its own, outside the pool. A lost connection (an error, or its end
 * while still wanted) is logged and opened again a second later, for as long as the database is
 * away; the hub's poll covers the gap. Nothing of it is ever thrown at the process.
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
  const connect = async () => {
    const c = new pg.Client({ connectionString: url });
    let lost = false;
    const lose = (err: Error) => {
      if (lost || stopped) return;
      lost = true;
      onError(err);
      if (client === c) client = null;
      c.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1_000);
    };
    c.on('notification', (n) => n.channel === channel && onNotify());
    c.on('error', lose);
    c.on('end', () => lose(new Error('Connection terminated: the LISTEN connection ended')));
    try {
      await c.connect();
      await c.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      lose(err as Error);
      return;
    }
    if (stopped) await c.end().catch(() => {});
    else client = c;
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
