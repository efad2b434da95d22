// The planner bench's company (bench/planner.ts), made with bulk SQL on a throwaway database: bookable
// technicians in the departments, appointments spread over one week's work hours (each with one
// technician and a job), and jobs whose delivery addresses have places, for the map's markers.
import pg from 'pg';

export interface PlannerSize {
  name: 'L' | 'XL';
  technicians: number;
  appointments: number;
}
export const SIZES: readonly PlannerSize[] = [
  { name: 'L', technicians: 500, appointments: 4_000 },
  { name: 'XL', technicians: 2_000, appointments: 16_000 },
];
/** Jobs with a place around the main office (Oslo), open (status 10): the map's 5,000 markers. */
export const PLACED_JOBS = 5_000;
const BENCH_SUBJECT = 'Bench visit';

/** Monday of the week of `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The Maps licence and the 5,000 placed open jobs, once per database. */
const PLACES_SQL = `
insert into settings ("group", name, value) values ('licences', 'Maps', 'true'::jsonb)
  on conflict ("group", name) do update set value = excluded.value;
insert into addresses (customer_id, name, street, zip, city, country, latitude, longitude)
  select (select min(id) from customers), 'Bench site ' || g, 'Benchveien ' || g, '0150', 'Oslo', 'Norway',
         59.9139 + (random() - 0.5) * 0.04, 10.7522 + (random() - 0.5) * 0.08
  from generate_series(1, ${PLACED_JOBS}) g;
insert into jobs (display_name, job_status_id, job_type_id, job_priority_id, customer_id,
                  delivery_address_id, order_department_id, first_line_comment, created_at, updated_at)
  select 'Bench service ' || a.id, 10, 1, 3, a.customer_id, a.id, (select min(id) from departments), '',
         now() - a.id * interval '1 minute', now()
  from addresses a where a.name like 'Bench site %' order by a.id;
`;

/** Technicians up to `n` (the bench's own, type 3, bookable, spread over the departments). */
const techniciansSql = (n: number) => `
insert into users (email, name, logon_name, password_hash, user_type_id, department_id, is_bookable)
  select 'tech' || g || '@bench.test', 'Technician ' || lpad(g::text, 5, '0'), 'benchtech' || g,
         (select password_hash from users order by id limit 1), 3,
         d.ids[1 + g % cardinality(d.ids)], true
  from generate_series((select count(*) from users where email like 'tech%@bench.test') + 1, ${n}) g,
       (select array_agg(id order by id) ids from departments) d;
`;

/**
 * `n` appointments over Monday–Friday of the week from `monday`, 07–16: each technician gets n/T of
 * them, two or so a day, one to three hours long, each on a placed job. Replaces the earlier ones.
 */
const appointmentsSql = (n: number, monday: string) => `
delete from appointments where subject = '${BENCH_SUBJECT}';
create temporary table bench_t as select array_agg(id order by id) ids from users where email like 'tech%@bench.test';
create temporary table bench_j as select array_agg(id order by id) ids from jobs where display_name like 'Bench service %';
create temporary table bench_a as
  select g, (select max(id) from appointments) + 1 + g as id,
         t.ids[1 + g % cardinality(t.ids)] as tech, j.ids[1 + g % cardinality(j.ids)] as job,
         timestamp '${monday} 00:00' + ((g / cardinality(t.ids) + g % cardinality(t.ids)) % 5) * interval '1 day'
           + (7 + 4 * ((g / cardinality(t.ids) / 5) % 2) + g % 3) * interval '1 hour'
           + (g % 2) * interval '30 minutes' as start_time,
         1 + g % 3 as hours
  from generate_series(0, ${n - 1}) g, bench_t t, bench_j j;
insert into appointments (id, subject, job_id, start_time, end_time, type)
  select coalesce(id, 1 + g), '${BENCH_SUBJECT}', job, start_time, start_time + hours * interval '1 hour', 1
  from bench_a order by g;
insert into appointment_participants (appointment_id, user_id) select coalesce(id, 1 + g), tech from bench_a;
select setval(pg_get_serial_sequence('appointments', 'id'), (select max(id) from appointments));
drop table bench_t, bench_j, bench_a;
analyze;
`;

/** Fills the database at `url` to `size` (growing from a smaller size is allowed). */
export async function fillCompany(url: string, size: PlannerSize, monday: string, withPlaces: boolean) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    if (withPlaces) await c.query(PLACES_SQL);
    await c.query(techniciansSql(size.technicians));
    await c.query(appointmentsSql(size.appointments, monday));
    const { rows } = await c.query<{ techs: number; appts: number }>(
      `select (select count(*)::int from users where is_bookable and is_active) techs,
              (select count(*)::int from appointments where start_time >= $1::timestamp
                 and start_time < $1::timestamp + interval '7 days') appts`,
      [monday],
    );
    return rows[0]!;
  } finally {
    await c.end();
  }
}
