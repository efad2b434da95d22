import { JOB_STATUS, PARTS_JOB_TYPE } from '@fieldport/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { articles, jobs, orderLines, stores, users } from '../db/schema/index.ts';
import type { Tx } from '../modules/common/db.ts';
import { priceFor } from '../modules/order-lines/pricing.ts';
import { moveStock, StockReason } from '../modules/stock/stock.repository.ts';
import type { Executor } from './factories/index.ts';

/**
 * Parts and hours on the demo's completed (and later) jobs' machine sub-jobs, so that their parts and
 * invoice tabs have content. Works with whatever articles and stores are there (none: nothing to do):
 * each part is taken through moveStock from the van of the job's technician or a store, so stock stays
 * consistent, and a take the stock refuses is skipped. Deterministic: chosen by position, no chance.
 */
export async function seedDemoOrders(db: Executor, opts: { createdBy: number }): Promise<void> {
  const tx = db as unknown as Tx;
  const all = await db.select().from(articles).where(eq(articles.isActive, true)).orderBy(asc(articles.id));
  const parts = all.filter((a) => !a.isTimeArticle && a.isStockItem);
  const hours = all.filter((a) => a.isTimeArticle);
  if (parts.length === 0 && hours.length === 0) return;
  const storeRows = await db.select().from(stores).where(eq(stores.isActive, true)).orderBy(asc(stores.id));
  const technicians = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.userTypeId, [2, 3]))
    .orderBy(asc(users.id));
  const parents = await db
    .select()
    .from(jobs)
    .where(
      and(
        isNull(jobs.parentId),
        isNotNull(jobs.orderId),
        ne(jobs.jobTypeId, PARTS_JOB_TYPE),
        gte(jobs.jobStatusId, JOB_STATUS.Completed),
        ne(jobs.jobStatusId, JOB_STATUS.Deleted),
      ),
    )
    .orderBy(asc(jobs.id));
  let n = 0;
  for (const parent of parents) {
    const subs = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.parentId, parent.id), ne(jobs.jobStatusId, JOB_STATUS.Deleted)))
      .orderBy(asc(jobs.id));
    let position = 0;
    for (const sub of subs) {
      n++;
      const tech = technicians.length ? technicians[n % technicians.length]! : null;
      const workDate = (sub.updatedAt ?? parent.updatedAt).toISOString().slice(0, 10);
      const base = {
        parentJobId: parent.id,
        jobId: sub.id,
        createdBy: tech?.id ?? opts.createdBy,
      };
      for (let k = 0; k < (n % 3 === 0 ? 2 : 1) && parts.length > 0; k++) {
        const article = parts[(n * 3 + k) % parts.length]!;
        const van = tech ? storeRows.find((s) => s.userId === tech.id) : undefined;
        const store = van ?? storeRows[(n + k) % Math.max(storeRows.length, 1)];
        if (!store) break;
        const quantity = String(1 + ((n + k) % 3));
        const price = await priceFor(db, parent.customerId, article);
        const [line] = await db
          .insert(orderLines)
          .values({
            ...base,
            articleId: article.id,
            articleNumber: article.articleNumber,
            description: article.name,
            unit: article.unit,
            quantity,
            unitPrice: price.lineUnitPrice,
            discountPercent: price.lineDiscountPercent,
            costPrice: article.costPrice,
            vatPercent: article.vatPercent,
            storeId: store.id,
            position: ++position,
          })
          .returning({ id: orderLines.id });
        const taken = await moveStock(tx, {
          storeId: store.id,
          articleId: article.id,
          quantity: `-${quantity}`,
          reason: StockReason.UsedOnJob,
          orderLineId: line!.id,
          userId: tech?.id ?? null,
          isLocked: parent.jobStatusId >= JOB_STATUS.Approved,
        });
        if (!taken.ok) await db.delete(orderLines).where(eq(orderLines.id, line!.id));
      }
      const labour = hours[n % Math.max(hours.length, 1)];
      if (labour) {
        const price = await priceFor(db, parent.customerId, labour);
        await db.insert(orderLines).values({
          ...base,
          articleId: labour.id,
          articleNumber: labour.articleNumber,
          description: labour.name,
          unit: labour.unit,
          quantity: String(1 + (n % 5) * 0.5),
          unitPrice: price.lineUnitPrice,
          discountPercent: price.lineDiscountPercent,
          costPrice: labour.costPrice,
          vatPercent: labour.vatPercent,
          isTime: true,
          userId: tech?.id ?? null,
          workDate,
          noInvoice: n % 11 === 0,
          position: ++position,
        });
      }
    }
  }
}
