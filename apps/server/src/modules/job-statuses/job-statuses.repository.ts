import { and, count, eq, ne, sql } from 'drizzle-orm';
import { jobPriorities, jobStatuses, jobSubStatuses, jobs, jobTypes } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type JobStatusRow = typeof jobStatuses.$inferSelect;
export type JobSubStatusRow = typeof jobSubStatuses.$inferSelect;
export type JobTypeRow = typeof jobTypes.$inferSelect;
export type JobPriorityRow = typeof jobPriorities.$inferSelect;

/** One job status; `lock` holds its row for the change. */
export async function findStatus(db: Executor, id: number, lock = false): Promise<JobStatusRow | undefined> {
  const q = db.select().from(jobStatuses).where(eq(jobStatuses.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateStatus(
  db: Executor,
  id: number,
  values: Partial<Pick<JobStatusRow, 'name' | 'names' | 'color' | 'icon' | 'sortOrder'>>,
  rowVersion?: number,
): Promise<JobStatusRow | undefined> {
  const where = versionedWhere(jobStatuses.id, id, jobStatuses.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(jobStatuses).where(where))[0];
  const [row] = await db
    .update(jobStatuses)
    .set({ ...values, rowVersion: nextVersion(jobStatuses.rowVersion) })
    .where(where)
    .returning();
  return row;
}

/** One sub-status; `lock` holds its row for the change. */
export async function findSubStatus(
  db: Executor,
  id: number,
  lock = false,
): Promise<JobSubStatusRow | undefined> {
  const q = db.select().from(jobSubStatuses).where(eq(jobSubStatuses.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** A sub-status of the status with this name in any case, other than `exceptId`. */
export async function findSubStatusByName(
  db: Executor,
  statusId: number,
  name: string,
  exceptId?: number,
): Promise<JobSubStatusRow | undefined> {
  const [row] = await db
    .select()
    .from(jobSubStatuses)
    .where(
      and(
        eq(jobSubStatuses.jobStatusId, statusId),
        sql`lower(${jobSubStatuses.name}) = lower(${name})`,
        exceptId ? ne(jobSubStatuses.id, exceptId) : undefined,
      ),
    );
  return row;
}

export async function insertSubStatus(
  db: Executor,
  statusId: number,
  name: string,
  names: JobSubStatusRow['names'],
): Promise<JobSubStatusRow> {
  const [row] = await db.insert(jobSubStatuses).values({ jobStatusId: statusId, name, names }).returning();
  return row!;
}

export async function renameSubStatus(
  db: Executor,
  id: number,
  values: Pick<JobSubStatusRow, 'name' | 'names' | 'setsOnMyWay'>,
  rowVersion?: number,
): Promise<JobSubStatusRow | undefined> {
  const [row] = await db
    .update(jobSubStatuses)
    .set({ ...values, rowVersion: nextVersion(jobSubStatuses.rowVersion) })
    .where(versionedWhere(jobSubStatuses.id, id, jobSubStatuses.rowVersion, rowVersion))
    .returning();
  return row;
}

export async function deleteSubStatus(db: Executor, id: number) {
  await db.delete(jobSubStatuses).where(eq(jobSubStatuses.id, id));
}

/** How many jobs have the sub-status. */
export async function jobsWithSubStatus(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.jobSubStatusId, id));
  return row?.n ?? 0;
}

/** One job type; `lock` holds its row for the change. */
export async function findType(db: Executor, id: number, lock = false): Promise<JobTypeRow | undefined> {
  const q = db.select().from(jobTypes).where(eq(jobTypes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateType(
  db: Executor,
  id: number,
  values: Pick<JobTypeRow, 'name' | 'names' | 'skills'>,
  rowVersion?: number,
): Promise<JobTypeRow | undefined> {
  const [row] = await db
    .update(jobTypes)
    .set({ ...values, rowVersion: nextVersion(jobTypes.rowVersion) })
    .where(versionedWhere(jobTypes.id, id, jobTypes.rowVersion, rowVersion))
    .returning();
  return row;
}

/** One job priority; `lock` holds its row for the change. */
export async function findPriority(
  db: Executor,
  id: number,
  lock = false,
): Promise<JobPriorityRow | undefined> {
  const q = db.select().from(jobPriorities).where(eq(jobPriorities.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updatePriority(
  db: Executor,
  id: number,
  values: Partial<Pick<JobPriorityRow, 'name' | 'names' | 'dueAfterHours'>>,
  rowVersion?: number,
): Promise<JobPriorityRow | undefined> {
  const [row] = await db
    .update(jobPriorities)
    .set({ ...values, rowVersion: nextVersion(jobPriorities.rowVersion) })
    .where(versionedWhere(jobPriorities.id, id, jobPriorities.rowVersion, rowVersion))
    .returning();
  return row;
}
