import { type SQL, sql } from 'drizzle-orm';
import { type Db, PLAN_WITH_VALUES } from '../../db/database.ts';

/** A transaction of the database: repositories take either, so use cases can run them in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/**
 * A statement's condition (or `true`) marked so that PostgreSQL plans the statement with its values on
 * every run, never with a prepared statement's generic plan (database.ts planOnce, decision 044): for
 * the list, search, map and planner statements whose best plan depends on the values. Short reads by
 * key stay prepared.
 */
export const planWithValues = (where: SQL | undefined): SQL =>
  sql`${sql.raw(PLAN_WITH_VALUES)} ${where ?? sql`true`}`;

/**
 * The unique index or constraint a unique violation (Postgres code 23505: a race lost to a concurrent
 * insert) names, '' when the driver did not say; null for any other error. Drizzle wraps the driver's
 * error (pg or PGlite) as its `cause`.
 */
export function uniqueViolationOf(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  )
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  return null;
}
/**
 * Whether a partial change sets nothing (each value left out: a PATCH of the id alone). Drizzle
 * refuses an UPDATE without values ('No values to set'); the repositories read the row instead, so
 * such a change is a no-op that answers the record as it is.
 */
export const nothingToSet = (values: object): boolean => Object.values(values).every((v) => v === undefined);
