import { and, asc, eq, gt, inArray, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  addresses,
  appointmentParticipants,
  appointments,
  customers,
  jobStatuses,
  jobs,
  jobTypes,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export type AppointmentRow = typeof appointments.$inferSelect;
export type NewAppointmentRow = typeof appointments.$inferInsert;

/**
 * Which appointments a caller may see: all for staff (scope undefined); for customer users and
 * partners, only those of jobs in their scope, never absences.
 */
const visible = (jobScope: SQL | undefined) =>
  jobScope === undefined
    ? undefined
    : and(
        sql`${appointments.jobId} is not null`,
        sql`exists (select 1 from ${jobs} where ${jobs.id} = ${appointments.jobId} and ${jobScope})`,
      );

/** Appointments overlapping [from, to) (wall-clock texts), earliest first. */
export async function inRange(db: Executor, from: string, to: string, jobScope: SQL | undefined) {
  return db
    .select()
    .from(appointments)
    .where(and(lt(appointments.startTime, to), gt(appointments.endTime, from), visible(jobScope)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

export async function ofJob(db: Executor, jobId: number, jobScope: SQL | undefined) {
  return db
    .select()
    .from(appointments)
    .where(and(eq(appointments.jobId, jobId), visible(jobScope)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

export async function findAppointment(db: Executor, id: number, jobScope: SQL | undefined, lock = false) {
  const q = db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), visible(jobScope)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The participants of these appointments, by name (the ids as one array: one statement text for any number). */
export async function participantsOf(db: Executor, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return db
    .select({ appointmentId: appointmentParticipants.appointmentId, id: users.id, name: users.name })
    .from(appointmentParticipants)
    .innerJoin(users, eq(users.id, appointmentParticipants.userId))
    .where(sql`${appointmentParticipants.appointmentId} = any(${sql.param(appointmentIds)}::int[])`)
    .orderBy(asc(users.name), asc(users.id));
}

/** What the planner shows of these jobs: names of status and type, customer and address. */
export async function jobSummaries(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return db
    .select({
      id: jobs.id,
      displayName: jobs.displayName,
      orderId: jobs.orderId,
      statusId: jobs.jobStatusId,
      statusName: jobStatuses.name,
      statusColor: jobStatuses.color,
      typeId: jobs.jobTypeId,
      typeName: jobTypes.name,
      customerId: jobs.customerId,
      customerName: customers.name,
      street: addresses.street,
      zip: addresses.zip,
      city: addresses.city,
      estimatedTime: jobs.estimatedTime,
    })
    .from(jobs)
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(sql`${jobs.id} = any(${sql.param(jobIds)}::int[])`);
}
export type JobSummaryRow = Awaited<ReturnType<typeof jobSummaries>>[number];

export async function insertAppointment(db: Executor, values: NewAppointmentRow) {
  const [row] = await db.insert(appointments).values(values).returning();
  return row!;
}

export async function updateAppointment(db: Executor, id: number, values: Partial<NewAppointmentRow>) {
  const [row] = await db
    .update(appointments)
    .set({ ...values, rowVersion: sql`${appointments.rowVersion} + 1` })
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

export async function deleteAppointment(db: Executor, id: number) {
  await db.delete(appointments).where(eq(appointments.id, id));
}

export async function setParticipants(db: Executor, appointmentId: number, userIds: number[]) {
  await db.delete(appointmentParticipants).where(eq(appointmentParticipants.appointmentId, appointmentId));
  if (userIds.length)
    await db.insert(appointmentParticipants).values(userIds.map((userId) => ({ appointmentId, userId })));
}

/** Active bookable users, by name; `ids` narrows to those. */
export async function bookableUsers(db: Executor, opts: { ids?: number[]; departmentIds?: number[] } = {}) {
  return db
    .select({
      id: users.id,
      name: users.name,
      userTypeId: users.userTypeId,
      departmentId: users.departmentId,
    })
    .from(users)
    .where(
      and(
        eq(users.isBookable, true),
        eq(users.isActive, true),
        opts.ids ? inArray(users.id, opts.ids) : undefined,
        opts.departmentIds?.length ? inArray(users.departmentId, opts.departmentIds) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** Users with an appointment overlapping [from, to). */
export async function busyUsers(db: Executor, from: string, to: string) {
  const rows = await db
    .selectDistinct({ id: appointmentParticipants.userId })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .where(and(lt(appointments.startTime, to), gt(appointments.endTime, from)));
  return new Set(rows.map((r) => r.id));
}

export async function findJobForPlanning(db: Executor, jobId: number, lock = false) {
  const q = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, jobId), isNull(jobs.parentId)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** How many appointments a job has, leaving one out. */
export async function otherAppointments(db: Executor, jobId: number, exceptId: number) {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.jobId, jobId), ne(appointments.id, exceptId)))
    .limit(1);
  return rows.length;
}
