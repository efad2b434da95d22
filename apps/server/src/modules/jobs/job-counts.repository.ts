import { JOB_STATUS, type JobDeadline } from '@fieldport/contract';
import { and, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { jobPriorities, jobStatuses, jobSubStatuses, jobs } from '../../db/schema/index.ts';
import { type Executor, planWithValues } from '../common/db.ts';
import { hasWord } from '../common/paging.ts';

import { type JobFilter, leadOf, machineAlone, restOf, searchLeads } from './job-list.repository.ts';

/* How many parent jobs match: bounded counts for the job list and the dashboard (ENGINEERING.md). */

/**
 * How many parent jobs match, reading a bounded number of index entries, never the whole table
 * (ENGINEERING.md):
 * - with only lead conditions it counts up to cap + 1 matches, so at most cap + 1 entries;
 * - with department, type or priority too it reads at most `window` entries of the lead conditions
 *   and counts the matches among them.
 * `exact` is false when a bound was reached: `matches` is then a lower bound. A search that does
 * not lead is not counted at all (null): checking the words reads every row, not just the index.
 */
export async function countJobs(
  db: Executor,
  scope: SQL | undefined,
  f: JobFilter,
  bounds: { cap: number; window: number },
): Promise<{ matches: number; exact: boolean } | null> {
  // A search checked on rows (after another lead, or a word naming many customers) is not counted.
  if (hasWord(f.search) && (!searchLeads(scope, f) || f.searchCustomerIds === undefined)) return null;
  if (f.deadline && deadlineAlone(f)) return deadlineCount(db, scope, f.deadline, bounds);
  const rest = restOf(scope, f);
  if (!rest && machineAlone(scope, f) && f.machineId) {
    // A machine's jobs are the parents of its lines: counted on the machine index alone (index-only),
    // not by looking each parent up, some 3,000 lookups for a busy machine's (bench/job-list.ts).
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select distinct sub.parent_id from ${jobs} sub
         where sub.machine_id = ${f.machineId} and sub.parent_id is not null
           and sub.job_status_id <> ${JOB_STATUS.Deleted}
         limit ${bounds.cap + 1}) machine_jobs`);
    const n = Number(rows[0]?.n ?? 0);
    return { matches: Math.min(n, bounds.cap), exact: n <= bounds.cap };
  }
  if (!rest) {
    const inner = db
      .select({ one: sql`1` })
      .from(jobs)
      .where(planWithValues(leadOf(scope, f)))
      .limit(bounds.cap + 1)
      .as('matching');
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
    const n = Number(row?.n ?? 0);
    return { matches: Math.min(n, bounds.cap), exact: n <= bounds.cap };
  }
  const inner = db
    .select({ m: sql<boolean>`${rest}`.as('m') })
    .from(jobs)
    .where(planWithValues(leadOf(scope, f)))
    .limit(bounds.window)
    .as('candidates');
  const [row] = await db
    .select({ n: sql<number>`(count(*) filter (where ${inner.m}))::int`, read: sql<number>`count(*)::int` })
    .from(inner);
  const n = Number(row?.n ?? 0);
  return {
    matches: Math.min(n, bounds.cap),
    exact: Number(row?.read ?? 0) < bounds.window && n <= bounds.cap,
  };
}

/** Whether a deadline is all the filter asks (the dashboard's two counts). */
const deadlineAlone = (f: JobFilter) =>
  !f.statuses?.length &&
  !f.subStatusesOnly?.length &&
  !f.departmentIds?.length &&
  !f.typeIds?.length &&
  !f.priorityIds?.length &&
  !f.customerId &&
  !f.machineId &&
  f.assignedTo === undefined &&
  !hasWord(f.search) &&
  !f.setToStatusSince;

/**
 * Open parent jobs past their priority's deadline, or reaching it within 24 hours (deadlineOf), counted
 * exactly up to the cap: per priority a range of jobs_open_deadline (migration 0044), the deadline
 * turned round to a creation time (created + hours < now is created < now - hours), read index-only
 * but for the caller's scope. The list's bounded count checked 20,000 parent jobs one by one for it,
 * most of them closed (decision 093).
 */
async function deadlineCount(
  db: Executor,
  scope: SQL | undefined,
  deadline: { kind: JobDeadline; at: Date },
  bounds: { cap: number },
): Promise<Counted> {
  const now = sql`${deadline.at.toISOString()}::timestamptz`;
  const due = sql`p.due_after_hours * interval '1 hour'`;
  const when =
    deadline.kind === 'Overdue'
      ? sql`${jobs.createdAt} < ${now} - ${due}`
      : sql`${jobs.createdAt} >= ${now} - ${due} and ${jobs.createdAt} < ${now} + interval '24 hours' - ${due}`;
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${jobPriorities} p cross join lateral (
        select 1 from ${jobs}
         where ${jobs.parentId} is null and ${jobs.jobStatusId} < ${JOB_STATUS.Completed}
           and ${jobs.jobPriorityId} = p.id and ${when} and ${scope ?? sql`true`}
         limit ${bounds.cap + 1}) due
      limit ${bounds.cap + 1}) counted`);
  const n = Number(rows[0]?.n ?? 0);
  return { matches: Math.min(n, bounds.cap), exact: n <= bounds.cap };
}

type Counted = { matches: number; exact: boolean };

/**
 * Per status (and per sub-status) how many parent jobs there are, for staff (no scope): each read
 * through the status index under the bounds of countJobs, up to cap + 1 entries, or with a
 * department filter at most `window` entries. The numbers cost the same with 300 jobs or 1,000,000.
 */
export async function statusCounts(
  db: Executor,
  departmentIds: number[],
  bounds: { cap: number; window: number },
) {
  const bound = departmentIds.length ? bounds.window : bounds.cap + 1;
  const m = departmentIds.length ? inArray(jobs.orderDepartmentId, departmentIds) : sql`true`;
  const counted = (where: SQL) =>
    sql<
      number[]
    >`(select array[(count(*) filter (where m))::int, count(*)::int] from (select ${m} as m from ${jobs} where ${and(isNull(jobs.parentId), where)} limit ${bound}) candidates)`;
  const read = (r: { id: number; n: number[] }): [number, Counted] => {
    const [n = 0, seen = 0] = r.n.map(Number);
    return [r.id, { matches: Math.min(n, bounds.cap), exact: seen < bound && n <= bounds.cap }];
  };
  const [byStatus, bySubStatus] = await Promise.all([
    db
      .select({ id: jobStatuses.id, n: counted(sql`${jobs.jobStatusId} = ${jobStatuses.id}`) })
      .from(jobStatuses),
    db
      .select({
        id: jobSubStatuses.id,
        n: counted(
          sql`${jobs.jobStatusId} = ${jobSubStatuses.jobStatusId} and ${jobs.jobSubStatusId} = ${jobSubStatuses.id}`,
        ),
      })
      .from(jobSubStatuses),
  ]);
  return { byStatus: new Map(byStatus.map(read)), bySubStatus: new Map(bySubStatus.map(read)) };
}

/**
 * The same for a customer user or partner: their jobs are few next to the whole table, so one pass
 * over them (through the customer index) groups them by status and sub-status, reading at most
 * `limit` jobs; past that every number is a lower bound.
 */
export async function scopedStatusCounts(
  db: Executor,
  scope: SQL,
  departmentIds: number[],
  bounds: { cap: number; limit: number },
) {
  const w = db
    .select({ statusId: jobs.jobStatusId, subStatusId: jobs.jobSubStatusId })
    .from(jobs)
    .where(
      and(
        isNull(jobs.parentId),
        scope,
        departmentIds.length ? inArray(jobs.orderDepartmentId, departmentIds) : undefined,
      ),
    )
    .limit(bounds.limit + 1)
    .as('scoped');
  const rows = await db
    .select({ statusId: w.statusId, subStatusId: w.subStatusId, n: sql<number>`count(*)::int` })
    .from(w)
    .groupBy(w.statusId, w.subStatusId);
  const complete = rows.reduce((sum, r) => sum + Number(r.n), 0) <= bounds.limit;
  const byStatus = new Map<number, number>();
  const bySubStatus = new Map<number, number>();
  for (const r of rows) {
    byStatus.set(r.statusId, (byStatus.get(r.statusId) ?? 0) + Number(r.n));
    if (r.subStatusId !== null) bySubStatus.set(r.subStatusId, Number(r.n));
  }
  const counted = (n: number): Counted => ({
    matches: Math.min(n, bounds.cap),
    exact: complete && n <= bounds.cap,
  });
  return {
    status: (id: number) => counted(byStatus.get(id) ?? 0),
    subStatus: (id: number) => counted(bySubStatus.get(id) ?? 0),
  };
}
