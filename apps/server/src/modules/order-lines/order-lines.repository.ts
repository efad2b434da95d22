import { JOB_STATUS } from '@fieldport/contract';
import { and, asc, eq, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import {
  articles,
  commonParts,
  customerArticlePrices,
  customers,
  jobs,
  machines,
  orderLines,
  stockMovements,
  storeArticles,
  stores,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { versionedWhere } from '../common/row-version.ts';
import { customerScope, machineScope } from '../common/scope.ts';

export type ArticleRow = typeof articles.$inferSelect;
export type NewLineRow = typeof orderLines.$inferInsert;

/** An order line with the names it shows: its store and its technician. */
const lineColumns = {
  line: orderLines,
  storeName: stores.name,
  storeNames: stores.names,
  userName: users.name,
};

function lineRows(db: Executor, where: SQL | undefined) {
  return db
    .select(lineColumns)
    .from(orderLines)
    .leftJoin(stores, eq(stores.id, orderLines.storeId))
    .leftJoin(users, eq(users.id, orderLines.userId))
    .where(where)
    .orderBy(asc(orderLines.jobId), asc(orderLines.position), asc(orderLines.id));
}
export type LineRow = Awaited<ReturnType<typeof lineRows>>[number];

/** One line; `lock` holds it for the transaction. */
export async function findLine(db: Executor, id: number, lock = false) {
  if (lock)
    await db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.id, id)).for('update');
  const [row] = await lineRows(db, eq(orderLines.id, id));
  return row ?? null;
}

/**
 * The lines of an order (its parent job), of its sub-jobs that are not deleted; only time lines
 * (`isTime` true), only parts (false), or all; of one sub-job when `jobId` is given.
 */
export async function linesOfOrder(
  db: Executor,
  parentJobId: number,
  opts: { isTime?: boolean; jobId?: number } = {},
) {
  return lineRows(
    db,
    and(
      eq(orderLines.parentJobId, parentJobId),
      opts.isTime === undefined ? undefined : eq(orderLines.isTime, opts.isTime),
      opts.jobId === undefined ? undefined : eq(orderLines.jobId, opts.jobId),
      sql`${orderLines.jobId} not in (select ${jobs.id} from ${jobs} where ${jobs.parentId} = ${parentJobId} and ${jobs.jobStatusId} = ${JOB_STATUS.Deleted})`,
    ),
  );
}

/** The machine sub-jobs of an order that are not deleted, with their machines' names. */
export async function subJobsOfOrder(db: Executor, parentJobId: number) {
  return db
    .select({
      id: jobs.id,
      parentId: jobs.parentId,
      orderId: jobs.orderId,
      displayName: jobs.displayName,
      machineId: jobs.machineId,
      machineName: machines.name,
      jobStatusId: jobs.jobStatusId,
      noInvoice: jobs.noInvoice,
    })
    .from(jobs)
    .leftJoin(machines, eq(machines.id, jobs.machineId))
    .where(and(eq(jobs.parentId, parentJobId), ne(jobs.jobStatusId, JOB_STATUS.Deleted)))
    .orderBy(asc(jobs.id));
}
export type OrderSubJob = Awaited<ReturnType<typeof subJobsOfOrder>>[number];

export async function insertLine(db: Executor, values: NewLineRow) {
  const [row] = await db.insert(orderLines).values(values).returning({ id: orderLines.id });
  return row!.id;
}

/** Changes a line and steps its row version; undefined when the version moved (compare-and-set). */
export async function updateLine(
  db: Executor,
  id: number,
  values: Partial<NewLineRow>,
  rowVersion: number | undefined,
) {
  const [row] = await db
    .update(orderLines)
    .set({ ...values, updatedAt: new Date(), rowVersion: sql`${orderLines.rowVersion} + 1` })
    .where(versionedWhere(orderLines.id, id, orderLines.rowVersion, rowVersion))
    .returning({ id: orderLines.id });
  return row?.id;
}

/** Deletes a line; the lines linked under it are unlinked. */
export async function deleteLine(db: Executor, id: number) {
  await db.update(orderLines).set({ linkedToLineId: null }).where(eq(orderLines.linkedToLineId, id));
  await db.delete(orderLines).where(eq(orderLines.id, id));
}

/** The lines on these machine sub-jobs, locked for their removal. */
export async function linesOfJobs(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.jobId, jobIds)).for('update');
}

/** Deletes the lines on these sub-jobs, and unlinks the lines linked under them. */
export async function deleteLinesOfJobs(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return;
  const ids = db.select({ id: orderLines.id }).from(orderLines).where(inArray(orderLines.jobId, jobIds));
  await db.update(orderLines).set({ linkedToLineId: null }).where(inArray(orderLines.linkedToLineId, ids));
  await db.delete(orderLines).where(inArray(orderLines.jobId, jobIds));
}

/** The next position at the end of an order's lines. */
export async function nextPosition(db: Executor, parentJobId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${orderLines.position}), 0) + 1` })
    .from(orderLines)
    .where(eq(orderLines.parentJobId, parentJobId));
  return Number(row?.n ?? 1);
}

/** An article by its number (any case). */
export async function findArticleByNumber(db: Executor, articleNumber: string) {
  const [row] = await db
    .select()
    .from(articles)
    .where(sql`lower(${articles.articleNumber}) = lower(${articleNumber})`);
  return row ?? null;
}

export async function findArticle(db: Executor, id: number) {
  const [row] = await db.select().from(articles).where(eq(articles.id, id));
  return row ?? null;
}

/**
 * The active time articles, by number, each with the customer's own price row (null without one or
 * without a customer): one statement however many there are.
 */
export async function timeArticles(db: Executor, customerId: number | null) {
  return db
    .select({
      article: articles,
      ownUnitPrice: customerArticlePrices.unitPrice,
      ownDiscountPercent: customerArticlePrices.discountPercent,
    })
    .from(articles)
    .leftJoin(
      customerArticlePrices,
      and(
        eq(customerArticlePrices.articleId, articles.id),
        eq(customerArticlePrices.customerId, customerId ?? 0),
      ),
    )
    .where(and(eq(articles.isTimeArticle, true), eq(articles.isActive, true)))
    .orderBy(asc(articles.articleNumber));
}

/** A customer's own price and discount of articles. */
export async function customerPrices(db: Executor, customerId: number, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  return db
    .select()
    .from(customerArticlePrices)
    .where(
      and(
        eq(customerArticlePrices.customerId, customerId),
        inArray(customerArticlePrices.articleId, articleIds),
      ),
    );
}

export async function findCustomer(db: Executor, id: number, user: AuthUser) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), customerScope(user)));
  return row ?? null;
}

export async function findCustomerByNumber(db: Executor, customerNumber: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.customerNumber}) = lower(${customerNumber})`);
  return row ?? null;
}

export async function findStore(db: Executor, id: number) {
  const [row] = await db.select().from(stores).where(eq(stores.id, id));
  return row ?? null;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return row ?? null;
}

/** An article's stock in every active store that carries it, by store type and name. */
export async function stockPerStore(db: Executor, articleId: number) {
  return db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      storeNames: stores.names,
      storeType: stores.storeType,
      userId: stores.userId,
      allowNegative: stores.allowNegative,
      quantity: sql<string>`(select coalesce(sum(${stockMovements.quantity}), 0)::numeric(12, 3)::text from ${stockMovements} where ${stockMovements.storeId} = ${stores.id} and ${stockMovements.articleId} = ${articleId})`,
    })
    .from(storeArticles)
    .innerJoin(stores, eq(stores.id, storeArticles.storeId))
    .where(and(eq(storeArticles.articleId, articleId), eq(stores.isActive, true)))
    .orderBy(asc(stores.storeType), asc(stores.name), asc(stores.id));
}

/** Whether any other line is linked under this one. */
export async function hasLinkedLines(db: Executor, id: number) {
  const [row] = await db
    .select({ id: orderLines.id })
    .from(orderLines)
    .where(and(eq(orderLines.linkedToLineId, id), isNotNull(orderLines.linkedToLineId)))
    .limit(1);
  return !!row;
}

/**
 * A machine the caller may see (`scope`): its customer, and the quantity of an article on its
 * model's common parts (null when the article is not one of them, or for no article).
 */
export async function machineContext(
  db: Executor,
  machineId: number,
  articleId: number | null,
  user: AuthUser,
) {
  const [row] = await db
    .select({
      id: machines.id,
      customerId: machines.customerId,
      commonQuantity: commonParts.quantity,
    })
    .from(machines)
    .leftJoin(
      commonParts,
      and(eq(commonParts.machineModelId, machines.machineModelId), eq(commonParts.articleId, articleId ?? 0)),
    )
    .where(and(eq(machines.id, machineId), machineScope(user)));
  return row ?? null;
}
