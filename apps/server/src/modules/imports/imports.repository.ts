import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { addresses, customerPersons, customers, importFiles, machines } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import type { ImportLookups } from './import-plan.ts';

export type ImportFileRow = typeof importFiles.$inferSelect;

/** Lists longer than this are looked up in parts (a statement holds at most 65,535 parameters). */
const CHUNK = 5_000;
const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export async function insertImportFile(db: Executor, values: typeof importFiles.$inferInsert) {
  const [row] = await db.insert(importFiles).values(values).returning();
  return row!;
}

export async function findImportFile(db: Executor, id: number): Promise<ImportFileRow | undefined> {
  const [row] = await db.select().from(importFiles).where(eq(importFiles.id, id));
  return row;
}

/** The import files of the last `days` days, newest first. */
export async function recentImportFiles(db: Executor, days: number): Promise<ImportFileRow[]> {
  return db
    .select()
    .from(importFiles)
    .where(gt(importFiles.createdAt, sql`now() - ${`${days} days`}::interval`))
    .orderBy(desc(importFiles.id))
    .limit(200);
}

export async function updateImportFile(db: Executor, id: number, values: Partial<ImportFileRow>) {
  await db.update(importFiles).set(values).where(eq(importFiles.id, id));
}

/**
 * Marks a previewed file queued, once: answers false when it was queued or imported already (two
 * clicks on Import start one task).
 */
export async function claimImportFile(db: Executor, id: number, taskId: number): Promise<boolean> {
  const rows = await db
    .update(importFiles)
    .set({ status: 'queued', taskId })
    .where(and(eq(importFiles.id, id), eq(importFiles.status, 'previewed')))
    .returning({ id: importFiles.id });
  return rows.length > 0;
}

/** Deletes the import files made more than `days` ago and answers them (their stored files go next). */
export async function deleteImportFilesOlderThan(db: Executor, days: number): Promise<ImportFileRow[]> {
  return db
    .delete(importFiles)
    .where(sql`${importFiles.createdAt} < now() - ${`${days} days`}::interval`)
    .returning();
}

/** The customers with these numbers (lower case), by number. */
export async function customersByNumber(db: Executor, numbers: string[]) {
  const found: ImportLookups['customers'] = new Map();
  for (const part of chunks(numbers)) {
    const rows = await db
      .select({
        id: customers.id,
        number: customers.customerNumber,
        partnerCompanyId: customers.partnerCompanyId,
      })
      .from(customers)
      .where(inArray(sql`lower(${customers.customerNumber})`, part));
    for (const r of rows)
      found.set(r.number.toLowerCase(), { id: r.id, partnerCompanyId: r.partnerCompanyId });
  }
  return found;
}

type Existing = ImportLookups['existing'];

/** The customers these numbers name, with the values an import may change. */
export async function existingCustomers(db: Executor, numbers: string[]): Promise<Existing> {
  const found: Existing = new Map();
  for (const part of chunks(numbers)) {
    const rows = await db
      .select({
        id: customers.id,
        customerNumber: customers.customerNumber,
        name: customers.name,
        organisationNumber: customers.organisationNumber,
        isActive: customers.isActive,
      })
      .from(customers)
      .where(inArray(sql`lower(${customers.customerNumber})`, part));
    for (const { id, customerNumber, ...values } of rows)
      found.set(customerNumber.toLowerCase(), { id, values });
  }
  return found;
}

/** The machines with these serial numbers (lower case; the first of a number found twice). */
export async function existingMachines(db: Executor, serials: string[]): Promise<Existing> {
  const found: Existing = new Map();
  for (const part of chunks(serials)) {
    const rows = await db
      .select({
        id: machines.id,
        serialNumber: machines.serialNumber,
        name: machines.name,
        customerId: machines.customerId,
        installDate: machines.installDate,
        isActive: machines.isActive,
      })
      .from(machines)
      .where(inArray(sql`lower(${machines.serialNumber})`, part))
      .orderBy(machines.id);
    for (const { id, serialNumber, ...values } of rows) {
      const key = serialNumber.toLowerCase();
      if (!found.has(key)) found.set(key, { id, values });
    }
  }
  return found;
}

/** The addresses of these customers, by customer, street, zip and city (lower case). */
export async function existingAddresses(db: Executor, customerIds: number[]): Promise<Existing> {
  const found: Existing = new Map();
  for (const part of chunks(customerIds)) {
    const rows = await db
      .select({
        id: addresses.id,
        customerId: addresses.customerId,
        street: addresses.street,
        zip: addresses.zip,
        city: addresses.city,
        name: addresses.name,
        country: addresses.country,
        isDelivery: addresses.isDelivery,
        isInvoice: addresses.isInvoice,
      })
      .from(addresses)
      .where(inArray(addresses.customerId, part))
      .orderBy(addresses.id);
    for (const { id, customerId, street, zip, city, ...values } of rows) {
      const key = [customerId, street.toLowerCase(), zip.toLowerCase(), city.toLowerCase()].join('|');
      if (!found.has(key)) found.set(key, { id, values });
    }
  }
  return found;
}

/** The contacts of these customers, by customer, name and e-mail (lower case). */
export async function existingContacts(db: Executor, customerIds: number[]): Promise<Existing> {
  const found: Existing = new Map();
  for (const part of chunks(customerIds)) {
    const rows = await db
      .select({
        id: customerPersons.id,
        customerId: customerPersons.customerId,
        name: customerPersons.name,
        email: customerPersons.email,
        mobile: customerPersons.mobile,
        fixedPhone: customerPersons.fixedPhone,
      })
      .from(customerPersons)
      .where(inArray(customerPersons.customerId, part))
      .orderBy(customerPersons.id);
    for (const { id, customerId, name, email, ...values } of rows) {
      const key = [customerId, name.toLowerCase(), email.toLowerCase()].join('|');
      if (!found.has(key)) found.set(key, { id, values });
    }
  }
  return found;
}

type Values = Record<string, unknown>;
const INSERT_CHUNK = 1_000;

/** Creates the rows' records, in parts; answers their ids in the rows' order. */
export async function insertRecords(db: Executor, kind: string, rows: Values[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const part = rows.slice(i, i + INSERT_CHUNK);
    const inserted =
      kind === 'Customers'
        ? await db
            .insert(customers)
            .values(part as (typeof customers.$inferInsert)[])
            .returning({ id: customers.id })
        : kind === 'Addresses'
          ? await db
              .insert(addresses)
              .values(part as (typeof addresses.$inferInsert)[])
              .returning({ id: addresses.id })
          : kind === 'Contacts'
            ? await db
                .insert(customerPersons)
                .values(part as (typeof customerPersons.$inferInsert)[])
                .returning({ id: customerPersons.id })
            : await db
                .insert(machines)
                .values(part as (typeof machines.$inferInsert)[])
                .returning({ id: machines.id });
    ids.push(...inserted.map((r) => r.id));
  }
  return ids;
}

/** Changes one record to the row's values, with a new row version. */
export async function updateRecord(db: Executor, kind: string, id: number, v: Values) {
  if (kind === 'Customers')
    await db
      .update(customers)
      .set({
        name: v.name as string,
        organisationNumber: v.organisationNumber as string | null,
        isActive: v.isActive as boolean,
        updatedAt: new Date(),
        rowVersion: sql`${customers.rowVersion} + 1`,
      })
      .where(eq(customers.id, id));
  else if (kind === 'Addresses')
    await db
      .update(addresses)
      .set({
        name: v.name as string,
        country: v.country as string,
        isDelivery: v.isDelivery as boolean,
        isInvoice: v.isInvoice as boolean,
        rowVersion: sql`${addresses.rowVersion} + 1`,
      })
      .where(eq(addresses.id, id));
  else if (kind === 'Contacts')
    await db
      .update(customerPersons)
      .set({
        mobile: v.mobile as string,
        fixedPhone: v.fixedPhone as string,
        rowVersion: sql`${customerPersons.rowVersion} + 1`,
      })
      .where(eq(customerPersons.id, id));
  else
    await db
      .update(machines)
      .set({
        name: v.name as string,
        customerId: v.customerId as number,
        partnerCompanyId: v.partnerCompanyId as number | null,
        installDate: v.installDate as string | null,
        isActive: v.isActive as boolean,
        updatedAt: new Date(),
        rowVersion: sql`${machines.rowVersion} + 1`,
      })
      .where(eq(machines.id, id));
}

/** Customers without a default delivery address or contact get the first of those just imported. */
export async function fillCustomerDefaults(db: Executor, customerIds: number[]) {
  for (const part of chunks(customerIds)) {
    await db
      .update(customers)
      .set({
        defaultDeliveryAddressId: sql`(select min(a.id) from ${addresses} a where a.customer_id = ${customers.id} and a.is_delivery)`,
      })
      .where(and(inArray(customers.id, part), isNull(customers.defaultDeliveryAddressId)));
    await db
      .update(customers)
      .set({
        defaultCustomerPersonId: sql`(select min(p.id) from ${customerPersons} p where p.customer_id = ${customers.id})`,
      })
      .where(and(inArray(customers.id, part), isNull(customers.defaultCustomerPersonId)));
  }
}
