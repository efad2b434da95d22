// node bench/large-company.ts [--quick]: the large company of issue 13 on the local PostgreSQL
// (BENCH_DATABASE_URL), for the job list bench and the query plans. The demo company (as the server
// seeds it on first start, so admin@demo.test / Demo!2026 signs in) plus, from seeded PRNGs and COPY:
// 50,000 customers with addresses (70 % placed, around ten Nordic cities), 200,000 machines,
// 1,000,000 parent jobs with 1,500,000 machine sub-jobs, 2,000 bookable technicians and 16,000
// appointments in the current week (and as many in each of the twelve weeks before) (--quick: a tenth of each; BENCH_SCALE=0.01 multiplies further,
// for trying it at tiny sizes). The database is kept and reused while its name's fingerprint (the
// generator's version, the size, the migrations) is unchanged; a build writes bench_meta last.
// BENCH_LARGE_DATABASE=<name>: build or reuse a database of that name instead (a helper's own copy on a
// shared server): no other database is dropped, and it is reused whatever the migrations (the server
// applies new ones when it starts on it).
//
// Then the parts in proportion (large-company/parts-rows.ts): 20,000 articles, ten stores and a van
// per technician with their stock as movements, and part and time lines on most closed sub-jobs.
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { seedDatabase } from '../apps/server/src/seed/seed.ts';
import { copyRows } from './large-company/copy.ts';
import { createIndexes, dropSecondaryIndexes } from './large-company/indexes.ts';
import {
  ARTICLE_COLUMNS,
  articles,
  ClosedSubJobs,
  linesAndMovements,
  MOVEMENT_COLUMNS,
  ORDER_LINE_COLUMNS,
  onlyOf,
  type PartsBases,
  partsShape,
  STORE_ARTICLE_COLUMNS,
  STORE_COLUMNS,
  storeArticles,
  stores,
} from './large-company/parts-rows.ts';
import {
  ADDRESS_COLUMNS,
  APPOINTMENT_COLUMNS,
  appointments,
  type Bases,
  Company,
  CUSTOMER_COLUMNS,
  HISTORY_WEEKS,
  JOB_COLUMNS,
  jobs,
  MACHINE_COLUMNS,
  technicians,
  USER_COLUMNS,
} from './large-company/rows.ts';
import { type CompanySize, databaseName, sizeOf } from './large-company/size.ts';
import { adminUrl, databaseUrl } from './process.ts';

export interface LargeCompany {
  url: string;
  name: string;
  reused: boolean;
  seconds: number;
  counts: Record<string, number>;
  size: CompanySize;
  /** Monday of the week the appointments are in (YYYY-MM-DD). */
  monday: string;
}

const LOADED_TABLES = [
  'customers',
  'addresses',
  'machines',
  'jobs',
  'appointments',
  'users',
  'articles',
  'stores',
  'order_lines',
  'stock_movements',
];

/** Monday of the current week (UTC), as YYYY-MM-DD. */
function thisMonday(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

async function onAdmin<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The kept database's completion row, or null when it is missing or was left half built. */
async function completed(url: string): Promise<{ counts: Record<string, number>; monday: string } | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ value: { counts: Record<string, number>; monday: string } }>(
      "select value from bench_meta where key = 'complete'",
    );
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await c.end();
  }
}

/**
 * A kept database of an earlier week: its appointments move by whole weeks into this one (the
 * planner and Scheduler/DateRange read the current week), nothing else changes.
 */
async function moveToThisWeek(url: string, from: string, to: string): Promise<void> {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('begin');
    await c.query(
      `update appointments set start_time = start_time + $1 * interval '1 day', end_time = end_time + $1 * interval '1 day'`,
      [days],
    );
    await c.query(
      `update bench_meta set value = jsonb_set(value, '{monday}', to_jsonb($1::text)) where key = 'complete'`,
      [to],
    );
    await c.query('commit');
  } finally {
    await c.end();
  }
}

export async function ensureLargeCompany(opts: {
  quick: boolean;
  log?: (line: string) => void;
}): Promise<LargeCompany> {
  const log = opts.log ?? (() => {});
  const t0 = performance.now();
  const size = sizeOf(opts.quick);
  const own = process.env.BENCH_LARGE_DATABASE;
  const name = own ?? databaseName(size);
  const url = databaseUrl(name);
  const monday = thisMonday();
  const exists = await onAdmin('select 1 from pg_database where datname = $1', [name]);
  if (exists.length) {
    const done = await completed(url);
    if (done) {
      if (done.monday !== monday) await moveToThisWeek(url, done.monday, monday);
      log(`  reusing ${name}`);
      return {
        url,
        name,
        reused: true,
        seconds: (performance.now() - t0) / 1000,
        counts: done.counts,
        size,
        monday,
      };
    }
  }
  // Older builds of this size (another generator or migrations) and a half-built one of this name.
  const stale = own
    ? [{ datname: own }]
    : await onAdmin<{ datname: string }>('select datname from pg_database where datname like $1', [
        `fp\\_large\\_${size.tag}\\_%`,
      ]);
  for (const s of stale)
    await onAdmin(`drop database if exists ${pg.escapeIdentifier(s.datname)} with (force)`);
  await onAdmin(`create database ${pg.escapeIdentifier(name)}`);
  log(`  building ${name} (${size.parentJobs.toLocaleString('en')} parent jobs)`);

  // Migrations and the demo company exactly as the server's first start does them.
  const database = await openPostgres(url);
  try {
    await seedDatabase(database.db, {
      demoData: true,
      adminEmail: undefined,
      adminPassword: undefined,
      now: new Date(),
    });
  } finally {
    await database.close();
  }
  log(`  migrated and seeded the demo company: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const counts = await load(url, size, monday, log);
  return { url, name, reused: false, seconds: (performance.now() - t0) / 1000, counts, size, monday };
}

async function load(
  url: string,
  size: CompanySize,
  monday: string,
  log: (line: string) => void,
): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    // A throwaway load: no waiting for the WAL flush, and no foreign-key triggers per row (the
    // generator gives consistent ids; the counts below and the benches' reads would show a slip).
    await c.query('set synchronous_commit = off');
    await c.query('set session_replication_role = replica');
    const { rows } = await c.query<Record<keyof Bases, number>>(
      `select (select coalesce(max(id), 0) + 1 from partner_companies)::int as partner,
              (select coalesce(max(id), 0) + 1 from customers)::int as customer,
              (select coalesce(max(id), 0) + 1 from addresses)::int as address,
              (select coalesce(max(id), 0) + 1 from machines)::int as machine,
              (select coalesce(max(id), 0) + 1 from jobs)::int as job,
              (select coalesce(max(id), 0) + 1 from users)::int as "user",
              (select coalesce(max(id), 0) + 1 from appointments)::int as appointment,
              greatest((select last_value from job_order_numbers),
                       (select max(order_id::bigint) from jobs where parent_id is null
                          and order_id ~ '^[0-9]{1,15}$'))::int + 1 as "orderNumber",
              greatest((select last_value from customer_numbers),
                       (select max(customer_number::bigint) from customers
                          where customer_number ~ '^[0-9]{1,12}$'))::int + 1 as "customerNumber",
              (select count(*) from customer_groups)::int as "customerGroups"`,
    );
    const bases = rows[0]!;
    const { rows: partRows } = await c.query<Omit<PartsBases, 'user'>>(
      `select (select coalesce(max(id), 0) + 1 from articles)::int as article,
              (select coalesce(max(id), 0) + 1 from stores)::int as store,
              (select coalesce(max(id), 0) + 1 from order_lines)::int as "orderLine",
              (select coalesce(max(id), 0) + 1 from stock_movements)::int as "stockMovement"`,
    );
    const partsBases: PartsBases = { ...partRows[0]!, user: bases.user };
    const shape = partsShape(size);
    const closed = new ClosedSubJobs();
    const { rows: admin } = await c.query<{ password_hash: string }>(
      "select password_hash from users where email = 'admin@demo.test'",
    );
    const company = new Company(size, bases);
    const now = Date.now();
    const planned: number[] = [];
    const indexes = await dropSecondaryIndexes(c, [
      'jobs',
      'customers',
      'addresses',
      'machines',
      'order_lines',
      'stock_movements',
    ]);

    let t = performance.now();
    const step = (what: string, n: number) => {
      log(`  ${what}: ${n.toLocaleString('en')} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      t = performance.now();
    };
    const counts: Record<string, number> = {};
    counts.partner_companies = await copyRows(
      c,
      'partner_companies',
      ['id', 'name', 'email'],
      company.partners(),
    );
    counts.customers = await copyRows(c, 'customers', CUSTOMER_COLUMNS, company.customers(now));
    step('customers', counts.customers);
    counts.addresses = await copyRows(c, 'addresses', ADDRESS_COLUMNS, company.addresses());
    step('addresses', counts.addresses);
    counts.machines = await copyRows(c, 'machines', MACHINE_COLUMNS, company.machines(now));
    step('machines', counts.machines);
    counts.jobs = await copyRows(c, 'jobs', JOB_COLUMNS, jobs(company, now, planned, closed));
    step('jobs and sub-jobs', counts.jobs);
    counts.technicians = await copyRows(
      c,
      'users',
      USER_COLUMNS,
      technicians(size, bases, admin[0]?.password_hash ?? ''),
    );
    const participants: [number, number][] = [];
    const appointmentRows = (function* () {
      for (let week = 0; week <= HISTORY_WEEKS; week++)
        for (const [row, tech] of appointments(size, bases, monday, planned, week)) {
          participants.push([row[0] as number, tech]);
          yield row;
        }
    })();
    counts.appointments = await copyRows(c, 'appointments', APPOINTMENT_COLUMNS, appointmentRows);
    counts.appointment_participants = await copyRows(
      c,
      'appointment_participants',
      ['appointment_id', 'user_id'],
      participants,
    );
    step('technicians and appointments', counts.appointments);
    counts.articles = await copyRows(c, 'articles', ARTICLE_COLUMNS, articles(shape, partsBases));
    counts.stores = await copyRows(c, 'stores', STORE_COLUMNS, stores(shape, partsBases));
    counts.store_articles = await copyRows(
      c,
      'store_articles',
      STORE_ARTICLE_COLUMNS,
      storeArticles(shape, partsBases),
    );
    counts.order_lines = await copyRows(
      c,
      'order_lines',
      ORDER_LINE_COLUMNS,
      onlyOf('line', linesAndMovements(shape, partsBases, closed)),
    );
    counts.stock_movements = await copyRows(
      c,
      'stock_movements',
      MOVEMENT_COLUMNS,
      onlyOf('movement', linesAndMovements(shape, partsBases, closed)),
    );
    step('articles, stores, order lines and stock movements', counts.order_lines + counts.stock_movements);

    await createIndexes(url, indexes);
    step(`${indexes.length} indexes built`, indexes.length);
    // The server inserts after us: every sequence past the ids and numbers loaded.
    for (const table of ['partner_companies', ...LOADED_TABLES])
      await c.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
      );
    await c.query(
      `select setval('job_order_numbers', (select max(order_id::bigint) from jobs
         where parent_id is null and order_id ~ '^[0-9]{1,15}$'))`,
    );
    await c.query(
      `select setval('customer_numbers', (select max(customer_number::bigint) + 1 from customers
         where customer_number ~ '^[0-9]{1,12}$'), false)`,
    );
    await c.query('vacuum analyze');
    step('vacuum analyze', 0);
    const { rows: totals } = await c.query<Record<string, number>>(
      `select (select count(*) from jobs where parent_id is null)::int as parent_jobs,
              (select count(*) from jobs where parent_id is not null)::int as sub_jobs,
              (select count(*) from customers)::int as customers,
              (select count(*) from addresses)::int as addresses,
              (select count(*) from machines)::int as machines,
              (select count(*) from users where is_bookable and is_active)::int as bookable_technicians,
              (select count(*) from articles)::int as articles,
              (select count(*) from stores)::int as stores,
              (select count(*) from order_lines)::int as order_lines,
              (select count(*) from stock_movements)::int as stock_movements,
              (select count(*) from appointments where start_time >= $1::timestamp
                 and start_time < $1::timestamp + interval '7 days')::int as appointments_this_week`,
      [monday],
    );
    const total = { ...totals[0]! };
    await c.query('create table bench_meta (key text primary key, value jsonb not null)');
    await c.query("insert into bench_meta values ('complete', $1)", [
      JSON.stringify({ counts: total, monday, builtAt: new Date().toISOString() }),
    ]);
    return total;
  } finally {
    await c.end();
  }
}

if (import.meta.main) {
  const result = await ensureLargeCompany({ quick: process.argv.includes('--quick'), log: console.log });
  console.log(
    `${result.reused ? 'reused' : 'built'} ${result.name} in ${result.seconds.toFixed(1)} s\n${Object.entries(
      result.counts,
    )
      .map(([k, v]) => `  ${k.padEnd(24)} ${v.toLocaleString('en')}`)
      .join('\n')}\n${result.url}`,
  );
}
