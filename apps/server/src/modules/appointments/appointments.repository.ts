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
import { jsonObjectOf, jsonRowOf, rowFromJson } from '../common/json-rows.ts';
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

/** What the planner shows of a job: names of status and type, customer and address. */
const jobSummaryFields = {
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
};

/** The planner's summaries of these jobs (the ids as one array: one statement text for any number). */
export async function jobSummaries(db: Executor, jobIds: number[]) {
  if (jobIds.length === 0) return [];
  return db
    .select(jobSummaryFields)
    .from(jobs)
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(sql`${jobs.id} = any(${sql.param(jobIds)}::int[])`);
}
export type JobSummaryRow = Awaited<ReturnType<typeof jobSummaries>>[number];

/** Appointments overlapping [from, to) of the planner's window (placeholders `from` and `to`). */
const inWindow = and(
  lt(appointments.startTime, sql.placeholder('to')),
  gt(appointments.endTime, sql.placeholder('from')),
);

/**
 * The planner's window in one statement: its appointments (as `inRange`), their participants (as
 * `participantsOf`) and their jobs (as `jobSummaries`), each a JSON array of one row; for staff,
 * who see every appointment.
 */
function plannerWindow(db: Executor) {
  const ids = sql`(select ${appointments.id} from ${appointments} where ${inWindow})`;
  const jobIds = sql`(select ${appointments.jobId} from ${appointments} where ${inWindow})`;
  return (
    db
      .select({
        rows: sql`${sql`coalesce((
        select json_agg(${jsonRowOf(appointments)} order by ${appointments.startTime}, ${appointments.id})
        from ${appointments} where ${inWindow}
      ), '[]'::json)`}`.mapWith((rows: Record<string, unknown>[]) =>
          rows.map((r) => rowFromJson(appointments, r)),
        ),
        people: sql<{ appointmentId: number; id: number; name: string }[]>`${sql`coalesce((
        select json_agg(json_build_object(
          'appointmentId', ${appointmentParticipants.appointmentId}, 'id', ${users.id}, 'name', ${users.name}
        ) order by ${users.name}, ${users.id})
        from ${appointmentParticipants}
        inner join ${users} on ${users.id} = ${appointmentParticipants.userId}
        where ${appointmentParticipants.appointmentId} in ${ids}
      ), '[]'::json)`}`,
        jobs: sql<JobSummaryRow[]>`${sql`coalesce((
        select json_agg(${jsonObjectOf(jobSummaryFields)})
        from ${jobs}
        left join ${jobStatuses} on ${jobStatuses.id} = ${jobs.jobStatusId}
        left join ${jobTypes} on ${jobTypes.id} = ${jobs.jobTypeId}
        left join ${customers} on ${customers.id} = ${jobs.customerId}
        left join ${addresses} on ${addresses.id} = ${jobs.deliveryAddressId}
        where ${jobs.id} in ${jobIds}
      ), '[]'::json)`}`,
      })
      // One row to carry the three arrays. Each is wrapped in sql`${…}` so that drizzle keeps the
      // table names of its columns (a select without a table strips them from a field's own columns).
      .from(sql`(values (1)) as one_row(x)`)
  );
}

const statementsOf = perDatabase((db) => ({ plannerWindow: plannerWindow(db).prepare('planner_window') }));

/** The planner's window (wall-clock texts): appointments, participants and jobs, for staff. */
export async function plannerWindowOf(db: Executor, from: string, to: string) {
  const statement = statementsOf(db)?.plannerWindow ?? plannerWindow(db).prepare('planner_window');
  const [row] = await statement.execute({ from, to });
  return row!;
}

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
