import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { addresses, customerPersons, customers } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
export type ContactRow = typeof customerPersons.$inferSelect;
export type NewContactRow = typeof customerPersons.$inferInsert;

/** The addresses of a customer the scope lets see, the default delivery address first. */
export async function listAddresses(db: Executor, customerId: number, scope: SQL | undefined) {
  return db
    .select({ address: addresses, defaultId: customers.defaultDeliveryAddressId })
    .from(addresses)
    .innerJoin(customers, eq(customers.id, addresses.customerId))
    .where(and(eq(addresses.customerId, customerId), scope))
    .orderBy(desc(sql`${addresses.id} = ${customers.defaultDeliveryAddressId}`), asc(addresses.id));
}

export async function findAddress(db: Executor, customerId: number, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ address: addresses, defaultId: customers.defaultDeliveryAddressId })
    .from(addresses)
    .innerJoin(customers, eq(customers.id, addresses.customerId))
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId), scope));
  return row ?? null;
}

export async function insertAddress(db: Executor, values: NewAddressRow) {
  const [row] = await db.insert(addresses).values(values).returning();
  return row!;
}

/** Changes an address and steps its row version; with `rowVersion`, only if still at it (none answered: stale). */
export async function updateAddress(
  db: Executor,
  id: number,
  values: Partial<NewAddressRow>,
  rowVersion?: number,
) {
  const where = versionedWhere(addresses.id, id, addresses.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(addresses).where(where))[0];
  const [row] = await db
    .update(addresses)
    .set({ ...values, rowVersion: nextVersion(addresses.rowVersion) })
    .where(where)
    .returning();
  return row;
}

/** The contacts of a customer the scope lets see, by name. */
export async function listContacts(db: Executor, customerId: number, scope: SQL | undefined) {
  return db
    .select({ contact: customerPersons, defaultId: customers.defaultCustomerPersonId })
    .from(customerPersons)
    .innerJoin(customers, eq(customers.id, customerPersons.customerId))
    .where(and(eq(customerPersons.customerId, customerId), scope))
    .orderBy(asc(customerPersons.name), asc(customerPersons.id));
}

/** One contact, by its id alone (and of `customerId` when given), if the scope lets see its customer. */
export async function findContact(db: Executor, id: number, scope: SQL | undefined, customerId?: number) {
  const [row] = await db
    .select({ contact: customerPersons, defaultId: customers.defaultCustomerPersonId })
    .from(customerPersons)
    .innerJoin(customers, eq(customers.id, customerPersons.customerId))
    .where(
      and(
        eq(customerPersons.id, id),
        customerId ? eq(customerPersons.customerId, customerId) : undefined,
        scope,
      ),
    );
  return row ?? null;
}

export async function insertContact(db: Executor, values: NewContactRow) {
  const [row] = await db.insert(customerPersons).values(values).returning();
  return row!;
}

/** Changes a contact and steps its row version; with `rowVersion`, only if still at it (none answered: stale). */
export async function updateContact(
  db: Executor,
  id: number,
  values: Partial<NewContactRow>,
  rowVersion?: number,
) {
  const where = versionedWhere(customerPersons.id, id, customerPersons.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(customerPersons).where(where))[0];
  const [row] = await db
    .update(customerPersons)
    .set({ ...values, rowVersion: nextVersion(customerPersons.rowVersion) })
    .where(where)
    .returning();
  return row;
}
