import { and, asc, count, desc, eq, gt, ilike, or, type SQL, sql } from 'drizzle-orm';
import { counterReadings, counters, customers, machines, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';

export interface CounterFilter {
  machineId?: number | undefined;
  customerId?: number | undefined;
  counterType?: number | undefined;
  search?: string | undefined;
  includeInactive: boolean;
  id?: number | undefined;
}

/** The last reading of each counter, as a lateral read (the readings' index by counter and time). */
const lastReading = sql`lateral (
  select r.value, r.read_at from ${counterReadings} r
  where r.counter_id = ${counters.id} order by r.read_at desc, r.id desc limit 1) as last_reading`;

const counterWhere = (f: CounterFilter, scope: SQL | undefined): SQL | undefined =>
  and(
    scope,
    f.id ? eq(counters.id, f.id) : undefined,
    f.machineId ? eq(counters.machineId, f.machineId) : undefined,
    f.customerId ? eq(machines.customerId, f.customerId) : undefined,
    f.counterType ? eq(counters.counterType, f.counterType) : undefined,
    f.includeInactive ? undefined : eq(counters.isActive, true),
    hasWord(f.search)
      ? or(
          ilike(counters.name, containing(f.search)),
          ilike(machines.name, containing(f.search)),
          ilike(machines.serialNumber, containing(f.search)),
          ilike(customers.name, containing(f.search)),
        )
      : undefined,
  );

/** Counters with their machine, customer and last reading (its time on the company's clock). */
export async function listCounters(
  db: Executor,
  f: CounterFilter,
  scope: SQL | undefined,
  page: { limit: number; offset: number },
  timeZone: string,
) {
  return db
    .select({
      id: counters.id,
      machineId: counters.machineId,
      machineName: machines.name,
      customerId: machines.customerId,
      customerName: customers.name,
      counterType: counters.counterType,
      name: counters.name,
      isActive: counters.isActive,
      rowVersion: counters.rowVersion,
      lastValue: sql<string | null>`last_reading.value::text`,
      lastReadAt: sql<
        string | null
      >`to_char(last_reading.read_at at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
      readingCount: sql<number>`(select count(*)::int from ${counterReadings} c where c.counter_id = ${counters.id})`,
    })
    .from(counters)
    .innerJoin(machines, eq(machines.id, counters.machineId))
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(lastReading, sql`true`)
    .where(counterWhere(f, scope))
    .orderBy(asc(customers.name), asc(machines.name), asc(counters.counterType), asc(counters.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type CounterRow = Awaited<ReturnType<typeof listCounters>>[number];

export async function countCounters(db: Executor, f: CounterFilter, scope: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(counters)
    .innerJoin(machines, eq(machines.id, counters.machineId))
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .where(counterWhere(f, scope));
  return row?.n ?? 0;
}

/** A counter (scoped through its machine), locked for a change when asked. */
export async function findCounter(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select({ counter: counters })
    .from(counters)
    .innerJoin(machines, eq(machines.id, counters.machineId))
    .where(and(eq(counters.id, id), scope));
  const [row] = lock ? await q.for('update', { of: counters }) : await q;
  return row?.counter;
}

export async function insertCounter(db: Executor, values: typeof counters.$inferInsert) {
  const [row] = await db.insert(counters).values(values).returning();
  return row!;
}

export async function updateCounter(db: Executor, id: number, values: Partial<typeof counters.$inferInsert>) {
  const [row] = await db
    .update(counters)
    .set({ ...values, rowVersion: sql`${counters.rowVersion} + 1` })
    .where(eq(counters.id, id))
    .returning();
  return row!;
}

export async function deleteCounter(db: Executor, id: number) {
  await db.delete(counters).where(eq(counters.id, id));
}

/** The local wall-clock time as an instant of the company's zone. */
const instantOf = (local: string, timeZone: string) => sql`(${local}::timestamp at time zone ${timeZone})`;

/** The readings just before (or at) and just after a time: a new reading must fit between them. */
export async function neighbours(db: Executor, counterId: number, local: string, timeZone: string) {
  const at = instantOf(local, timeZone);
  const pick = {
    value: sql<string>`${counterReadings.value}::text`,
    isMeterChange: counterReadings.isMeterChange,
  };
  const [[before], [after]] = await Promise.all([
    db
      .select(pick)
      .from(counterReadings)
      .where(and(eq(counterReadings.counterId, counterId), sql`${counterReadings.readAt} <= ${at}`))
      .orderBy(desc(counterReadings.readAt), desc(counterReadings.id))
      .limit(1),
    db
      .select(pick)
      .from(counterReadings)
      .where(and(eq(counterReadings.counterId, counterId), gt(counterReadings.readAt, at)))
      .orderBy(asc(counterReadings.readAt), asc(counterReadings.id))
      .limit(1),
  ]);
  const num = (r: typeof before) => (r ? { value: Number(r.value), isMeterChange: r.isMeterChange } : null);
  return { before: num(before), after: num(after) };
}

export async function insertReading(
  db: Executor,
  r: {
    counterId: number;
    value: number;
    local: string;
    timeZone: string;
    isMeterChange: boolean;
    userId: number;
  },
) {
  const [row] = await db
    .insert(counterReadings)
    .values({
      counterId: r.counterId,
      value: String(r.value),
      readAt: instantOf(r.local, r.timeZone),
      isMeterChange: r.isMeterChange,
      userId: r.userId,
    })
    .returning({ id: counterReadings.id });
  return row!;
}

export async function deleteReading(db: Executor, counterId: number, readingId: number) {
  const rows = await db
    .delete(counterReadings)
    .where(and(eq(counterReadings.counterId, counterId), eq(counterReadings.id, readingId)))
    .returning({ id: counterReadings.id });
  return rows.length > 0;
}

/** A page of the readings of a machine's counters (or one counter's), newest first. */
export async function readingsPage(
  db: Executor,
  machineId: number,
  counterId: number | undefined,
  page: { limit: number; offset: number },
  timeZone: string,
) {
  const where = and(
    eq(counters.machineId, machineId),
    counterId ? eq(counterReadings.counterId, counterId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: counterReadings.id,
        counterId: counterReadings.counterId,
        value: sql<string>`${counterReadings.value}::text`,
        readAt: sql<string>`to_char(${counterReadings.readAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
        isMeterChange: counterReadings.isMeterChange,
        userName: users.name,
      })
      .from(counterReadings)
      .innerJoin(counters, eq(counters.id, counterReadings.counterId))
      .leftJoin(users, eq(users.id, counterReadings.userId))
      .where(where)
      .orderBy(desc(counterReadings.readAt), desc(counterReadings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(counterReadings)
      .innerJoin(counters, eq(counters.id, counterReadings.counterId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
