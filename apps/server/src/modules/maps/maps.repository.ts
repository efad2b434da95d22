import { and, asc, between, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  addresses,
  appointmentParticipants,
  appointments,
  customers,
  jobStatuses,
  jobs,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import { type Executor, planWithValues } from '../common/db.ts';
import { jobScope } from '../jobs/job-scope.ts';

/** A job's delivery address with its point. */
export async function jobLocation(db: Executor, jobId: number, user: AuthUser) {
  const [row] = await db
    .select({ job: jobs.id, address: addresses })
    .from(jobs)
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(and(eq(jobs.id, jobId), jobScope(user)));
  return row ?? null;
}

/** A view: the box around the circle the map asks for, and the circle itself (centre, radius in metres). */
export interface MapView {
  box: { south: number; north: number; west: number; east: number };
  circle: { latitude: number; longitude: number; metres: number };
}
export interface MapFilter {
  statusIds: number[];
  departmentIds: number[];
  typeIds: number[];
}

const METRES_PER_DEGREE = 111_320;

/**
 * The parent jobs in the view by the filter and scope, as a where clause on `jobs` alone (decision
 * 082): the job's copy of its address's point in the box (jobs_map_place by status, jobs_map_point
 * for every status, both read alone), then in the circle (an equirectangular distance: within a metre
 * of the great circle at a map view's size). Planned with its values every time (planWithValues): a
 * town or a county, a status of two hundred jobs or of seven hundred thousand, want different plans.
 */
function inView(view: MapView, f: MapFilter, scope: SQL | undefined): SQL {
  const { box, circle } = view;
  const perLng = METRES_PER_DEGREE * Math.cos((circle.latitude * Math.PI) / 180);
  return planWithValues(
    and(
      isNull(jobs.parentId),
      between(jobs.placeLatitude, box.south, box.north),
      between(jobs.placeLongitude, box.west, box.east),
      sql`((${jobs.placeLatitude} - ${circle.latitude}::float8) * ${METRES_PER_DEGREE}::float8) ^ 2
        + ((${jobs.placeLongitude} - ${circle.longitude}::float8) * ${perLng}::float8) ^ 2
        <= ${circle.metres}::float8 ^ 2`,
      f.statusIds.length ? inArray(jobs.jobStatusId, f.statusIds) : undefined,
      f.departmentIds.length ? inArray(jobs.orderDepartmentId, f.departmentIds) : undefined,
      f.typeIds.length ? inArray(jobs.jobTypeId, f.typeIds) : undefined,
      scope,
    ),
  );
}

/**
 * The view's jobs counted per cell of a grid of `cells` × `cells` over its box: each cell's count, the
 * mean of its jobs' points and its lowest status with that status's colour (the job to do first). The
 * map draws a cell as one marker when the view holds too many jobs to list (decision 082).
 */
export async function jobCells(
  db: Executor,
  view: MapView,
  f: MapFilter,
  scope: SQL | undefined,
  cells: number,
) {
  const { box } = view;
  const dLat = (box.north - box.south) / cells;
  const dLng = (box.east - box.west) / cells;
  const cell = db
    .select({
      count: sql<number>`count(*)::int`.as('count'),
      latitude: sql<number>`avg(${jobs.placeLatitude})`.as('latitude'),
      longitude: sql<number>`avg(${jobs.placeLongitude})`.as('longitude'),
      statusId: sql<number>`min(${jobs.jobStatusId})`.as('status_id'),
    })
    .from(jobs)
    .where(inView(view, f, scope))
    .groupBy(
      sql`floor((${jobs.placeLatitude} - ${box.south}::float8) / ${dLat}::float8)`,
      sql`floor((${jobs.placeLongitude} - ${box.west}::float8) / ${dLng}::float8)`,
    )
    .as('cell');
  return db
    .select({
      count: cell.count,
      latitude: cell.latitude,
      longitude: cell.longitude,
      statusId: cell.statusId,
      statusColor: jobStatuses.color,
    })
    .from(cell)
    .leftJoin(jobStatuses, eq(jobStatuses.id, cell.statusId))
    .orderBy(desc(cell.count), asc(cell.latitude), asc(cell.longitude));
}

/**
 * The view's jobs by the filter, newest first, at most `limit`: chosen on the map's indexes alone, then
 * only the chosen ones read with their names and addresses.
 */
export async function jobsInView(
  db: Executor,
  view: MapView,
  f: MapFilter,
  scope: SQL | undefined,
  limit: number,
  timeZone: string,
) {
  const page = db
    .select({ id: jobs.id, createdAt: jobs.createdAt })
    .from(jobs)
    .where(inView(view, f, scope))
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
      latitude: jobs.placeLatitude,
      longitude: jobs.placeLongitude,
      created: sql<string>`to_char(${jobs.createdAt} at time zone ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
    })
    .from(page)
    .innerJoin(jobs, eq(jobs.id, page.id))
    .innerJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .orderBy(sql`${page.createdAt} desc`, sql`${page.id} desc`);
}
export type MapJobRow = Awaited<ReturnType<typeof jobsInView>>[number];

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

/** A user's home point (users.home_*), or null when it is not set. */
export async function homeOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ latitude: users.homeLatitude, longitude: users.homeLongitude })
    .from(users)
    .where(eq(users.id, userId));
  return row && row.latitude !== null && row.longitude !== null
    ? { latitude: row.latitude, longitude: row.longitude }
    : null;
}
