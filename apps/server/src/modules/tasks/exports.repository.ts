import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import {
  assetTypes,
  customers,
  exportFiles,
  machineModels,
  machines,
  machineTypes,
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

/** The machines, one row each, with their customer, model, type, supplier and asset type. */
export async function machinesForExport(
  db: Executor,
  f: { customerId?: number | null | undefined; includeInactive?: boolean | undefined },
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
    .where(
      and(
        f.customerId ? eq(machines.customerId, f.customerId) : undefined,
        f.includeInactive ? undefined : eq(machines.isActive, true),
      ),
    )
    .orderBy(asc(customers.name), asc(machines.name), asc(machines.id));
}
