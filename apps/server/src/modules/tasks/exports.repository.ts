import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import {
  addresses,
  assetTypes,
  customerGroups,
  customers,
  exportFiles,
  jobStatuses,
  jobs,
  jobTypes,
  machineModels,
  machines,
  machineTypes,
  partnerCompanies,
  suppliers,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export type ExportFileRow = typeof exportFiles.$inferSelect;

/** A user's export files, newest first. */
export async function exportFilesOf(db: Executor, userId: number): Promise<ExportFileRow[]> {
  return db.select().from(exportFiles).where(eq(exportFiles.userId, userId)).orderBy(desc(exportFiles.id));
}

/** The user's newest export file with this displayed date. */
export async function findExportFile(
  db: Executor,
  userId: number,
  displayedDate: string,
): Promise<ExportFileRow | undefined> {
  const [row] = await db
    .select()
    .from(exportFiles)
    .where(and(eq(exportFiles.userId, userId), eq(exportFiles.displayedDate, displayedDate)))
    .orderBy(desc(exportFiles.id))
    .limit(1);
  return row;
}

export async function insertExportFile(db: Executor, values: typeof exportFiles.$inferInsert) {
  await db.insert(exportFiles).values(values);
}

export async function deleteExportFile(db: Executor, id: number) {
  await db.delete(exportFiles).where(eq(exportFiles.id, id));
}

/** Deletes the export files made more than `days` ago and answers them (their stored files go next). */
export async function deleteExportFilesOlderThan(db: Executor, days: number): Promise<ExportFileRow[]> {
  return db
    .delete(exportFiles)
    .where(lt(exportFiles.createdAt, sql`now() - ${`${days} days`}::interval`))
    .returning();
}

/** The number of rows an export of this kind writes (once per export, for its progress). */
export async function exportCount(
  db: Executor,
  kind: 'Customers' | 'Machines' | 'Jobs',
  f: { customerId?: number | null | undefined; includeInactive?: boolean | undefined },
): Promise<number> {
  const table = kind === 'Customers' ? customers : kind === 'Machines' ? machines : jobs;
  const where =
    kind === 'Customers'
      ? f.includeInactive
        ? undefined
        : eq(customers.isActive, true)
      : kind === 'Machines'
        ? machineFilter(f)
        : undefined;
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

const machineFilter = (f: {
  customerId?: number | null | undefined;
  includeInactive?: boolean | undefined;
}) =>
  and(
    f.customerId ? eq(machines.customerId, f.customerId) : undefined,
    f.includeInactive ? undefined : eq(machines.isActive, true),
  );

/** One batch of customers after id `after`, by id (keyset: a million rows never load at once). */
export async function customersBatch(db: Executor, after: number, limit: number, includeInactive: boolean) {
  return db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      name: customers.name,
      organisationNumber: customers.organisationNumber,
      group: customerGroups.name,
      partner: partnerCompanies.name,
      street: addresses.street,
      zip: addresses.zip,
      city: addresses.city,
      country: addresses.country,
      active: customers.isActive,
    })
    .from(customers)
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .leftJoin(partnerCompanies, eq(partnerCompanies.id, customers.partnerCompanyId))
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .where(and(gt(customers.id, after), includeInactive ? undefined : eq(customers.isActive, true)))
    .orderBy(asc(customers.id))
    .limit(limit);
}

/** One batch of machines after id `after`, by id, with their customer, model, type, supplier and asset type. */
export async function machinesBatch(
  db: Executor,
  f: { customerId?: number | null | undefined; includeInactive?: boolean | undefined },
  after: number,
  limit: number,
) {
  return db
    .select({
      id: machines.id,
      name: machines.name,
      serial: machines.serialNumber,
      qr: machines.qrcode,
      customerNumber: customers.customerNumber,
      customer: customers.name,
      model: machineModels.name,
      type: machineTypes.name,
      supplier: suppliers.name,
      assetType: assetTypes.name,
      installDate: machines.installDate,
      active: machines.isActive,
    })
    .from(machines)
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .leftJoin(machineModels, eq(machineModels.id, machines.machineModelId))
    .leftJoin(machineTypes, eq(machineTypes.id, machineModels.machineTypeId))
    .leftJoin(suppliers, eq(suppliers.id, machineModels.supplierId))
    .leftJoin(assetTypes, eq(assetTypes.id, machines.assetTypeId))
    .where(and(gt(machines.id, after), machineFilter(f)))
    .orderBy(asc(machines.id))
    .limit(limit);
}

/** One batch of jobs after id `after`, by id, with status, type, customer and machine. */
export async function jobsBatch(db: Executor, after: number, limit: number) {
  return db
    .select({
      id: jobs.id,
      orderId: jobs.orderId,
      name: jobs.displayName,
      parentId: jobs.parentId,
      status: jobStatuses.name,
      type: jobTypes.name,
      customerNumber: customers.customerNumber,
      customer: customers.name,
      machine: machines.name,
      serial: machines.serialNumber,
      createdAt: jobs.createdAt,
    })
    .from(jobs)
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(machines, eq(machines.id, jobs.machineId))
    .where(gt(jobs.id, after))
    .orderBy(asc(jobs.id))
    .limit(limit);
}
