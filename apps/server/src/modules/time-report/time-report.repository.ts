import { JOB_STATUS, StoreType } from '@fieldport/contract';
import { aliasedTable, and, asc, between, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  articles,
  employments,
  jobs,
  orderLines,
  stores,
  timeEntries,
  timeWeekApprovals,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

const parent = aliasedTable(jobs, 'parent_job');

/** The hours on jobs of these users between two days: the time lines of machine jobs not deleted. */
export function jobRows(db: Executor, userIds: readonly number[], from: string, to: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: orderLines.id,
      userId: orderLines.userId,
      workDate: orderLines.workDate,
      hours: orderLines.quantity,
      articleNumber: orderLines.articleNumber,
      description: orderLines.description,
      comment: orderLines.comment,
      jobId: orderLines.jobId,
      parentJobId: orderLines.parentJobId,
      orderId: parent.orderId,
      jobName: parent.displayName,
      jobStatusId: parent.jobStatusId,
      rowVersion: orderLines.rowVersion,
    })
    .from(orderLines)
    .innerJoin(jobs, eq(jobs.id, orderLines.jobId))
    .innerJoin(parent, eq(parent.id, orderLines.parentJobId))
    .where(
      and(
        eq(orderLines.isTime, true),
        inArray(orderLines.userId, [...userIds]),
        between(orderLines.workDate, from, to),
        ne(jobs.jobStatusId, JOB_STATUS.Deleted),
      ),
    )
    .orderBy(asc(orderLines.workDate), asc(orderLines.id));
}
export type JobRow = Awaited<ReturnType<typeof jobRows>>[number];

const entryColumns = {
  entry: timeEntries,
  articleNumber: articles.articleNumber,
};

/** The hours without a job of these users between two days. */
export function internalRows(db: Executor, userIds: readonly number[], from: string, to: string) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(articles, eq(articles.id, timeEntries.articleId))
    .where(and(inArray(timeEntries.userId, [...userIds]), between(timeEntries.workDate, from, to)))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
}
export type InternalRow = Awaited<ReturnType<typeof internalRows>>[number];

/** One internal row; `lock` holds it for the transaction. */
export async function findEntry(db: Executor, id: number, lock = false) {
  const q = db
    .select(entryColumns)
    .from(timeEntries)
    .innerJoin(articles, eq(articles.id, timeEntries.articleId))
    .where(eq(timeEntries.id, id));
  const [row] = lock ? await q.for('update', { of: timeEntries }) : await q;
  return row ?? null;
}

/** The time line of a job row, with its user and day. */
export async function findJobLine(db: Executor, id: number) {
  const [row] = await db
    .select({ id: orderLines.id, userId: orderLines.userId, workDate: orderLines.workDate })
    .from(orderLines)
    .where(and(eq(orderLines.id, id), eq(orderLines.isTime, true)));
  return row ?? null;
}

export async function insertEntry(db: Executor, values: typeof timeEntries.$inferInsert) {
  const [row] = await db.insert(timeEntries).values(values).returning({ id: timeEntries.id });
  return row!.id;
}

export async function updateEntry(
  db: Executor,
  id: number,
  values: Partial<typeof timeEntries.$inferInsert>,
  rowVersion?: number,
) {
  return db
    .update(timeEntries)
    .set({ ...values, updatedAt: new Date(), rowVersion: nextVersion(timeEntries.rowVersion) })
    .where(versionedWhere(timeEntries.id, id, timeEntries.rowVersion, rowVersion))
    .returning({ id: timeEntries.id });
}

export async function deleteEntry(db: Executor, id: number) {
  await db.delete(timeEntries).where(eq(timeEntries.id, id));
}

export async function approve(db: Executor, userId: number, weekStart: string, approvedBy: number) {
  const rows = await db
    .insert(timeWeekApprovals)
    .values({ userId, weekStart, approvedBy })
    .onConflictDoNothing()
    .returning({ userId: timeWeekApprovals.userId });
  return rows.length > 0;
}

export async function reopen(db: Executor, userId: number, weekStart: string) {
  const rows = await db
    .delete(timeWeekApprovals)
    .where(and(eq(timeWeekApprovals.userId, userId), eq(timeWeekApprovals.weekStart, weekStart)))
    .returning({ userId: timeWeekApprovals.userId });
  return rows.length > 0;
}

/** A user with the fields the report shows. */
export async function findUser(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      userTypeId: users.userTypeId,
      partnerCompanyId: users.partnerCompanyId,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/**
 * The users the office's report lists: active technicians and subcontractors and the bookable, and
 * whoever else has hours in the days given.
 */
export async function reportingUsers(db: Executor, from: string, to: string) {
  const withHours = sql`(
    exists (select 1 from ${orderLines} where ${orderLines.userId} = ${users.id} and ${orderLines.isTime}
      and ${orderLines.workDate} between ${from} and ${to})
    or exists (select 1 from ${timeEntries} where ${timeEntries.userId} = ${users.id}
      and ${timeEntries.workDate} between ${from} and ${to}))`;
  return db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(
      or(
        and(
          eq(users.isActive, true),
          inArray(users.userTypeId, [1, 2, 3, 5]),
          or(eq(users.isBookable, true), inArray(users.userTypeId, [2, 3])),
        ),
        withHours,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** The employment hours of these users (those without a row have none here). */
export function employmentsOf(db: Executor, userIds: readonly number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(employments)
    .where(inArray(employments.userId, [...userIds]));
}

/** The active time articles, by number. */
export function timeArticles(db: Executor) {
  return db
    .select()
    .from(articles)
    .where(and(eq(articles.isTimeArticle, true), eq(articles.isActive, true)))
    .orderBy(asc(articles.articleNumber));
}

export async function findArticleByNumber(db: Executor, articleNumber: string) {
  const [row] = await db
    .select()
    .from(articles)
    .where(sql`lower(${articles.articleNumber}) = lower(${articleNumber})`);
  return row ?? null;
}

/** The vans (stores of type 2) with their drivers; one user's alone when `userId` is given. */
/**
 * getVehicleList's answer, written by the database (decision 103): the active vans, every one
 * (`userId` undefined, the office) or the user's own, by name, each with whether it is `me`'s; the JSON
 * text of the list.
 */
export async function vansAnswer(db: Executor, me: number, userId?: number): Promise<string> {
  const result = await db.execute<{ answer: string }>(sql`
    select coalesce(json_agg(a order by ${stores.name}, ${stores.id}), '[]')::text as answer
      from ${stores} left join ${users} on ${users.id} = ${stores.userId}
      cross join lateral (
        select ${stores.id} as "StoreId", ${stores.name} as "Name", ${stores.userId} as "UserId",
               ${users.name} as "UserName", coalesce(${stores.userId} = ${me}, false) as "IsMine") a
     where ${stores.storeType} = ${StoreType.Van} and ${stores.isActive}
       and ${userId === undefined ? sql`true` : sql`${stores.userId} = ${userId}`}`);
  return result.rows[0]!.answer;
}

/** A user's employment made or changed (the start date only when given). */
export async function saveEmployment(
  db: Executor,
  userId: number,
  values: { weeklyHours: string; startDate?: string | null },
) {
  await db
    .insert(employments)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: employments.userId, set: values });
}
