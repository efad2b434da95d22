import { and, asc, eq, gt, lte, max } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { customers, eventLog, jobs, machines } from '../../db/schema/index.ts';

export type EventRow = typeof eventLog.$inferSelect;

/** Events after a sequence, oldest first, at most `limit`, and up to `upTo` when given. */
export function eventsAfter(db: Db, after: number, limit: number, upTo?: number): Promise<EventRow[]> {
  return db
    .select()
    .from(eventLog)
    .where(and(gt(eventLog.id, after), upTo === undefined ? undefined : lte(eventLog.id, upTo)))
    .orderBy(asc(eventLog.id))
    .limit(limit);
}

export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(eventLog.id) }).from(eventLog);
  return Number(row?.id ?? 0);
}

/** The company a record belongs to: its customer, and the partner company that serves it. */
export interface Owner {
  customerId: number | null;
  partnerCompanyId: number | null;
}

export async function customerOwner(db: Db, id: number): Promise<Owner | null> {
  const [row] = await db
    .select({ customerId: customers.id, partnerCompanyId: customers.partnerCompanyId })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}

/** A machine's partner is its own column (machineScope), not its customer's. */
export async function machineOwner(db: Db, id: number): Promise<Owner | null> {
  const [row] = await db
    .select({ customerId: machines.customerId, partnerCompanyId: machines.partnerCompanyId })
    .from(machines)
    .where(eq(machines.id, id));
  return row ?? null;
}

/** A job's partner is its customer's partner company (jobScope). */
export async function jobOwner(db: Db, id: number): Promise<Owner | null> {
  const [row] = await db
    .select({ customerId: jobs.customerId, partnerCompanyId: customers.partnerCompanyId })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .where(eq(jobs.id, id));
  return row ?? null;
}
