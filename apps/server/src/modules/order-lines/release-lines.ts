import type { Tx } from '../common/db.ts';
import type { Emit } from '../common/outbox.ts';
import { moveStock, StockReason } from '../stock/stock.api.ts';
import * as repo from './order-lines.repository.ts';

/**
 * Machine sub-jobs removed (a sub-job or its job deleted, the customer swapped): their lines go with
 * them, and each part taken from a store goes back to it (reason 3) in the same transaction, so no
 * stock stays booked on a job nobody will invoice. Each article whose stock came back announces its
 * change event (once per article and store), so open stock screens read again. Answers how many
 * lines went.
 */
export async function releaseLinesOf(tx: Tx, emit: Emit, jobIds: number[], userId: number): Promise<number> {
  const lines = await repo.linesOfJobs(tx, jobIds);
  const announced = new Set<string>();
  for (const l of lines) {
    if (l.storeId === null || l.articleId === null) continue;
    await moveStock(tx, {
      storeId: l.storeId,
      articleId: l.articleId,
      quantity: l.quantity,
      reason: StockReason.BackFromJob,
      orderLineId: l.id,
      userId,
      comment: 'machine job removed',
    });
    const key = `${l.articleId}:${l.storeId}`;
    if (announced.has(key)) continue;
    announced.add(key);
    emit({
      entity: 'article',
      entityId: l.articleId,
      changeType: 'Change',
      userId,
      payload: { StoreId: l.storeId },
    });
  }
  await repo.deleteLinesOfJobs(tx, jobIds);
  return lines.length;
}
