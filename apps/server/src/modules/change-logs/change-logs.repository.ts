import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { changeLogs, customers, machines } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';

export type LoggedChange = { Field: string; OldValue: string | null; NewValue: string | null };
export type ChangeLogRow = typeof changeLogs.$inferSelect;

export interface NewChangeLog {
  entity:
    | 'Customer'
    | 'Address'
    | 'Contact'
    | 'Machine'
    | 'CustomerDocument'
    | 'MachineDocument'
    | 'Job'
    | 'SubJob'
    | 'Appointment'
    | 'Article';
  entityId: number;
  /** Jobs add ChangeStatus, Approve, ChangeCustomer, Transfer. */
  action:
    | 'New'
    | 'Change'
    | 'Delete'
    | 'ChangeOwner'
    | 'ChangeStatus'
    | 'Approve'
    | 'ChangeCustomer'
    | 'Transfer';
  customerId: number | null;
  machineId?: number | null;
  jobId?: number | null;
  articleId?: number | null;
  description: string;
  changes: LoggedChange[];
  user: { id: number; name: string };
}

export async function insertChangeLog(tx: Executor, e: NewChangeLog) {
  await tx.insert(changeLogs).values({
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    customerId: e.customerId,
    machineId: e.machineId ?? null,
    jobId: e.jobId ?? null,
    articleId: e.articleId ?? null,
    description: e.description,
    changes: e.changes,
    userId: e.user.id,
    userName: e.user.name,
  });
}

export interface LogFilter {
  kind: 'customer' | 'machine' | 'appointment' | 'article';
  customerId?: number | undefined;
  articleId?: number | undefined;
  machineId?: number | undefined;
  jobId?: number | undefined;
  search?: string | undefined;
  page: number;
  perPage: number;
}

const ENTITIES: Record<LogFilter['kind'], string[]> = {
  customer: ['Customer', 'Address', 'Contact', 'CustomerDocument'],
  machine: ['Machine', 'MachineDocument'],
  appointment: ['Appointment'],
  article: ['Article'],
};

/** A page of log lines; `scope` limits them to the customers or machines the caller may see. */
export async function listChangeLogs(db: Db, f: LogFilter, scope: SQL | undefined) {
  const entities = ENTITIES[f.kind];
  const conditions: (SQL | undefined)[] = [inArray(changeLogs.entity, entities)];
  if (f.customerId) conditions.push(eq(changeLogs.customerId, f.customerId));
  if (f.machineId) conditions.push(eq(changeLogs.machineId, f.machineId));
  if (f.jobId) conditions.push(eq(changeLogs.jobId, f.jobId));
  if (f.articleId) conditions.push(eq(changeLogs.articleId, f.articleId));
  if (hasWord(f.search))
    conditions.push(
      or(
        ilike(changeLogs.description, containing(f.search)),
        ilike(changeLogs.userName, containing(f.search)),
        sql`${changeLogs.changes}::text ilike ${containing(f.search)}`,
      ),
    );
  conditions.push(scope);
  const where = and(...conditions);
  // Joined to the owning customer or machine, so the caller's scope applies as a plain where clause.
  const owner =
    f.kind !== 'machine'
      ? { table: customers, on: eq(customers.id, changeLogs.customerId) }
      : { table: machines, on: eq(machines.id, changeLogs.machineId) };
  const [rows, [total]] = await Promise.all([
    db
      .select({ log: changeLogs })
      .from(changeLogs)
      .leftJoin(owner.table, owner.on)
      .where(where)
      .orderBy(desc(changeLogs.id))
      .limit(f.perPage)
      .offset(offsetOf(f.page, f.perPage)),
    db.select({ n: count() }).from(changeLogs).leftJoin(owner.table, owner.on).where(where),
  ]);
  return { rows: rows.map((r) => r.log), total: total?.n ?? 0 };
}
