import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';

/**
 * Tables a refused call may write to by design: failed sign-ins are counted (sign-in hardening) and
 * recovery mails are logged whether or not the address is known (the same answer for both).
 */
const BOOKKEEPING: ReadonlySet<string> = new Set([
  'sign_in_failures',
  'mail_log',
  'one_time_codes',
  '__drizzle_migrations',
]);

/**
 * A database-level check that a call wrote nothing: every row written, updated or deleted in any table
 * but the bookkeeping ones counts one change, in the writing transaction (so a rolled-back attempt counts
 * nothing). Cheaper than counting rows per table, and it sees updates that keep the row count. Install it
 * once per test database, after the fixtures; `changes()` answers the count so far.
 */
export async function installWriteCounter(db: Db): Promise<{ changes(): Promise<string> }> {
  const tables = (await db.execute(
    sql.raw(
      `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  )) as unknown as { rows: { table_name: string }[] };
  for (const statement of [
    'create table test_write_count (n bigint not null)',
    'insert into test_write_count values (0)',
    `create function test_write_count() returns trigger language plpgsql as
       $$ begin update test_write_count set n = n + 1; return null; end $$`,
  ])
    await db.execute(sql.raw(statement));
  for (const { table_name: table } of tables.rows)
    if (!BOOKKEEPING.has(table))
      await db.execute(
        sql.raw(`create trigger test_write_count after insert or update or delete on "${table}"
                 for each row execute function test_write_count()`),
      );
  return {
    async changes() {
      const res = (await db.execute(sql.raw('select n from test_write_count'))) as unknown as {
        rows: { n: unknown }[];
      };
      return String(res.rows[0]?.n);
    },
  };
}
