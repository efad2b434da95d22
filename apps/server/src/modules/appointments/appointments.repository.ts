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
import { type Executor, planWithValues } from '../common/db.ts';
import { perDatabase } from '../common/prepared.ts';

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

/** Those a user takes part in. */
const takenPartInBy = (userId: number | undefined) =>
  userId === undefined
    ? undefined
    : sql`exists (select 1 from ${appointmentParticipants} where ${appointmentParticipants.appointmentId} = ${appointments.id} and ${appointmentParticipants.userId} = ${userId})`;

/** Appointments overlapping [from, to) (wall-clock texts), earliest first; with participant, only theirs. */
export async function inRange(
  db: Executor,
  from: string,
  to: string,
  jobScope: SQL | undefined,
  participant?: number,
) {
  return db
    .select()
    .from(appointments)
    .where(
      and(
        lt(appointments.startTime, to),
        gt(appointments.endTime, from),
        visible(jobScope),
        takenPartInBy(participant),
      ),
    )
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

/** What the planner shows of a job: names of status and type, customer and address. */
const jobSummaryFields = {
  id: jobs.id,
  displayName: jobs.displayName,
  orderId: jobs.orderId,
  statusId: jobs.jobStatusId,
  statusName: jobStatuses.name,
  statusNames: jobStatuses.names,
  statusColor: jobStatuses.color,
  typeId: jobs.jobTypeId,
  priorityId: jobs.jobPriorityId,
  typeName: jobTypes.name,
  typeNames: jobTypes.names,
  customerId: jobs.customerId,
  customerName: customers.name,
  street: addresses.street,
  zip: addresses.zip,
  city: addresses.city,
  estimatedTime: jobs.estimatedTime,
};

/** The planner's job summaries with the names they show, for a `where` to pick. */
const jobSummaryQuery = (db: Executor) =>
  db
    .select(jobSummaryFields)
    .from(jobs)
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId));

/** The planner's summaries of these jobs (the ids as one array: one statement text for any number). */
export async function jobSummaries(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return jobSummaryQuery(db).where(sql`${jobs.id} = any(${sql.param(jobIds)}::int[])`);
}
export type JobSummaryRow = Awaited<ReturnType<typeof jobSummaries>>[number];

/**
 * Appointments overlapping [from, to) of the planner's window (placeholders `from` and `to`), planned
 * with their values every time (planWithValues): a day, a week or a month of years of history want
 * different plans.
 */
const inWindow = planWithValues(
  sql`${lt(appointments.startTime, sql.placeholder('to'))} and ${gt(appointments.endTime, sql.placeholder('from'))}`,
);

/**
 * The planner's events picked by `where` (an appointment's placeholders) as three statements run side by
 * side: the appointments (as `inRange`), their participants (ids only, as the answer's assignments) and their jobs (as
 * `jobSummaries`), each picked by `where` itself so none waits for another; for staff, who see every
 * appointment. Plain rows, not JSON built by PostgreSQL: at 3,200 appointments a day building JSON
 * arrays took 50 ms of a 55 ms statement, the three plain selects about 20 ms (decision 043).
 */
function plannerEvents(db: Executor, where: SQL, name: string) {
  // The jobs by key: `= any(array(...))` reads jobs through their primary key, one probe per job of the
  // appointments; `in (select ...)` let the planner hash-join the appointments with all 2.5 million jobs.
  const jobIds = sql`array(select ${appointments.jobId} from ${appointments} where ${where})`;
  const appointmentIds = sql`array(select ${appointments.id} from ${appointments} where ${where})`;
  return {
    rows: db
      .select()
      .from(appointments)
      .where(where)
      .orderBy(asc(appointments.startTime), asc(appointments.id))
      .prepare(`${name}_rows`),
    // The participants by their key too (a hash join read all of them: 208,000 rows for a week of
    // 16,000 appointments), in key order: sorting by the users' names took most of the statement.
    people: db
      .select({ appointmentId: appointmentParticipants.appointmentId, id: appointmentParticipants.userId })
      .from(appointmentParticipants)
      .where(sql`${appointmentParticipants.appointmentId} = any(${appointmentIds})`)
      .orderBy(asc(appointmentParticipants.appointmentId), asc(appointmentParticipants.userId))
      .prepare(`${name}_people`),
    jobs: jobSummaryQuery(db).where(sql`${jobs.id} = any(${jobIds})`).prepare(`${name}_jobs`),
  };
}
type PlannerStatements = ReturnType<typeof plannerEvents>;

const windowOf = (db: Executor) => plannerEvents(db, inWindow, 'planner_window');
const oneEventOf = (db: Executor) =>
  plannerEvents(db, eq(appointments.id, sql.placeholder('id')), 'planner_event');
const statementsOf = perDatabase((db) => ({ window: windowOf(db), one: oneEventOf(db) }));

async function runPlanner(statements: PlannerStatements, values: Record<string, unknown>) {
  const [rows, people, jobList] = await Promise.all([
    statements.rows.execute(values),
    statements.people.execute(values),
    statements.jobs.execute(values),
  ]);
  return { rows, people, jobs: jobList };
}

/** The planner's window (wall-clock texts): appointments, participants and jobs, for staff. */
export const plannerWindowOf = (db: Executor, from: string, to: string) =>
  runPlanner(statementsOf(db)?.window ?? windowOf(db), { from, to });

/**
 * One appointment as the planner shows it (no rows when there is none), for staff: one round of three
 * statements side by side, for a live change's read (Scheduler/Events/{id}).
 */
export const plannerEventOf = (db: Executor, id: number) =>
  runPlanner(statementsOf(db)?.one ?? oneEventOf(db), { id });

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
      workStart: users.workStart,
      workEnd: users.workEnd,
      workDays: users.workDays,
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

/** Each participant's appointments overlapping [from, to) (wall-clock texts), with their jobs' placed addresses. */
export async function dayStops(db: Executor, from: string, to: string) {
  return db
    .select({
      userId: appointmentParticipants.userId,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      subject: appointments.subject,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
    })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .leftJoin(jobs, eq(jobs.id, appointments.jobId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(and(lt(appointments.startTime, to), gt(appointments.endTime, from)))
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/** What placing a job needs: its name, length, department and its delivery address's point. */
const placeFields = {
  id: jobs.id,
  displayName: jobs.displayName,
  estimatedTime: jobs.estimatedTime,
  departmentId: jobs.orderDepartmentId,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
};

/** A parent job's place (for ranking the users free for it); null when there is none. */
export async function jobPlace(db: Executor, jobId: number) {
  const [row] = await db
    .select(placeFields)
    .from(jobs)
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(and(eq(jobs.id, jobId), isNull(jobs.parentId)));
  return row ?? null;
}

/**
 * The unplanned jobs to propose a plan for: parent jobs at `statusId` with no appointment, optionally of
 * some departments, oldest first, at most `limit`.
 */
export async function unplannedJobs(db: Executor, statusId: number, departmentIds: number[], limit: number) {
  return db
    .select(placeFields)
    .from(jobs)
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(
      and(
        isNull(jobs.parentId),
        eq(jobs.jobStatusId, statusId),
        departmentIds.length ? inArray(jobs.orderDepartmentId, departmentIds) : undefined,
        sql`not exists (select 1 from ${appointments} where ${appointments.jobId} = ${jobs.id})`,
      ),
    )
    .orderBy(asc(jobs.createdAt), asc(jobs.id))
    .limit(limit);
}
