import { MAX_ID } from '@fieldport/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './db.ts';

/**
 * The next id of a table whose ids a company may choose (customer groups, departments): one above the
 * highest, or, once an id typed in is the highest an integer holds (2,147,483,647), the lowest free one.
 */
export async function nextFreeId(db: Executor, sequence: NumberSequence, table: PgTable, id: PgColumn) {
  const n = await nextFreeNumber(db, sequence, sql`select max(${id}) from ${table}`);
  if (n <= MAX_ID) return n;
  const { rows } = await db.execute<{ n: number | null }>(
    sql`select case when not exists (select 1 from ${table} where ${id} = 1) then 1
             else (select min(t.${sql.identifier(id.name)}) + 1 from ${table} t
                   where t.${sql.identifier(id.name)} < ${MAX_ID}
                     and not exists (select 1 from ${table} u where u.${sql.identifier(id.name)} = t.${sql.identifier(id.name)} + 1))
             end as n`,
  );
  const free = rows[0]?.n;
  if (free == null) throw new Error(`${sequence}: every id is taken`);
  return Number(free);
}

/** The sequences of automatic numbers (migration 0010). */
type NumberSequence = 'customer_numbers' | 'customer_group_ids' | 'department_ids';

/**
 * The next automatic number: one above the highest stored one, drawn from a sequence. `nextval` never
 * answers one number twice, so concurrent creates never pick the same one (reading max + 1 did). When a
 * number was stored by hand above the sequence (an id or customer number typed in, imported, or made by
 * the demo), the sequence is first moved up to the highest one, so the rule stays 'one above the
 * highest'. In the rare case that a concurrent create chose the drawn number by hand, the unique index
 * refuses one of the two and the automatic one is drawn again (`retryTwins`).
 *
 * `highest` is an SQL query answering the highest stored number (or null).
 */
export async function nextFreeNumber(db: Executor, sequence: NumberSequence, highest: SQL): Promise<number> {
  const name = sql.raw(`'${sequence}'`);
  for (let attempt = 1; ; attempt++) {
    const { rows } = await db.execute<{ n: string; behind: boolean }>(
      sql`select s.n::text as n, s.n <= coalesce((${highest}), 0) as behind from (select nextval(${name}) as n) s`,
    );
    const row = rows[0]!;
    if (!row.behind || attempt >= 5) return Number(row.n);
    await db.execute(
      sql`select setval(${name}, greatest((${highest}), (select last_value from ${sql.identifier(sequence)})))`,
    );
  }
}
