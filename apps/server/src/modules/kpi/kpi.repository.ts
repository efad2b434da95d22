import { eq, type SQL, sql } from 'drizzle-orm';
import { appointments, changeLogs, jobKpiSettings, jobs } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion } from '../common/row-version.ts';

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

/**
 * The KPI inputs of the parent jobs `where` picks (a condition on the jobs table, unaliased, so the job scope applies as it is): their
 * appointments, their status log, the jobs on the same machines within 30 days before and after,
 * and the service manager's settings. One statement.
 */
export async function kpiRows(db: Executor, where: SQL, timeZone: string): Promise<KpiRow[]> {
  const window = sql.raw(`interval '${REVISIT_DAYS} days'`);
  const sameMachine = (other: SQL) => sql`exists (
      select 1 from ${jobs} s join ${jobs} o on o.parent_id = ${other} and o.machine_id = s.machine_id
       where s.parent_id = jobs.id and s.machine_id is not null and s.job_status_id <> 110 and o.job_status_id <> 110)`;
  const result = await db.execute(sql`
    select jobs.id, (extract(epoch from jobs.created_at) * 1000)::float8 as created_at, jobs.job_status_id as status,
           to_char(a.first, 'YYYY-MM-DD"T"HH24:MI:SS') as first_appointment,
           (extract(epoch from a.first at time zone ${timeZone}) * 1000)::float8 as first_appointment_at,
           coalesce(a.visits, 0)::int as visits,
           (select extract(epoch from min(cl.created_at)) * 1000 from ${changeLogs} cl, jsonb_array_elements(cl.changes) c
             where cl.job_id = jobs.id and cl.entity = 'Job' and c->>'Field' = 'JobStatusId'
               and c->>'NewValue' in ('50','51','52','53','54','55','56','57','58','59','60','61','62','63','64','65','66','67','68','69','70','100'))::float8 as completed_at,
           (select p.id from ${jobs} p
             where p.parent_id is null and p.id <> jobs.id and p.job_status_id <> 110
               and p.created_at < jobs.created_at and p.created_at >= jobs.created_at - ${window}
               and ${sameMachine(sql`p.id`)}
             order by p.created_at desc limit 1) as revisit_of,
           (select p.id from ${jobs} p
             where p.parent_id is null and p.id <> jobs.id and p.job_status_id <> 110
               and p.created_at > jobs.created_at and p.created_at <= jobs.created_at + ${window}
               and ${sameMachine(sql`p.id`)}
             order by p.created_at limit 1) as followed_by,
           k.first_time_fix, k.exclude_from_kpi, k.reason, k.row_version
      from ${jobs}
      left join lateral (
        select min(ap.start_time) as first, count(*) as visits from ${appointments} ap
         where ap.job_id = jobs.id and not ap.is_absence
      ) a on true
      left join ${jobKpiSettings} k on k.job_id = jobs.id
     where jobs.parent_id is null and ${where}
     order by jobs.id`);
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
