import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  contracts,
  counters,
  customerPersons,
  customers,
  jobTypes,
  machines,
  serviceAgreements,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';
import type { CounterState } from './agreements.policy.ts';
import { counterStateSql, refreshAgreementDue } from './next-due.repository.ts';

export interface AgreementFilter {
  id?: number | undefined;
  ids?: readonly number[] | undefined;
  machineId?: number | undefined;
  customerId?: number | undefined;
  contractId?: number | undefined;
  contractTypeId?: number | undefined;
  search?: string | undefined;
  includeInactive: boolean;
  /** Next orders: active machines, and the contract (if any) active and not ended before `day`. */
  dueOnly?: { day: string } | undefined;
}

const agreementWhere = (f: AgreementFilter, scope: SQL | undefined) =>
  and(
    scope,
    f.id ? eq(serviceAgreements.id, f.id) : undefined,
    f.ids ? inArray(serviceAgreements.id, [...f.ids]) : undefined,
    f.machineId ? eq(serviceAgreements.machineId, f.machineId) : undefined,
    f.customerId ? eq(machines.customerId, f.customerId) : undefined,
    f.contractId ? eq(serviceAgreements.contractId, f.contractId) : undefined,
    f.contractTypeId ? eq(contracts.contractTypeId, f.contractTypeId) : undefined,
    f.includeInactive ? undefined : eq(serviceAgreements.isActive, true),
    f.dueOnly
      ? and(
          eq(machines.isActive, true),
          sql`(${serviceAgreements.contractId} is null or (${contracts.isActive} and (${contracts.endDate} is null or ${contracts.endDate} >= ${f.dueOnly.day}::date)))`,
        )
      : undefined,
    hasWord(f.search)
      ? or(
          ilike(serviceAgreements.name, containing(f.search)),
          ilike(machines.name, containing(f.search)),
          ilike(customers.name, containing(f.search)),
        )
      : undefined,
  );

const agreementColumns = {
  id: serviceAgreements.id,
  machineId: serviceAgreements.machineId,
  machineName: machines.name,
  serialNumber: machines.serialNumber,
  customerId: machines.customerId,
  customerName: customers.name,
  contractId: serviceAgreements.contractId,
  contractName: contracts.name,
  name: serviceAgreements.name,
  startDate: serviceAgreements.startDate,
  endDate: serviceAgreements.endDate,
  intervalMonths: serviceAgreements.intervalMonths,
  counterId: serviceAgreements.counterId,
  counterName: counters.name,
  counterType: counters.counterType,
  counterInterval: sql<string | null>`${serviceAgreements.counterInterval}::text`,
  lastServiceDate: serviceAgreements.lastServiceDate,
  lastServiceCounter: sql<string | null>`${serviceAgreements.lastServiceCounter}::text`,
  lastJobId: serviceAgreements.lastJobId,
  jobTypeId: serviceAgreements.jobTypeId,
  estimatedTime: sql<string>`${serviceAgreements.estimatedTime}::text`,
  isActive: serviceAgreements.isActive,
  rowVersion: serviceAgreements.rowVersion,
};

const fromAgreements = (db: Executor) =>
  db
    .select(agreementColumns)
    .from(serviceAgreements)
    .innerJoin(machines, eq(machines.id, serviceAgreements.machineId))
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(contracts, eq(contracts.id, serviceAgreements.contractId))
    .leftJoin(counters, eq(counters.id, serviceAgreements.counterId));

export async function listAgreements(
  db: Executor,
  f: AgreementFilter,
  scope: SQL | undefined,
  page: { limit: number; offset: number } | null,
) {
  const q = fromAgreements(db)
    .where(agreementWhere(f, scope))
    .orderBy(asc(customers.name), asc(machines.name), asc(serviceAgreements.id));
  return page ? q.limit(page.limit).offset(page.offset) : q;
}
export type AgreementRow = Awaited<ReturnType<typeof listAgreements>>[number];

export async function countAgreements(db: Executor, f: AgreementFilter, scope: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(serviceAgreements)
    .innerJoin(machines, eq(machines.id, serviceAgreements.machineId))
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(contracts, eq(contracts.id, serviceAgreements.contractId))
    .where(agreementWhere(f, scope));
  return row?.n ?? 0;
}

/** An agreement (scoped through its machine), locked for a change when asked. */
export async function findAgreement(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select({ agreement: serviceAgreements })
    .from(serviceAgreements)
    .innerJoin(machines, eq(machines.id, serviceAgreements.machineId))
    .where(and(eq(serviceAgreements.id, id), scope));
  const [row] = lock ? await q.for('update', { of: serviceAgreements }) : await q;
  return row?.agreement ?? null;
}

export async function insertAgreement(db: Executor, values: typeof serviceAgreements.$inferInsert) {
  const [inserted] = await db.insert(serviceAgreements).values(values).returning();
  await refreshAgreementDue(db, inserted!.id);
  return inserted!;
}

export async function updateAgreement(
  db: Executor,
  id: number,
  values: Partial<typeof serviceAgreements.$inferInsert>,
) {
  const [row] = await db
    .update(serviceAgreements)
    .set({ ...values, rowVersion: sql`${serviceAgreements.rowVersion} + 1` })
    .where(eq(serviceAgreements.id, id))
    .returning();
  await refreshAgreementDue(db, id);
  return row!;
}

export async function deleteAgreement(db: Executor, id: number) {
  await db.delete(serviceAgreements).where(eq(serviceAgreements.id, id));
}

/** Each counter's state (counterStateSql) in one statement. */
export async function counterStates(db: Executor, ids: readonly number[], timeZone: string) {
  const states = new Map<number, CounterState>();
  if (ids.length === 0) return states;
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    counter_id: number;
    total: string;
    last_day: string;
    rate: string | null;
  }>(sql`select counter_id, total::text as total, to_char(last_day, 'YYYY-MM-DD') as last_day, rate::text as rate
    from (${counterStateSql(list, timeZone)}) s`);
  for (const r of rows)
    states.set(Number(r.counter_id), {
      total: Number(r.total),
      lastReadDate: r.last_day,
      dailyRate: r.rate === null ? null : Number(r.rate),
    });
  return states;
}

/**
 * Next orders (agreements.policy.ts `nextDue`) in SQL, bounded: the active agreements `f` picks whose
 * next visit is due on or before `toDate` (any day when null) and not after their end, by due day,
 * customer and id, a page of their rows and how many there are, up to `cap` (decision 045: the answer has
 * no TotalCountCapped; see boundedTotal). The due day is the stored `next_due` (next-due.repository.ts),
 * so the page is a range of its index in due order (same-day ties sorted by customer name as they
 * come) and the count at most cap + 1 entries of it.
 */
export async function dueAgreements(
  db: Executor,
  f: AgreementFilter,
  toDate: string | null,
  page: { limit: number; offset: number } | null,
  cap: number,
): Promise<{ rows: AgreementRow[]; count: { matches: number; exact: boolean } | null }> {
  const due = serviceAgreements.nextDue;
  const where = and(
    agreementWhere({ ...f, includeInactive: false }, undefined),
    toDate === null ? sql`${due} is not null` : sql`${due} <= ${toDate}::date`,
    sql`(${serviceAgreements.endDate} is null or ${due} <= ${serviceAgreements.endDate})`,
  );
  const list = fromAgreements(db)
    .where(where)
    .orderBy(asc(due), asc(customers.name), asc(serviceAgreements.id));
  if (!page) return { rows: await list, count: null };
  // The count reads at most cap + 1 matches, in due order by the same index (decision 045).
  // Every machine has its customer: the customers are joined only for a search by their name.
  const counting = db
    .select({ one: sql`1`.as('one') })
    .from(serviceAgreements)
    .innerJoin(machines, eq(machines.id, serviceAgreements.machineId));
  const matching = (
    hasWord(f.search) ? counting.innerJoin(customers, eq(customers.id, machines.customerId)) : counting
  )
    .leftJoin(contracts, eq(contracts.id, serviceAgreements.contractId))
    .where(where)
    .orderBy(asc(due))
    .limit(cap + 1)
    .as('matching');
  const [rows, counted] = await Promise.all([
    list.limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(matching),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  return { rows, count: { matches: Math.min(n, cap), exact: n <= cap } };
}

/** What a job for a machine needs: its customer, the delivery address and a contact. */
export async function jobPartiesOfMachine(db: Executor, machineId: number) {
  const [row] = await db
    .select({
      customerId: machines.customerId,
      addressId: sql<
        number | null
      >`coalesce(${machines.deliveryAddressId}, ${customers.defaultDeliveryAddressId})`,
      contactId: sql<number | null>`coalesce(${customers.defaultCustomerPersonId}, (
        select min(${customerPersons.id}) from ${customerPersons}
        where ${customerPersons.customerId} = ${customers.id} and ${customerPersons.isActive}))`,
    })
    .from(machines)
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .where(eq(machines.id, machineId));
  return row ?? null;
}

export async function jobTypeExists(db: Executor, id: number) {
  const rows = await db.select({ id: jobTypes.id }).from(jobTypes).where(eq(jobTypes.id, id));
  return rows.length > 0;
}

/** The first active Admin: who the NextOrderJobs plan makes its jobs as. */
export async function firstAdmin(db: Executor) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      logonName: users.logonName,
      userTypeId: users.userTypeId,
      customerId: users.customerId,
      partnerCompanyId: users.partnerCompanyId,
      departmentId: users.departmentId,
      uiculture: users.uiculture,
    })
    .from(users)
    .where(and(eq(users.userTypeId, 1), eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}
