// node bench/next-orders.ts: next orders (GET ServiceAgreement/NextOrders, issue 15) over 100,000
// service agreements on PostgreSQL (BENCH_AGREEMENTS; BENCH_DATABASE_URL's server). A database of its
// own, built once and reused while the generator and the migrations are unchanged: the reference data,
// an Admin (admin@demo.test / Demo!2026), the Contracts licence, and with generate_series (no PRNG:
// each row's values follow from its number) 5,000 customers with a contract each, 50,000 machines, a
// counter with a year of monthly readings on every fifth machine, and two agreements a machine: date
// intervals of 1, 3, 6 or 12 months with last visits spread over the last year, a fifth by counter
// (alone or with a date interval), one in twenty inactive, half under their customer's contract.
//
// Measured three ways:
// - in-process, the service's list as the route calls it (as job-list.ts does the job list): p50, p95
//   and p99 of each scenario (BENCH_RUNS, default 100) against the list budget of ENGINEERING.md
//   (p95 ≤ 20 ms, p99 ≤ 30 ms);
// - over HTTP on the real server at 10 connections beside its /healthz, as reads.ts measures the six
//   reads (ENGINEERING.md: ≥ 15 % of /healthz);
// - the statements' plans (plans.ts: EXPLAIN ANALYZE as sent and as the sixth run of a prepared
//   statement): no Seq Scan of the agreements' tables, no aggregate over more than 100,000 rows.
// nextOrderRows() gives the rows for run.ts.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LICENCE_KEYS, NextOrdersQuery } from '@fieldport/contract';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/infra/clock.ts';
import { nextDueUpdate } from '../apps/server/src/modules/agreements/next-due.repository.ts';
import { NextOrderService } from '../apps/server/src/modules/agreements/next-orders.service.ts';
import { SettingsService } from '../apps/server/src/modules/settings/settings.service.ts';
import { seedDatabase } from '../apps/server/src/seed/seed.ts';
import { benchUser } from './job-list-scenarios.ts';
import { COUNT_LIMIT, judgeStatements, recordQueries } from './plans.ts';
import { adminUrl, databaseUrl, startServer, tokenOf } from './process.ts';
import { type Row, verdict } from './row.ts';

/** Bump when the generated rows change: a kept database is then built again. */
const GENERATOR_VERSION = 1;
const AGREEMENTS = Number(process.env.BENCH_AGREEMENTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const WARMUP = 10;
const LIST_BUDGET = { p95: 20, p99: 30 };
const HTTP_SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const PORT = Number(process.env.BENCH_NEXT_ORDERS_PORT ?? 18_197);
/** The kept database's name starts with this (another for a run that must keep to its own names). */
const PREFIX = process.env.BENCH_NEXT_ORDERS_PREFIX ?? 'fp_next_orders';
/** The tables of next orders: a Seq Scan of one of them per request is a fault. */
const AGREEMENT_TABLES = [
  'service_agreements',
  'machines',
  'customers',
  'contracts',
  'counters',
  'counter_readings',
];

const journal = join(import.meta.dirname, '../apps/server/src/db/migrations/meta/_journal.json');

/** <PREFIX>_<agreements>_<hash of the generator version and the migrations' tags>. */
function databaseName(): string {
  const { entries } = JSON.parse(readFileSync(journal, 'utf8')) as { entries: { tag: string }[] };
  const hash = createHash('sha1')
    .update(JSON.stringify({ v: GENERATOR_VERSION, n: AGREEMENTS, m: entries.map((e) => e.tag) }))
    .digest('hex')
    .slice(0, 10);
  return `${PREFIX}_${AGREEMENTS}_${hash}`;
}

async function onAdmin(text: string, values?: unknown[]) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return (await c.query(text, values)).rows;
  } finally {
    await c.end();
  }
}

async function complete(url: string): Promise<Record<string, number> | null> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ value: Record<string, number> }>(
      "select value from bench_meta where key = 'complete'",
    );
    return rows[0]?.value ?? null;
  } catch {
    return null;
  } finally {
    await c.end();
  }
}

/** The rows, by generate_series over the agreements' count (machines = half, customers = a twentieth). */
async function load(url: string, log: (line: string) => void): Promise<Record<string, number>> {
  const machines = Math.ceil(AGREEMENTS / 2);
  const customers = Math.max(1, Math.ceil(machines / 10));
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('set synchronous_commit = off');
    const step = async (label: string, text: string, values: unknown[] = []) => {
      const t0 = performance.now();
      const { rowCount } = await c.query(text, values);
      log(
        `  ${label}: ${rowCount?.toLocaleString('en')} rows, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    };
    await c.query('begin');
    // Ids of our own, far above the reference data's.
    await step(
      'customers',
      `insert into customers (id, customer_number, name)
       select 1000000 + i, 'NO-' || i, 'Kunde ' || lpad(i::text, 5, '0') || ' AS'
       from generate_series(1, $1::int) i`,
      [customers],
    );
    await step(
      'contracts',
      `insert into contracts (id, contract_type_id, customer_id, name, start_date, interval_months)
       select 1000000 + i, 1 + i % 4, 1000000 + i, 'Service ' || i, date '2024-01-01', 12
       from generate_series(1, $1::int) i`,
      [customers],
    );
    await step(
      'machines',
      `insert into machines (id, name, serial_number, customer_id)
       select 1000000 + i, 'Machine ' || i, 'SN' || i, 1000000 + 1 + (i - 1) / 10
       from generate_series(1, $1::int) i`,
      [machines],
    );
    await step(
      'counters (every fifth machine)',
      `insert into counters (id, machine_id, counter_type, name)
       select 1000000 + i, 1000000 + i, 1, 'Hours'
       from generate_series(5, $1::int, 5) i`,
      [machines],
    );
    // Thirteen monthly readings over the last year; each counter's daily use 4 to 20 hours.
    await step(
      'counter readings',
      `insert into counter_readings (counter_id, value, read_at)
       select 1000000 + i, (4 + i % 17) * 30 * k, now() - (12 - k) * interval '30 days'
       from generate_series(5, $1::int, 5) i, generate_series(0, 12) k`,
      [machines],
    );
    // Two agreements a machine, both by counter where the machine has one (a quarter of those by counter
    // alone, the others by counter or date, whichever is first), else by date. Last visits spread over the last year, so some are overdue and some are far ahead.
    await step(
      'service agreements',
      `insert into service_agreements (id, machine_id, contract_id, name, start_date, interval_months,
         counter_id, counter_interval, last_service_date, last_service_counter, is_active)
       select 1000000 + a, 1000000 + m,
              case when m % 2 = 0 then 1000000 + 1 + (m - 1) / 10 end,
              'Visit ' || a, date '2024-01-01',
              case when with_counter and a % 4 = 0 then null else (array[1, 3, 6, 12])[1 + a % 4] end,
              case when with_counter then 1000000 + m end,
              case when with_counter then 250 + (a % 8) * 250 end,
              current_date - (a * 7919 % 365),
              case when with_counter then (4 + m % 17) * 30 * 12 - (a % 10) * 100 end,
              a % 20 <> 0
       from (select a, (a + 1) / 2 as m, ((a + 1) / 2) % 5 = 0 as with_counter
             from generate_series(1, $1::int) a) s`,
      [AGREEMENTS],
    );
    // Each agreement's stored due day, as the migration's backfill and every write tell it.
    const due = new PgDialect().sqlToQuery(nextDueUpdate(sql`true`));
    await step('next due days', due.sql, due.params);
    for (const t of ['customers', 'contracts', 'machines', 'counters', 'service_agreements'])
      await c.query(`select setval(pg_get_serial_sequence('${t}', 'id'), (select max(id) from ${t}))`);
    await c.query('commit');
    await c.query('analyze');
    const { rows } = await c.query<Record<string, number>>(
      `select (select count(*) from service_agreements)::int as service_agreements,
              (select count(*) from service_agreements where counter_id is not null)::int as by_counter,
              (select count(*) from machines)::int as machines,
              (select count(*) from customers)::int as customers,
              (select count(*) from counter_readings)::int as counter_readings`,
    );
    const counts = rows[0]!;
    await c.query('create table bench_meta (key text primary key, value jsonb not null)');
    await c.query("insert into bench_meta values ('complete', $1)", [JSON.stringify(counts)]);
    return counts;
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}

/** The database of 100,000 agreements: reused when complete, else built (older builds dropped). */
export async function ensureAgreementsDatabase(log: (line: string) => void = () => {}) {
  const t0 = performance.now();
  const name = databaseName();
  const url = databaseUrl(name);
  if ((await onAdmin('select 1 from pg_database where datname = $1', [name])).length) {
    const counts = await complete(url);
    if (counts) return { url, name, counts, reused: true, seconds: (performance.now() - t0) / 1000 };
  }
  const stale = await onAdmin('select datname from pg_database where datname like $1', [
    `${PREFIX.replaceAll('_', '\\_')}\\_${AGREEMENTS}\\_%`,
  ]);
  for (const s of stale as { datname: string }[])
    await onAdmin(`drop database if exists ${pg.escapeIdentifier(s.datname)} with (force)`);
  await onAdmin(`create database ${pg.escapeIdentifier(name)}`);
  log(`  building ${name}`);
  const database = await openPostgres(url);
  try {
    await seedDatabase(database.db, {
      demoData: false,
      adminEmail: 'admin@demo.test',
      adminPassword: 'Demo!2026',
      now: new Date(),
    });
    const settings = new SettingsService(database.db);
    await settings.write('licences', Object.fromEntries(LICENCE_KEYS.map((k) => [k, k === 'Contracts'])));
  } finally {
    await database.close();
  }
  const counts = await load(url, log);
  return { url, name, counts, reused: false, seconds: (performance.now() - t0) / 1000 };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const addDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The scenarios: the page the office opens, a year ahead, one customer, a deep page. */
const scenarios = (customerId: number): { name: string; query: Record<string, string | number> }[] => [
  { name: 'next 30 days, page 1 of 50', query: { Page: 1, ItemsPerPage: 50 } },
  { name: 'a year ahead, page 1 of 50', query: { Page: 1, ItemsPerPage: 50, ToDate: addDays(365) } },
  { name: 'one customer, a year ahead', query: { CustomerId: customerId, ToDate: addDays(365) } },
  { name: 'next 30 days, page 20 of 50', query: { Page: 20, ItemsPerPage: 50 } },
];

interface Measured {
  name: string;
  p50: number;
  p95: number;
  p99: number;
  items: number;
  total: number;
}

/** Each scenario through the service, as the route calls it; and the plans of its statements. */
async function inProcess(url: string) {
  const database = await openPostgres(url);
  const explain = new pg.Client({ connectionString: url });
  await explain.connect();
  try {
    const db = database.db;
    const settings = new SettingsService(db);
    // Listing needs none of the job-making parts: the queue only registers the task's handler.
    const svc = new NextOrderService({
      db,
      settings,
      clock: systemClock,
      jobs: null as never,
      queue: { register: () => {} } as never,
      tasks: null as never,
    });
    const caller = { user: benchUser(1), lang: 'en' };
    const { rows } = await explain.query<{ id: number }>(
      'select min(id)::int as id from customers where id > 1000000',
    );
    const measured: Measured[] = [];
    const plans: Row[] = [];
    const recorder = recordQueries((db as unknown as { $client: pg.Pool }).$client);
    for (const s of scenarios(rows[0]?.id ?? 1)) {
      const q = NextOrdersQuery.parse(s.query);
      const run = () => svc.list(caller, q);
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let last = { Content: [] as unknown[], TotalCount: 0 };
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        last = await run();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      measured.push({
        name: s.name,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        items: last.Content.length,
        total: last.TotalCount,
      });
      const statements = await recorder.during(run);
      const judged = await judgeStatements(explain, `NextOrders: ${s.name}`, statements, AGREEMENT_TABLES);
      plans.push(judged.row);
    }
    return { measured, plans };
  } finally {
    await explain.end();
    await database.close();
  }
}

/** Over HTTP at 10 connections: /healthz, then next orders' first page, on the real server. */
async function overHttp(url: string) {
  const { server } = await startServer({
    port: PORT,
    dataDir: mkdtempSync(join(tmpdir(), 'fp-bench-next-orders-')),
    databaseUrl: url,
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const token = await tokenOf(PORT, 'admin@demo.test');
    const load = async (path: string, auth: boolean) => {
      const r = await autocannon({
        url: `${base}${path}`,
        connections: 10,
        duration: HTTP_SECONDS,
        headers: auth ? { authorization: `Bearer ${token}` } : {},
      });
      const failed = r.non2xx + r.errors + r.timeouts;
      if (failed > 0) throw new Error(`${path}: ${failed} failed requests`);
      return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
    };
    const health = await load('/healthz', false);
    const next = await load('/api2/ServiceProvider/ServiceAgreement/NextOrders?Page=1&ItemsPerPage=50', true);
    return { health, next };
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** The bench's rows for run.ts: the data, each scenario in-process, over HTTP, and the plans. */
export async function nextOrderRows(log: (line: string) => void = () => {}): Promise<Row[]> {
  const built = await ensureAgreementsDatabase(log);
  const data: Row = {
    budget: 'next orders data',
    limit: '—',
    measured: `${built.reused ? 'reused' : `built in ${built.seconds.toFixed(0)} s`}: ${Object.entries(
      built.counts,
    )
      .map(([k, n]) => `${n.toLocaleString('en')} ${k.replaceAll('_', ' ')}`)
      .join(', ')}`,
    ok: null,
  };
  const { measured, plans } = await inProcess(built.url);
  const n = `${(built.counts.service_agreements ?? AGREEMENTS).toLocaleString('en')} agreements`;
  const lists: Row[] = measured.map((m) => ({
    budget: `Next orders over ${n}: ${m.name}`,
    limit: `p95 ≤ ${LIST_BUDGET.p95} ms, p99 ≤ ${LIST_BUDGET.p99} ms`,
    measured: `p50 ${m.p50.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms (${m.items} items, total ${m.total}; ${RUNS} runs)`,
    ok: m.p95 <= LIST_BUDGET.p95 && m.p99 <= LIST_BUDGET.p99,
  }));
  const http = await overHttp(built.url);
  const share = http.next.rps / http.health.rps;
  const read: Row = {
    budget: `ServiceAgreement/NextOrders (50 rows of ${n}), 10 connections, on PostgreSQL`,
    // ENGINEERING.md's share of /healthz is the budget of six named reads (the planner's and the
    // lists' hot ones, answered from the kept answers); next orders is not one of them: a reference.
    limit: 'reference',
    measured: `${http.next.rps.toFixed(0)} req/s = ${(share * 100).toFixed(1)} % of /healthz (${http.health.rps.toFixed(0)} req/s); p50 ${http.next.p50} ms, p99 ${http.next.p99} ms`,
    ok: null,
  };
  return [data, ...lists, read, ...plans];
}

if (import.meta.main) {
  console.log(`next orders bench over ${AGREEMENTS.toLocaleString('en')} service agreements`);
  const rows = await nextOrderRows(console.log);
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${verdict(r)}`);
  console.log(`(aggregates over ${COUNT_LIMIT.toLocaleString('en')} rows count as a fault)`);
}
