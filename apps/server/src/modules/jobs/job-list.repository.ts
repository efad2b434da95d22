import { JOB_STATUS, type JobDeadline } from '@fieldport/contract';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  addresses,
  appointmentParticipants,
  appointments,
  changeLogs,
  customers,
  jobPriorities,
  jobStatuses,
  jobSubStatuses,
  jobs,
  jobTypes,
  machines,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord } from '../common/paging.ts';

/** Sub-jobs in this status are deleted: their machines are not listed (000 §2). */

/**
 * The job list filter as the repository reads it. `statuses` pairs each status with the
 * sub-statuses chosen for it (none: all of them); `subStatusesOnly` are sub-statuses asked for
 * without their status.
 */
export interface JobFilter {
  statuses?: { statusId: number; subStatusIds: number[] }[];
  subStatusesOnly?: number[];
  departmentIds?: number[];
  typeIds?: number[];
  priorityIds?: number[];
  customerId?: number | null | undefined;
  machineId?: number | null | undefined;
  /** The 'my' list (001 §2.8): jobs this user is booked on (an appointment's participant) or created. */
  assignedTo?: number | undefined;
  search?: string | null | undefined;
  /**
   * Customers whose name or number matches the search word, when already looked up (see
   * customersMatching); otherwise the search looks them up itself.
   */
  searchCustomerIds?: number[] | undefined;
  /** Open jobs past their priority deadline, or reaching it within 24 hours, as of `at`. */
  deadline?: { kind: JobDeadline; at: Date } | undefined;
  /** Jobs whose change log sets them to `statusId` at or after `since`. */
  setToStatusSince?: { statusId: number; since: Date } | undefined;
}

/**
 * The words searched: the job's display name, first-line comment and order id (one expression,
 * served by a trigram index on PostgreSQL), its id when the word is a number, and the name or
 * number of its customer (customers are few, so their ids are found first).
 */
export const searchText = sql`(${jobs.displayName} || ' ' || ${jobs.firstLineComment} || ' ' || coalesce(${jobs.orderId}, ''))`;

/** A customer's words, as the trigram index customers_search (migration 0002) has them. */
const customerMatch = (pattern: string) =>
  sql`(${customers.name} || ' ' || ${customers.customerNumber}) ilike ${pattern}`;

/** Customers whose name or number contains the word: at most `limit` + 1 ids. */
export async function customersMatching(db: Executor, word: string, limit: number) {
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerMatch(containing(word)))
    .limit(limit + 1);
  return rows.map((r) => r.id);
}

/**
 * The search: `indexed` writes the words as the trigram index's expression; otherwise as one the
 * index does not serve, so it is only checked on rows found another way.
 */
function searchOf(word: string, customerIds: number[] | undefined, indexed: boolean): SQL {
  const pattern = containing(word);
  const trimmed = word.trim();
  const asId = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
  // A few customers, by id: an index condition, so the three parts combine in one bitmap scan
  // (trigram index, customer index, primary key). Many (a common word, 'nes' in 5,000 of 50,000
  // customers): their jobs are a tenth of all, so the newest are read in order and checked, the
  // customers as a hashed set ('in (select …)'); a bitmap of 100,000 jobs took 0.6 s (issue 33).
  const many = customerIds === undefined;
  return or(
    indexed && !many ? sql`${searchText} ilike ${pattern}` : sql`(${searchText} || '') ilike ${pattern}`,
    many
      ? sql`${jobs.customerId} in (select ${customers.id} from ${customers} where ${customerMatch(pattern)})`
      : customerIds.length
        ? inArray(jobs.customerId, customerIds)
        : undefined,
    asId !== null ? eq(jobs.id, asId) : undefined,
  ) as SQL;
}

export function statusesOf(f: JobFilter): SQL | undefined {
  const parts: SQL[] = [];
  const whole = (f.statuses ?? []).filter((s) => s.subStatusIds.length === 0).map((s) => s.statusId);
  if (whole.length) parts.push(inArray(jobs.jobStatusId, whole));
  for (const s of f.statuses ?? [])
    if (s.subStatusIds.length)
      parts.push(and(eq(jobs.jobStatusId, s.statusId), inArray(jobs.jobSubStatusId, s.subStatusIds)) as SQL);
  if (f.subStatusesOnly?.length) parts.push(inArray(jobs.jobSubStatusId, f.subStatusesOnly));
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : or(...parts);
}

/**
 * Whether the search word is the only thing that narrows the list. Then the trigram index finds
 * its jobs. Otherwise the status, customer, machine or scope lead, and the search is written so the
 * planner may still combine it with the trigram index (see restOf).
 */
export const searchLeads = (scope: SQL | undefined, f: JobFilter) =>
  !scope &&
  !f.statuses?.length &&
  !f.subStatusesOnly?.length &&
  !f.customerId &&
  !f.machineId &&
  !f.assignedTo &&
  !f.setToStatusSince;

/** Whether the machine is all that narrows the list: no scope, status, customer, assignee or search. */
export const machineAlone = (scope: SQL | undefined, f: JobFilter) =>
  !scope && !statusesOf(f) && !f.customerId && !f.assignedTo && !hasWord(f.search) && !f.setToStatusSince;

/**
 * The conditions an index leads with (scope, status, customer, machine, or else the search): they
 * choose which index entries are read.
 */
export function leadOf(scope: SQL | undefined, f: JobFilter): SQL | undefined {
  return and(
    isNull(jobs.parentId),
    scope,
    statusesOf(f),
    f.customerId ? eq(jobs.customerId, f.customerId) : undefined,
    f.machineId
      ? sql`${jobs.id} in (select sub.parent_id from ${jobs} sub where sub.machine_id = ${f.machineId} and sub.parent_id is not null and sub.job_status_id <> ${JOB_STATUS.Deleted})`
      : undefined,
    // Through the participants index and jobs_list_created_by (migration 0008), never a scan of jobs.
    f.assignedTo
      ? sql`${jobs.id} = any(array(select a.job_id from ${appointments} a join ${appointmentParticipants} p on p.appointment_id = a.id where p.user_id = ${f.assignedTo} and a.job_id is not null union select mine.id from ${jobs} mine where mine.created_by = ${f.assignedTo} and mine.parent_id is null))`
      : undefined,
    hasWord(f.search) && searchLeads(scope, f) ? searchOf(f.search, f.searchCustomerIds, true) : undefined,
    f.setToStatusSince ? setToStatusSince(f.setToStatusSince.statusId, f.setToStatusSince.since) : undefined,
  );
}

/**
 * The conditions checked on the entries read: department, type and priority (columns the indexes
 * include), and the search when it does not lead. That search is the trigram index's expression
 * when its customers are known (a few): the statistics of migration 0017 tell the planner how common
 * the word is, so a common one is checked on the newest jobs of the lead, read in order until the
 * page is full, and a rare one is found through the index. A word naming many customers is written
 * so no index serves it: a customer list the planner cannot size must not lead.
 */
export function restOf(scope: SQL | undefined, f: JobFilter): SQL | undefined {
  return and(
    f.departmentIds?.length ? inArray(jobs.orderDepartmentId, f.departmentIds) : undefined,
    f.typeIds?.length ? inArray(jobs.jobTypeId, f.typeIds) : undefined,
    f.priorityIds?.length ? inArray(jobs.jobPriorityId, f.priorityIds) : undefined,
    hasWord(f.search) && !searchLeads(scope, f)
      ? searchOf(f.search, f.searchCustomerIds, f.searchCustomerIds !== undefined)
      : undefined,
    f.deadline ? deadlineOf(f.deadline.kind, f.deadline.at) : undefined,
  );
}

/**
 * Jobs whose change log sets them to the status since `since` (as the dashboard counts them): the
 * week's log lines found through change_logs_created, then the jobs by key.
 */
function setToStatusSince(statusId: number, since: Date): SQL {
  const line = JSON.stringify([{ Field: 'JobStatusId', NewValue: String(statusId) }]);
  return sql`${jobs.id} = any(array(select cl.job_id from ${changeLogs} cl
    where cl.created_at >= ${since.toISOString()}::timestamptz and cl.entity = 'Job'
      and cl.changes @> ${line}::jsonb and cl.job_id is not null))`;
}

/** 000 §9: an open job's deadline is its creation plus its priority's DueAfterHours. */
export function deadlineOf(kind: JobDeadline, at: Date): SQL {
  const now = sql`${at.toISOString()}::timestamptz`;
  const deadline = sql`${jobs.createdAt} + p.due_after_hours * interval '1 hour'`;
  const when =
    kind === 'Overdue'
      ? sql`${deadline} < ${now}`
      : sql`${deadline} >= ${now} and ${deadline} < ${now} + interval '24 hours'`;
  return sql`(${jobs.jobStatusId} < ${JOB_STATUS.Completed} and exists (select 1 from ${jobPriorities} p where p.id = ${jobs.jobPriorityId} and ${when}))`;
}

/** Parent jobs matching the filter within the caller's scope. */
export function jobWhere(scope: SQL | undefined, f: JobFilter): SQL | undefined {
  return and(leadOf(scope, f), restOf(scope, f));
}

/** A machine line: a sub-job that is not deleted (000 §2). */
export interface MachineLineRow {
  id: number;
  machine_id: number | null;
  machine_name: string;
  customer_comment: string;
  invoice_comment: string;
}

/** A job list row (snake_case: read as the driver gives it, see jobPage). */
export interface JobListRow {
  id: number;
  display_name: string;
  job_status_id: number;
  job_sub_status_id: number | null;
  job_type_id: number;
  job_priority_id: number | null;
  created_at: Date | string;
  /** created_at as the company's wall clock, YYYY-MM-DDTHH:mm:ss (formatted by the database). */
  created_local: string;
  first_line_comment: string;
  order_id: string | null;
  customer_id: number | null;
  customer_name: string | null;
  address_id: number | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  /** Its machine lines in the order they were added. */
  lines: MachineLineRow[];
  /** Its appointments, earliest first, with their participants by name. */
  appointments: JobListAppointmentRow[];
}

/** An appointment of a job list row, its times as the wall clock writes them (YYYY-MM-DDTHH:mm:ss). */
export interface JobListAppointmentRow {
  id: number;
  subject: string;
  start_time: string;
  end_time: string;
  type: number;
  is_absence: boolean;
  participants: { id: number; name: string }[];
}

/**
 * One page of parent jobs matching the filter within the caller's scope, newest first (created, then
 * id: a total order, so pages never overlap and a keyset continuation stays possible), with their
 * list fields, customer's name, delivery address, machine lines and appointments: the page with its
 * rows, then its lines and appointments by its ids, side by side (two round trips).
 * - The page is chosen on jobs alone (a materialised CTE), once: the indexes of
 *   migration 0002 give this order with the common filters, and the planner weighs no joins (planning
 *   one seven-table join over jobs' indexes took longer, about 10 ms, than running it). Chosen once:
 *   each statement choosing it again (to save a round trip) did a search's work three times.
 * - The customers, addresses, machine lines and appointments are looked up by key, job by job: the
 *   planner would rather read those tables whole, some 2 ms each at 5,000 customers.
 * - Plain rows, grouped here: the lines and appointments built as JSON by PostgreSQL in per-row
 *   subqueries made the planner's page of 999 five times dearer than the three plain statements
 *   (bench/job-list.ts; the same finding as the planner's, decision 043).
 * - Plain SQL read without the query builder's mapping, which cost about 6 ms for 999 rows of 25
 *   columns; the database writes the local time (Intl.DateTimeFormat took some 2 µs a job). The
 *   names of statuses, types and priorities come from the lookup tables (JobListService keeps them).
 */
export async function jobPage(
  db: Executor,
  scope: SQL | undefined,
  f: JobFilter,
  page: { limit: number; offset: number; timeZone: string },
): Promise<JobListRow[]> {
  // The page and its rows first, in one statement: a search's page can cost more than the rest
  // together (a common word over a million jobs), and each statement choosing it again did that work
  // three times side by side. The lines and appointments then go by the page's ids.
  const rows = await db.execute(sql`
    with page as materialized (
      select ${jobs.id} as id, ${jobs.createdAt} as created_at from ${jobs}
       where ${jobWhere(scope, f) ?? sql`true`}
       order by ${jobs.createdAt} desc, ${jobs.id} desc
       limit ${page.limit} offset ${page.offset})
    select j.id, j.display_name, j.job_status_id, j.job_sub_status_id, j.job_type_id, j.job_priority_id,
           j.created_at, to_char(j.created_at at time zone ${page.timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS') as created_local,
           j.first_line_comment, j.order_id, j.customer_id, cu.name as customer_name,
           ad.id as address_id, ad.street, ad.zip, ad.city, ad.country
      from page p
      join ${jobs} j on j.id = p.id
      left join lateral (select c.name from ${customers} c where c.id = j.customer_id limit 1) cu on true
      left join lateral (select a.id, a.street, a.zip, a.city, a.country from ${addresses} a
                          where a.id = j.delivery_address_id limit 1) ad on true
     order by p.created_at desc, p.id desc`);
  const pageIds = (rows.rows as { id: number }[]).map((r) => Number(r.id));
  if (pageIds.length === 0) return [];
  const ids = sql`${`{${pageIds.join(',')}}`}::int[]`;
  const [lines, visits] = await Promise.all([
    db.execute(sql`
    select sub.parent_id, sub.id, sub.machine_id,
           coalesce((select m.name from ${machines} m where m.id = sub.machine_id), sub.display_name) as machine_name,
           sub.customer_comment, sub.invoice_comment
      from ${jobs} sub
     where sub.parent_id = any(${ids}) and sub.job_status_id <> ${JOB_STATUS.Deleted}
     order by sub.parent_id, sub.id`),
    db.execute(sql`
    select ap.job_id, ap.id, ap.subject, ap.type, ap.is_absence,
           to_char(ap.start_time, 'YYYY-MM-DD"T"HH24:MI:SS') as start_time,
           to_char(ap.end_time, 'YYYY-MM-DD"T"HH24:MI:SS') as end_time,
           u.id as user_id, u.name as user_name
      from ${appointments} ap
      left join ${appointmentParticipants} pp on pp.appointment_id = ap.id
      left join ${users} u on u.id = pp.user_id
     where ap.job_id = any(${ids})
     order by ap.job_id, ap.start_time, ap.id, u.name`),
  ]);
  return assembleJobRows(
    rows.rows as unknown as Omit<JobListRow, 'lines' | 'appointments'>[],
    lines.rows as unknown as (MachineLineRow & { parent_id: number })[],
    visits.rows as unknown as VisitRow[],
  );
}

/** An appointment of a page's job with one of its participants (none: null), as jobPage reads it. */
interface VisitRow extends Omit<JobListAppointmentRow, 'participants'> {
  job_id: number;
  user_id: number | null;
  user_name: string | null;
}

/** The page's rows with their machine lines and appointments (read in key order) attached. */
function assembleJobRows(
  rows: Omit<JobListRow, 'lines' | 'appointments'>[],
  lines: (MachineLineRow & { parent_id: number })[],
  visits: VisitRow[],
): JobListRow[] {
  const byJob = new Map<number, JobListRow>();
  const result = rows.map((r) => {
    const row: JobListRow = { ...r, lines: [], appointments: [] };
    byJob.set(row.id, row);
    return row;
  });
  for (const { parent_id, ...line } of lines) byJob.get(parent_id)?.lines.push(line);
  let last: JobListAppointmentRow | undefined;
  for (const { job_id, user_id, user_name, ...visit } of visits) {
    if (last?.id !== visit.id) {
      last = { ...visit, participants: [] };
      byJob.get(job_id)?.appointments.push(last);
    }
    if (user_id !== null) last.participants.push({ id: user_id, name: user_name ?? '' });
  }
  return result;
}

/* ---- lookups ---- */

export async function allStatuses(db: Executor) {
  return db.select().from(jobStatuses).orderBy(asc(jobStatuses.sortOrder), asc(jobStatuses.id));
}

export async function findStatus(db: Executor, id: number) {
  const [row] = await db.select().from(jobStatuses).where(eq(jobStatuses.id, id));
  return row ?? null;
}

export async function allSubStatuses(db: Executor, statusId?: number) {
  return db
    .select()
    .from(jobSubStatuses)
    .where(statusId ? eq(jobSubStatuses.jobStatusId, statusId) : undefined)
    .orderBy(asc(jobSubStatuses.jobStatusId), asc(jobSubStatuses.id));
}

export async function allTypes(db: Executor) {
  return db.select().from(jobTypes).orderBy(asc(jobTypes.id));
}

export async function allPriorities(db: Executor) {
  return db.select().from(jobPriorities).orderBy(asc(jobPriorities.id));
}

/* ---- the customer and machine a filter names, if the caller may see them ---- */

export async function customerVisible(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  return !!row;
}

export async function machineVisible(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ id: machines.id })
    .from(machines)
    .where(and(eq(machines.id, id), scope));
  return !!row;
}
