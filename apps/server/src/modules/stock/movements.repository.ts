import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { articles, orderLines, stockMovements, stores, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { offsetOf } from '../common/paging.ts';

export interface MovementFilter {
  onlyLocked: boolean;
  storeId?: number | undefined;
  articleId?: number | undefined;
  /** Days, inclusive, on the company's clock (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
}

const movementWhere = (f: MovementFilter, timeZone: string): SQL | undefined =>
  and(
    f.onlyLocked ? eq(stockMovements.isLocked, true) : undefined,
    f.storeId ? eq(stockMovements.storeId, f.storeId) : undefined,
    f.articleId ? eq(stockMovements.articleId, f.articleId) : undefined,
    f.from
      ? gte(sql`(${stockMovements.createdAt} at time zone ${timeZone})::date`, sql`${f.from}::date`)
      : undefined,
    f.to
      ? lte(sql`(${stockMovements.createdAt} at time zone ${timeZone})::date`, sql`${f.to}::date`)
      : undefined,
  );

/** A page of movements, newest first, with store, article, user and the job of the line. */
export async function movementsPage(
  db: Executor,
  f: MovementFilter,
  page: { page: number; perPage: number },
  timeZone: string,
) {
  const where = movementWhere(f, timeZone);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockMovements.id,
        storeId: stockMovements.storeId,
        storeName: stores.name,
        storeNames: stores.names,
        articleId: stockMovements.articleId,
        articleNumber: articles.articleNumber,
        articleName: articles.name,
        quantity: sql<string>`${stockMovements.quantity}::text`,
        reason: stockMovements.reason,
        isLocked: stockMovements.isLocked,
        comment: stockMovements.comment,
        userId: stockMovements.userId,
        // By key for the page's rows: a join let the planner hash all users (bench/plans.ts).
        userName: sql<
          string | null
        >`(select ${users.name} from ${users} where ${users.id} = ${stockMovements.userId})`,
        orderLineId: stockMovements.orderLineId,
        jobId: orderLines.jobId,
        parentJobId: orderLines.parentJobId,
        createdAt: sql<string>`to_char(${stockMovements.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
      })
      .from(stockMovements)
      .innerJoin(stores, eq(stores.id, stockMovements.storeId))
      .innerJoin(articles, eq(articles.id, stockMovements.articleId))
      .leftJoin(orderLines, eq(orderLines.id, stockMovements.orderLineId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(page.perPage)
      .offset(offsetOf(page.page, page.perPage)),
    db.select({ n: count() }).from(stockMovements).where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
