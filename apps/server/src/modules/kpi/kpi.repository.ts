import { JOB_STATUS } from '@fieldport/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { appointments, changeLogs, jobKpiSettings, jobs } from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion } from '../common/row-version.ts';
import { jobScope } from '../jobs/job-scope.ts';

/** The window in which another job on the same machine makes a revisit (days). */
export const REVISIT_DAYS = 30;

/** What a job's KPIs are computed from, one row a parent job. */
export interface KpiRow {
  id: number;
  /** Instants as epoch milliseconds. */
  created_at: number;
  status: number;
  /** The first appointment's start, wall clock text, and as an instant. */
  first_appointment: string | null;
  first_appointment_at: number | null;
  visits: number;
  /** The first time the status log set it to 50–100. */
  completed_at: number | null;
  revisit_of: number | null;
  followed_by: number | null;
  first_time_fix: boolean | null;
  exclude_from_kpi: boolean | null;
  reason: string | null;
  row_version: number | null;
}

/** The status log's values that complete a job (completed to approved, 50–70, and closed, 100). */
const COMPLETED = sql.raw(
  [
    ...Array.from(
      { length: JOB_STATUS.Approved - JOB_STATUS.Completed + 1 },
      (_, i) => JOB_STATUS.Completed + i,
    ),
    JOB_STATUS.Closed,
  ]
    .map((n) => `'${n}'`)
    .join(','),
);
/** Deleted jobs are left out; written into the statement as the literal it always was. */
const DELETED = sql.raw(String(JOB_STATUS.Deleted));

/**
 * The KPI inputs of the parent jobs `where` picks (a condition on the jobs table, unaliased, so the job
 * scope applies as it is): their appointments, their status log, the jobs on the same machines within
 * 30 days before and after, and the service manager's settings. One set-based statement: each input is
 * gathered for all the picked jobs at once (grouped joins), never a subquery run per job, so a month's
 * summary of thousands of jobs costs a few scans.
 *
 * The other jobs on the same machines are found one of two ways (decision 093). For a few jobs (`many`
 * false: one job's KPI tab), through their machines (jobs_machine), each other job's parent by key. For
 * many (`many`: a month's summary), their machines' jobs are too many that way (on the large company a
 * month's 11,700 machine lines share machines with 441,000 others, whose parents were hash-joined with
 * every parent job: 5 s): instead the parent jobs created in the picked jobs' span widened by the window
 * (jobs_list_created), with their machine lines, matched to the picked lines by machine. Both give the
 * same rows: an other job within the window of a picked one was created in the widened span.
 */
async function kpiRows(db: Executor, where: SQL, timeZone: string, many = false): Promise<KpiRow[]> {
  const window = sql.raw(`interval '${REVISIT_DAYS} days'`);
  const others = many
    ? sql`select o.id, o.created_at, os.machine_id
        from ${jobs} o join ${jobs} os on os.parent_id = o.id and os.machine_id is not null and os.job_status_id <> ${DELETED}
       where o.parent_id is null and o.job_status_id <> ${DELETED}
         and o.created_at >= (select min(created_at) from picked) - ${window}
         and o.created_at <= (select max(created_at) from picked) + ${window}`
    : sql`select o.id, o.created_at, os.machine_id
        from ${jobs} os join ${jobs} o on o.id = os.parent_id and o.parent_id is null and o.job_status_id <> ${DELETED}
       where os.machine_id in (select machine_id from mine) and os.job_status_id <> ${DELETED}`;
  const result = await db.execute(sql`
    with picked as (
      select ${jobs}.id, ${jobs}.created_at, ${jobs}.job_status_id from ${jobs}
       where ${jobs}.parent_id is null and ${where}
    ), visits as (
      select ap.job_id, min(ap.start_time) as first, count(*) as visits
        from ${appointments} ap
       -- By key (appointments_job): a join let the planner read every appointment.
       where ap.job_id = any(array(select id from picked)) and not ap.is_absence
       group by ap.job_id
    ), done as (
      select cl.job_id, min(cl.created_at) as at
        from ${changeLogs} cl join picked p on p.id = cl.job_id, jsonb_array_elements(cl.changes) c
       where cl.entity = 'Job' and c->>'Field' = 'JobStatusId' and c->>'NewValue' in (${COMPLETED})
       group by cl.job_id
    ), mine as materialized (
      -- The picked jobs' live machine lines.
      select p.id, p.created_at, s.machine_id from picked p
        join ${jobs} s on s.parent_id = p.id and s.machine_id is not null and s.job_status_id <> ${DELETED}
    ), others as materialized (
      -- Parent jobs not deleted with their live machine lines: those that may share a machine.
      ${others}
    ), near as (
      -- Every other parent job sharing a machine (through live sub-jobs on both sides) within the window.
      select distinct m.id as job_id, m.created_at as own_at, x.id as other, x.created_at as other_at
        from mine m join others x on x.machine_id = m.machine_id and x.id <> m.id
       where x.created_at >= m.created_at - ${window} and x.created_at <= m.created_at + ${window}
    ), revisit as (
      select distinct on (job_id) job_id, other from near where other_at < own_at
       order by job_id, other_at desc
    ), followed as (
      select distinct on (job_id) job_id, other from near where other_at > own_at
       order by job_id, other_at
    )
    select p.id, (extract(epoch from p.created_at) * 1000)::float8 as created_at, p.job_status_id as status,
           to_char(v.first, 'YYYY-MM-DD"T"HH24:MI:SS') as first_appointment,
           (extract(epoch from v.first at time zone ${timeZone}) * 1000)::float8 as first_appointment_at,
           coalesce(v.visits, 0)::int as visits,
           (extract(epoch from d.at) * 1000)::float8 as completed_at,
           r.other as revisit_of, f.other as followed_by,
           k.first_time_fix, k.exclude_from_kpi, k.reason, k.row_version
      from picked p
      left join visits v on v.job_id = p.id
      left join done d on d.job_id = p.id
      left join revisit r on r.job_id = p.id
      left join followed f on f.job_id = p.id
      left join ${jobKpiSettings} k on k.job_id = p.id
     order by p.id`);
  return result.rows as unknown as KpiRow[];
}

export type KpiSettingsRow = typeof jobKpiSettings.$inferSelect;

export async function findSettings(
  db: Executor,
  jobId: number,
  lock = false,
): Promise<KpiSettingsRow | undefined> {
  const q = db.select().from(jobKpiSettings).where(eq(jobKpiSettings.jobId, jobId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The service manager's settings of a job, made or changed. */
export async function upsertSettings(
  db: Executor,
  jobId: number,
  values: { firstTimeFix: boolean | null; excludeFromKpi: boolean; reason: string; updatedBy: number },
): Promise<KpiSettingsRow> {
  const [row] = await db
    .insert(jobKpiSettings)
    .values({ jobId, ...values })
    .onConflictDoUpdate({
      target: jobKpiSettings.jobId,
      set: { ...values, updatedAt: sql`now()`, rowVersion: nextVersion(jobKpiSettings.rowVersion) },
    })
    .returning();
  return row!;
}

/** One parent job's KPI inputs (the caller has checked it may see the job). */
export async function kpiRowOfJob(
  db: Executor,
  jobId: number,
  timeZone: string,
): Promise<KpiRow | undefined> {
  const [row] = await kpiRows(db, sql`${jobs.id} = ${jobId}`, timeZone);
  return row;
}

/**
 * The KPI inputs of the parent jobs, not deleted, created from `from` up to `to` (wall clock in the
 * company's time zone) that `user` may see.
 */
export function kpiRowsCreated(
  db: Executor,
  user: AuthUser,
  span: { from: string; to: string },
  timeZone: string,
): Promise<KpiRow[]> {
  const scope = jobScope(user);
  const where = sql`${jobs.jobStatusId} <> ${DELETED}
      and ${jobs.createdAt} >= (${span.from}::timestamp at time zone ${timeZone})
      and ${jobs.createdAt} < (${span.to}::timestamp at time zone ${timeZone})
      and ${scope ?? sql`true`}`;
  return kpiRows(db, where, timeZone, true);
}
