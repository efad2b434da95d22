import { type AnyColumn, and, asc, count, eq, ilike, ne, type SQL, sql } from 'drizzle-orm';
import { jobCategories, jobs, repairPlaces, warrantyTypes } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

/** The three lookup tables share one shape: id, name, active. */
export type LookupTable = typeof jobCategories | typeof warrantyTypes | typeof repairPlaces;
export type LookupRow = typeof jobCategories.$inferSelect;

export type LookupKind = 'jobCategory' | 'warrantyType' | 'repairPlace';
/** Each kind's table. */
export const lookupTables: Record<LookupKind, LookupTable> = {
  jobCategory: jobCategories,
  warrantyType: warrantyTypes,
  repairPlace: repairPlaces,
};

/** The jobs column that refers to each table: a row in use cannot be deleted. */
export const usedBy = new Map<LookupTable, AnyColumn>([
  [jobCategories, jobs.jobCategoryId],
  [warrantyTypes, jobs.warrantyTypeId],
  [repairPlaces, jobs.repairPlaceId],
]);

// One table type for the query builder: the three tables have the same columns.
const as = (t: LookupTable) => t as typeof jobCategories;

function where(
  t: LookupTable,
  f: { includeInactive: boolean; search?: string | undefined },
): SQL | undefined {
  return and(
    f.includeInactive ? undefined : eq(t.isActive, true),
    hasWord(f.search) ? ilike(t.name, containing(f.search)) : undefined,
  );
}

export async function listLookups(
  db: Executor,
  t: LookupTable,
  f: { includeInactive: boolean; search?: string | undefined },
  page?: { page: number; perPage: number },
) {
  const q = db.select().from(as(t)).where(where(t, f)).orderBy(asc(t.name), asc(t.id));
  return page ? q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : q;
}

export async function countLookups(
  db: Executor,
  t: LookupTable,
  f: { includeInactive: boolean; search?: string | undefined },
) {
  const [row] = await db.select({ n: count() }).from(as(t)).where(where(t, f));
  return row?.n ?? 0;
}

export async function findLookup(db: Executor, t: LookupTable, id: number) {
  const [row] = await db.select().from(as(t)).where(eq(t.id, id));
  return row ?? null;
}

/** Another row with the same name, whatever its case. */
export async function sameName(db: Executor, t: LookupTable, name: string, exceptId?: number) {
  const [row] = await db
    .select()
    .from(as(t))
    .where(and(sql`lower(${t.name}) = lower(${name})`, exceptId ? ne(t.id, exceptId) : undefined));
  return row ?? null;
}

export async function insertLookup(
  db: Executor,
  t: LookupTable,
  values: { name: string; names: LookupRow['names']; isActive: boolean },
) {
  const [row] = await db.insert(as(t)).values(values).returning();
  return row!;
}

export async function updateLookup(
  db: Executor,
  t: LookupTable,
  id: number,
  values: {
    name?: string | undefined;
    names?: LookupRow['names'] | undefined;
    isActive?: boolean | undefined;
  },
  rowVersion?: number,
): Promise<LookupRow | undefined> {
  const where = versionedWhere(t.id, id, t.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(as(t)).where(where))[0];
  const [row] = await db
    .update(as(t))
    .set({ ...values, rowVersion: nextVersion(t.rowVersion) })
    .where(where)
    .returning();
  return row;
}

export async function deleteLookup(db: Executor, t: LookupTable, id: number) {
  await db.delete(as(t)).where(eq(t.id, id));
}

export async function jobsUsing(db: Executor, t: LookupTable, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(eq(usedBy.get(t)!, id));
  return row?.n ?? 0;
}
