import { JOB_STATUS, type LocalNames } from '@fieldport/contract';
import { and, asc, count, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  addresses,
  appointmentParticipants,
  appointments,
  assetTypes,
  changeLogs,
  customerPersons,
  customers,
  departments,
  jobCategories,
  jobPriorities,
  jobStatuses,
  jobSubStatuses,
  jobs,
  jobTypes,
  machineModels,
  machines,
  machineTypes,
  users,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { jsonRowOf, rowFromJson } from '../common/json-rows.ts';
import { perDatabase } from '../common/prepared.ts';
import { jobScope } from './job-scope.ts';

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;

/** One job (parent or sub-job) the scope lets see; `lock` holds it for the transaction. */
export async function findJob(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  return findJobWhere(db, id, scope, lock);
}

/** The job `id` when `user` may see it (its job scope), else null. */
export function findVisibleJob(db: Executor, id: number, user: AuthUser, lock = false) {
  return findJobWhere(db, id, jobScope(user), lock);
}

async function findJobWhere(db: Executor, id: number, scope: SQL | undefined, lock: boolean) {
  const q = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/**
 * One job the scope lets see with what its record names, its sub-jobs and its appointments: one
 * statement (the sub-jobs and appointments nested as JSON); null when not there. A sub-job has none.
 */
export async function findJobView(db: Executor, id: number, scope: SQL | undefined) {
  const staff = scope === undefined ? statementsOf(db) : null;
  const [row] = staff ? await staff.jobView.execute({ id }) : await jobView(db, and(eq(jobs.id, id), scope));
  if (!row) return null;
  const { job, subJobs, appointments, ...ctx } = row;
  return { job, ctx, subJobs, appointments };
}

export type JobContext = NonNullable<Awaited<ReturnType<typeof findJobView>>>['ctx'];

const modelType = alias(machineTypes, 'model_type');

/** Sub-jobs with their machines; deleted ones (110) only when asked. */
export async function subJobsOf(db: Executor, parentId: number, opts: { withDeleted?: boolean } = {}) {
  const prepared = opts.withDeleted ? null : statementsOf(db);
  if (prepared) return prepared.subJobs.execute({ parentId });
  return subJobRows(
    db,
    and(eq(jobs.parentId, parentId), opts.withDeleted ? undefined : ne(jobs.jobStatusId, JOB_STATUS.Deleted)),
  );
}

export async function findSubJob(db: Executor, id: number) {
  const [row] = await subJobRows(db, eq(jobs.id, id));
  return row ?? null;
}

function subJobRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      job: jobs,
      machine: machines,
      modelName: machineModels.name,
      typeName: modelType.name,
      typeNames: modelType.names,
      assetTypeName: assetTypes.name,
    })
    .from(jobs)
    .leftJoin(machines, eq(machines.id, jobs.machineId))
    .leftJoin(machineModels, eq(machineModels.id, machines.machineModelId))
    .leftJoin(modelType, eq(modelType.id, machineModels.machineTypeId))
    .leftJoin(assetTypes, eq(assetTypes.id, machines.assetTypeId))
    .where(and(sql`${jobs.parentId} is not null`, where))
    .orderBy(asc(jobs.id));
}
export type SubJobRow = Awaited<ReturnType<typeof subJobRows>>[number];

/** How many sub-jobs a parent has ever had (deleted ones too): the next is numbered after them. */
export async function subJobCount(db: Executor, parentId: number) {
  const [row] = await db.select({ n: count() }).from(jobs).where(eq(jobs.parentId, parentId));
  return row?.n ?? 0;
}

const nestedJob = alias(jobs, 'sub_job');
const nestedMachine = alias(machines, 'sub_machine');
const nestedModel = alias(machineModels, 'sub_model');
const nestedType = alias(machineTypes, 'sub_model_type');
const nestedAsset = alias(assetTypes, 'sub_asset_type');

/** A job's sub-jobs (not deleted) with their machines, as one JSON array: the rows of `subJobRows`. */
const subJobsJson = sql<SubJobJson[]>`coalesce((
    select json_agg(json_build_object(
      'job', ${jsonRowOf(nestedJob)},
      'machine', case when ${nestedMachine.id} is null then null else ${jsonRowOf(nestedMachine)} end,
      'modelName', ${nestedModel.name}, 'typeName', ${nestedType.name}, 'typeNames', ${nestedType.names}, 'assetTypeName', ${nestedAsset.name}
    ) order by ${nestedJob.id})
    from ${jobs} ${nestedJob}
    left join ${machines} ${nestedMachine} on ${nestedMachine.id} = ${nestedJob.machineId}
    left join ${machineModels} ${nestedModel} on ${nestedModel.id} = ${nestedMachine.machineModelId}
    left join ${machineTypes} ${nestedType} on ${nestedType.id} = ${nestedModel.machineTypeId}
    left join ${assetTypes} ${nestedAsset} on ${nestedAsset.id} = ${nestedMachine.assetTypeId}
    where ${nestedJob.parentId} = ${jobs.id} and ${nestedJob.jobStatusId} <> ${JOB_STATUS.Deleted}
  ), '[]'::json)`.mapWith((rows: SubJobJson[]) =>
  rows.map((r) => ({
    job: rowFromJson(jobs, r.job),
    machine: r.machine ? rowFromJson(machines, r.machine) : null,
    modelName: r.modelName,
    typeName: r.typeName,
    typeNames: r.typeNames,
    assetTypeName: r.assetTypeName,
  })),
);
interface SubJobJson {
  job: Record<string, unknown>;
  machine: Record<string, unknown> | null;
  modelName: string | null;
  typeName: string | null;
  typeNames: LocalNames | null;
  assetTypeName: string | null;
}

const nestedAppointment = alias(appointments, 'job_appointment');
const nestedParticipant = alias(appointmentParticipants, 'job_participant');
const participantUser = alias(users, 'participant_user');

/** A job's appointments, earliest first, with their participants' names, as one JSON array. */
const appointmentsJson = sql`coalesce((
    select json_agg(json_build_object(
      'appointment', ${jsonRowOf(nestedAppointment)},
      'participants', coalesce((
        select json_agg(json_build_object(
          'appointmentId', ${nestedParticipant.appointmentId}, 'id', ${participantUser.id}, 'name', ${participantUser.name}
        ) order by ${participantUser.name})
        from ${appointmentParticipants} ${nestedParticipant}
        inner join ${users} ${participantUser} on ${participantUser.id} = ${nestedParticipant.userId}
        where ${nestedParticipant.appointmentId} = ${nestedAppointment.id}
      ), '[]'::json)
    ) order by ${nestedAppointment.startTime}, ${nestedAppointment.id})
    from ${appointments} ${nestedAppointment}
    where ${nestedAppointment.jobId} = ${jobs.id}
  ), '[]'::json)`.mapWith((rows: { appointment: Record<string, unknown>; participants: Participant[] }[]) =>
  rows.map((r) => ({ ...rowFromJson(appointments, r.appointment), participants: r.participants })),
);
type Participant = { appointmentId: number; id: number; name: string };

/** The job view: the job with its context, its sub-jobs and its appointments in one statement. */
function jobView(db: Executor, where: SQL | undefined) {
  return db
    .select({
      job: jobs,
      customer: customers,
      contact: customerPersons,
      address: addresses,
      createdBy: users.name,
      status: jobStatuses,
      subStatus: jobSubStatuses,
      type: jobTypes,
      priority: jobPriorities,
      subJobs: subJobsJson,
      appointments: appointmentsJson,
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(customerPersons, eq(customerPersons.id, jobs.contactPersonId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .leftJoin(users, eq(users.id, jobs.createdBy))
    .leftJoin(jobStatuses, eq(jobStatuses.id, jobs.jobStatusId))
    .leftJoin(jobSubStatuses, eq(jobSubStatuses.id, jobs.jobSubStatusId))
    .leftJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(jobPriorities, eq(jobPriorities.id, jobs.jobPriorityId))
    .where(where);
}

/**
 * The job view's reads as statements prepared once per database: PostgreSQL plans each once per
 * connection instead of on every call (planning cost more than running them). A transaction builds
 * them as usual.
 */
function makeStatements(db: Db) {
  return {
    jobView: jobView(db, eq(jobs.id, sql.placeholder('id'))).prepare('job_view'),
    subJobs: subJobRows(
      db,
      and(eq(jobs.parentId, sql.placeholder('parentId')), ne(jobs.jobStatusId, JOB_STATUS.Deleted)),
    ).prepare('job_sub_jobs'),
  };
}
const statementsOf = perDatabase(makeStatements);

export type AppointmentWithPeople = NonNullable<
  Awaited<ReturnType<typeof findJobView>>
>['appointments'][number];

export async function insertJob(db: Executor, values: NewJobRow) {
  const [row] = await db.insert(jobs).values(values).returning();
  return row!;
}

/** Changes a job and steps its row version. */
export async function updateJob(db: Executor, id: number, values: Partial<NewJobRow>) {
  const [row] = await db
    .update(jobs)
    .set({ ...values, updatedAt: new Date(), rowVersion: sql`${jobs.rowVersion} + 1` })
    .where(eq(jobs.id, id))
    .returning();
  return row!;
}

/** Sets fields on every sub-job of a parent that is not deleted (status, customer …). */
export async function updateSubJobs(db: Executor, parentId: number, values: Partial<NewJobRow>) {
  return db
    .update(jobs)
    .set({ ...values, updatedAt: new Date(), rowVersion: sql`${jobs.rowVersion} + 1` })
    .where(and(eq(jobs.parentId, parentId), ne(jobs.jobStatusId, JOB_STATUS.Deleted)))
    .returning({ id: jobs.id });
}

/** Gives every sub-job of a parent the order id `parentOrderId` + 'L' + its number, in id order. */
export async function numberSubJobs(db: Executor, parentId: number, parentOrderId: string) {
  await db.execute(sql`
    update ${jobs} set order_id = ${parentOrderId} || 'L' || n.k
      from (select id, row_number() over (order by id) as k from ${jobs} where parent_id = ${parentId}) n
     where ${jobs.id} = n.id`);
}

export async function nextOrderNumber(db: Executor): Promise<number> {
  const { rows } = await db.execute<{ n: string }>(sql`select nextval('job_order_numbers') as n`);
  return Number(rows[0]!.n);
}

/** Machines of a customer among `ids`, with their names. */
export async function machinesOfCustomer(db: Executor, customerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: machines.id, name: machines.name, isActive: machines.isActive })
    .from(machines)
    .where(and(eq(machines.customerId, customerId), inArray(machines.id, ids)));
}

export async function findCustomerOf(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  return row ?? null;
}

export async function addressOfCustomer(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.customerId, customerId)));
  return row ?? null;
}

export async function contactOfCustomer(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(customerPersons)
    .where(and(eq(customerPersons.id, id), eq(customerPersons.customerId, customerId)));
  return row ?? null;
}

/** Whether each lookup id exists: status, sub-status (of that status), type, priority. */
export async function lookupRows(
  db: Executor,
  ids: { statusId: number; subStatusId: number | null; typeId: number; priorityId: number | null },
) {
  const [status, subStatus, type, priority] = await Promise.all([
    db.select().from(jobStatuses).where(eq(jobStatuses.id, ids.statusId)),
    ids.subStatusId === null
      ? Promise.resolve([])
      : db.select().from(jobSubStatuses).where(eq(jobSubStatuses.id, ids.subStatusId)),
    db.select().from(jobTypes).where(eq(jobTypes.id, ids.typeId)),
    ids.priorityId === null
      ? Promise.resolve([])
      : db.select().from(jobPriorities).where(eq(jobPriorities.id, ids.priorityId)),
  ]);
  return { status: status[0], subStatus: subStatus[0], type: type[0], priority: priority[0] };
}

/** The kinds of id a job's change log holds, by the logged field (job.presenter.ts, loggedJobFields). */
export const LOGGED_ID_FIELDS = {
  JobStatusId: 'status',
  JobSubStatusId: 'subStatus',
  JobTypeId: 'type',
  JobPriorityId: 'priority',
  JobCategoryId: 'category',
  OrderDepartmentId: 'department',
  CustomerId: 'customer',
  InvoiceCustomerId: 'customer',
  ContactPersonId: 'contact',
  InvoiceContactId: 'contact',
  DeliveryAddressId: 'address',
  MachineId: 'machine',
} as const;
export type LoggedIdKind = (typeof LOGGED_ID_FIELDS)[keyof typeof LOGGED_ID_FIELDS];

/**
 * The rows named by the ids of a job's change log, by kind: reference rows with their names per
 * language, the rest with their name. Customers, contacts, addresses and machines only of
 * `customerId` when given (a customer's or partner's reader sees no other company's names).
 */
export async function loggedIdRows(db: Executor, ids: Record<LoggedIdKind, number[]>, customerId?: number) {
  const none = Promise.resolve([]);
  const of = <T>(list: number[], q: () => Promise<T[]>) => (list.length ? q() : (none as Promise<T[]>));
  const own = <C>(column: C) => (customerId === undefined ? undefined : eq(column as never, customerId));
  const [status, subStatus, type, priority, category, department, customer, contact, address, machine] =
    await Promise.all([
      of(ids.status, () => db.select().from(jobStatuses).where(inArray(jobStatuses.id, ids.status))),
      of(ids.subStatus, () =>
        db.select().from(jobSubStatuses).where(inArray(jobSubStatuses.id, ids.subStatus)),
      ),
      of(ids.type, () => db.select().from(jobTypes).where(inArray(jobTypes.id, ids.type))),
      of(ids.priority, () => db.select().from(jobPriorities).where(inArray(jobPriorities.id, ids.priority))),
      of(ids.category, () => db.select().from(jobCategories).where(inArray(jobCategories.id, ids.category))),
      of(ids.department, () =>
        db
          .select({ id: departments.id, name: departments.name })
          .from(departments)
          .where(inArray(departments.id, ids.department)),
      ),
      of(ids.customer, () =>
        db
          .select({ id: customers.id, name: customers.name })
          .from(customers)
          .where(and(inArray(customers.id, ids.customer), own(customers.id))),
      ),
      of(ids.contact, () =>
        db
          .select({ id: customerPersons.id, name: customerPersons.name })
          .from(customerPersons)
          .where(and(inArray(customerPersons.id, ids.contact), own(customerPersons.customerId))),
      ),
      of(ids.address, () =>
        db
          .select({ id: addresses.id, name: addresses.name, street: addresses.street })
          .from(addresses)
          .where(and(inArray(addresses.id, ids.address), own(addresses.customerId))),
      ),
      of(ids.machine, () =>
        db
          .select({ id: machines.id, name: machines.name })
          .from(machines)
          .where(and(inArray(machines.id, ids.machine), own(machines.customerId))),
      ),
    ]);
  return { status, subStatus, type, priority, category, department, customer, contact, address, machine };
}

/** The job's change log lines and its sub-jobs', newest first. */
export async function jobHistory(db: Executor, jobId: number, limit = 500) {
  return (
    db
      .select()
      .from(changeLogs)
      // Appointment lines carry their job too; they are the appointment log's (Log/AppointmentLogs).
      .where(and(eq(changeLogs.jobId, jobId), ne(changeLogs.entity, 'Appointment')))
      .orderBy(desc(changeLogs.id))
      .limit(limit)
  );
}

/** Parent jobs only: a sub-job's id is not a parent. */
export const isParent = (job: JobRow) => job.parentId === null;
export const parentOnly = isNull(jobs.parentId);
