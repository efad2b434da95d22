import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { departments, users } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { nextFreeId } from '../common/numbers.repository.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type DepartmentRow = typeof departments.$inferSelect;

/** Written out with table names: drizzle leaves columns unqualified in single-table queries. */
const userCount = sql<number>`(select count(*)::int from ${users} u where u.department_id = ${departments}.id)`;

const searchOf = (word: string | null | undefined): SQL | undefined =>
  hasWord(word)
    ? or(ilike(departments.name, containing(word)), sql`${departments.id}::text = ${word.trim()}`)
    : undefined;

export interface DepartmentFilter {
  word?: string | null | undefined;
  ids?: number[];
  excludeIds?: number[];
}

export async function listDepartments(
  db: Executor,
  f: DepartmentFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({ department: departments, userCount })
    .from(departments)
    .where(
      and(
        searchOf(f.word),
        f.ids ? inArray(departments.id, f.ids.length ? f.ids : [0]) : undefined,
        f.excludeIds?.length ? notInArray(departments.id, f.excludeIds) : undefined,
      ),
    )
    .orderBy(asc(departments.name), asc(departments.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDepartments(
  db: Executor,
  f: { word?: string | undefined; excludeIds?: number[] },
) {
  const [row] = await db
    .select({ n: count() })
    .from(departments)
    .where(
      and(searchOf(f.word), f.excludeIds?.length ? notInArray(departments.id, f.excludeIds) : undefined),
    );
  return row?.n ?? 0;
}

export const pageOf = (page: number, perPage: number) => ({
  limit: perPage,
  offset: offsetOf(page, perPage),
});

export async function findDepartment(db: Executor, id: number) {
  const [row] = await db
    .select({ department: departments, userCount })
    .from(departments)
    .where(eq(departments.id, id));
  return row ?? null;
}

/** The id of a department the company gives none: one above the highest, never the same twice (migration 0010); the lowest free one when the highest is the largest id. */
export async function nextDepartmentId(db: Executor): Promise<number> {
  return nextFreeId(db, 'department_ids', departments, departments.id);
}

export async function insertDepartment(db: Executor, values: typeof departments.$inferInsert) {
  const [row] = await db.insert(departments).values(values).returning();
  return row!;
}

export async function updateDepartment(
  db: Executor,
  id: number,
  values: Partial<typeof departments.$inferInsert>,
  rowVersion?: number,
) {
  const where = versionedWhere(departments.id, id, departments.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(departments).where(where))[0];
  const [row] = await db
    .update(departments)
    .set({ ...values, rowVersion: nextVersion(departments.rowVersion) })
    .where(where)
    .returning();
  return row;
}
