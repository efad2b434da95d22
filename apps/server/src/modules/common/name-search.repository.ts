import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, planWithValues } from './db.ts';
import { startingWith } from './paging.ts';

/**
 * A list searched by a word (customers, machines): its table, id and name, and the joins its search
 * condition needs (none, or a customer's default address when the word is in too many addresses).
 */
export interface NameSearchSource {
  table: PgTable;
  id: PgColumn;
  name: PgColumn;
  joins?: SQL | undefined;
}

/** A search's matches are counted and put in order from the trigram indexes' bitmap up to this many. */
const FEW_MATCHES = 10_000;

/**
 * The name as the relevance order compares it: lower case, byte by byte. Indexed with the name and
 * the id (customers_search_name, machines_search_name, migration 0038), so the names starting with a
 * word are one range of the index, already in order.
 */
const folded = (name: PgColumn) => sql`(lower(${name}) collate "C")`;

/**
 * A page of a search's matches by relevance (decision 084): the records whose name starts with the
 * word first, then the others; each group by its name ignoring case (then the name and the id). And
 * how many match, when `count` is asked and it is known: exact up to FEW_MATCHES, `exact: false` above;
 * null when the matches cannot be gathered from a bitmap (`few: false`; the caller counts).
 *
 * Up to three statements, each stopping early. First the page among the names starting with the word
 * (a range of the folded-name index: a common word's page, 'Forklift', 'Nes', without walking the
 * names sorting before it); when it fills the page, only the count, if asked, follows (at most
 * FEW_MATCHES + 1 matches read unordered from the trigram bitmap). Otherwise at most FEW_MATCHES + 1
 * matches unordered, their number and the page among them; and only when more match, the other names
 * in order (an index walk). `fewMatches` (default FEW_MATCHES) is lowered by tests only.
 */
export async function searchPage(
  db: Executor,
  source: NameSearchSource,
  where: SQL | undefined,
  word: string,
  page: { limit: number; offset: number },
  opts: { count: boolean; few: boolean; fewMatches?: number },
): Promise<{ ids: number[]; count: { matches: number; exact: boolean } | null }> {
  const { table, id, name } = source;
  const fewMatches = opts.fewMatches ?? FEW_MATCHES;
  const joins = source.joins ?? sql``;
  const starts = sql`${folded(name)} like lower(${startingWith(word)})`;
  const end = page.offset + page.limit;
  const idsOf = (rows: { id: number }[]) => rows.map((r) => Number(r.id));
  const first = idsOf(
    (
      await db.execute<{ id: number }>(sql`
        select ${id} as id from ${table} ${joins} where (${planWithValues(where)}) and ${starts}
        order by ${folded(name)}, ${name}, ${id} limit ${end}`)
    ).rows,
  );
  if (first.length === end) {
    // The page is known; a count asked is read from the bitmap alone, unordered.
    if (!opts.count || !opts.few) return { ids: first.slice(page.offset), count: null };
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from ${table} ${joins} where ${planWithValues(where)} limit ${fewMatches + 1}
      ) m`);
    const n = Number(rows[0]?.n ?? 0);
    return {
      ids: first.slice(page.offset),
      count: { matches: Math.min(n, fewMatches), exact: n <= fewMatches },
    };
  }
  let count: { matches: number; exact: boolean } | null = null;
  if (opts.few) {
    const { rows } = await db.execute<{ n: number; ids: number[] }>(sql`
      with m as materialized (
        select ${id} as id, ${name} as name, ${folded(name)} as f, ${starts} as s
        from ${table} ${joins} where ${planWithValues(where)} limit ${fewMatches + 1}
      )
      select (select count(*)::int from m) as n,
        array(select id from m order by s desc, f, name, id limit ${page.limit} offset ${page.offset}) as ids`);
    const n = Number(rows[0]?.n ?? 0);
    if (n <= fewMatches) return { ids: (rows[0]?.ids ?? []).map(Number), count: { matches: n, exact: true } };
    count = { matches: fewMatches, exact: false };
  }
  const others = idsOf(
    (
      await db.execute<{ id: number }>(sql`
        select ${id} as id from ${table} ${joins} where (${planWithValues(where)}) and not ${starts}
        order by ${folded(name)}, ${name}, ${id} limit ${end - first.length}`)
    ).rows,
  );
  return { ids: [...first, ...others].slice(page.offset), count };
}
