/** `text` trimmed, with the pattern characters (backslash, %, _) escaped. */
const escapeLike = (text: string): string => text.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

/** An ILIKE pattern matching `text` anywhere, with the pattern characters of `text` escaped. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;

/** An ILIKE or LIKE pattern matching a text that starts with `text`. */
export const startingWith = (text: string): string => `${escapeLike(text)}%`;

/** `rows` in the order of `ids` (a search's page read by its ids); ids without a row are left out. */
export function inOrderOf<T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row === undefined ? [] : [row];
  });
}

export const offsetOf = (page: number, perPage: number): number => (page - 1) * perPage;

/** Whether a search word is worth filtering by. */
export const hasWord = (word: string | null | undefined): word is string => !!word && word.trim() !== '';

/**
 * Dropdown paging with selected ids prepended (002 §3): the prepended records lead the first page and
 * are left out of the pages that follow.
 */
export function withPrepended<T extends { Id: number }>(
  page: number,
  prepended: T[],
  rows: T[],
  order: number[] = [],
): T[] {
  if (page !== 1 || prepended.length === 0) return rows;
  const ids = new Set(prepended.map((p) => p.Id));
  const rank = (id: number) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...[...prepended].sort((a, b) => rank(a.Id) - rank(b.Id)), ...rows.filter((r) => !ids.has(r.Id))];
}

/** A dropdown's query with selected ids to prepend (002 §3). */
export interface PrependQuery {
  Page: number;
  ItemsPerPage: number;
  SearchWord?: string | undefined;
  PrependItemIdList?: number[] | undefined;
}

/** What the search word and the prepended ids leave for the other pages. */
export interface PrependFilter {
  word: string | undefined;
  excludeIds: number[];
}

/**
 * A page of a small name list (departments, projects, partner companies, lead types), read at once:
 * the records matching the search word less the prepended ones, their count, and the records of
 * PrependItemIdList, which lead page 1 (withPrepended) and count in the total.
 */
export async function prependedPage<T extends { Id: number }>(
  q: PrependQuery,
  read: {
    page(f: PrependFilter): Promise<T[]>;
    count(f: PrependFilter): Promise<number>;
    ids(ids: number[]): Promise<T[]>;
  },
): Promise<{ Content: T[]; TotalCount: number }> {
  const excludeIds = q.PrependItemIdList ?? [];
  const f = { word: q.SearchWord, excludeIds };
  const [rows, total, prepended] = await Promise.all([
    read.page(f),
    read.count(f),
    excludeIds.length ? read.ids(excludeIds) : Promise.resolve([]),
  ]);
  return {
    Content: withPrepended(q.Page, prepended, rows, excludeIds),
    TotalCount: total + prepended.length,
  };
}

/**
 * The TotalCount of a page whose count is bounded (a count reads at most cap + 1 matches, never the
 * whole table: ENGINEERING.md). A page that is not full tells the total exactly; a bounded count past
 * its cap answers the cap (the customer and machine lists have no TotalCountCapped field), or, deeper
 * than the cap, one more than the rows seen so far, so a dropdown still asks for the next page.
 */
export function boundedTotal(
  page: { limit: number; offset: number },
  returned: number,
  count: { matches: number; exact: boolean },
): number {
  const seen = returned ? page.offset + returned : 0;
  const last = returned < page.limit && (returned > 0 || page.offset === 0);
  if (last) return seen;
  return count.exact ? Math.max(count.matches, seen) : Math.max(count.matches, seen + 1);
}
