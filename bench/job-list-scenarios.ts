// The job list calls both the job list bench (job-list.ts, timed) and the query plans (plans.ts,
// EXPLAIN) make on the large company: typical filters of each user type, the customer and machine
// tabs of the largest, a median and a busy one, the planner's 999 a page, and searches.
import type { JobListFilter, UserTypeId } from '@fieldport/contract';
import pg from 'pg';
import type { AuthUser } from '../apps/server/src/modules/common/caller.ts';

export const benchUser = (userTypeId: UserTypeId, extra: Partial<AuthUser> = {}): AuthUser => ({
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

export type Scenario = { name: string; user: AuthUser; filter: Parameters<typeof JobListFilter.parse>[0] };

/** The ids the scenarios name, read from the data (one grouping over the jobs each, once a run). */
export interface Picks {
  largestCustomer: number;
  medianCustomer: number;
  /** A customer with about a thousand jobs, searched by its name. */
  namedCustomer: string;
  /** The machine whose sub-job count is nearest 3,500 (at --quick the busiest), and its count. */
  busyMachine: { id: number; n: number };
  medianMachine: number;
  partner: number;
  /** An order id from the middle of the parent jobs. */
  orderId: string;
}

export async function pickIds(url: string): Promise<Picks> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async <T extends pg.QueryResultRow>(text: string) => (await c.query<T>(text)).rows[0]!;
  try {
    await c.query(`create temporary table per_customer as
      select customer_id id, count(*)::int n from jobs where parent_id is null group by 1`);
    await c.query(`create temporary table per_machine as
      select machine_id id, count(*)::int n from jobs where machine_id is not null group by 1`);
    const largest = await one<{ id: number }>('select id from per_customer order by n desc, id limit 1');
    const median = await one<{ id: number }>(
      'select id from per_customer order by n, id limit 1 offset (select count(*) / 2 from per_customer)',
    );
    const named = await one<{ name: string }>(
      `select c.name from per_customer p join customers c on c.id = p.id order by abs(p.n - 1000), p.id limit 1`,
    );
    const busy = await one<{ id: number; n: number }>(
      'select id, n from per_machine order by abs(n - 3500), id limit 1',
    );
    const medianMachine = await one<{ id: number }>(
      'select id from per_machine order by n, id limit 1 offset (select count(*) / 2 from per_machine)',
    );
    const partner = await one<{ id: number }>(
      `select partner_company_id id from customers where partner_company_id is not null
        group by 1 order by count(*) desc, 1 limit 1`,
    );
    const order = await one<{ order_id: string }>(
      `select order_id from jobs where parent_id is null and order_id is not null order by id
        limit 1 offset (select count(*) / 2 from jobs where parent_id is null)`,
    );
    return {
      largestCustomer: largest.id,
      medianCustomer: median.id,
      namedCustomer: named.name,
      busyMachine: busy,
      medianMachine: medianMachine.id,
      partner: partner.id,
      orderId: order.order_id,
    };
  } finally {
    await c.end();
  }
}

export function jobListScenarios(p: Picks): Scenario[] {
  const admin = benchUser(1);
  const partner = benchUser(5, { partnerCompanyId: p.partner });
  return [
    { name: 'all jobs (admin), page 1', user: admin, filter: { ItemsPerPage: 50 } },
    { name: 'status 10, 50 a page', user: admin, filter: { ItemsPerPage: 50, JobStatusIdList: [10] } },
    { name: 'status 10, 200 a page', user: admin, filter: { ItemsPerPage: 200, JobStatusIdList: [10] } },
    {
      name: "planner's 999 a page: status 10, no sub-status",
      user: benchUser(2),
      filter: { ItemsPerPage: 999, JobStatusIdList: [10], JobSubStatusIdList: [null] },
    },
    {
      name: 'open statuses 10–40, department 1',
      user: admin,
      filter: { ItemsPerPage: 50, JobStatusIdList: [10, 20, 30, 40], OrderDepartmentIdList: [1] },
    },
    {
      name: 'status 10, sub-status 2',
      user: admin,
      filter: { ItemsPerPage: 50, JobStatusIdList: [10], JobSubStatusIdList: [2] },
    },
    {
      name: 'type repair, priority critical/high',
      user: admin,
      filter: { ItemsPerPage: 50, JobTypeIdList: [2], JobPriorityIdList: [1, 2] },
    },
    {
      name: 'customer tab, largest customer',
      user: admin,
      filter: { ItemsPerPage: 50, CustomerId: p.largestCustomer },
    },
    {
      name: 'customer tab, median customer',
      user: admin,
      filter: { ItemsPerPage: 50, CustomerId: p.medianCustomer },
    },
    {
      name: 'machine tab, median machine',
      user: admin,
      filter: { ItemsPerPage: 50, MachineId: p.medianMachine },
    },
    {
      name: `machine tab, a machine's ${p.busyMachine.n.toLocaleString('en')} jobs`,
      user: admin,
      filter: { ItemsPerPage: 50, MachineId: p.busyMachine.id },
    },
    {
      name: 'customer user (largest customer)',
      user: benchUser(4, { customerId: p.largestCustomer }),
      filter: { ItemsPerPage: 50 },
    },
    { name: 'partner, status 10', user: partner, filter: { ItemsPerPage: 50, JobStatusIdList: [10] } },
    { name: 'partner, all jobs', user: partner, filter: { ItemsPerPage: 50 } },
    {
      name: 'status 100, page 20',
      user: admin,
      filter: { ItemsPerPage: 50, Page: 20, JobStatusIdList: [100] },
    },
    { name: 'search: order id', user: admin, filter: { ItemsPerPage: 100, SearchWord: p.orderId } },
    {
      name: 'search: customer name',
      user: admin,
      filter: { ItemsPerPage: 100, SearchWord: p.namedCustomer },
    },
    {
      name: 'search: a common word, open statuses 10–40',
      user: admin,
      filter: { ItemsPerPage: 100, SearchWord: 'boilers', JobStatusIdList: [10, 20, 30, 40] },
    },
  ];
}
