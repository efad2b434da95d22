import { and, asc, count, eq, ilike, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import { jobs, projects } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;

/** Written with table names: drizzle leaves columns unqualified in single-table queries. */
const jobCount = sql<number>`(select count(*)::int from ${jobs} j where j.project_id = ${projects}.id)`;

export interface ProjectFilter {
  word?: string | null | undefined;
  ids?: number[];
  excludeIds?: number[];
}

function whereOf(f: ProjectFilter): SQL | undefined {
  return and(
    hasWord(f.word) ? ilike(projects.name, containing(f.word)) : undefined,
    f.ids ? inArray(projects.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(projects.id, f.excludeIds) : undefined,
  );
}

export async function listProjects(db: Executor, f: ProjectFilter, page: number, perPage: number) {
  return db
    .select({ project: projects, jobCount })
    .from(projects)
    .where(whereOf(f))
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
}

export async function countProjects(db: Executor, f: ProjectFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(projects).where(whereOf(f));
  return row?.n ?? 0;
}

export async function findProject(db: Executor, id: number) {
  const [row] = await db.select({ project: projects, jobCount }).from(projects).where(eq(projects.id, id));
  return row ?? null;
}

/** The project holding `name` whatever its case (other than `exceptId`), to name it in a 409. */
export async function sameName(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(sql`lower(${projects.name})`, name.toLowerCase()),
        exceptId ? ne(projects.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertProject(db: Executor, values: NewProjectRow): Promise<number> {
  const [row] = await db.insert(projects).values(values).returning({ id: projects.id });
  if (!row) throw new Error('insert into projects returned no row');
  return row.id;
}

/** Changes a project and steps its row version; with `rowVersion`, only if still at it. */
export async function updateProject(
  db: Executor,
  id: number,
  values: Partial<NewProjectRow>,
  rowVersion?: number,
): Promise<boolean> {
  const where = versionedWhere(projects.id, id, projects.rowVersion, rowVersion);
  const rows = nothingToSet(values)
    ? await db.select({ id: projects.id }).from(projects).where(where)
    : await db
        .update(projects)
        .set({ ...values, rowVersion: nextVersion(projects.rowVersion) })
        .where(where)
        .returning({ id: projects.id });
  return rows.length > 0;
}

export async function deleteProject(db: Executor, id: number) {
  await db.delete(projects).where(eq(projects.id, id));
}
