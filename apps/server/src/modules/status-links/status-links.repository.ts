import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  appointmentParticipants,
  appointments,
  jobStatuses,
  jobs,
  statusLinks,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export async function insertStatusLink(db: Executor, row: typeof statusLinks.$inferInsert) {
  await db.insert(statusLinks).values(row);
}

/** The job of a link not revoked, by its token's hash: the job's status and customer, nothing more. */
export async function jobOfLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({
      jobId: jobs.id,
      customerId: jobs.customerId,
      parentId: jobs.parentId,
      statusId: jobs.jobStatusId,
      statusName: jobStatuses.name,
      statusNames: jobStatuses.names,
    })
    .from(statusLinks)
    .innerJoin(jobs, eq(jobs.id, statusLinks.jobId))
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .where(and(eq(statusLinks.tokenHash, tokenHash), isNull(statusLinks.revokedAt)));
  return row ?? null;
}

/** A job's appointments in time order, each with its first participant's name (the technician). */
export async function visitsOf(db: Executor, jobId: number) {
  return db
    .select({
      id: appointments.id,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      onMyWayAt: appointments.onMyWayAt,
      technicianId: sql<
        number | null
      >`(select ${appointmentParticipants.userId} from ${appointmentParticipants} where ${appointmentParticipants.appointmentId} = ${appointments.id} order by ${appointmentParticipants.userId} limit 1)`,
    })
    .from(appointments)
    .where(eq(appointments.jobId, jobId))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

export async function userName(db: Executor, userId: number) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** Revokes every open link of a job; answers how many were open. */
export async function revokeLinksOf(db: Executor, jobId: number, at: Date) {
  const rows = await db
    .update(statusLinks)
    .set({ revokedAt: at })
    .where(and(eq(statusLinks.jobId, jobId), isNull(statusLinks.revokedAt)))
    .returning({ id: statusLinks.id });
  return rows.length;
}

/** An appointment of a job, with its participants, for "On my way". */
export async function appointmentForWay(db: Executor, id: number) {
  const [row] = await db
    .select({ id: appointments.id, jobId: appointments.jobId })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!row) return null;
  const people = await db
    .select({ userId: appointmentParticipants.userId })
    .from(appointmentParticipants)
    .where(eq(appointmentParticipants.appointmentId, id));
  return { ...row, participants: people.map((p) => p.userId) };
}

export async function setOnMyWay(db: Executor, id: number, at: Date) {
  await db
    .update(appointments)
    .set({ onMyWayAt: at, rowVersion: sql`${appointments.rowVersion} + 1` })
    .where(eq(appointments.id, id));
}
