import { and, asc, count, eq, ilike, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import {
  addresses,
  customerGroups,
  customerPersons,
  customers,
  partnerCompanies,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextFreeNumber } from '../common/numbers.repository.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
export type AddressRow = typeof addresses.$inferSelect;

const parent = alias(customers, 'parent_customer');

export interface CustomerFilter {
  search?: string | null | undefined;
  customerGroupId?: number | undefined;
  ids?: number[];
  excludeIds?: number[];
}

function whereOf(scope: SQL | undefined, f: CustomerFilter): SQL | undefined {
  const word = hasWord(f.search) ? containing(f.search) : null;
  return and(
    scope,
    f.customerGroupId ? eq(customers.customerGroupId, f.customerGroupId) : undefined,
    f.ids ? inArray(customers.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(customers.id, f.excludeIds) : undefined,
    word
      ? or(
          ilike(customers.name, word),
          ilike(customers.customerNumber, word),
          ilike(customers.organisationNumber, word),
          ilike(addresses.street, word),
          ilike(addresses.city, word),
          ilike(addresses.zip, word),
        )
      : undefined,
  );
}

/** Customers with their default delivery address, by name. */
export async function listCustomers(
  db: Executor,
  scope: SQL | undefined,
  f: CustomerFilter,
  page: { limit: number; offset: number },
): Promise<CustomerListRow[]> {
  return pageOfCustomers(
    db.select({ customer: customers, address: addresses }).from(customers).$dynamic(),
    scope,
    f,
    page,
  );
}

/** A customer of a list with its default delivery address, if it has one. */
type CustomerListRow = { customer: CustomerRow; address: AddressRow | null };

/**
 * One page of customers by name, joined to their default delivery address (drizzle's dynamic query:
 * the join is added here, so the answer's type is stated by the callers).
 */
function pageOfCustomers<Q extends PgSelect>(
  q: Q,
  scope: SQL | undefined,
  f: CustomerFilter,
  page: { limit: number; offset: number },
) {
  return q
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .where(whereOf(scope, f))
    .orderBy(asc(customers.name), asc(customers.id))
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * A page of customers with the number of all that match, in one statement (`count(*) over ()`);
 * only a page past the end, which has no row to carry the number, counts on its own.
 */
export async function customerPage(
  db: Executor,
  scope: SQL | undefined,
  f: CustomerFilter,
  page: { limit: number; offset: number },
) {
  const rows = await pageOfCustomers(
    db
      .select({
        customer: customers,
        address: addresses,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(customers)
      .$dynamic(),
    scope,
    f,
    page,
  );
  const total = rows[0]?.total ?? (page.offset > 0 ? await countCustomers(db, scope, f) : 0);
  return { rows: rows as CustomerListRow[], total };
}

async function countCustomers(db: Executor, scope: SQL | undefined, f: CustomerFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .where(whereOf(scope, f));
  return row?.n ?? 0;
}

export const pageOf = (page: number, perPage: number) => ({
  limit: perPage,
  offset: offsetOf(page, perPage),
});

/** One customer the scope lets see, with its default address and contact, parent and group. */
export async function findCustomerDetail(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({
      customer: customers,
      address: addresses,
      contact: customerPersons,
      parentName: parent.name,
      groupName: customerGroups.name,
      partnerName: partnerCompanies.name,
    })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .leftJoin(customerPersons, eq(customerPersons.id, customers.defaultCustomerPersonId))
    .leftJoin(parent, eq(parent.id, customers.parentCustomerId))
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .leftJoin(partnerCompanies, eq(partnerCompanies.id, customers.partnerCompanyId))
    .where(and(eq(customers.id, id), scope));
  return row ?? null;
}

/** The bare customer row, if the scope lets see it; `lock` holds it for the transaction. */
export async function findCustomer(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Who holds a customer number (uniqueness is across every customer, whoever asks). */
export async function findByCustomerNumber(db: Executor, customerNumber: string, exceptId?: number) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, customerNumber: customers.customerNumber })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.customerNumber}) = lower(${customerNumber})`,
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The next customer number of the standalone assembly: one above the highest numeric one (10001 for the
 * first), never the same for two concurrent creates (a sequence, migration 0010).
 */
export async function nextCustomerNumber(db: Executor): Promise<string> {
  const n = await nextFreeNumber(
    db,
    'customer_numbers',
    sql`select max(${customers.customerNumber}::bigint) from ${customers} where ${customers.customerNumber} ~ '^[0-9]{1,12}$'`,
  );
  return String(n);
}

export async function insertCustomer(db: Executor, values: NewCustomerRow) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

/**
 * Changes a customer and steps its row version; with `rowVersion`, only if the row is still at it
 * (compare-and-set): no row answered means a concurrent save won.
 */
export async function updateCustomer(
  db: Executor,
  id: number,
  values: Partial<NewCustomerRow>,
  rowVersion?: number,
) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date(), rowVersion: nextVersion(customers.rowVersion) })
    .where(versionedWhere(customers.id, id, customers.rowVersion, rowVersion))
    .returning();
  return row;
}

export async function parentOf(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ p: customers.parentCustomerId })
    .from(customers)
    .where(eq(customers.id, id));
  return row?.p ?? null;
}

export async function groupExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, id));
  return !!row;
}

export async function partnerCompanyExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.id, id));
  return !!row;
}
