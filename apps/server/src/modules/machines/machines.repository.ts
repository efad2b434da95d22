import { JOB_STATUS } from '@fieldport/contract';
import {
  and,
  asc,
  count,
  eq,
  ilike,
  inArray,
  isNotNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import {
  addresses,
  assetTypes,
  customers,
  jobs,
  machineModels,
  machines,
  machineTypes,
  suppliers,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { searchPage } from '../common/name-search.repository.ts';
import { containing, hasWord } from '../common/paging.ts';
import { perDatabase } from '../common/prepared.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type MachineRow = typeof machines.$inferSelect;
export type NewMachineRow = typeof machines.$inferInsert;

export interface MachineFilter {
  search?: string | null | undefined;
  customerId?: number | null | undefined;
  includeInactive?: boolean;
  machineModelId?: number | null | undefined;
  machineTypeId?: number | null | undefined;
  supplierId?: number | null | undefined;
  assetTypeId?: number | null | undefined;
  ids?: number[];
  excludeIds?: number[];
}

/** A machine's words, as the trigram index machines_words has them (migration 0020_customer_machine_lists.sql). */
const machineWords = sql`(${machines.name} || ' ' || ${machines.serialNumber} || ' ' || coalesce(${machines.qrcode}, ''))`;

/**
 * The search: a word in the machine's name, serial number or QR code, its customer's name or its
 * model's name. Three arms the planner can combine in one bitmap over the machines: the trigram index
 * machines_words (each candidate then checked field by field, so a word spanning two fields does not
 * match), the machines of the customers whose name contains it (trigram index customers_search, then
 * machines_list_customer) and those of the models whose name does (machines_list_model). None needs
 * the list's joins, so the bounded count reads machines alone. A common word ('Boiler', a fifth of
 * the machines) is instead checked on the machines read in name order until the page is full (the
 * statistics machines_words_stats tell the planner which).
 */
function searchOf(word: string): SQL {
  return or(
    and(
      sql`${machineWords} ilike ${word}`,
      or(ilike(machines.name, word), ilike(machines.serialNumber, word), ilike(machines.qrcode, word)),
    ),
    sql`${machines.customerId} = any(array(select c.id from ${customers} c where (c.name || ' ' || c.customer_number) ilike ${word} and c.name ilike ${word}))`,
    sql`${machines.machineModelId} = any(array(select mm.id from ${machineModels} mm where mm.name ilike ${word}))`,
  ) as SQL;
}

function whereOf(scope: SQL | undefined, f: MachineFilter): SQL | undefined {
  const word = hasWord(f.search) ? containing(f.search) : null;
  return and(
    scope,
    f.customerId ? eq(machines.customerId, f.customerId) : undefined,
    f.includeInactive === false ? eq(machines.isActive, true) : undefined,
    f.machineModelId ? eq(machines.machineModelId, f.machineModelId) : undefined,
    // The models of the type or supplier (a small table), so machines_list_model finds their machines.
    f.machineTypeId
      ? sql`${machines.machineModelId} = any(array(select mm.id from ${machineModels} mm where mm.machine_type_id = ${f.machineTypeId}))`
      : undefined,
    f.supplierId
      ? sql`${machines.machineModelId} = any(array(select mm.id from ${machineModels} mm where mm.supplier_id = ${f.supplierId}))`
      : undefined,
    f.assetTypeId ? eq(machines.assetTypeId, f.assetTypeId) : undefined,
    f.ids ? inArray(machines.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(machines.id, f.excludeIds) : undefined,
    word ? searchOf(word) : undefined,
  );
}

/** A machine with its customer, model, type, supplier, asset type and delivery address. */
const machineSelection = {
  machine: machines,
  customerName: customers.name,
  model: { id: machineModels.id, name: machineModels.name },
  type: { id: machineTypes.id, name: machineTypes.name, names: machineTypes.names },
  supplier: { id: suppliers.id, name: suppliers.name },
  assetType: { id: assetTypes.id, name: assetTypes.name },
  address: addresses,
  defaultAddressId: customers.defaultDeliveryAddressId,
};

/**
 * A page of the machines matching a search, by relevance (names starting with the word first;
 * common/name-search.repository.ts, decision 084), and how many match when `count` is asked. Without
 * pg_trgm (the embedded PGlite) the unordered matches are read row by row.
 */
export function searchMachinePage(
  db: Executor,
  scope: SQL | undefined,
  f: MachineFilter & { search: string },
  page: { limit: number; offset: number },
  opts: { count: boolean },
) {
  return searchPage(
    db,
    { table: machines, id: machines.id, name: machines.name },
    whereOf(scope, f),
    f.search,
    page,
    { count: opts.count, few: true },
  );
}

function selectMachines(db: Executor) {
  return db
    .select(machineSelection)
    .from(machines)
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(machineModels, eq(machineModels.id, machines.machineModelId))
    .leftJoin(machineTypes, eq(machineTypes.id, machineModels.machineTypeId))
    .leftJoin(suppliers, eq(suppliers.id, machineModels.supplierId))
    .leftJoin(assetTypes, eq(assetTypes.id, machines.assetTypeId))
    .leftJoin(addresses, eq(addresses.id, machines.deliveryAddressId));
}
export type MachineDetailRow = Awaited<ReturnType<typeof listMachines>>[number];

/**
 * One page of machines by name with their customer, model and address. The page's ids are chosen on
 * machines alone (every machine has its customer, so the inner join drops none), in the list's index
 * order, and only they are joined: a search with many matches does not look up the customer, model
 * and address of every row it passes.
 */
export async function listMachines(
  db: Executor,
  scope: SQL | undefined,
  f: MachineFilter,
  page: { limit: number; offset: number },
) {
  // Chosen ids (a search's page, or the ones to prepend) are read first by primary key and then put in
  // name order: the limit keeps the planner from walking the name index to find them.
  const chosen =
    f.ids && !hasWord(f.search)
      ? db
          .select({ id: machines.id, name: machines.name })
          .from(machines)
          .where(whereOf(scope, f))
          .limit(Math.max(1, f.ids.length))
          .as('chosen')
      : null;
  const pageIds = chosen
    ? db
        .select({ id: chosen.id })
        .from(chosen)
        .orderBy(asc(chosen.name), asc(chosen.id))
        .limit(page.limit)
        .offset(page.offset)
    : db
        .select({ id: machines.id })
        .from(machines)
        .where(whereOf(scope, f))
        .orderBy(asc(machines.name), asc(machines.id))
        .limit(page.limit)
        .offset(page.offset);
  return selectMachines(db)
    .where(inArray(machines.id, pageIds))
    .orderBy(asc(machines.name), asc(machines.id));
}

/**
 * How many machines match, counted up to `cap` + 1 matches through the list's indexes, never the
 * whole table (ENGINEERING.md). `exact` is false when the cap was reached: `matches` is then a
 * lower bound.
 */
export async function countMachines(db: Executor, scope: SQL | undefined, f: MachineFilter, cap: number) {
  // Machines alone (every machine has its customer, so the list's inner join drops none, and the
  // filters name models by id). Led by the scope, customer or model, in the list's order, so the
  // entries read are those of the list's index; the candidates of a search, type or supplier come
  // from their bitmap, unordered.
  const ordered = !hasWord(f.search) && !f.machineTypeId && !f.supplierId;
  const matching = db
    .select({ one: sql`1` })
    .from(machines)
    .where(whereOf(scope, f))
    .orderBy(...(ordered ? [asc(machines.name), asc(machines.id)] : []))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = Number(row?.n ?? 0);
  return { matches: Math.min(n, cap), exact: n <= cap };
}

/** The machine page's read, prepared once per database for staff (who see every machine). */
const statementsOf = perDatabase((db) => ({
  detail: selectMachines(db)
    .where(eq(machines.id, sql.placeholder('id')))
    .prepare('machine_detail'),
}));

export async function findMachineDetail(db: Executor, id: number, scope: SQL | undefined) {
  const staff = scope === undefined ? statementsOf(db) : null;
  const [row] = staff
    ? await staff.detail.execute({ id })
    : await selectMachines(db).where(and(eq(machines.id, id), scope));
  return row ?? null;
}

/** The bare machine row if the scope lets see it; `lock` holds it for the transaction. */
export async function findMachine(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select()
    .from(machines)
    .where(and(eq(machines.id, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Who carries a QR code (a code names one machine only). */
export async function findByQrcode(db: Executor, qrcode: string, exceptId?: number) {
  const [row] = await db
    .select({ id: machines.id, name: machines.name, customerId: machines.customerId })
    .from(machines)
    .where(and(eq(machines.qrcode, qrcode), exceptId ? ne(machines.id, exceptId) : undefined))
    .limit(1);
  return row ?? null;
}

export async function machinesOfCustomer(db: Executor, customerId: number, scope: SQL | undefined) {
  return db
    .select()
    .from(machines)
    .where(and(eq(machines.customerId, customerId), scope))
    .orderBy(asc(machines.id))
    .for('update');
}

export async function insertMachine(db: Executor, values: NewMachineRow) {
  const [row] = await db.insert(machines).values(values).returning();
  return row!;
}

/** Changes a machine and steps its row version; with `rowVersion`, only if still at it (none answered: stale). */
export async function updateMachine(
  db: Executor,
  id: number,
  values: Partial<NewMachineRow>,
  rowVersion?: number,
) {
  const [row] = await db
    .update(machines)
    .set({ ...values, updatedAt: new Date(), rowVersion: nextVersion(machines.rowVersion) })
    .where(versionedWhere(machines.id, id, machines.rowVersion, rowVersion))
    .returning();
  return row;
}

export async function findCustomerRef(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      partnerCompanyId: customers.partnerCompanyId,
      defaultDeliveryAddressId: customers.defaultDeliveryAddressId,
    })
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  return row ?? null;
}

export async function addressBelongsTo(db: Executor, addressId: number, customerId: number) {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  return !!row;
}

export async function findModelRef(db: Executor, id: number) {
  const [row] = await db
    .select({ id: machineModels.id, name: machineModels.name, supplierId: machineModels.supplierId })
    .from(machineModels)
    .where(eq(machineModels.id, id));
  return row ?? null;
}

export async function assetTypeExists(db: Executor, id: number) {
  const [row] = await db.select({ id: assetTypes.id }).from(assetTypes).where(eq(assetTypes.id, id));
  return !!row;
}

/** Job counts of a machine's machine jobs (deleted ones, status 110, left out). */
export async function jobStats(db: Executor, machineId: number) {
  const [row] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${jobs.jobStatusId} < ${JOB_STATUS.Completed})::int`,
      completed: sql<number>`count(*) filter (where ${jobs.jobStatusId} >= ${JOB_STATUS.Completed})::int`,
      first: sql<Date | null>`min(${jobs.createdAt})`,
      last: sql<Date | null>`max(${jobs.createdAt})`,
    })
    .from(jobs)
    .where(
      and(eq(jobs.machineId, machineId), ne(jobs.jobStatusId, JOB_STATUS.Deleted), isNotNull(jobs.machineId)),
    );
  return row!;
}
