import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Rows of a table nested in another query's answer as JSON (`json_agg` of a sub-select), read back
 * into exactly what a select of the table gives: one statement instead of one per table.
 *
 * Columns whose driver value is text (timestamps, dates, numerics) travel as text and go through the
 * column's own mapping, so a nested row and a selected row are the same to the letter; the others
 * (numbers, booleans, text, JSON) are JSON already.
 */
const TEXT_TYPES = new Set([
  'PgTimestamp',
  'PgTimestampString',
  'PgDate',
  'PgDateString',
  'PgNumeric',
  'PgTime',
]);

/** PostgreSQL's limit of arguments to a function: 50 key-value pairs per `json_build_object`. */
const PAIRS_PER_CALL = 50;

/** The table's row as a JSON object keyed by the row's property names (`json_build_object`). */
export function jsonRowOf(table: PgTable): SQL {
  return jsonObjectOf(getTableColumns(table));
}

/**
 * Columns as a JSON object keyed by their names here: a select's field map nested in another
 * query, so the select and its JSON form list the fields once.
 */
function jsonObjectOf(columns: Record<string, Column>): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => {
    // Property names come from the schema's code, never from input.
    const name = sql.raw(`'${key}'`);
    return TEXT_TYPES.has(column.columnType) ? sql`${name}, ${column}::text` : sql`${name}, ${column}`;
  });
  const calls: SQL[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_CALL)
    calls.push(sql`jsonb_build_object(${sql.join(pairs.slice(i, i + PAIRS_PER_CALL), sql`, `)})`);
  return sql`(${sql.join(calls, sql` || `)})`;
}

/** A JSON row of `jsonRowOf` back as the table's row. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table)) as [string, Column][]) {
    const value = json[key];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
