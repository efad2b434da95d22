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
  const [row] = await db.insert(serviceAgreements).values(values).returning();
  return row!;
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
  return row!;
}

export async function deleteAgreement(db: Executor, id: number) {
  await db.delete(serviceAgreements).where(eq(serviceAgreements.id, id));
}

/**
 * The counter state of each counter `ids` names (a list, or a subquery of counter ids): the running
 * total at its last reading (meter changes add the old meter's last value), the day of that reading in
 * the company's time zone and the daily use over the year before it, with window functions. Columns
 * counter_id, total (numeric), read_at, last_day (date), rate (numeric, null with too few readings).
 */
const counterStateSql = (ids: SQL, timeZone: string) => sql`
    with ordered as (
      select counter_id, read_at, id, value, is_meter_change,
             lag(value) over (partition by counter_id order by read_at, id) as prev
      from counter_readings where counter_id in (${ids})
    ), totals as (
      select counter_id, read_at, id,
             value + coalesce(sum(case when is_meter_change then prev else 0 end)
               over (partition by counter_id order by read_at, id rows unbounded preceding), 0) as total
      from ordered
    ), last as (
      select distinct on (counter_id) counter_id, read_at, total from totals
      order by counter_id, read_at desc, id desc
    ), first_of_year as (
      select distinct on (t.counter_id) t.counter_id, t.read_at, t.total from totals t
      join last l on l.counter_id = t.counter_id and t.read_at >= l.read_at - interval '365 days'
      order by t.counter_id, t.read_at, t.id
    )
    select l.counter_id, l.total, (l.read_at at time zone ${timeZone})::date as last_day,
           case when extract(epoch from (l.read_at - f.read_at)) >= 86400
                then (l.total - f.total) / (extract(epoch from (l.read_at - f.read_at)) / 86400) end as rate
    from last l join first_of_year f on f.counter_id = l.counter_id`;

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
 * next visit is due on or before `toDate` (any day when null), by due day, customer and id, a page of
 * them and how many there are. Candidates come by index: those whose date interval is due by then
 * (the stored `date_due`), and those with a counter interval (their day depends on the readings); the
 * counter's day is the policy's, computed the same way in float8 as JavaScript does.
 */
export async function dueAgreements(
  db: Executor,
  f: AgreementFilter,
  toDate: string | null,
  page: { limit: number; offset: number } | null,
  timeZone: string,
): Promise<{ ids: number[]; total: number }> {
  const bound = toDate === null ? sql`true` : sql`${serviceAgreements.dateDue} <= ${toDate}::date`;
  const candidates = db
    .select({
      id: serviceAgreements.id,
      customerName: sql`${customers.name}`.as('customer_name'),
      counterId: sql`${serviceAgreements.counterId}`.as('counter_id'),
      dateDue: sql`${serviceAgreements.dateDue}`.as('date_due'),
      endDate: sql`${serviceAgreements.endDate}`.as('end_date'),
      dueAt:
        sql`coalesce(${serviceAgreements.lastServiceCounter}, 0)::float8 + ${serviceAgreements.counterInterval}::float8`.as(
          'due_at',
        ),
    })
    .from(serviceAgreements)
    .innerJoin(machines, eq(machines.id, serviceAgreements.machineId))
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(contracts, eq(contracts.id, serviceAgreements.contractId))
    .where(
      and(
        agreementWhere({ ...f, includeInactive: false }, undefined),
        sql`(${bound} or (${serviceAgreements.counterId} is not null and ${serviceAgreements.counterInterval} is not null))`,
      ),
    );
  const { rows } = await db.execute<{ id: number; total: string }>(sql`
    with cand as (${candidates}),
    states as (${counterStateSql(sql`select counter_id from cand where counter_id is not null`, timeZone)}),
    due as (
      select c.id, c.customer_name, c.end_date, least(c.date_due, case
               when s.counter_id is null then null
               when s.total::float8 >= c.due_at then s.last_day
               when s.rate is null or s.rate::float8 <= 0 then null
               else s.last_day + ceil((c.due_at - s.total::float8) / s.rate::float8)::int end) as due_day
        from cand c left join states s on s.counter_id = c.counter_id
    )
    select id, count(*) over () as total from due
     where due_day is not null and (end_date is null or due_day <= end_date)
       ${toDate === null ? sql`` : sql`and due_day <= ${toDate}::date`}
     order by due_day, customer_name, id
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  if (rows.length === 0 && page && page.offset > 0)
    // A page past the end: how many there are, from the first.
    return { ids: [], total: (await dueAgreements(db, f, toDate, { limit: 1, offset: 0 }, timeZone)).total };
  return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.total) : 0 };
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
