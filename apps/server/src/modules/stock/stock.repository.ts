import { and, eq, sql } from 'drizzle-orm';
import { stockMovements, storeArticles, stores } from '../../db/schema/index.ts';
import type { Executor, Tx } from '../common/db.ts';

/** Why stock moved (stock_movements.reason). */
export const StockReason = {
  Received: 1,
  UsedOnJob: 2,
  BackFromJob: 3,
  Counted: 4,
  Moved: 5,
} as const;
export type StockReasonId = (typeof StockReason)[keyof typeof StockReason];

/** A store's stock of an article: the sum of its movements, as an exact decimal string. */
export async function stockOf(db: Executor, storeId: number, articleId: number): Promise<string> {
  const [row] = await db
    .select({ quantity: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)::numeric(12, 3)::text` })
    .from(stockMovements)
    .where(and(eq(stockMovements.storeId, storeId), eq(stockMovements.articleId, articleId)));
  return row?.quantity ?? '0';
}

export interface StockChange {
  storeId: number;
  articleId: number;
  /** Signed, exact decimal string: below zero takes stock out. */
  quantity: string;
  reason: StockReasonId;
  orderLineId?: number | null;
  userId?: number | null;
  comment?: string;
  isLocked?: boolean;
}

export type StockResult =
  | { ok: true; balance: string }
  /** Refused: the store may not go below zero and holds only `available`. */
  | { ok: false; available: string };

/**
 * Books one movement inside the caller's transaction. The store's assortment row for the article
 * is locked first (made when missing), so two takes of the last unit run one after the other: the
 * second sees the first's movement in the sum and is refused unless the store allows negative stock.
 * Nothing is written when refused; the caller turns that into its 409.
 */
export async function moveStock(tx: Tx, change: StockChange): Promise<StockResult> {
  await tx
    .insert(storeArticles)
    .values({ storeId: change.storeId, articleId: change.articleId })
    .onConflictDoNothing();
  await tx
    .select({ storeId: storeArticles.storeId })
    .from(storeArticles)
    .where(and(eq(storeArticles.storeId, change.storeId), eq(storeArticles.articleId, change.articleId)))
    .for('update');
  const [store] = await tx
    .select({ allowNegative: stores.allowNegative })
    .from(stores)
    .where(eq(stores.id, change.storeId));
  const [row] = await tx
    .select({
      before: sql<string>`coalesce(sum(${stockMovements.quantity}), 0)::numeric(12, 3)::text`,
      after: sql<string>`(coalesce(sum(${stockMovements.quantity}), 0) + ${change.quantity}::numeric)::numeric(12, 3)::text`,
      refused: sql<boolean>`coalesce(sum(${stockMovements.quantity}), 0) + ${change.quantity}::numeric < 0 and ${change.quantity}::numeric < 0`,
    })
    .from(stockMovements)
    .where(and(eq(stockMovements.storeId, change.storeId), eq(stockMovements.articleId, change.articleId)));
  if (row!.refused && !store?.allowNegative) return { ok: false, available: row!.before };
  await tx.insert(stockMovements).values({
    storeId: change.storeId,
    articleId: change.articleId,
    quantity: change.quantity,
    reason: change.reason,
    orderLineId: change.orderLineId ?? null,
    userId: change.userId ?? null,
    comment: change.comment ?? '',
    isLocked: change.isLocked ?? false,
  });
  return { ok: true, balance: row!.after };
}
