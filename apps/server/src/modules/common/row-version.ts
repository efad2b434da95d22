import type { ServerMessageKey } from '@fieldport/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Caller } from './caller.ts';
import { translatedRefusal } from './errors.ts';

/**
 * Row versions (decision 026): every record two people can edit has a `row_version` column, stepped by
 * each update and sent as `RowVersion`. A change that names the version it was read at and finds
 * another one answers 409 and writes nothing; a change without one is the catalogue's last write wins.
 */

/** 409: someone else saved the record after the caller read it. */
export const staleRecord = (caller: Caller, key: ServerMessageKey = 'record_changed_since') =>
  translatedRefusal(caller.lang, 409, key);

/** A RowVersion other than the stored one: someone else saved in between; nothing is overwritten. */
export function assertCurrent(
  caller: Caller,
  row: { rowVersion: number },
  rowVersion: number | undefined,
  key: ServerMessageKey = 'record_changed_since',
) {
  if (rowVersion !== undefined && rowVersion !== row.rowVersion) throw staleRecord(caller, key);
}

/**
 * The answer of a compare-and-set update (`versionedWhere`): no row means the version moved between the
 * read and the write (a concurrent save won), so this one is refused and its transaction rolled back.
 */
export function savedAt<T>(caller: Caller, row: T | undefined): T {
  if (row === undefined) throw staleRecord(caller);
  return row;
}

// Query fragments for repositories (like the scope predicates of `scope.ts`, they are `where` and `set`
// parts the repositories apply; no statement runs here).

/** `row_version + 1`: the set part of every update of a versioned record. */
export const nextVersion = (column: AnyPgColumn): SQL => sql`${column} + 1`;

/** `id = $1 [AND row_version = $2]`: the compare-and-set of a change; without a version, the row by id. */
export const versionedWhere = (
  idColumn: AnyPgColumn,
  id: number,
  versionColumn: AnyPgColumn,
  rowVersion: number | undefined,
): SQL =>
  rowVersion === undefined ? eq(idColumn, id) : and(eq(idColumn, id), eq(versionColumn, rowVersion))!;
