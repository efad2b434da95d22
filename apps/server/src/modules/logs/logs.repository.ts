import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { eventLog, smsLog, tasks, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** One line of the SMS log: every text, sent, failed or only recorded. */
export async function insertSmsLog(db: Executor, entry: typeof smsLog.$inferInsert) {
  await db.insert(smsLog).values(entry);
}

/** A day range on the company's clock: from DateFrom's midnight to the end of DateTo. */
export interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}
const inRange = (column: PgColumn, r: DayRange): SQL | undefined =>
  and(
    r.from ? sql`${column} >= (${r.from}::timestamp at time zone ${r.timeZone})` : undefined,
    r.to ? sql`${column} < ((${r.to}::date + 1)::timestamp at time zone ${r.timeZone})` : undefined,
  );

export interface Paging {
  page: number;
  perPage: number;
}

export async function listEvents(
  db: Executor,
  f: DayRange & Paging & { userId?: number | undefined; type?: string | undefined },
) {
  const where = and(
    inRange(eventLog.createdAt, f),
    f.userId === undefined ? undefined : eq(eventLog.userId, f.userId),
    f.type === undefined ? undefined : eq(eventLog.entity, f.type),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: eventLog, userName: users.name })
      .from(eventLog)
      .leftJoin(users, eq(users.id, eventLog.userId))
      .where(where)
      .orderBy(desc(eventLog.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(eventLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listSms(db: Executor, f: DayRange & Paging & { search?: string | undefined }) {
  const where = and(
    inRange(smsLog.createdAt, f),
    f.search ? or(ilike(smsLog.to, `%${f.search}%`), ilike(smsLog.text, `%${f.search}%`)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(smsLog)
      .where(where)
      .orderBy(desc(smsLog.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(smsLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function listTasks(
  db: Executor,
  f: DayRange & Paging & { userId?: number | undefined; type?: string | undefined },
) {
  const where = and(
    inRange(tasks.createdAt, f),
    f.userId === undefined ? undefined : eq(tasks.createdBy, f.userId),
    f.type === undefined ? undefined : eq(tasks.name, f.type),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: tasks, userName: users.name })
      .from(tasks)
      .leftJoin(users, eq(users.id, tasks.createdBy))
      .where(where)
      .orderBy(desc(tasks.id))
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(tasks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
