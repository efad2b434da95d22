import { and, asc, between, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  addresses,
  appointmentParticipants,
  appointments,
  customers,
  jobStatuses,
  jobs,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** A job's delivery address with its point. */
export async function jobLocation(db: Executor, jobId: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ job: jobs.id, address: addresses })
    .from(jobs)
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(and(eq(jobs.id, jobId), scope));
  return row ?? null;
}

/**
 * Parent jobs whose delivery address lies in the box, by the filter, newest first; at most `limit`.
 * The box is cut to the circle by the caller.
 */
export async function jobsInBox(
  db: Executor,
  box: { south: number; north: number; west: number; east: number },
  f: { statusIds: number[]; departmentIds: number[]; typeIds: number[] },
  scope: SQL | undefined,
  limit: number,
  timeZone: string,
) {
  return db
    .select({
      id: jobs.id,
      displayName: jobs.displayName,
      statusId: jobs.jobStatusId,
      statusName: jobStatuses.name,
      statusNames: jobStatuses.names,
      statusColor: jobStatuses.color,
      customerName: customers.name,
      street: addresses.street,
      zip: addresses.zip,
      city: addresses.city,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
      created: sql<string>`to_char(${jobs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
    })
    .from(jobs)
    .innerJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .where(
      and(
        isNull(jobs.parentId),
        between(addresses.latitude, box.south, box.north),
        between(addresses.longitude, box.west, box.east),
        f.statusIds.length ? inArray(jobs.jobStatusId, f.statusIds) : undefined,
        f.departmentIds.length ? inArray(jobs.orderDepartmentId, f.departmentIds) : undefined,
        f.typeIds.length ? inArray(jobs.jobTypeId, f.typeIds) : undefined,
        scope,
      ),
    )
    .orderBy(sql`${jobs.createdAt} desc`, sql`${jobs.id} desc`)
    .limit(limit);
}
export type MapJobRow = Awaited<ReturnType<typeof jobsInBox>>[number];

/** A user's appointments on a day (wall clock [from, to)) with their jobs' placed addresses. */
export async function stopsOf(db: Executor, userId: number, from: string, to: string) {
  return db
    .select({
      appointmentId: appointments.id,
      subject: appointments.subject,
      startTime: appointments.startTime,
      jobId: appointments.jobId,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
    })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .innerJoin(jobs, eq(jobs.id, appointments.jobId))
    .innerJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(
      and(
        eq(appointmentParticipants.userId, userId),
        sql`${appointments.startTime} >= ${from}`,
        sql`${appointments.startTime} < ${to}`,
        sql`${addresses.latitude} is not null`,
        sql`${addresses.longitude} is not null`,
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}
