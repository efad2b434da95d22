import type { LocalNames } from '@fieldport/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { articles, stockMovements, storeArticles, stores, users } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';

/** A store's balance of an article: the sum of its movements, exact, as text. */
export const balanceOf = sql<string>`(select coalesce(sum(${stockMovements.quantity}), 0)::numeric(12, 3)::text
  from ${stockMovements}
  where ${stockMovements.storeId} = ${storeArticles.storeId} and ${stockMovements.articleId} = ${storeArticles.articleId})`;

const storeColumns = {
  id: stores.id,
  name: stores.name,
  names: stores.names,
  storeType: stores.storeType,
  userId: stores.userId,
  userName: users.name,
  allowNegative: stores.allowNegative,
  isActive: stores.isActive,
};
export type StoreRow = {
  id: number;
  name: string;
  names: LocalNames;
  storeType: number;
  userId: number | null;
  userName: string | null;
  allowNegative: boolean;
  isActive: boolean;
};

/**
 * GetAll's answer, written by the database (decision 103): every store and van, its name as `localName`
 * gives it in `lang` (the reader's language, else English, else the store's own), stores first by name,
 * then the vans by name; the JSON text of the list.
 */
export async function storesAnswer(db: Executor, lang: string): Promise<string> {
  const localized = sql`coalesce(nullif(${stores.names} ->> ${lang}, ''), nullif(${stores.names} ->> 'en', ''), ${stores.name})`;
  const result = await db.execute<{ answer: string }>(sql`
    select coalesce(json_agg(a order by ${stores.storeType}, ${stores.name}, ${stores.id}), '[]')::text as answer
      from ${stores} left join ${users} on ${users.id} = ${stores.userId}
      cross join lateral (
        select ${stores.id} as "Id", ${localized} as "Name", ${stores.storeType}::int as "StoreType",
               ${stores.userId} as "UserId", ${users.name} as "UserName",
               ${stores.allowNegative} as "AllowNegative", ${stores.isActive} as "IsActive") a`);
  return result.rows[0]!.answer;
}

export async function findStore(db: Executor, id: number): Promise<StoreRow | undefined> {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .leftJoin(users, eq(users.id, stores.userId))
    .where(eq(stores.id, id));
  return row;
}

/** The user's van (their active store of type 2; the first one made when there are several). */
export async function vanOf(
  db: Executor,
  userId: number,
): Promise<{ id: number; name: string; names: LocalNames } | undefined> {
  const [row] = await db
    .select({ id: stores.id, name: stores.name, names: stores.names })
    .from(stores)
    .where(and(eq(stores.userId, userId), eq(stores.storeType, 2), eq(stores.isActive, true)))
    .orderBy(asc(stores.id))
    .limit(1);
  return row;
}

export type ArticleRow = {
  id: number;
  articleNumber: string;
  name: string;
  unit: string;
  isStockItem: boolean;
  isTimeArticle: boolean;
};
const articleColumns = {
  id: articles.id,
  articleNumber: articles.articleNumber,
  name: articles.name,
  unit: articles.unit,
  isStockItem: articles.isStockItem,
  isTimeArticle: articles.isTimeArticle,
};

export async function findArticles(db: Executor, ids: readonly number[]): Promise<ArticleRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(articleColumns)
    .from(articles)
    .where(inArray(articles.id, [...ids]));
}

export async function findArticleByNumber(db: Executor, number: string): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select(articleColumns)
    .from(articles)
    .where(sql`lower(${articles.articleNumber}) = lower(${number})`);
  return row;
}

export type StoreStockRow = {
  storeId: number;
  storeName: string;
  storeNames: LocalNames;
  storeType: number;
  userId: number | null;
  quantity: string;
  location: string;
};

/** The stores holding the article above zero, and the given van whatever it holds. */
export async function storesWithStock(
  db: Executor,
  articleId: number,
  vanId: number | null,
): Promise<StoreStockRow[]> {
  const rows = await db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      storeNames: stores.names,
      storeType: stores.storeType,
      userId: stores.userId,
      quantity: balanceOf,
      location: storeArticles.location,
    })
    .from(storeArticles)
    .innerJoin(stores, eq(stores.id, storeArticles.storeId))
    .where(and(eq(storeArticles.articleId, articleId), eq(stores.isActive, true)))
    .orderBy(asc(stores.storeType), asc(stores.name), asc(stores.id));
  return rows.filter((r) => r.storeId === vanId || Number(r.quantity) > 0);
}

export type StoreArticleRow = {
  storeId: number;
  storeName: string;
  storeNames: LocalNames;
  articleId: number;
  articleNumber: string;
  articleName: string;
  unit: string;
  quantity: string;
  location: string;
  minQuantity: string;
};
const storeArticleColumns = {
  storeId: stores.id,
  storeName: stores.name,
  storeNames: stores.names,
  articleId: articles.id,
  articleNumber: articles.articleNumber,
  articleName: articles.name,
  unit: articles.unit,
  quantity: balanceOf,
  location: storeArticles.location,
  minQuantity: sql<string>`${storeArticles.minQuantity}::text`,
};

const assortmentWhere = (storeId: number, search: string | undefined): SQL | undefined =>
  and(
    eq(storeArticles.storeId, storeId),
    hasWord(search)
      ? or(
          ilike(articles.articleNumber, containing(search)),
          ilike(articles.name, containing(search)),
          ilike(storeArticles.location, containing(search)),
        )
      : undefined,
  );

/** A page of a store's assortment by article number. */
export async function storeArticlesPage(
  db: Executor,
  storeId: number,
  search: string | undefined,
  page: { page: number; perPage: number },
): Promise<{ rows: StoreArticleRow[]; total: number }> {
  const where = assortmentWhere(storeId, search);
  const [rows, [counted]] = await Promise.all([
    db
      .select(storeArticleColumns)
      .from(storeArticles)
      .innerJoin(stores, eq(stores.id, storeArticles.storeId))
      .innerJoin(articles, eq(articles.id, storeArticles.articleId))
      .where(where)
      .orderBy(asc(articles.articleNumber), asc(articles.id))
      .limit(page.perPage)
      .offset(offsetOf(page.page, page.perPage)),
    db
      .select({ n: count() })
      .from(storeArticles)
      .innerJoin(articles, eq(articles.id, storeArticles.articleId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

/** The named articles of a store's assortment with their stock. */
export async function storeArticlesOf(
  db: Executor,
  storeId: number,
  articleIds: readonly number[],
): Promise<StoreArticleRow[]> {
  if (articleIds.length === 0) return [];
  return db
    .select(storeArticleColumns)
    .from(storeArticles)
    .innerJoin(stores, eq(stores.id, storeArticles.storeId))
    .innerJoin(articles, eq(articles.id, storeArticles.articleId))
    .where(and(eq(storeArticles.storeId, storeId), inArray(storeArticles.articleId, [...articleIds])))
    .orderBy(asc(articles.articleNumber), asc(articles.id));
}

/**
 * Every store's balance of the articles whose number is `query` or whose number or name contains it
 * (at most `limit` articles, exact number first).
 */
export async function stockLookup(db: Executor, query: string, limit: number): Promise<StoreArticleRow[]> {
  const matching = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.isStockItem, true),
        or(ilike(articles.articleNumber, containing(query)), ilike(articles.name, containing(query))),
      ),
    )
    .orderBy(
      desc(sql`lower(${articles.articleNumber}) = lower(${query})`),
      asc(articles.articleNumber),
      asc(articles.id),
    )
    .limit(limit);
  if (matching.length === 0) return [];
  return db
    .select(storeArticleColumns)
    .from(storeArticles)
    .innerJoin(stores, eq(stores.id, storeArticles.storeId))
    .innerJoin(articles, eq(articles.id, storeArticles.articleId))
    .where(
      and(
        inArray(
          storeArticles.articleId,
          matching.map((m) => m.id),
        ),
        eq(stores.isActive, true),
      ),
    )
    .orderBy(asc(articles.articleNumber), asc(articles.id), asc(stores.storeType), asc(stores.name));
}

/** Puts articles in a store's assortment, or sets the location and minimum of those already in it. */
export async function upsertStoreArticles(
  tx: Tx,
  storeId: number,
  rows: readonly { articleId: number; location?: string | undefined; minQuantity?: string | undefined }[],
): Promise<void> {
  for (const r of rows) {
    const set = {
      ...(r.location !== undefined ? { location: r.location } : {}),
      ...(r.minQuantity !== undefined ? { minQuantity: r.minQuantity } : {}),
    };
    const insert = tx.insert(storeArticles).values({ storeId, articleId: r.articleId, ...set });
    await (Object.keys(set).length > 0
      ? insert.onConflictDoUpdate({ target: [storeArticles.storeId, storeArticles.articleId], set })
      : insert.onConflictDoNothing());
  }
}

/** The balances of a store's articles, exact, keyed by article id (0 for those without movements). */
export async function balances(
  db: Executor,
  storeId: number,
  articleIds: readonly number[],
): Promise<Map<number, string>> {
  const result = new Map<number, string>(articleIds.map((id) => [id, '0.000']));
  if (articleIds.length === 0) return result;
  const rows = await db
    .select({
      articleId: stockMovements.articleId,
      quantity: sql<string>`sum(${stockMovements.quantity})::numeric(12, 3)::text`,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.storeId, storeId), inArray(stockMovements.articleId, [...articleIds])))
    .groupBy(stockMovements.articleId);
  for (const r of rows) result.set(r.articleId, r.quantity);
  return result;
}

/**
 * Locks a store's assortment rows of the articles (made when missing), as moveStock does for one: a
 * count reads its balances under these locks, so no take slips in between the reading and the booking.
 */
export async function lockAssortment(tx: Tx, storeId: number, articleIds: readonly number[]): Promise<void> {
  if (articleIds.length === 0) return;
  const sorted = [...articleIds].sort((a, b) => a - b);
  await tx
    .insert(storeArticles)
    .values(sorted.map((articleId) => ({ storeId, articleId })))
    .onConflictDoNothing();
  await tx
    .select({ articleId: storeArticles.articleId })
    .from(storeArticles)
    .where(and(eq(storeArticles.storeId, storeId), inArray(storeArticles.articleId, sorted)))
    .orderBy(asc(storeArticles.articleId))
    .for('update');
}

/**
 * Locks the rows of one article in several stores (made when missing), in store order: two moves of
 * the article in opposite directions then wait for each other instead of deadlocking.
 */
export async function lockArticleInStores(
  tx: Tx,
  storeIds: readonly number[],
  articleId: number,
): Promise<void> {
  const sorted = [...new Set(storeIds)].sort((a, b) => a - b);
  await tx
    .insert(storeArticles)
    .values(sorted.map((storeId) => ({ storeId, articleId })))
    .onConflictDoNothing();
  await tx
    .select({ storeId: storeArticles.storeId })
    .from(storeArticles)
    .where(and(eq(storeArticles.articleId, articleId), inArray(storeArticles.storeId, sorted)))
    .orderBy(asc(storeArticles.storeId))
    .for('update');
}
