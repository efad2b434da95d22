// node bench/job-list.ts: the job list filter over 1,000,000 jobs on PostgreSQL (ENGINEERING.md budget:
// p95 ≤ 20 ms, p99 ≤ 30 ms, no count(*) over the whole table). Creates a throwaway database on the
// local PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), runs
// the migrations, bulk-inserts 1,000,000 parent jobs (and 1,500,000 machine sub-jobs) with
// generate_series, then calls the job service's list for typical filters 200 times each and prints
// p50/p95/p99. The database is dropped at the end (--keep leaves it for EXPLAIN). Exits non-zero
// when a filter misses the budget.
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { JobListFilter, type UserTypeId } from '@fieldport/contract';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/database.ts';
import type { AuthUser } from '../apps/server/src/http/context.ts';
import { systemClock } from '../apps/server/src/infra/clock.ts';
import { JobService } from '../apps/server/src/modules/jobs/jobs.service.ts';
import { SettingsService } from '../apps/server/src/modules/settings/settings.service.ts';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.ts';

const JOBS = Number(process.env.BENCH_JOBS ?? 1_000_000);
const CUSTOMERS = 5_000;
const MACHINES_PER_CUSTOMER = 4;
const PARTNERS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const BUDGET = { p95: 20, p99: 30 };
const keep = process.argv.includes('--keep');
/** --reuse=<database name>: measure a database kept by an earlier --keep run (no insert, no drop). */
const reuse = process.argv.find((a) => a.startsWith('--reuse='))?.slice('--reuse='.length);

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = reuse ?? `fp_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;

async function admin(query: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(query);
  } finally {
    await c.end();
  }
}

const elapsed = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;

/** The company: departments, partner companies, customers with one address and four machines each. */
const COMPANY_SQL = `
insert into departments (id, name) values (1, 'Service Oslo'), (2, 'Service Bergen'), (3, 'Workshop');
insert into partner_companies (name) select 'Partner ' || g from generate_series(1, ${PARTNERS}) g;
insert into customers (customer_number, name, partner_company_id)
  select 'B' || g,
         (array['Fjord','Berg','Vik','Dal','Strand','Lund','Holm','Nes','Sand','Nord'])[1 + g % 10]
           || ' ' || (array['Mekaniske','Industri','Bygg','Transport','Energi','Marine'])[1 + (g / 10) % 6]
           || ' ' || g || ' AS',
         case when g % 10 < 3 then 1 + g % ${PARTNERS} end
  from generate_series(1, ${CUSTOMERS}) g;
insert into addresses (customer_id, name, street, zip, city, country)
  select id, 'Main site', 'Industriveien ' || id, lpad((id % 9000 + 1000)::text, 4, '0'),
         (array['Oslo','Bergen','Trondheim','Stavanger','Göteborg','Malmö'])[1 + id % 6], 'Norway'
  from customers order by id;
update customers c set default_delivery_address_id = a.id from addresses a where a.customer_id = c.id;
insert into machines (name, serial_number, customer_id, delivery_address_id, partner_company_id)
  select (array['Compressor GA 30','Forklift E25','Pump NK 80','Boiler CW 200','Generator P110'])[1 + g % 5],
         'SN' || g, c.id, c.default_delivery_address_id, c.partner_company_id
  from generate_series(0, ${CUSTOMERS * MACHINES_PER_CUSTOMER - 1}) g
  join customers c on c.id = 1 + g % ${CUSTOMERS}
  order by g;
`;

/**
 * Parent jobs over ten years, oldest first. The newest 3 % are open (10–60) as in a working company;
 * older ones are mostly closed or approved, with 2 % left open. Customers are skewed: the first ones
 * have thousands of jobs, most a hundred or so.
 */
const JOBS_SQL = `
insert into jobs (order_id, display_name, job_status_id, job_sub_status_id, job_type_id, job_priority_id,
                  customer_id, contact_person_id, delivery_address_id, order_department_id,
                  first_line_comment, created_at, updated_at)
select case when t = 3 then null when r3 < 0.005 then 'X' || g else (10000 + g)::text end,
       (array['Annual service','Fault finding','Spare parts order','Installation and commissioning',
              'Statutory inspection'])[t] || ' – ' ||
         (array['compressors','forklifts','pumps','boilers','generators'])[1 + g % 5],
       s,
       case when s <= 60 and r2 < 0.5 then
         case s when 10 then 1 + g % 2 when 20 then 3 + g % 2 when 30 then 5 + g % 2
                when 40 then 7 + g % 2 when 50 then 9 else 10 end end,
       t,
       case when r2 < 0.05 then 1 when r2 < 0.2 then 2 when r2 < 0.8 then 3 else 4 end,
       c, null, c, case when g % 10 = 0 then null else 1 + g % 3 end,
       case when g % 2 = 0 then '' else
         (array['Customer called, contact the site manager on arrival','Machine is critical for production',
                'Key at the reception, open 07–15','Safety shoes and helmet required on site'])[1 + g % 4] end,
       ts, ts
from (
  select g,
         now() - (${JOBS} - g) * interval '5 minutes' + (g % 240) * interval '1 second' as ts,
         1 + least(${CUSTOMERS} - 1, floor(${CUSTOMERS} * power(r1, 2))::int) as c,
         case when r4 < 0.4 then 1 when r4 < 0.7 then 2 when r4 < 0.8 then 3 when r4 < 0.9 then 4 else 5 end as t,
         case
           when g > ${JOBS} * 0.97 or r2 < 0.02 then
             (array[10,10,10,20,20,30,40,50,60,60])[1 + floor(r3 * 10)::int]
           when r3 < 0.80 then 100
           when r3 < 0.97 then 70
           else 110 end as s,
         r2, r3
  from (select g, random() r1, random() r2, random() r3, random() r4
        from generate_series(1, ${JOBS}) g) raw
) j
order by g;
`;

/** One or two machine sub-jobs per parent, on machines of the job's customer; 2 % deleted (110). */
const SUB_JOBS_SQL = `
insert into jobs (parent_id, order_id, display_name, job_status_id, job_type_id, job_priority_id, customer_id,
                  delivery_address_id, order_department_id, machine_id, customer_comment, created_at, updated_at)
select p.id, case when p.order_id is null then null else p.order_id || 'L' || k end, m.name,
       case when random() < 0.02 then 110 else p.job_status_id end,
       p.job_type_id, p.job_priority_id, p.customer_id, p.delivery_address_id, p.order_department_id, m.id,
       (array['Service according to agreement','Makes a loud noise','Leaks oil','Does not start'])[1 + (p.id + k) % 4],
       p.created_at, p.created_at
from jobs p
cross join lateral generate_series(1, 1 + p.id % 2) k
join machines m on m.id = p.customer_id + ${CUSTOMERS} * ((p.id + k) % ${MACHINES_PER_CUSTOMER})
where p.parent_id is null
order by p.id, k;
`;

const user = (userTypeId: UserTypeId, extra: Partial<AuthUser> = {}): AuthUser => ({
  id: 1,
  name: 'Bench',
  email: 'bench@example.test',
  logonName: 'bench',
  userTypeId,
  customerId: null,
  partnerCompanyId: null,
  departmentId: null,
  uiculture: 'en',
  ...extra,
});

type Scenario = { name: string; user: AuthUser; filter: Parameters<typeof JobListFilter.parse>[0] };

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main() {
  console.log(
    `job list bench: ${reuse ? 'reusing' : JOBS.toLocaleString('en')} jobs in ${name} on ${url.host}`,
  );
  if (!reuse) await admin(`create database ${name}`);
  const database = await openPostgres(url.toString());
  try {
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    if (!reuse) {
      let t0 = performance.now();
      await ensureReferenceData(database.db);
      await c.query(COMPANY_SQL);
      await c.query(JOBS_SQL);
      console.log(`  ${JOBS.toLocaleString('en')} parent jobs inserted in ${elapsed(t0)}`);
      t0 = performance.now();
      await c.query(SUB_JOBS_SQL);
      await c.query('vacuum analyze');
      console.log(`  sub-jobs inserted, vacuum analyze: ${elapsed(t0)}`);
    }
    const { rows } = await c.query<{ parents: string; subs: string }>(
      'select count(*) filter (where parent_id is null) parents, count(*) filter (where parent_id is not null) subs from jobs',
    );
    console.log(
      `  ${Number(rows[0]?.parents).toLocaleString('en')} parent jobs, ${Number(rows[0]?.subs).toLocaleString('en')} sub-jobs`,
    );
    const big = 1;
    const { rows: med } = await c.query<{ id: number }>(
      `select customer_id id from jobs where parent_id is null group by customer_id order by count(*) limit 1 offset ${CUSTOMERS / 2}`,
    );
    const { rows: partner } = await c.query<{ id: number }>(
      'select partner_company_id id from customers where partner_company_id is not null group by 1 order by count(*) desc limit 1',
    );
    // A customer with about a thousand jobs, searched by its name; an order id from the middle.
    const { rows: named } = await c.query<{ name: string }>('select name from customers where id = 40');
    const { rows: order } = await c.query<{ order_id: string }>(
      `select order_id from jobs where parent_id is null and order_id is not null order by id limit 1 offset ${Math.floor(JOBS / 2)}`,
    );
    const { rows: version } = await c.query<{ v: string }>("select current_setting('server_version') as v");
    const pgVersion = version[0]?.v ?? '?';
    const { rows: machineJobs } = await c.query<{ id: number; n: number }>(
      `select machine_id id, count(*)::int n from jobs where parent_id is not null and machine_id in (1, ${CUSTOMERS / 2})
        group by 1 order by 1`,
    );
    await c.end();
    const busiest = machineJobs[0]?.n ?? 0;
    const medianMachine = CUSTOMERS / 2;
    const median = med[0]?.id ?? 2;
    const partnerId = partner[0]?.id ?? 1;

    const admin1 = user(1);
    const scenarios: Scenario[] = [
      { name: 'all jobs (admin), page 1', user: admin1, filter: { ItemsPerPage: 50 } },
      { name: 'status 10, 50 a page', user: admin1, filter: { ItemsPerPage: 50, JobStatusIdList: [10] } },
      {
        name: 'status 10, 200 a page',
        user: admin1,
        filter: { ItemsPerPage: 200, JobStatusIdList: [10] },
      },
      {
        name: 'planner: status 10, 999 a page',
        user: user(2),
        filter: { ItemsPerPage: 999, JobStatusIdList: [10], JobSubStatusIdList: [null] },
      },
      {
        name: 'open statuses 10–40, department 1',
        user: admin1,
        filter: { ItemsPerPage: 50, JobStatusIdList: [10, 20, 30, 40], OrderDepartmentIdList: [1] },
      },
      {
        name: 'status 10, sub-status 2',
        user: admin1,
        filter: { ItemsPerPage: 50, JobStatusIdList: [10], JobSubStatusIdList: [2] },
      },
      {
        name: 'type repair, priority critical/high',
        user: admin1,
        filter: { ItemsPerPage: 50, JobTypeIdList: [2], JobPriorityIdList: [1, 2] },
      },
      {
        name: 'customer tab, largest customer',
        user: admin1,
        filter: { ItemsPerPage: 50, CustomerId: big },
      },
      {
        name: 'customer tab, median customer',
        user: admin1,
        filter: { ItemsPerPage: 50, CustomerId: median },
      },
      {
        name: 'machine tab, typical machine',
        user: admin1,
        filter: { ItemsPerPage: 50, MachineId: medianMachine },
      },
      {
        name: `machine tab, one machine's ${busiest.toLocaleString('en')} jobs`,
        user: admin1,
        filter: { ItemsPerPage: 50, MachineId: big },
      },
      {
        name: 'customer user (largest customer)',
        user: user(4, { customerId: big }),
        filter: { ItemsPerPage: 50 },
      },
      {
        name: 'partner, status 10',
        user: user(5, { partnerCompanyId: partnerId }),
        filter: { ItemsPerPage: 50, JobStatusIdList: [10] },
      },
      {
        name: 'partner, all jobs',
        user: user(5, { partnerCompanyId: partnerId }),
        filter: { ItemsPerPage: 50 },
      },
      {
        name: 'status 100, page 20',
        user: admin1,
        filter: { ItemsPerPage: 50, Page: 20, JobStatusIdList: [100] },
      },
      {
        name: 'search: order id',
        user: admin1,
        filter: { ItemsPerPage: 100, SearchWord: order[0]?.order_id ?? '10001' },
      },
      {
        name: 'search: customer name',
        user: admin1,
        filter: { ItemsPerPage: 100, SearchWord: named[0]?.name ?? 'Fjord' },
      },
      {
        name: 'search: a common word, open statuses 10–40',
        user: admin1,
        filter: { ItemsPerPage: 100, SearchWord: 'boilers', JobStatusIdList: [10, 20, 30, 40] },
      },
    ];

    const svc = new JobService({
      db: database.db,
      settings: new SettingsService(database.db),
      clock: systemClock,
    });
    const results: { name: string; p50: number; p95: number; p99: number; items: number; total: string }[] =
      [];
    const measure = async (label: string, run: () => Promise<{ items: number; total: string }>) => {
      for (let i = 0; i < WARMUP; i++) await run();
      const times: number[] = [];
      let last = { items: 0, total: '' };
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        last = await run();
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      results.push({
        name: label,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
        ...last,
      });
    };
    for (const s of scenarios) {
      const filter = JobListFilter.parse(s.filter);
      await measure(s.name, async () => {
        const page = await svc.filtered({ user: s.user, lang: 'en' }, filter);
        return {
          items: page.Content.length,
          total: `${page.TotalCount}${page.TotalCountCapped ? '+' : ''}`,
        };
      });
    }
    const listed = results.length;
    await measure('JobStatus/GetAll (admin)', async () => {
      const all = await svc.statusesWithCounts({ user: admin1, lang: 'en' });
      return { items: all.length, total: '' };
    });
    await measure('JobStatus/GetAll (partner)', async () => {
      const all = await svc.statusesWithCounts({
        user: user(5, { partnerCompanyId: partnerId }),
        lang: 'en',
      });
      return { items: all.length, total: '' };
    });

    const pad = (s: string, n: number) => s.padEnd(n);
    const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);
    console.log(
      `\n  ${pad('filter', 44)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}  items  total`,
    );
    let ok = true;
    results.forEach((r, i) => {
      const budgeted = i < listed;
      const miss = budgeted && (r.p95 > BUDGET.p95 || r.p99 > BUDGET.p99);
      if (miss) ok = false;
      console.log(
        `  ${pad(r.name, 44)}${ms(r.p50)}${ms(r.p95)}${ms(r.p99)}  ${String(r.items).padStart(5)}  ${r.total}${miss ? '  ✗ over budget' : ''}`,
      );
    });
    const all = results.slice(0, listed);
    const load = loadavg()
      .map((n) => n.toFixed(2))
      .join(' ');
    console.log(
      `\n  ${availableParallelism()} CPUs, load average ${load} at the end; PostgreSQL ${pgVersion}`,
    );
    console.log(
      `  worst p95 ${Math.max(...all.map((r) => r.p95)).toFixed(1)} ms (budget ${BUDGET.p95}), worst p99 ${Math.max(...all.map((r) => r.p99)).toFixed(1)} ms (budget ${BUDGET.p99}); ${RUNS} runs each after ${WARMUP} warm-up runs`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await database.close();
    if (keep || reuse) console.log(`  kept database ${name}: ${url}`);
    else await admin(`drop database if exists ${name} with (force)`);
  }
}

await main();
