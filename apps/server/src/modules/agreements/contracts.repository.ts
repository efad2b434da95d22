import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { contractMachines, contracts, contractTypes, customers, machines } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';

export interface ContractFilter {
  id?: number | undefined;
  contractTypeId?: number | undefined;
  customerId?: number | undefined;
  machineId?: number | undefined;
  search?: string | undefined;
  includeInactive: boolean;
}

/** Active contract types with the number of active contracts the scope sees. */
export async function contractTypeMap(db: Executor, scope: SQL | undefined) {
  return db
    .select({
      id: contractTypes.id,
      name: contractTypes.name,
      names: contractTypes.names,
      icon: contractTypes.icon,
      // A contract counts when its customer is within the scope (joined only then).
      count: sql<number>`count(${customers.id})::int`,
    })
    .from(contractTypes)
    .leftJoin(contracts, and(eq(contracts.contractTypeId, contractTypes.id), eq(contracts.isActive, true)))
    .leftJoin(customers, and(eq(customers.id, contracts.customerId), scope))
    .where(eq(contractTypes.isActive, true))
    .groupBy(contractTypes.id)
    .orderBy(asc(contractTypes.position), asc(contractTypes.name));
}

export async function findContractType(db: Executor, id: number) {
  const [row] = await db.select().from(contractTypes).where(eq(contractTypes.id, id));
  return row ?? null;
}

const contractWhere = (f: ContractFilter, scope: SQL | undefined) =>
  and(
    scope,
    f.id ? eq(contracts.id, f.id) : undefined,
    f.contractTypeId ? eq(contracts.contractTypeId, f.contractTypeId) : undefined,
    f.customerId ? eq(contracts.customerId, f.customerId) : undefined,
    f.machineId
      ? sql`exists (select 1 from ${contractMachines} where ${contractMachines.contractId} = ${contracts.id} and ${contractMachines.machineId} = ${f.machineId})`
      : undefined,
    f.includeInactive ? undefined : eq(contracts.isActive, true),
    hasWord(f.search)
      ? or(ilike(contracts.name, containing(f.search)), ilike(customers.name, containing(f.search)))
      : undefined,
  );

export async function listContracts(
  db: Executor,
  f: ContractFilter,
  scope: SQL | undefined,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: contracts.id,
      contractTypeId: contracts.contractTypeId,
      contractTypeName: contractTypes.name,
      contractTypeNames: contractTypes.names,
      customerId: contracts.customerId,
      customerName: customers.name,
      name: contracts.name,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
      intervalMonths: contracts.intervalMonths,
      price: sql<string | null>`${contracts.price}::text`,
      isActive: contracts.isActive,
      notes: contracts.notes,
      rowVersion: contracts.rowVersion,
      machineCount: sql<number>`(select count(*)::int from ${contractMachines} where ${contractMachines.contractId} = ${contracts.id})`,
    })
    .from(contracts)
    .innerJoin(contractTypes, eq(contractTypes.id, contracts.contractTypeId))
    .innerJoin(customers, eq(customers.id, contracts.customerId))
    .where(contractWhere(f, scope))
    .orderBy(asc(customers.name), asc(contracts.name), asc(contracts.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type ContractRow = Awaited<ReturnType<typeof listContracts>>[number];

export async function countContracts(db: Executor, f: ContractFilter, scope: SQL | undefined) {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .innerJoin(customers, eq(customers.id, contracts.customerId))
    .where(contractWhere(f, scope));
  return row?.n ?? 0;
}

export async function machinesOfContract(db: Executor, contractId: number) {
  return db
    .select({ id: machines.id, name: machines.name, serialNumber: machines.serialNumber })
    .from(contractMachines)
    .innerJoin(machines, eq(machines.id, contractMachines.machineId))
    .where(eq(contractMachines.contractId, contractId))
    .orderBy(asc(machines.name), asc(machines.id));
}

/** A contract row (scoped through its customer), locked for a change when asked. */
export async function findContract(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select({ contract: contracts })
    .from(contracts)
    .innerJoin(customers, eq(customers.id, contracts.customerId))
    .where(and(eq(contracts.id, id), scope));
  const [row] = lock ? await q.for('update', { of: contracts }) : await q;
  return row?.contract ?? null;
}

export async function insertContract(db: Executor, values: typeof contracts.$inferInsert) {
  const [row] = await db.insert(contracts).values(values).returning();
  return row!;
}

export async function updateContract(
  db: Executor,
  id: number,
  values: Partial<typeof contracts.$inferInsert>,
) {
  const [row] = await db
    .update(contracts)
    .set({ ...values, rowVersion: sql`${contracts.rowVersion} + 1` })
    .where(eq(contracts.id, id))
    .returning();
  return row!;
}

export async function deleteContract(db: Executor, id: number) {
  await db.delete(contracts).where(eq(contracts.id, id));
}

/** Which of the machines belong to the customer. */
export async function machinesOfCustomer(db: Executor, customerId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: machines.id })
    .from(machines)
    .where(
      and(
        eq(machines.customerId, customerId),
        sql`${machines.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      ),
    );
  return rows.map((r) => r.id);
}

export async function setContractMachines(db: Executor, contractId: number, ids: readonly number[]) {
  await db.delete(contractMachines).where(eq(contractMachines.contractId, contractId));
  if (ids.length)
    await db.insert(contractMachines).values(ids.map((machineId) => ({ contractId, machineId })));
}

/** The contract covering a machine on a day: active, the day within its period; the latest start first. */
export async function contractOfMachine(db: Executor, machineId: number, day: string) {
  const [row] = await db
    .select({
      id: contracts.id,
      contractTypeId: contracts.contractTypeId,
      name: contracts.name,
      startDate: contracts.startDate,
      endDate: contracts.endDate,
    })
    .from(contractMachines)
    .innerJoin(contracts, eq(contracts.id, contractMachines.contractId))
    .where(
      and(
        eq(contractMachines.machineId, machineId),
        eq(contracts.isActive, true),
        sql`${contracts.startDate} <= ${day}::date`,
        sql`(${contracts.endDate} is null or ${contracts.endDate} >= ${day}::date)`,
      ),
    )
    .orderBy(sql`${contracts.startDate} desc`, sql`${contracts.id} desc`)
    .limit(1);
  return row ?? null;
}

/* ---- Contract types, as the Admin keeps them (ours) ---- */

const contractTypeColumns = {
  id: contractTypes.id,
  name: contractTypes.name,
  names: contractTypes.names,
  icon: contractTypes.icon,
  position: contractTypes.position,
  isActive: contractTypes.isActive,
  rowVersion: contractTypes.rowVersion,
  // Every contract of the type, of every customer, active or not: what a delete would leave typeless.
  // Written out: drizzle leaves the columns of a one-table select unqualified, which the subquery would
  // take for its own.
  contractCount: sql<number>`(select count(*)::int from contracts c where c.contract_type_id = contract_types.id)`,
};

/** Every contract type, active or not, with the contracts using it, in the menu's order. */
export async function listContractTypes(db: Executor, id?: number) {
  return db
    .select(contractTypeColumns)
    .from(contractTypes)
    .where(id === undefined ? undefined : eq(contractTypes.id, id))
    .orderBy(asc(contractTypes.position), asc(contractTypes.name), asc(contractTypes.id));
}
export type ContractTypeRow = Awaited<ReturnType<typeof listContractTypes>>[number];

/** Another contract type of the same name, whatever its case. */
export async function contractTypeNamed(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: contractTypes.id, name: contractTypes.name })
    .from(contractTypes)
    .where(
      and(
        sql`lower(${contractTypes.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${contractTypes.id} <> ${exceptId}`,
      ),
    );
  return row ?? null;
}

export async function lockContractType(db: Executor, id: number) {
  const [row] = await db.select().from(contractTypes).where(eq(contractTypes.id, id)).for('update');
  return row ?? null;
}

export async function insertContractType(db: Executor, values: typeof contractTypes.$inferInsert) {
  const [row] = await db.insert(contractTypes).values(values).returning({ id: contractTypes.id });
  return row!.id;
}

export async function updateContractType(
  db: Executor,
  id: number,
  values: Partial<typeof contractTypes.$inferInsert>,
) {
  await db
    .update(contractTypes)
    .set({ ...values, rowVersion: sql`${contractTypes.rowVersion} + 1` })
    .where(eq(contractTypes.id, id));
}

/** How many contracts use a type (read under the type's lock, so none is added between). */
export async function contractsOfType(db: Executor, id: number) {
  const [row] = await db.select({ n: count() }).from(contracts).where(eq(contracts.contractTypeId, id));
  return row?.n ?? 0;
}

export async function deleteContractType(db: Executor, id: number) {
  await db.delete(contractTypes).where(eq(contractTypes.id, id));
}
