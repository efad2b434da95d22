import type { LocalNames } from '@fieldport/contract';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { assetTypes, machineModels, machines, machineTypes, suppliers } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

/** Machine types, suppliers and asset types: small lists of named reference records. */
export type TypeRow = typeof machineTypes.$inferSelect;
export type SupplierRow = typeof suppliers.$inferSelect;
export type AssetTypeRow = typeof assetTypes.$inferSelect;

/** Written out with table names: drizzle leaves columns unqualified in single-table queries. */
const typeModels = sql<number>`(select count(*)::int from ${machineModels} mm where mm.machine_type_id = ${machineTypes}.id)`;
const supplierModels = sql<number>`(select count(*)::int from ${machineModels} mm where mm.supplier_id = ${suppliers}.id)`;

type Page = { page: number; perPage: number } | undefined;

/** A machine type matches a word in its stored name or in any language's name (decision 089). */
const typeMatching = (word: string) =>
  or(
    ilike(machineTypes.name, containing(word)),
    sql`exists (select 1 from jsonb_each_text(${machineTypes.names}) n where n.value ilike ${containing(word)})`,
  );

export async function listTypes(db: Executor, word?: string, page?: Page) {
  const where = hasWord(word) ? typeMatching(word) : undefined;
  const q = db
    .select({ row: machineTypes, models: typeModels })
    .from(machineTypes)
    .where(where)
    .orderBy(asc(machineTypes.name), asc(machineTypes.id));
  const rows = page ? await q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : await q;
  const [total] = await db.select({ n: count() }).from(machineTypes).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findType(db: Executor, id: number) {
  const [row] = await db
    .select({ row: machineTypes, models: typeModels })
    .from(machineTypes)
    .where(eq(machineTypes.id, id));
  return row ?? null;
}

export async function insertType(db: Executor, name: string, names: LocalNames) {
  const [row] = await db.insert(machineTypes).values({ name, names }).returning();
  return row!;
}

/**
 * Renames a machine type (its stored name and/or its names per language) and steps its row version;
 * with `rowVersion`, only if still at it. Answers whether it was.
 */
export async function updateType(
  db: Executor,
  id: number,
  values: { name?: string | undefined; names?: LocalNames | undefined },
  rowVersion?: number,
) {
  const rows = await db
    .update(machineTypes)
    .set({ ...values, rowVersion: nextVersion(machineTypes.rowVersion) })
    .where(versionedWhere(machineTypes.id, id, machineTypes.rowVersion, rowVersion))
    .returning({ id: machineTypes.id });
  return rows.length > 0;
}

export async function listSuppliers(db: Executor, word?: string, page?: Page) {
  const where = hasWord(word) ? ilike(suppliers.name, containing(word)) : undefined;
  const q = db
    .select({ row: suppliers, models: supplierModels })
    .from(suppliers)
    .where(where)
    .orderBy(asc(suppliers.name), asc(suppliers.id));
  const rows = page ? await q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : await q;
  const [total] = await db.select({ n: count() }).from(suppliers).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSupplier(db: Executor, id: number) {
  const [row] = await db
    .select({ row: suppliers, models: supplierModels })
    .from(suppliers)
    .where(eq(suppliers.id, id));
  return row ?? null;
}

export async function insertSupplier(db: Executor, values: typeof suppliers.$inferInsert) {
  const [row] = await db.insert(suppliers).values(values).returning();
  return row!;
}

export async function updateSupplier(
  db: Executor,
  id: number,
  values: Partial<typeof suppliers.$inferInsert>,
  rowVersion?: number,
): Promise<boolean> {
  const where = versionedWhere(suppliers.id, id, suppliers.rowVersion, rowVersion);
  const rows = nothingToSet(values)
    ? await db.select({ id: suppliers.id }).from(suppliers).where(where)
    : await db
        .update(suppliers)
        .set({ ...values, rowVersion: nextVersion(suppliers.rowVersion) })
        .where(where)
        .returning({ id: suppliers.id });
  return rows.length > 0;
}

export async function listAssetTypes(db: Executor, word?: string, page?: Page) {
  const where = hasWord(word) ? ilike(assetTypes.name, containing(word)) : undefined;
  const q = db.select().from(assetTypes).where(where).orderBy(asc(assetTypes.name), asc(assetTypes.id));
  const rows = page ? await q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : await q;
  const [total] = await db.select({ n: count() }).from(assetTypes).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findAssetType(db: Executor, id: number) {
  const [row] = await db.select().from(assetTypes).where(eq(assetTypes.id, id));
  return row ?? null;
}

export async function insertAssetType(db: Executor, values: typeof assetTypes.$inferInsert) {
  const [row] = await db.insert(assetTypes).values(values).returning();
  return row!;
}

export async function updateAssetType(
  db: Executor,
  id: number,
  values: Partial<typeof assetTypes.$inferInsert>,
  rowVersion?: number,
) {
  const where = versionedWhere(assetTypes.id, id, assetTypes.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(assetTypes).where(where))[0];
  const [row] = await db
    .update(assetTypes)
    .set({ ...values, rowVersion: nextVersion(assetTypes.rowVersion) })
    .where(where)
    .returning();
  return row;
}

/** How many machines and models use an asset type. */
export async function assetTypeUsage(db: Executor, id: number) {
  const [m] = await db
    .select({ n: count() })
    .from(machines)
    .where(and(eq(machines.assetTypeId, id)));
  const [mm] = await db.select({ n: count() }).from(machineModels).where(eq(machineModels.assetTypeId, id));
  return (m?.n ?? 0) + (mm?.n ?? 0);
}

export async function deleteAssetType(db: Executor, id: number) {
  await db.delete(assetTypes).where(eq(assetTypes.id, id));
}
