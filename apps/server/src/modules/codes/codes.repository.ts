import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { jobs, repairCodes, supplierFailureCodes, suppliers } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type RepairCodeRow = typeof repairCodes.$inferSelect;

export interface CodeFilter {
  includeInactive: boolean;
  search?: string | undefined;
  supplierId?: number | undefined;
}

const repairWhere = (f: CodeFilter) =>
  and(
    f.includeInactive ? undefined : eq(repairCodes.isActive, true),
    hasWord(f.search)
      ? or(
          ilike(repairCodes.code, containing(f.search)),
          ilike(repairCodes.description, containing(f.search)),
        )
      : undefined,
  );

export async function listRepairCodes(db: Executor, f: CodeFilter, page?: { page: number; perPage: number }) {
  const q = db
    .select()
    .from(repairCodes)
    .where(repairWhere(f))
    .orderBy(asc(repairCodes.code), asc(repairCodes.id));
  return page ? q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : q;
}

export async function countRepairCodes(db: Executor, f: CodeFilter) {
  const [row] = await db.select({ n: count() }).from(repairCodes).where(repairWhere(f));
  return row?.n ?? 0;
}

export async function findRepairCode(db: Executor, id: number) {
  const [row] = await db.select().from(repairCodes).where(eq(repairCodes.id, id));
  return row ?? null;
}

export async function repairCodeNamed(db: Executor, code: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(repairCodes)
    .where(
      and(
        sql`lower(${repairCodes.code}) = lower(${code})`,
        exceptId ? ne(repairCodes.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

const failureSelect = { code: supplierFailureCodes, supplierName: suppliers.name };

const failureWhere = (f: CodeFilter) =>
  and(
    f.includeInactive ? undefined : eq(supplierFailureCodes.isActive, true),
    f.supplierId ? eq(supplierFailureCodes.supplierId, f.supplierId) : undefined,
    hasWord(f.search)
      ? or(
          ilike(supplierFailureCodes.code, containing(f.search)),
          ilike(supplierFailureCodes.description, containing(f.search)),
        )
      : undefined,
  );

export type NewRepairCode = typeof repairCodes.$inferInsert;

export async function insertRepairCode(db: Executor, values: NewRepairCode): Promise<RepairCodeRow> {
  const [row] = await db.insert(repairCodes).values(values).returning();
  return row!;
}

export async function updateRepairCode(
  db: Executor,
  id: number,
  values: Partial<NewRepairCode>,
  rowVersion?: number,
): Promise<RepairCodeRow | undefined> {
  const where = versionedWhere(repairCodes.id, id, repairCodes.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(repairCodes).where(where))[0];
  const [row] = await db
    .update(repairCodes)
    .set({ ...values, rowVersion: nextVersion(repairCodes.rowVersion) })
    .where(where)
    .returning();
  return row;
}

export async function deleteRepairCode(db: Executor, id: number) {
  await db.delete(repairCodes).where(eq(repairCodes.id, id));
}

export async function listFailureCodes(
  db: Executor,
  f: CodeFilter,
  page?: { page: number; perPage: number },
) {
  const q = db
    .select(failureSelect)
    .from(supplierFailureCodes)
    .innerJoin(suppliers, eq(suppliers.id, supplierFailureCodes.supplierId))
    .where(failureWhere(f))
    .orderBy(asc(suppliers.name), asc(supplierFailureCodes.code), asc(supplierFailureCodes.id));
  return page ? q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : q;
}
export type FailureCodeRow = Awaited<ReturnType<typeof listFailureCodes>>[number];

export async function countFailureCodes(db: Executor, f: CodeFilter) {
  const [row] = await db.select({ n: count() }).from(supplierFailureCodes).where(failureWhere(f));
  return row?.n ?? 0;
}

export async function findFailureCode(db: Executor, id: number) {
  const [row] = await db
    .select(failureSelect)
    .from(supplierFailureCodes)
    .innerJoin(suppliers, eq(suppliers.id, supplierFailureCodes.supplierId))
    .where(eq(supplierFailureCodes.id, id));
  return row ?? null;
}

export async function failureCodeNamed(db: Executor, supplierId: number, code: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(supplierFailureCodes)
    .where(
      and(
        eq(supplierFailureCodes.supplierId, supplierId),
        sql`lower(${supplierFailureCodes.code}) = lower(${code})`,
        exceptId ? ne(supplierFailureCodes.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function jobsWithFailureCode(db: Executor, id: number) {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.supplierFailureCodeId, id));
  return row?.n ?? 0;
}

export async function supplierExists(db: Executor, id: number, where?: SQL) {
  const [row] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, id), where));
  return !!row;
}

export type NewFailureCode = typeof supplierFailureCodes.$inferInsert;

export async function insertFailureCode(db: Executor, values: NewFailureCode) {
  const [row] = await db.insert(supplierFailureCodes).values(values).returning();
  return row!;
}

/** Changes a failure code and steps its row version; with `rowVersion`, only if still at it. Answers whether it was. */
export async function updateFailureCode(
  db: Executor,
  id: number,
  values: Partial<NewFailureCode>,
  rowVersion?: number,
): Promise<boolean> {
  const where = versionedWhere(supplierFailureCodes.id, id, supplierFailureCodes.rowVersion, rowVersion);
  const rows = nothingToSet(values)
    ? await db.select({ id: supplierFailureCodes.id }).from(supplierFailureCodes).where(where)
    : await db
        .update(supplierFailureCodes)
        .set({ ...values, rowVersion: nextVersion(supplierFailureCodes.rowVersion) })
        .where(where)
        .returning({ id: supplierFailureCodes.id });
  return rows.length > 0;
}

export async function deleteFailureCode(db: Executor, id: number) {
  await db.delete(supplierFailureCodes).where(eq(supplierFailureCodes.id, id));
}
