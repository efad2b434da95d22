import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../common/db.ts';

/** The company's time zone as the settings hold it (settings.defaults.ts TimeZone where not set). */
const TIME_ZONE = sql`coalesce((select value #>> '{}' from settings where "group" = 'global' and name = 'TimeZone'), 'Europe/Oslo')`;

/**
 * The counter state of each counter `ids` names (a list, or a subquery of counter ids): the running
 * total at its last reading (meter changes add the old meter's last value), the day of that reading in
 * the company's time zone and the daily use over the year before it, with window functions. Columns
 * counter_id, total (numeric), read_at, last_day (date), rate (numeric, null with too few readings).
 */
export const counterStateSql = (ids: SQL, timeZone: string | SQL) => sql`
    with ordered as (
      select counter_id, read_at, id, value, is_meter_change,
             lag(value) over (partition by counter_id order by read_at, id) as prev
      from counter_readings where counter_id in (${ids})
    ), totals as (
      select counter_id, read_at, id,
             value + coalesce(sum(case when is_meter_change then prev else 0 end)
               over (partition by counter_id order by read_at, id rows unbounded preceding), 0) as total
      from ordered
    ), last as (
      select distinct on (counter_id) counter_id, read_at, total from totals
      order by counter_id, read_at desc, id desc
    ), first_of_year as (
      select distinct on (t.counter_id) t.counter_id, t.read_at, t.total from totals t
      join last l on l.counter_id = t.counter_id and t.read_at >= l.read_at - interval '365 days'
      order by t.counter_id, t.read_at, t.id
    )
    select l.counter_id, l.total, (l.read_at at time zone ${timeZone})::date as last_day,
           case when extract(epoch from (l.read_at - f.read_at)) >= 86400
                then (l.total - f.total) / (extract(epoch from (l.read_at - f.read_at)) / 86400) end as rate
    from last l join first_of_year f on f.counter_id = l.counter_id`;

/**
 * Sets `service_agreements.next_due` of the agreements `where` picks (a condition on the table's
 * columns): agreements.policy.ts `nextDue` without the end date, in one statement. The date interval's
 * day is the stored `date_due`; the counter interval's is told from the counter's state (counterStateSql)
 * in float8 as JavaScript does: reached → the last reading's day, else the last reading's day plus the
 * days the daily use needs, none without a use; the earlier of the two (`least` skips a null). Called in
 * the transaction of every write that moves it: an agreement's insert or change, a counter's reading
 * (added, deleted, a meter change), a counter's removal and the time zone's change.
 */
export async function refreshNextDue(db: Executor, where: SQL) {
  await db.execute(nextDueUpdate(where));
}

/** The statement of refreshNextDue (the bench runs it after loading its rows). */
export const nextDueUpdate = (where: SQL) => sql`
    with a as (
      select id, date_due, counter_id,
             coalesce(last_service_counter, 0)::float8 + counter_interval::float8 as due_at
        from service_agreements where ${where}
    ), s as (${counterStateSql(sql`select counter_id from a where counter_id is not null`, TIME_ZONE)}),
    d as (
      select a.id, least(a.date_due, case
               when s.counter_id is null then null
               when s.total::float8 >= a.due_at then s.last_day
               when s.rate is null or s.rate::float8 <= 0 then null
               else s.last_day + ceil((a.due_at - s.total::float8) / s.rate::float8)::int end) as due
        from a left join s on s.counter_id = a.counter_id
    )
    update service_agreements sa set next_due = d.due
      from d where sa.id = d.id and sa.next_due is distinct from d.due`;

/** refreshNextDue of one agreement. */
export const refreshAgreementDue = (db: Executor, id: number) => refreshNextDue(db, sql`id = ${id}`);

/** refreshNextDue of the agreements that count by a counter: their due days are days of the company's time zone. */
export const refreshDueOfCounted = (db: Executor) => refreshNextDue(db, sql`counter_id is not null`);

/** refreshNextDue of the agreements that count by a counter (after its readings changed). */
export const refreshCounterDue = (db: Executor, counterId: number) =>
  refreshNextDue(db, sql`counter_id = ${counterId}`);

/**
 * Before a counter is removed: its agreements let go of it (as the foreign key would) and their due
 * day is told again without it.
 */
export async function releaseCounterDue(db: Executor, counterId: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`update service_agreements set counter_id = null where counter_id = ${counterId} returning id`,
  );
  if (rows.length)
    await refreshNextDue(
      db,
      sql`id in (${sql.join(
        rows.map((r) => sql`${Number(r.id)}`),
        sql`, `,
      )})`,
    );
}
