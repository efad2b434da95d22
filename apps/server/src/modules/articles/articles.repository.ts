import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  articles,
  jobCategories,
  jobCategoryArticles,
  stockMovements,
  stores,
  suppliers,
} from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;

const selection = { article: articles, supplier: { id: suppliers.id, name: suppliers.name } };
export type ArticleWithSupplier = {
  article: ArticleRow;
  supplier: { id: number | null; name: string | null } | null;
};

const select = (db: Executor) =>
  db.select(selection).from(articles).leftJoin(suppliers, eq(suppliers.id, articles.supplierId));

export interface ArticleFilter {
  word?: string | undefined;
  includeInactive?: boolean;
  isTimeArticle?: boolean | undefined;
}

const whereOf = (f: ArticleFilter): SQL | undefined =>
  and(
    hasWord(f.word)
      ? or(ilike(articles.articleNumber, containing(f.word)), ilike(articles.name, containing(f.word)))
      : undefined,
    f.includeInactive ? undefined : eq(articles.isActive, true),
    f.isTimeArticle === undefined ? undefined : eq(articles.isTimeArticle, f.isTimeArticle),
  );

/** A page of articles in the list's index order (name, id). */
export async function listArticles(db: Executor, f: ArticleFilter, page: { limit: number; offset: number }) {
  return select(db)
    .where(whereOf(f))
    .orderBy(asc(articles.name), asc(articles.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** How many articles match, reading at most cap + 1 of them (ENGINEERING.md: never the whole table). */
export async function countArticles(db: Executor, f: ArticleFilter, cap: number) {
  const matching = db
    .select({ one: sql`1` })
    .from(articles)
    .where(whereOf(f))
    .orderBy(...(hasWord(f.word) ? [] : [asc(articles.name), asc(articles.id)]))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = Number(row?.n ?? 0);
  return { matches: Math.min(n, cap), exact: n <= cap };
}

/** The article of a number, whatever its case (the unique index is on lower(article_number)). */
export async function findByNumber(db: Executor, number: string) {
  const [row] = await select(db).where(sql`lower(${articles.articleNumber}) = lower(${number})`);
  return row ?? null;
}

export async function findById(db: Executor, id: number) {
  const [row] = await select(db).where(eq(articles.id, id));
  return row ?? null;
}

export async function findRow(db: Executor, id: number, lock = false) {
  const q = db.select().from(articles).where(eq(articles.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The articles of these numbers (any case): id and number as stored. */
export async function idsOfNumbers(db: Executor, numbers: string[]) {
  if (numbers.length === 0) return [];
  const lowered = [...new Set(numbers.map((n) => n.toLowerCase()))];
  return db
    .select({ id: articles.id, articleNumber: articles.articleNumber })
    .from(articles)
    .where(inArray(sql`lower(${articles.articleNumber})`, lowered));
}

export async function existingIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: articles.id, articleNumber: articles.articleNumber })
    .from(articles)
    .where(inArray(articles.id, ids));
}

export async function insertArticle(db: Executor, values: NewArticleRow) {
  const [row] = await db.insert(articles).values(values).returning();
  return row!;
}

export async function updateArticle(
  db: Executor,
  id: number,
  values: Partial<NewArticleRow>,
  rowVersion?: number,
) {
  const where = versionedWhere(articles.id, id, articles.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(articles).where(where))[0];
  const [row] = await db
    .update(articles)
    .set({ ...values, updatedAt: sql`now()`, rowVersion: nextVersion(articles.rowVersion) })
    .where(where)
    .returning();
  return row;
}

export async function supplierExists(db: Executor, id: number) {
  const [row] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  return !!row;
}

/** The article's stock per store: the sum of each store's movements of it (stores with movements only). */
export async function stockPerStore(db: Executor, articleId: number) {
  return db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      storeNames: stores.names,
      storeType: stores.storeType,
      quantity: sql<string>`sum(${stockMovements.quantity})::text`,
    })
    .from(stockMovements)
    .innerJoin(stores, eq(stores.id, stockMovements.storeId))
    .where(eq(stockMovements.articleId, articleId))
    .groupBy(stores.id, stores.name, stores.storeType)
    .orderBy(asc(stores.storeType), asc(stores.name), asc(stores.id));
}

/** The job categories that bring the article along. */
export async function categoriesOf(db: Executor, articleId: number) {
  return db
    .select({
      id: jobCategoryArticles.id,
      jobCategoryId: jobCategories.id,
      name: jobCategories.name,
      names: jobCategories.names,
      quantity: jobCategoryArticles.quantity,
    })
    .from(jobCategoryArticles)
    .innerJoin(jobCategories, eq(jobCategories.id, jobCategoryArticles.jobCategoryId))
    .where(eq(jobCategoryArticles.articleId, articleId))
    .orderBy(asc(jobCategories.name), asc(jobCategories.id));
}
