import { and, asc, between, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  addresses,
  appointmentParticipants,
  appointments,
  customers,
  jobStatuses,
  jobs,
} from '../../db/schema/index.ts';
import { type Executor, planWithValues } from '../common/db.ts';

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
 * - The jobs are chosen first, on indexes alone: the placed addresses in the box (addresses_place)
 *   joined to their parent jobs, through jobs_place (by address: a small box, or no status) or
 *   jobs_map_status (by status, then hash-joined to the box's addresses: the planner's plannable
 *   statuses over a wide box, 15,000 addresses probed one by one took 250 ms, the join 30 ms), whose
 *   included columns answer the filters, the scope and the order without reading a job. Then only
 *   the chosen jobs are read with their names. Planned without the values, a join of jobs and
 *   addresses compared every job against every address in the box (46 s): see below.
 * - Planned with its values every time (planWithValues): a box over a town or a county, a status of
 *   two hundred jobs or of seven hundred thousand, want different plans.
 */
export async function jobsInBox(
  db: Executor,
  box: { south: number; north: number; west: number; east: number },
  f: { statusIds: number[]; departmentIds: number[]; typeIds: number[] },
  scope: SQL | undefined,
  limit: number,
  timeZone: string,
) {
  const place = alias(addresses, 'place');
  const page = db
    .select({ id: jobs.id, createdAt: jobs.createdAt })
    .from(jobs)
    .innerJoin(place, eq(place.id, jobs.deliveryAddressId))
    .where(
      planWithValues(
        and(
          isNull(jobs.parentId),
          between(place.latitude, box.south, box.north),
          between(place.longitude, box.west, box.east),
          f.statusIds.length ? inArray(jobs.jobStatusId, f.statusIds) : undefined,
          f.departmentIds.length ? inArray(jobs.orderDepartmentId, f.departmentIds) : undefined,
          f.typeIds.length ? inArray(jobs.jobTypeId, f.typeIds) : undefined,
          scope,
        ),
      ),
    )
    .orderBy(sql`${jobs.createdAt} desc`, sql`${jobs.id} desc`)
    .limit(limit)
    .as('page');
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
    .from(page)
    .innerJoin(jobs, eq(jobs.id, page.id))
    .innerJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .orderBy(sql`${page.createdAt} desc`, sql`${page.id} desc`);
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
