import { and, eq, inArray } from 'drizzle-orm';
import {
  departments,
  jobCategories,
  jobPriorities,
  jobStatuses,
  jobSubStatuses,
  jobTypes,
  repairPlaces,
  warrantyTypes,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** The reference tables a job names by id, which a job's input is checked against (job-checks.ts). */
const TABLES = {
  jobType: jobTypes,
  jobPriority: jobPriorities,
  department: departments,
  warrantyType: warrantyTypes,
  repairPlace: repairPlaces,
  jobCategory: jobCategories,
} as const;
export type JobReference = keyof typeof TABLES;

/** Which of the wanted ids the reference table has. */
export async function existingIds(db: Executor, ref: JobReference, wanted: number[]): Promise<number[]> {
  const table = TABLES[ref] as typeof jobTypes;
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  return rows.map((r) => r.id);
}

export async function findStatus(db: Executor, statusId: number) {
  const [row] = await db.select().from(jobStatuses).where(eq(jobStatuses.id, statusId));
  return row;
}

/** The sub-status, when it is one of the status's. */
export async function findSubStatusOf(db: Executor, subStatusId: number, statusId: number) {
  const [row] = await db
    .select()
    .from(jobSubStatuses)
    .where(and(eq(jobSubStatuses.id, subStatusId), eq(jobSubStatuses.jobStatusId, statusId)));
  return row;
}
