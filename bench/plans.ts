// node bench/plans.ts [--quick]: the query plans of the list and search calls on the large company.
// Each call runs in-process through the server's own services (as job-list.ts does); the statements
// it sends are recorded at the pool (drizzle's node-postgres session sends every query through
// db.$client, the pg Pool), then each is run again as EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) with
// the same parameters. A call fails when a plan reads a large table with a Seq Scan or aggregates
// (counts) more than 100,000 rows. queryPlans() gives rows for run.ts and the plans for the results.
//
// The server runs each parameterised statement as a named prepared statement (database.ts planOnce),
// and PostgreSQL switches such a statement to a generic plan (made without the values) after five
// runs when its estimated cost looks no dearer: so each statement is explained twice, with its values
// (the custom plan of the first runs) and as the sixth EXECUTE of a prepared statement (the plan the
// plan cache then keeps, generic or custom), and both are checked. A statement marked to be planned
// with its values (PLAN_WITH_VALUES) runs unnamed in the server, so its prepared plan is its custom one.

import { JobListFilter, MachineFilter, NEARBY_CLUSTER_ABOVE, NearbyJobsInput } from '@fieldport/contract';
import pg from 'pg';
import { openPostgres, PLAN_WITH_VALUES } from '../apps/server/src/db/database.ts';
import { systemClock } from '../apps/server/src/infra/clock.ts';
import { createGeocoder } from '../apps/server/src/infra/geocoder.ts';
import { createRouter } from '../apps/server/src/infra/router.ts';
import { contractOfMachine } from '../apps/server/src/modules/agreements/agreements.api.ts';
import { AppointmentService } from '../apps/server/src/modules/appointments/appointments.service.ts';
import { countArticles, listArticles } from '../apps/server/src/modules/articles/articles.repository.ts';
import { CustomerService } from '../apps/server/src/modules/customers/customers.service.ts';
import { JobListService } from '../apps/server/src/modules/jobs/job-list.service.ts';
import { MachineService } from '../apps/server/src/modules/machines/machines.service.ts';
import { MapService } from '../apps/server/src/modules/maps/maps.service.ts';
import { OrderLineService } from '../apps/server/src/modules/order-lines/order-lines.service.ts';
import { InvoiceService } from '../apps/server/src/modules/orders/invoice.service.ts';
import { SettingsService } from '../apps/server/src/modules/settings/settings.service.ts';
import { StoresService } from '../apps/server/src/modules/stock/stores.service.ts';
import { benchUser, jobListScenarios, pickIds } from './job-list-scenarios.ts';
import type { Row } from './row.ts';

/** Tables large enough that a Seq Scan of one per request is a fault. */
export const LARGE_TABLES = [
  'jobs',
  'customers',
  'machines',
  'addresses',
  'appointments',
  'appointment_participants',
  'users',
  'change_logs',
  'order_lines',
  'stock_movements',
];
/** An aggregate over more rows than this (of any input) counts too much per request. */
export const COUNT_LIMIT = 100_000;

export interface PlanRecord {
  call: string;
  sql: string;
  params: unknown[];
  plan: unknown;
  seqScans: string[];
  largestCount: number;
  ms: number;
  /** Its plan as a prepared statement's sixth run (null when PostgreSQL could not prepare it untyped). */
  prepared: { plan: unknown; seqScans: string[]; largestCount: number; ms: number } | null;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The Seq Scans of large tables in a plan tree, and the most rows any Aggregate took in. */
export function walkPlan(
  node: PlanNode,
  tables: readonly string[] = LARGE_TABLES,
): { seqScans: string[]; largestCount: number } {
  const seqScans: string[] = [];
  let largestCount = 0;
  const visit = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && tables.includes(n['Relation Name']))
      seqScans.push(n['Relation Name']);
    if (n['Node Type'] === 'Aggregate') {
      const input = (n.Plans ?? []).reduce(
        (sum, c) => sum + (c['Actual Rows'] ?? 0) * (c['Actual Loops'] ?? 1),
        0,
      );
      largestCount = Math.max(largestCount, input);
    }
    for (const c of n.Plans ?? []) visit(c);
  };
  visit(node);
  return { seqScans, largestCount };
}

export type Recorded = { text: string; values: unknown[] };

/** Wraps the pool's query so each statement's text and parameters are kept while `on`. */
export function recordQueries(pool: pg.Pool) {
  const seen: Recorded[] = [];
  const state = { on: false };
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (state.on) {
      const text = typeof config === 'string' ? config : (config as pg.QueryConfig).text;
      const vals = Array.isArray(values) ? values : ((config as pg.QueryConfig).values ?? []);
      seen.push({ text, values: vals });
    }
    return query(config, values, callback);
  };
  return {
    async during(run: () => Promise<unknown>): Promise<Recorded[]> {
      seen.length = 0;
      state.on = true;
      try {
        await run();
      } finally {
        state.on = false;
      }
      return [...seen];
    },
  };
}

/** Monday of the current week (UTC) and the Sunday after it, as YYYY-MM-DD. */
function thisWeek(): { date1: string; date2: string } {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  const date1 = d.toISOString().slice(0, 10);
  d.setUTCDate(d.getUTCDate() + 6);
  return { date1, date2: d.toISOString().slice(0, 10) };
}

type Explained = { 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] };

/** A parameter as the text PostgreSQL parses (as pg sends it): arrays as {…}, dates in ISO. */
function asText(v: unknown): string {
  if (Array.isArray(v))
    return `{${v.map((x) => (x === null ? 'NULL' : `"${asText(x).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)).join(',')}}`;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The plan a prepared statement runs with from its sixth run on: PREPARE, five EXECUTEs with `values`
 * (as literals), then EXPLAIN EXECUTE, which goes through the same plan cache choice.
 */
async function explainPrepared(
  client: pg.Client,
  text: string,
  values: unknown[],
  tables: readonly string[] = LARGE_TABLES,
) {
  const literal = (v: unknown) => (v === null || v === undefined ? 'null' : pg.escapeLiteral(asText(v)));
  try {
    await client.query(`prepare bench_prepared as ${text}`);
  } catch {
    return null;
  }
  try {
    const args = values.length ? `(${values.map(literal).join(', ')})` : '';
    for (let i = 0; i < 5; i++) await client.query(`execute bench_prepared${args}`);
    const { rows } = await client.query<Explained>(
      `explain (analyze, buffers, format json) execute bench_prepared${args}`,
    );
    const top = rows[0]!['QUERY PLAN'][0];
    return { plan: top, ...walkPlan(top.Plan, tables), ms: top['Execution Time'] };
  } finally {
    await client.query('deallocate bench_prepared');
  }
}

/**
 * One call's statements (as recorded) explained with their values and as a prepared statement's sixth
 * run, and judged: no Seq Scan of one of `tables`, no aggregate over more than COUNT_LIMIT rows.
 * `judged`: false for a reference row (a database too small for the plans to be meaningful).
 */
export async function judgeStatements(
  explain: pg.Client,
  call: string,
  statements: readonly Recorded[],
  tables: readonly string[],
  judged = true,
): Promise<{ row: Row; plans: PlanRecord[] }> {
  const mine: PlanRecord[] = [];
  for (const s of statements) {
    if (!/^\s*(select|with)\b/i.test(s.text)) continue;
    const { rows: out } = await explain.query<Explained>(
      `explain (analyze, buffers, format json) ${s.text}`,
      s.values,
    );
    const top = out[0]!['QUERY PLAN'][0];
    mine.push({
      call,
      sql: s.text,
      params: s.values,
      plan: top,
      ...walkPlan(top.Plan, tables),
      ms: top['Execution Time'],
      // A statement marked PLAN_WITH_VALUES runs unnamed, planned with its values every time.
      prepared: s.text.includes(PLAN_WITH_VALUES)
        ? { plan: top, ...walkPlan(top.Plan, tables), ms: top['Execution Time'] }
        : await explainPrepared(explain, s.text, s.values, tables),
    });
  }
  const judge = (ps: { seqScans: string[]; largestCount: number; ms: number }[], label: string) => {
    const seq = [...new Set(ps.flatMap((p) => p.seqScans))];
    const counted = Math.max(0, ...ps.map((p) => p.largestCount));
    const ms = ps.reduce((sum, p) => sum + p.ms, 0);
    const faults = [
      ...(seq.length ? [`Seq Scan of ${seq.join(', ')}`] : []),
      ...(counted > COUNT_LIMIT ? [`aggregates ${counted.toLocaleString('en')} rows`] : []),
    ];
    const what = faults.length ? faults.join('; ') : `largest aggregate ${counted.toLocaleString('en')} rows`;
    return { ok: faults.length === 0, text: `${label} ${ms.toFixed(1)} ms, ${what}` };
  };
  const custom = judge(mine, 'custom');
  const prepared = judge(
    mine.flatMap((p) => (p.prepared ? [p.prepared] : [])),
    'prepared',
  );
  return {
    plans: mine,
    row: {
      budget: `Plan of ${call}`,
      limit: judged
        ? `no Seq Scan of ${tables === LARGE_TABLES ? 'a large table' : tables.join(', ')}, no count over > ${COUNT_LIMIT.toLocaleString('en')} rows`
        : 'reference (judged at full size)',
      measured: `${mine.length} statements; ${custom.text}; ${prepared.text}`,
      ok: judged ? custom.ok && prepared.ok : null,
    },
  };
}

/**
 * `atFullSize`: the plans are judged only on the full company (a tenth's tables are small enough that
 * reading them whole is the planner's right choice); on a smaller one the rows are for reference.
 */
export async function queryPlans(
  url: string,
  only?: RegExp,
  atFullSize = true,
): Promise<{ rows: Row[]; plans: PlanRecord[] }> {
  const picks = await pickIds(url);
  const database = await openPostgres(url);
  const explain = new pg.Client({ connectionString: url });
  await explain.connect();
  try {
    const db = database.db;
    const recorder = recordQueries((db as unknown as { $client: pg.Pool }).$client);
    const settings = new SettingsService(db);
    const geocoder = createGeocoder(undefined);
    const jobsSvc = new JobListService({ db, settings, clock: systemClock });
    const customersSvc = new CustomerService({ db, settings, geocoder });
    // The bench only reads: no label is printed or renewed, so no label secret is needed (decision 087).
    const machinesSvc = new MachineService({
      db,
      settings,
      labelSecret: 'bench-reads-only',
      contractOf: (machineId, day) => contractOfMachine(db, machineId, day),
    });
    const appointmentsSvc = new AppointmentService({ db });
    const mapsSvc = new MapService({ db, settings, geocoder, router: createRouter(undefined) });
    const storesSvc = new StoresService({ db, settings, clock: systemClock });
    const linesSvc = new OrderLineService({ db });
    const invoiceSvc = new InvoiceService({ db });
    const { rows: partsPicks } = await explain.query<{ store: number; job: number }>(
      `select (select min(id) from stores where store_type = 1) as store,
              (select parent_job_id from order_lines order by id desc limit 1) as job`,
    );
    const parts = partsPicks[0]!;
    const admin = { user: benchUser(1), lang: 'en' };
    const partner = { user: benchUser(5, { partnerCompanyId: picks.partner }), lang: 'en' };
    const oslo = { Latitude: 59.9139, Longitude: 10.7522 };

    const calls: [string, () => Promise<unknown>][] = [
      ...jobListScenarios(picks).map((s): [string, () => Promise<unknown>] => [
        `JobList/Filtered: ${s.name}`,
        () => jobsSvc.filtered({ user: s.user, lang: 'en' }, JobListFilter.parse(s.filter)),
      ]),
      ['JobStatus/GetAll counts (admin)', () => jobsSvc.statusesWithCounts(admin)],
      ['JobStatus/GetAll counts (partner)', () => jobsSvc.statusesWithCounts(partner)],
      ['customer/Filtered, page 1', () => customersSvc.filtered(admin, { Page: 1, ItemsPerPage: 50 })],
      ['customer/Filtered, page 100', () => customersSvc.filtered(admin, { Page: 100, ItemsPerPage: 50 })],
      [
        "customer/Filtered, search 'Fjord'",
        () => customersSvc.filtered(admin, { Page: 1, ItemsPerPage: 50, SearchWord: 'Fjord' }),
      ],
      ['customer/search, a customer name', () => customersSvc.search(admin, picks.namedCustomer, 20)],
      ['customer/Filtered (partner)', () => customersSvc.filtered(partner, { Page: 1, ItemsPerPage: 50 })],
      [
        'machine/Filtered, page 1',
        () => machinesSvc.filtered(admin, MachineFilter.parse({ Page: 1, ItemsPerPage: 50 })),
      ],
      [
        "machine/Filtered, search 'Boiler'",
        () =>
          machinesSvc.filtered(
            admin,
            MachineFilter.parse({ Page: 1, ItemsPerPage: 50, SearchWord: 'Boiler' }),
          ),
      ],
      [
        'machine/Filtered, largest customer',
        () =>
          machinesSvc.filtered(
            admin,
            MachineFilter.parse({ Page: 1, ItemsPerPage: 50, CustomerId: picks.largestCustomer }),
          ),
      ],
      [
        'machine/search, a serial number',
        () =>
          machinesSvc.search(admin, {
            searchQuery: `SN${picks.busyMachine.id}`,
            IncludeInactive: false,
            limit: 20,
          }),
      ],
      ['Scheduler/DateRange, this week', () => appointmentsSvc.scheduler(admin, thisWeek())],
      // The article list's two statements (its service also handles the multipart uploads, which the
      // bench's build leaves out): a page and its bounded count, alone and with a word.
      [
        'Article/Filtered, page 1',
        () => Promise.all([listArticles(db, {}, { limit: 50, offset: 0 }), countArticles(db, {}, 10_000)]),
      ],
      [
        "Article/Filtered, search 'filter'",
        () =>
          Promise.all([
            listArticles(db, { word: 'filter' }, { limit: 50, offset: 0 }),
            countArticles(db, { word: 'filter' }, 10_000),
          ]),
      ],
      [
        'Store/StoreArticles, a store',
        () => storesSvc.storeArticles(admin, parts.store, { Page: 1, ItemsPerPage: 50 }),
      ],
      [
        'Inventory/Movements, a store',
        () =>
          storesSvc.movements('en', {
            onlyLockedLines: false,
            StoreId: parts.store,
            Page: 1,
            ItemsPerPage: 50,
          }),
      ],
      ['orderdetail/jobview, a job with lines', () => linesSvc.jobView(admin, parts.job)],
      ['invoice/{jobId}, a job with lines', () => invoiceSvc.invoice(admin, parts.job)],
      [
        'maps/NearbyJobs, 20 km of Oslo, open statuses',
        () =>
          mapsSvc.nearby(
            admin,
            NearbyJobsInput.parse({
              Origin: oslo,
              Radius: 20_000,
              JobListFilter: { JobStatusIdList: [10, 20, 30, 40] },
            }),
          ),
      ],
      [
        "maps/NearbyJobs, 20 km of Oslo, open statuses, as the web's map asks (cells above 500 jobs)",
        () =>
          mapsSvc.nearby(
            admin,
            NearbyJobsInput.parse({
              Origin: oslo,
              Radius: 20_000,
              JobListFilter: { JobStatusIdList: [10, 20, 30, 40] },
              ClusterAbove: NEARBY_CLUSTER_ABOVE,
            }),
          ),
      ],
      [
        'maps/NearbyJobs, 20 km of Oslo, all statuses',
        () => mapsSvc.nearby(admin, NearbyJobsInput.parse({ Origin: oslo, Radius: 20_000 })),
      ],
    ];

    const plans: PlanRecord[] = [];
    const rows: Row[] = [];
    for (const [call, run] of calls) {
      if (only && !only.test(call)) continue;
      await run(); // warm the services' caches (settings, lookups): their reads are not per request
      const statements = await recorder.during(run);
      const judged = await judgeStatements(explain, call, statements, LARGE_TABLES, atFullSize);
      plans.push(...judged.plans);
      rows.push(judged.row);
    }
    return { rows, plans };
  } finally {
    await explain.end();
    await database.close();
  }
}

if (import.meta.main) {
  const { writeFileSync } = await import('node:fs');
  const { ensureLargeCompany } = await import('./large-company.ts');
  const company = await ensureLargeCompany({ quick: process.argv.includes('--quick'), log: console.log });
  const { rows, plans } = await queryPlans(company.url, undefined, company.size.tag === 'full');
  for (const r of rows) console.log(`${r.ok ? '  ok ' : '  ✗  '} ${r.budget.padEnd(70)} ${r.measured}`);
  const out = process.env.BENCH_PLANS_OUT ?? `/tmp/fp-plans-${company.name}.json`;
  writeFileSync(out, JSON.stringify(plans, null, 2));
  console.log(`plans written to ${out}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
}
