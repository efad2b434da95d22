import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import {
  appointmentParticipants,
  appointments,
  articles,
  commonParts,
  jobs,
  machineModels,
  machines,
  stockMovements,
  storeArticles,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** The van's balance and location of the common part's article (0 and '' without a van). */
const inVan = (vanId: number | null) =>
  vanId === null
    ? { inVan: sql<string>`'0.000'`, location: sql<string>`''` }
    : {
        inVan: sql<string>`(select coalesce(sum(${stockMovements.quantity}), 0)::numeric(12, 3)::text
          from ${stockMovements}
          where ${stockMovements.storeId} = ${vanId} and ${stockMovements.articleId} = ${commonParts.articleId})`,
        location: sql<string>`coalesce((select ${storeArticles.location} from ${storeArticles}
          where ${storeArticles.storeId} = ${vanId} and ${storeArticles.articleId} = ${commonParts.articleId}), '')`,
      };

/** A machine model's common parts in their order, with the van's stock of each. */
export async function commonPartsOfModel(db: Executor, modelId: number, vanId: number | null) {
  return db
    .select({
      articleId: articles.id,
      articleNumber: articles.articleNumber,
      articleName: articles.name,
      unit: articles.unit,
      quantity: sql<string>`${commonParts.quantity}::text`,
      position: commonParts.position,
      ...inVan(vanId),
    })
    .from(commonParts)
    .innerJoin(articles, eq(articles.id, commonParts.articleId))
    .where(eq(commonParts.machineModelId, modelId))
    .orderBy(asc(commonParts.position), asc(articles.articleNumber));
}

/** The machine model of a machine sub-job (null when it has no machine or the machine no model). */
export async function modelOfMachineJob(
  db: Executor,
  jobId: number,
): Promise<{ modelId: number | null } | undefined> {
  const [row] = await db
    .select({ modelId: machines.machineModelId })
    .from(jobs)
    .leftJoin(machines, eq(machines.id, jobs.machineId))
    .where(and(eq(jobs.id, jobId), isNotNull(jobs.parentId)));
  return row;
}

export async function machineModelExists(db: Executor, modelId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: machineModels.id })
    .from(machineModels)
    .where(eq(machineModels.id, modelId));
  return row !== undefined;
}

/**
 * The common parts the caller's planned jobs need: per machine sub-job of each job with an appointment
 * of the user's from `from` (inclusive) to `to` (exclusive), one row per sub-job and article with the
 * day of the job's first appointment in the window. A job planned twice counts once.
 */
export async function partsForPlannedJobs(db: Executor, userId: number, from: string, to: string) {
  const planned = db
    .select({
      jobId: appointments.jobId,
      day: sql<string>`to_char(min(${appointments.startTime}), 'YYYY-MM-DD')`.as('day'),
    })
    .from(appointments)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
    .where(
      and(
        eq(appointmentParticipants.userId, userId),
        isNotNull(appointments.jobId),
        gte(appointments.startTime, `${from} 00:00:00`),
        lt(appointments.startTime, `${to} 00:00:00`),
      ),
    )
    .groupBy(appointments.jobId)
    .as('planned');
  const parent = sql`parent_job`;
  return db
    .select({
      articleId: articles.id,
      articleNumber: articles.articleNumber,
      articleName: articles.name,
      unit: articles.unit,
      quantity: sql<string>`${commonParts.quantity}::text`,
      jobId: jobs.id,
      parentJobId: jobs.parentId,
      orderId: sql<string | null>`${parent}.order_id`,
      displayName: sql<string>`${parent}.display_name`,
      machineName: machines.name,
      day: planned.day,
    })
    .from(planned)
    .innerJoin(sql`${jobs} as ${parent}`, sql`${parent}.id = ${planned.jobId}`)
    .innerJoin(jobs, eq(jobs.parentId, planned.jobId))
    .innerJoin(machines, eq(machines.id, jobs.machineId))
    .innerJoin(commonParts, eq(commonParts.machineModelId, machines.machineModelId))
    .innerJoin(articles, eq(articles.id, commonParts.articleId))
    .where(and(eq(articles.isStockItem, true), eq(articles.isTimeArticle, false)))
    .orderBy(asc(articles.articleNumber), asc(planned.day), asc(jobs.id));
}
