import { type SQL, sql } from 'drizzle-orm';
import {
  appointmentParticipants,
  appointments,
  changeLogs,
  jobs,
  tasks,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/**
 * Parent jobs in scope set to `statusId` since `since` (their change log's JobStatusId lines), each
 * job once however often it was set.
 */
export async function jobsSetToStatusSince(
  db: Executor,
  scope: SQL | undefined,
  statusId: number,
  since: Date,
): Promise<number> {
  const line = JSON.stringify([{ Field: 'JobStatusId', NewValue: String(statusId) }]);
  const result = await db.execute(sql`select count(distinct ${changeLogs.jobId})::int as n
      from ${changeLogs} join ${jobs} on ${jobs.id} = ${changeLogs.jobId}
     where ${changeLogs.createdAt} >= ${since.toISOString()}::timestamptz
       and ${changeLogs.entity} = 'Job' and ${changeLogs.changes} @> ${line}::jsonb
       and ${scope ?? sql`true`}`);
  return Number((result.rows[0] as { n: unknown }).n ?? 0);
}

/** The user's background tasks not yet finished (waiting or running). */
export async function openTaskCount(db: Executor, userId: number): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from ${tasks}
     where ${tasks.createdBy} = ${userId} and ${tasks.status} in ('created', 'update')`);
  return Number((result.rows[0] as { n: unknown }).n ?? 0);
}

/** A bookable person's appointment on a day, its times as wall-clock text. */
export interface PersonAppointmentRow {
  user_id: number;
  user_name: string;
  id: number | null;
  job_id: number | null;
  subject: string | null;
  is_absence: boolean | null;
  start_time: string | null;
  end_time: string | null;
}

/**
 * Every active bookable user by name, with each appointment of theirs that touches [from, to) (one
 * row per appointment; a person without any comes once with nulls): one statement.
 */
export async function bookableDays(
  db: Executor,
  from: string,
  to: string,
  limit: number,
): Promise<PersonAppointmentRow[]> {
  const result = await db.execute(sql`
    with people as (
      select ${users.id} as id, ${users.name} as name from ${users}
       where ${users.isBookable} and ${users.isActive}
       order by ${users.name}, ${users.id} limit ${limit}
    )
    select p.id as user_id, p.name as user_name, a.id, a.job_id, a.subject, a.is_absence,
           to_char(a.start_time, 'YYYY-MM-DD"T"HH24:MI:SS') as start_time,
           to_char(a.end_time, 'YYYY-MM-DD"T"HH24:MI:SS') as end_time
      from people p
      left join lateral (
        select ap.* from ${appointmentParticipants} pp join ${appointments} ap on ap.id = pp.appointment_id
         where pp.user_id = p.id and ap.start_time < ${to}::timestamp and ap.end_time > ${from}::timestamp
      ) a on true
     order by p.name, p.id, a.start_time, a.id`);
  return result.rows as unknown as PersonAppointmentRow[];
}
