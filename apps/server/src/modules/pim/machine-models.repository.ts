import { JOB_STATUS } from '@fieldport/contract';
import { and, asc, count, desc, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  assetTypes,
  jobStatuses,
  jobs,
  jobTypes,
  machineModels,
  machines,
  machineTypes,
  suppliers,
} from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type ModelRow = typeof machineModels.$inferSelect;

/** Written out with table names: drizzle leaves columns unqualified in single-table queries. */
const machineCount = sql<number>`(select count(*)::int from ${machines} m where m.machine_model_id = ${machineModels}.id)`;

const selection = {
  model: machineModels,
  type: { id: machineTypes.id, name: machineTypes.name, names: machineTypes.names },
  supplier: { id: suppliers.id, name: suppliers.name },
  assetType: { id: assetTypes.id, name: assetTypes.name },
  machineCount,
};
export type ModelDetailRow = Awaited<ReturnType<typeof findModel>> & {};

const select = (db: Executor) =>
  db
    .select(selection)
    .from(machineModels)
    .leftJoin(machineTypes, eq(machineTypes.id, machineModels.machineTypeId))
    .leftJoin(suppliers, eq(suppliers.id, machineModels.supplierId))
    .leftJoin(assetTypes, eq(assetTypes.id, machineModels.assetTypeId));

export interface ModelFilter {
  word?: string | undefined;
  machineTypeId?: number | undefined;
  supplierId?: number | undefined;
  includeInactive?: boolean;
}

const whereOf = (f: ModelFilter): SQL | undefined =>
  and(
    hasWord(f.word)
      ? or(
          ilike(machineModels.name, containing(f.word)),
          ilike(machineTypes.name, containing(f.word)),
          ilike(suppliers.name, containing(f.word)),
        )
      : undefined,
    f.machineTypeId ? eq(machineModels.machineTypeId, f.machineTypeId) : undefined,
    f.supplierId ? eq(machineModels.supplierId, f.supplierId) : undefined,
    f.includeInactive === false ? eq(machineModels.isActive, true) : undefined,
  );

export async function listModels(db: Executor, f: ModelFilter, page?: { page: number; perPage: number }) {
  const q = select(db).where(whereOf(f)).orderBy(asc(machineModels.name), asc(machineModels.id));
  return page ? q.limit(page.perPage).offset(offsetOf(page.page, page.perPage)) : q;
}

export async function countModels(db: Executor, f: ModelFilter) {
  const [row] = await db
    .select({ n: count() })
    .from(machineModels)
    .leftJoin(machineTypes, eq(machineTypes.id, machineModels.machineTypeId))
    .leftJoin(suppliers, eq(suppliers.id, machineModels.supplierId))
    .where(whereOf(f));
  return row?.n ?? 0;
}

export async function findModel(db: Executor, id: number) {
  const [row] = await select(db).where(eq(machineModels.id, id));
  return row ?? null;
}

export async function findModelRow(db: Executor, id: number, lock = false) {
  const q = db.select().from(machineModels).where(eq(machineModels.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertModel(db: Executor, values: typeof machineModels.$inferInsert) {
  const [row] = await db.insert(machineModels).values(values).returning();
  return row!;
}

export async function updateModel(
  db: Executor,
  id: number,
  values: Partial<typeof machineModels.$inferInsert>,
  rowVersion?: number,
) {
  const where = versionedWhere(machineModels.id, id, machineModels.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(machineModels).where(where))[0];
  const [row] = await db
    .update(machineModels)
    .set({ ...values, rowVersion: nextVersion(machineModels.rowVersion) })
    .where(where)
    .returning();
  return row;
}

export async function refExists(db: Executor, table: 'type' | 'supplier' | 'asset', id: number) {
  const t = table === 'type' ? machineTypes : table === 'supplier' ? suppliers : assetTypes;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  return !!row;
}

/** Machine jobs of this model's machines (deleted ones left out), newest first. */
export async function modelJobs(db: Executor, modelId: number, page: number, perPage: number) {
  const where = and(eq(machines.machineModelId, modelId), ne(jobs.jobStatusId, JOB_STATUS.Deleted));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        job: jobs,
        status: { name: jobStatuses.name, names: jobStatuses.names },
        type: { name: jobTypes.name, names: jobTypes.names },
        machineName: machines.name,
      })
      .from(jobs)
      .innerJoin(machines, eq(machines.id, jobs.machineId))
      .innerJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
      .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: count() }).from(jobs).innerJoin(machines, eq(machines.id, jobs.machineId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function modelJobTypes(db: Executor, modelId: number) {
  return db
    .select({ id: jobTypes.id, name: jobTypes.name, names: jobTypes.names, n: sql<number>`count(*)::int` })
    .from(jobs)
    .innerJoin(machines, eq(machines.id, jobs.machineId))
    .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .where(and(eq(machines.machineModelId, modelId), ne(jobs.jobStatusId, JOB_STATUS.Deleted)))
    .groupBy(jobTypes.id, jobTypes.name, jobTypes.names)
    .orderBy(desc(sql`count(*)`), asc(jobTypes.id));
}

export async function modelFailureCodes(db: Executor, modelId: number) {
  return db
    .select({ code: jobs.supplierFailureCodeId, n: sql<number>`count(*)::int` })
    .from(jobs)
    .innerJoin(machines, eq(machines.id, jobs.machineId))
    .where(and(eq(machines.machineModelId, modelId), isNotNull(jobs.supplierFailureCodeId)))
    .groupBy(jobs.supplierFailureCodeId)
    .orderBy(desc(sql`count(*)`), asc(jobs.supplierFailureCodeId));
}
