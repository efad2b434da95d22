import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import {
  appointmentParticipants,
  appointments,
  jobStatuses,
  jobSubStatuses,
  jobs,
  statusLinks,
  users,
  wayPositions,
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
    .select({
      id: appointments.id,
      jobId: appointments.jobId,
      endTime: appointments.endTime,
      onMyWayAt: appointments.onMyWayAt,
    })
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

/** Whether a sub-status sets the technician's appointment On my way (decision 085). */
export async function setsOnMyWay(db: Executor, subStatusId: number) {
  const [row] = await db
    .select({ on: jobSubStatuses.setsOnMyWay })
    .from(jobSubStatuses)
    .where(eq(jobSubStatuses.id, subStatusId));
  return row?.on ?? false;
}

/**
 * The appointment of a job a sub-status sets out to: the first not yet ended, of `userId`'s own
 * (any participant's when `userId` is null, the office's), with whether it is already on the way.
 */
export async function appointmentToSetOut(
  db: Executor,
  jobId: number,
  userId: number | null,
  nowLocal: string,
) {
  const mine =
    userId === null
      ? undefined
      : sql`exists (select 1 from ${appointmentParticipants} where ${appointmentParticipants.appointmentId} = ${appointments.id} and ${appointmentParticipants.userId} = ${userId})`;
  const [row] = await db
    .select({ id: appointments.id, onMyWayAt: appointments.onMyWayAt })
    .from(appointments)
    .where(and(eq(appointments.jobId, jobId), gt(appointments.endTime, nowLocal), mine))
    .orderBy(asc(appointments.startTime), asc(appointments.id))
    .limit(1);
  return row ?? null;
}

/** The last position sent for an appointment on the way, if any. */
export async function positionOf(db: Executor, appointmentId: number) {
  const [row] = await db.select().from(wayPositions).where(eq(wayPositions.appointmentId, appointmentId));
  return row ?? null;
}

/** Keeps only the newest position of an appointment (no history). */
export async function writePosition(db: Executor, row: typeof wayPositions.$inferInsert) {
  await db
    .insert(wayPositions)
    .values(row)
    .onConflictDoUpdate({
      target: wayPositions.appointmentId,
      set: {
        userId: row.userId,
        latitude: row.latitude,
        longitude: row.longitude,
        recordedAt: row.recordedAt,
      },
    });
}

/**
 * Forgets positions no longer needed: the appointment's own (`appointmentId`), the user's of other
 * appointments (they set out elsewhere), and any older than `before`, whoever's.
 */
export async function forgetPositions(
  db: Executor,
  what: { appointmentId?: number; userId?: number; keep?: number; before?: Date },
) {
  const parts = [
    what.appointmentId === undefined ? undefined : eq(wayPositions.appointmentId, what.appointmentId),
    what.userId === undefined
      ? undefined
      : and(eq(wayPositions.userId, what.userId), ne(wayPositions.appointmentId, what.keep ?? 0)),
    what.before === undefined ? undefined : lt(wayPositions.recordedAt, what.before),
  ].filter((p) => p !== undefined);
  if (parts.length === 0) return;
  await db.delete(wayPositions).where(or(...parts));
}

/** Forgets the positions of a job's appointments (its links revoked). */
export async function forgetPositionsOfJob(db: Executor, jobId: number) {
  await db.delete(wayPositions).where(
    inArray(
      wayPositions.appointmentId,
      db
        .select({ id: appointments.id })
        .from(appointments)
        .where(and(eq(appointments.jobId, jobId), isNotNull(appointments.onMyWayAt))),
    ),
  );
}
