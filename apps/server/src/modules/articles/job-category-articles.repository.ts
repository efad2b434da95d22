import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import { articles, jobCategories, jobCategoryArticles } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';

const selection = {
  id: jobCategoryArticles.id,
  jobCategoryId: jobCategoryArticles.jobCategoryId,
  articleId: articles.id,
  articleNumber: articles.articleNumber,
  name: articles.name,
  unit: articles.unit,
  quantity: jobCategoryArticles.quantity,
  isActive: articles.isActive,
};
export type CategoryArticleRow = {
  id: number;
  jobCategoryId: number;
  articleId: number;
  articleNumber: string;
  name: string;
  unit: string;
  quantity: string;
  isActive: boolean;
};

const select = (db: Executor) =>
  db
    .select(selection)
    .from(jobCategoryArticles)
    .innerJoin(articles, eq(articles.id, jobCategoryArticles.articleId));

const whereOf = (categoryId: number, word?: string) =>
  and(
    eq(jobCategoryArticles.jobCategoryId, categoryId),
    hasWord(word)
      ? or(ilike(articles.articleNumber, containing(word)), ilike(articles.name, containing(word)))
      : undefined,
  );

/** A page of a category's articles by article number, and how many there are (a category has few). */
export async function listCategoryArticles(
  db: Executor,
  categoryId: number,
  word: string | undefined,
  page: { limit: number; offset: number },
) {
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(whereOf(categoryId, word))
      .orderBy(asc(articles.articleNumber), asc(jobCategoryArticles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(jobCategoryArticles)
      .innerJoin(articles, eq(articles.id, jobCategoryArticles.articleId))
      .where(whereOf(categoryId, word)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function allOfCategory(db: Executor, categoryId: number) {
  return select(db)
    .where(eq(jobCategoryArticles.jobCategoryId, categoryId))
    .orderBy(asc(articles.articleNumber), asc(jobCategoryArticles.id));
}

export async function findLink(db: Executor, id: number) {
  const [row] = await select(db).where(eq(jobCategoryArticles.id, id));
  return row ?? null;
}

export async function categoryExists(db: Executor, id: number) {
  const [row] = await db.select({ id: jobCategories.id }).from(jobCategories).where(eq(jobCategories.id, id));
  return !!row;
}

/** Adds the articles to the category (quantity 1); those already on it stay as they are. */
export async function addArticles(db: Executor, categoryId: number, articleIds: number[]) {
  if (articleIds.length === 0) return;
  await db
    .insert(jobCategoryArticles)
    .values(articleIds.map((articleId) => ({ jobCategoryId: categoryId, articleId })))
    .onConflictDoNothing();
}

export async function setQuantity(db: Executor, id: number, quantity: string) {
  const [row] = await db
    .update(jobCategoryArticles)
    .set({ quantity })
    .where(eq(jobCategoryArticles.id, id))
    .returning({ id: jobCategoryArticles.id });
  return row ?? null;
}

export async function deleteLink(db: Executor, id: number) {
  const [row] = await db
    .delete(jobCategoryArticles)
    .where(eq(jobCategoryArticles.id, id))
    .returning({ id: jobCategoryArticles.id, jobCategoryId: jobCategoryArticles.jobCategoryId });
  return row ?? null;
}
