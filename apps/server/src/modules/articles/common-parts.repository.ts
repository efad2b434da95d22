import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { articles, commonParts, machineModels } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';

const selection = {
  machineModelId: commonParts.machineModelId,
  articleId: articles.id,
  articleNumber: articles.articleNumber,
  name: articles.name,
  unit: articles.unit,
  quantity: commonParts.quantity,
  position: commonParts.position,
  isActive: articles.isActive,
};
export type CommonPartRow = {
  machineModelId: number;
  articleId: number;
  articleNumber: string;
  name: string;
  unit: string;
  quantity: string;
  position: number;
  isActive: boolean;
};

const select = (db: Executor) =>
  db.select(selection).from(commonParts).innerJoin(articles, eq(articles.id, commonParts.articleId));

const order = [asc(commonParts.machineModelId), asc(commonParts.position), asc(articles.id)];

const whereOf = (modelId: number | undefined, word: string | undefined) =>
  and(
    modelId ? eq(commonParts.machineModelId, modelId) : undefined,
    hasWord(word)
      ? or(ilike(articles.articleNumber, containing(word)), ilike(articles.name, containing(word)))
      : undefined,
  );

export async function listCommonParts(
  db: Executor,
  f: { modelId?: number | undefined; word?: string | undefined },
  page: { limit: number; offset: number },
) {
  const where = whereOf(f.modelId, f.word);
  const [rows, [total]] = await Promise.all([
    select(db)
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(commonParts)
      .innerJoin(articles, eq(articles.id, commonParts.articleId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A model's common parts in their order. */
export async function partsOfModel(db: Executor, modelId: number) {
  return select(db)
    .where(eq(commonParts.machineModelId, modelId))
    .orderBy(...order);
}

/** The model's row, locked when changing its list (two moves at once are put one after the other). */
export async function findModel(db: Executor, id: number, lock = false) {
  const q = db.select({ id: machineModels.id }).from(machineModels).where(eq(machineModels.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Adds the articles after the last part; an article already on the list gets the quantity. */
export async function upsertParts(
  db: Executor,
  modelId: number,
  parts: { articleId: number; quantity: string }[],
) {
  const [last] = await db
    .select({ max: sql<number>`coalesce(max(${commonParts.position}), 0)::int` })
    .from(commonParts)
    .where(eq(commonParts.machineModelId, modelId));
  let position = Number(last?.max ?? 0);
  for (const p of parts)
    await db
      .insert(commonParts)
      .values({ machineModelId: modelId, articleId: p.articleId, quantity: p.quantity, position: ++position })
      .onConflictDoUpdate({
        target: [commonParts.machineModelId, commonParts.articleId],
        set: { quantity: p.quantity },
      });
}

export async function removePart(db: Executor, modelId: number, articleId: number) {
  const [row] = await db
    .delete(commonParts)
    .where(and(eq(commonParts.machineModelId, modelId), eq(commonParts.articleId, articleId)))
    .returning({ articleId: commonParts.articleId });
  return !!row;
}

/** Numbers the model's parts 1, 2, 3 … in the order of `articleIds`. */
export async function renumber(db: Executor, modelId: number, articleIds: number[]) {
  if (articleIds.length === 0) return;
  const values = sql.join(
    articleIds.map((id, i) => sql`(${id}::int, ${i + 1}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${commonParts} set position = v.position
    from (values ${values}) as v(article_id, position)
    where ${commonParts.machineModelId} = ${modelId} and ${commonParts.articleId} = v.article_id`);
}
