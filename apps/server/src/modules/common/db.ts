import type { Db } from '../../db/database.ts';

/** A transaction of the database: repositories take either, so use cases can run them in one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** The Postgres code of a unique-constraint violation (a race lost to a concurrent insert). */
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * Whether a partial change sets nothing (each value left out: a PATCH of the id alone). Drizzle
 * refuses an UPDATE without values ('No values to set'); the repositories read the row instead, so
 * such a change is a no-op that answers the record as it is.
 */
export const nothingToSet = (values: object): boolean => Object.values(values).every((v) => v === undefined);
