import type { LiveChangeEvent } from '@fieldport/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { documentKeys } from '../../components/documents/api.ts';
import { userKeys } from '../../components/user-accounts/api.ts';
import { adminKeys } from '../admin/api/admin.ts';
import { agreementKeys } from '../agreements/api/agreements.ts';
import { counterKeys } from '../counters/api/counters.ts';
import { customerKeys } from '../customers/api/customers.ts';
import { dashboardKeys } from '../dashboard/api.ts';
import { jobViewKeys } from '../jobs/api/job-view.ts';
import { jobKeys } from '../jobs/api/jobs.ts';
import { orderKeys } from '../jobs/api/parts.ts';
import { statusGroupKeys } from '../jobs/work-queue/api.ts';
import { machineKeys } from '../machines/api/machines.ts';
import { pimKeys } from '../machines/api/pim.ts';
import { departmentKeys } from '../org/api/departments.ts';
import { plannerKeys } from '../planner/api.ts';
import { jobPanelKeys } from '../planner/components/job-list/api.ts';
import { stockKeys } from '../stock/api/stock.ts';
import { taskKeys } from '../tasks/api.ts';
import { todayKeys } from '../today/api.ts';
import {
  CONFIG_REFRESHES,
  filtersOf,
  JOB_LIST_DEBOUNCE_MS,
  MAP_MARKERS_DEBOUNCE_MS,
  refreshesFor,
} from './invalidation.ts';

const event = (Entity: string, EntityId: string, extra: object = {}): LiveChangeEvent => ({
  Sequence: 1,
  Entity,
  EntityId,
  ChangeType: 'Change',
  ...extra,
});

/** Which of these cached queries an event makes stale, as the query cache itself matches prefixes. */
function staleAfter(e: LiveChangeEvent | 'config', keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  for (const r of e === 'config' ? CONFIG_REFRESHES : refreshesFor(e))
    void client.invalidateQueries({ ...filtersOf(r), refetchType: 'none' });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

/** A search dropdown's key (SearchDropdown.tsx: instance, word, prepended ids, page size). */
const dropdown = ['search-dropdown', ':r1:', '', [], 100];
const jobList = jobKeys.list({ JobStatusIdList: [10] });
const customerJobsTab = jobKeys.list({ CustomerId: 7 } as never);
const machineJobsTab = jobKeys.list({ MachineId: 3 } as never);

describe('live change events → stale queries (one table)', () => {
  it("a customer change refreshes the customer list and view, the search dropdowns and machines' rows", () => {
    const keys = [
      customerKeys.list(''),
      customerKeys.detail(7),
      customerKeys.addresses(7),
      ['search-dropdown', 'customer', 7],
      machineKeys.list({} as never),
      machineKeys.detail(3),
      jobKeys.job(1),
    ];
    expect(staleAfter(event('customer', '7'), keys)).toEqual(keys.slice(0, 5));
  });

  it("a machine change refreshes machine lists and views and a customer's machines tab", () => {
    const keys = [
      machineKeys.list({} as never),
      machineKeys.detail(3),
      customerKeys.machines(7, ''),
      customerKeys.detail(7),
    ];
    expect(staleAfter(event('machine', '3'), keys)).toEqual(keys.slice(0, 3));
  });

  it('a job change refreshes that job at once and the job list after 700 ms', () => {
    const refreshes = refreshesFor(event('job', '5', { JobId: 5 }));
    expect(refreshes).toContainEqual({ key: jobKeys.job(5) });
    expect(refreshes).toContainEqual({ key: ['jobs', 'list'], debounceMs: JOB_LIST_DEBOUNCE_MS });
    // The Jobs menu's status counts follow the lists (work queue).
    expect(refreshes).toContainEqual({ key: statusGroupKeys.all, debounceMs: JOB_LIST_DEBOUNCE_MS });
    expect(
      staleAfter(event('job', '5', { JobId: 5 }), [jobKeys.job(5), jobKeys.job(6), jobKeys.history(5)]),
    ).toEqual([jobKeys.job(5), jobKeys.history(5)]);
  });

  it('a job change refreshes that job’s checklists and KPIs; a template change the templates', () => {
    const refreshes = refreshesFor(event('job', '5', { JobId: 5 }));
    expect(refreshes).toContainEqual({ key: ['jobs', 'checklists', 5] });
    expect(refreshes).toContainEqual({ key: ['jobs', 'kpi', 5] });
    expect(refreshesFor(event('checklistTemplate', '3', {}))).toContainEqual({
      key: ['checklists', 'templates'],
    });
  });

  it('an appointment made, moved or removed refreshes the KPIs on show and the dashboard’s month', () => {
    // The job view of job 5 shows its KPIs; its appointment may be on machine sub-job 6.
    const kpis = [
      ['jobs', 'kpi', 5],
      ['jobs', 'kpi', 5, 'options'],
    ];
    for (const changeType of ['New', 'Change', 'Delete'] as const)
      expect(
        staleAfter(event('appointment', '40', { JobId: 6, ChangeType: changeType }), [
          ...kpis,
          [...dashboardKeys.all, 'kpi'],
        ]),
      ).toEqual([...kpis, [...dashboardKeys.all, 'kpi']]);
  });

  it("an order change refreshes the parts and invoice tabs' reads; a job change its own order's", () => {
    const order5 = [
      orderKeys.parts(5),
      orderKeys.time(5),
      orderKeys.invoice(5),
      orderKeys.total(5),
      orderKeys.options(5),
    ];
    const order6 = [orderKeys.invoice(6)];
    expect(staleAfter(event('order', '5', { JobId: 5 }), [...order5, ...order6, jobKeys.history(5)])).toEqual(
      [...order5, ...order6],
    );
    expect(staleAfter(event('job', '5', { JobId: 5 }), [...order5, ...order6])).toEqual(order5);
  });

  it("an appointment change refreshes its job and the dashboard; an absence's the dashboard and the planner only", () => {
    expect(
      staleAfter(event('appointment', '9', { JobId: 5 }), [
        jobKeys.job(5),
        jobKeys.job(6),
        dashboardKeys.home,
      ]),
    ).toEqual([jobKeys.job(5), dashboardKeys.home]);
    expect(refreshesFor(event('appointment', '9', { JobId: null })).map((r) => r.key)).toEqual([
      ['planner', 'range'],
      ['planner', 'map', 'route'],
      ['planner', 'travel'],
      dashboardKeys.all,
    ]);
  });

  it("a technician's Today follows its appointments, their jobs and customers; an absence is no visit", () => {
    const keys = [todayKeys.visits('2026-11-24', '2026-11-27'), todayKeys.job(5)];
    for (const e of [
      event('appointment', '9', { JobId: 5 }),
      event('job', '5', { JobId: 5 }),
      event('customer', '4'),
    ])
      expect(staleAfter(e, keys)).toEqual(keys);
    expect(staleAfter(event('appointment', '9', { JobId: null }), keys)).toEqual([]);
  });

  it("a customer's change (its addresses are raised as it) reads the planner's drives, markers and routes again", () => {
    const keys = [
      plannerKeys.travel('2026-03-02', '2026-03-02'),
      ['planner', 'map', 'nearby', { Origin: { Longitude: 10, Latitude: 59 }, Radius: 5 }, [20]],
      ['planner', 'map', 'route', 4, '2026-03-02'],
    ];
    expect(staleAfter(event('customer', '4'), keys)).toEqual(keys);
    expect(
      refreshesFor(event('customer', '4'))
        .filter((r) => r.key[0] === 'planner')
        .map((r) => r.debounceMs),
    ).toEqual([MAP_MARKERS_DEBOUNCE_MS, MAP_MARKERS_DEBOUNCE_MS, MAP_MARKERS_DEBOUNCE_MS]);
  });

  it("an appointment change reads the planner's drives again after a quiet spell", () => {
    const travel = plannerKeys.travel('2026-03-02', '2026-03-02');
    expect(staleAfter(event('appointment', '9', { JobId: 5 }), [travel])).toEqual([travel]);
    expect(refreshesFor(event('appointment', '9', { JobId: 5 }))).toContainEqual({
      key: ['planner', 'travel'],
      debounceMs: MAP_MARKERS_DEBOUNCE_MS,
    });
  });

  it("appointments and jobs make the planner's ranges no planner shows stale (a shown one merges them itself); users and departments its rows", () => {
    const range = plannerKeys.range('2026-03-02', '2026-03-02');
    const keys = [range, plannerKeys.resources, plannerKeys.departments];
    expect(staleAfter(event('appointment', '9', { JobId: 5 }), keys)).toEqual([range]);
    expect(staleAfter(event('appointment', '9', { JobId: null }), keys)).toEqual([range]);
    expect(staleAfter(event('job', '5', { JobId: 5 }), keys)).toEqual([range]);
    expect(staleAfter(event('user', '4'), keys)).toEqual([plannerKeys.resources]);
    expect(staleAfter(event('department', '2'), keys)).toEqual([plannerKeys.departments]);
    for (const e of [event('appointment', '9', { JobId: 5 }), event('job', '5', { JobId: 5 })])
      expect(refreshesFor(e).find((r) => r.key[1] === 'range')).toEqual({
        key: ['planner', 'range'],
        unshown: true,
      });
  });

  it("a job change reads the planner's job panel after 700 ms and its map markers after 500 ms", () => {
    const refreshes = refreshesFor(event('job', '5', { JobId: 5 }));
    expect(refreshes).toContainEqual({ key: ['planner', 'jobs'], debounceMs: JOB_LIST_DEBOUNCE_MS });
    const markers = refreshes.find((r) => r.debounceMs === MAP_MARKERS_DEBOUNCE_MS);
    expect(MAP_MARKERS_DEBOUNCE_MS).toBe(500);
    const shown = ['planner', 'map', 'nearby', { Origin: { Longitude: 10, Latitude: 59 }, Radius: 5 }, [20]];
    const client = new QueryClient();
    for (const key of [shown, ['planner', 'map', 'statuses']]) client.setQueryData(key, []);
    void client.invalidateQueries({ ...filtersOf(markers as never), refetchType: 'none' });
    expect(client.getQueryState(shown)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['planner', 'map', 'statuses'])?.isInvalidated).toBe(false);
  });

  it("an appointment change, an absence's too, redraws the map's day routes after 500 ms", () => {
    const route = ['planner', 'map', 'route', 4, '2026-11-24'];
    for (const e of [event('appointment', '9', { JobId: 5 }), event('appointment', '10')]) {
      const refresh = refreshesFor(e).find((r) => filtersOf(r).queryKey?.[2] === 'route');
      expect(refresh?.debounceMs).toBe(MAP_MARKERS_DEBOUNCE_MS);
      const client = new QueryClient();
      client.setQueryData(route, []);
      void client.invalidateQueries({ ...filtersOf(refresh as never), refetchType: 'none' });
      expect(client.getQueryState(route)?.isInvalidated).toBe(true);
    }
    expect(refreshesFor(event('machine', '1')).some((r) => r.key[2] === 'route')).toBe(false);
  });

  it('the dashboard follows the jobs, tasks and people, not customers or machines', () => {
    const keys = [dashboardKeys.home, dashboardKeys.statuses];
    for (const entity of ['job', 'task', 'user']) expect(staleAfter(event(entity, '1'), keys)).toEqual(keys);
    for (const entity of ['customer', 'machine']) expect(staleAfter(event(entity, '1'), keys)).toEqual([]);
  });

  it('reference data, users, documents and tasks refresh their own screens', () => {
    expect(staleAfter(event('machineModel', '2'), [pimKeys.model(2), pimKeys.type(2)])).toEqual([
      pimKeys.model(2),
    ]);
    expect(staleAfter(event('user', '4'), [userKeys.detail(4)])).toEqual([userKeys.detail(4)]);
    expect(staleAfter(event('document', '4'), [documentKeys.of('Machine' as never, 3)])).toHaveLength(1);
    expect(staleAfter(event('task', '1'), [taskKeys.all, adminKeys.tasks])).toEqual([
      taskKeys.all,
      adminKeys.tasks,
    ]);
    expect(
      staleAfter(event('jobCategory', '1'), [
        adminKeys.lookups('jobCategory'),
        adminKeys.lookups('repairPlace'),
      ]),
    ).toEqual([adminKeys.lookups('jobCategory')]);
  });

  it('an entity no screen shows refreshes nothing', () => {
    expect(refreshesFor(event('unknownThing', '1'))).toEqual([]);
  });

  it('a counter refreshes the counter screens and the next orders; agreements their screens', () => {
    const keys = [
      counterKeys.ofMachine(3),
      counterKeys.list(''),
      agreementKeys.nextOrders(''),
      agreementKeys.types,
      stockKeys.stores,
    ];
    expect(staleAfter(event('counter', '1', { MachineId: 3 }), keys)).toEqual(keys.slice(0, 3));
    expect(staleAfter(event('serviceAgreement', '1'), keys)).toEqual(keys.slice(2, 4));
    expect(staleAfter(event('contract', '1'), keys)).toEqual(keys.slice(2, 4));
    // The Admin's change of a contract type: the menu's types (icon, name, count) are read again.
    expect(staleAfter(event('contractType', '1'), [...keys, agreementKeys.contractTypes])).toEqual([
      ...keys.slice(2, 4),
      agreementKeys.contractTypes,
    ]);
  });

  it('an article change (its stock moved) refreshes every stock screen', () => {
    const keys = [stockKeys.stores, stockKeys.articles(2, ''), stockKeys.picking(7), jobKeys.job(1)];
    expect(staleAfter(event('article', '1', { StoreId: 2 }), keys)).toEqual(keys.slice(0, 3));
  });

  it('an article refreshes the article screens; a model its common parts, a job category its articles', () => {
    const detail = ['articles', 'detail', 'of-1'];
    const parts = ['articles', 'common-parts', 3];
    const categoryArticles = ['articles', 'job-category', 1];
    expect(staleAfter(event('article', '1'), [detail, pimKeys.model(2)])).toEqual([detail]);
    expect(staleAfter(event('machineModel', '3'), [parts, detail])).toEqual([parts]);
    expect(staleAfter(event('jobCategory', '1'), [categoryArticles, detail])).toEqual([categoryArticles]);
  });

  it('a job change named by jobId (002 §7.22) refreshes that job, its history and every job list, debounced', () => {
    const e = event('job', '5', { jobId: 5 });
    expect(staleAfter(e, [jobKeys.job(5), jobKeys.history(5), jobKeys.job(6)])).toEqual([
      jobKeys.job(5),
      jobKeys.history(5),
    ]);
    const debounced = refreshesFor(e).filter((r) => r.debounceMs === JOB_LIST_DEBOUNCE_MS);
    const client = new QueryClient();
    for (const key of [jobList, customerJobsTab, machineJobsTab]) client.setQueryData(key, 'cached');
    for (const r of debounced) void client.invalidateQueries({ queryKey: r.key, refetchType: 'none' });
    expect(
      [jobList, customerJobsTab, machineJobsTab].every((k) => client.getQueryState(k)?.isInvalidated),
    ).toBe(true);
  });

  it("an appointment refreshes its job's view and the job lists (debounced)", () => {
    const refreshes = refreshesFor(event('appointment', '9', { JobId: 5 }));
    expect(refreshes).toContainEqual({ key: jobKeys.job(5) });
    expect(refreshes).toContainEqual({ key: ['jobs', 'list'], debounceMs: JOB_LIST_DEBOUNCE_MS });
    expect(refreshesFor(event('appointment', '9', { jobId: 6 }))).toContainEqual({ key: jobKeys.job(6) });
  });

  it('a user change refreshes the users list, a customer’s users tab and the accounts list (one set of keys)', () => {
    const keys = [userKeys.list({} as never), userKeys.list({ CustomerId: 7 } as never), userKeys.detail(4)];
    expect(staleAfter(event('user', '4'), [...keys, customerKeys.detail(7)])).toEqual(keys);
  });

  it('departments, partner companies and customer groups refresh the dropdowns and the screens naming them', () => {
    expect(staleAfter(event('department', '2'), [dropdown, customerKeys.detail(7)])).toEqual([dropdown]);
    // The Admin's department list and info.
    expect(
      staleAfter(event('department', '2'), [departmentKeys.list(''), departmentKeys.one(2), pimKeys.models]),
    ).toEqual([departmentKeys.list(''), departmentKeys.one(2)]);
    // The Admin's asset types page, and a supplier's failure codes (raised as the supplier's change).
    expect(staleAfter(event('assetType', '3'), [adminKeys.assetTypes, adminKeys.failureCodes(4)])).toEqual([
      adminKeys.assetTypes,
    ]);
    expect(staleAfter(event('supplier', '4'), [adminKeys.assetTypes, adminKeys.failureCodes(4)])).toEqual([
      adminKeys.failureCodes(4),
    ]);
    expect(
      staleAfter(event('partnerCompany', '2'), [dropdown, customerKeys.detail(7), customerKeys.list('')]),
    ).toEqual([dropdown, customerKeys.detail(7)]);
    const groupKeys = [
      customerKeys.groups(''),
      customerKeys.group(2),
      customerKeys.groupCustomers(2),
      customerKeys.detail(7),
      dropdown,
    ];
    expect(staleAfter(event('customerGroup', '2'), [...groupKeys, machineKeys.detail(3)])).toEqual(groupKeys);
  });

  it('machine models, types, suppliers (and their failure codes) and asset types refresh their screens and the machines', () => {
    expect(
      staleAfter(event('machineType', '2'), [
        pimKeys.type(2),
        pimKeys.typeList(''),
        pimKeys.model(1),
        machineKeys.detail(3),
        dropdown,
        pimKeys.supplier(1),
      ]),
    ).toEqual([pimKeys.type(2), pimKeys.typeList(''), pimKeys.model(1), machineKeys.detail(3), dropdown]);
    expect(
      staleAfter(event('supplier', '2'), [
        pimKeys.supplier(2),
        pimKeys.supplierList(''),
        dropdown,
        pimKeys.type(1),
      ]),
    ).toEqual([pimKeys.supplier(2), pimKeys.supplierList(''), dropdown]);
    expect(
      staleAfter(event('assetType', '2'), [
        machineKeys.detail(3),
        pimKeys.model(1),
        dropdown,
        pimKeys.type(1),
      ]),
    ).toEqual([machineKeys.detail(3), pimKeys.model(1), dropdown]);
  });

  it("a document refreshes the documents of its record's class", () => {
    const machineDocs = documentKeys.of('Machine' as never, 3);
    const customerDocs = documentKeys.of('Customer' as never, 3);
    expect(
      staleAfter(event('document', '40', { EntityClass: 'Machine' }), [machineDocs, customerDocs]),
    ).toEqual([machineDocs]);
  });

  it('settings refresh the settings pages and job statuses; a job status change also the jobs', () => {
    expect(
      staleAfter(event('settings', 'serviceprovider'), [
        adminKeys.settings('serviceprovider'),
        adminKeys.statuses,
        jobKeys.job(5),
      ]),
    ).toEqual([adminKeys.settings('serviceprovider'), adminKeys.statuses]);
    expect(staleAfter(event('settings', 'JobStatus'), [adminKeys.statuses, jobKeys.job(5)])).toEqual([
      adminKeys.statuses,
      jobKeys.job(5),
    ]);
    // Every screen that shows a status's name or colour: the job view's choices, the Jobs menu, the
    // planner's events, filter and map, the dashboard.
    const shown = [
      jobViewKeys.statuses,
      statusGroupKeys.of([]),
      jobList,
      plannerKeys.range('2026-03-02', '2026-03-02'),
      jobPanelKeys.statuses([]),
      ['planner', 'map', 'statuses'],
      dashboardKeys.statuses,
    ];
    expect(staleAfter(event('settings', 'JobStatus'), [...shown, customerKeys.all])).toEqual(shown);
  });

  it('job categories, warranty types, repair places refresh their admin list and the dropdowns; repair codes theirs', () => {
    for (const kind of ['jobCategory', 'warrantyType', 'repairPlace'] as const)
      expect(
        staleAfter(event(kind, '1'), [adminKeys.lookups(kind), dropdown, adminKeys.repairCodes]),
      ).toEqual([adminKeys.lookups(kind), dropdown]);
    expect(staleAfter(event('repairCode', '1'), [adminKeys.repairCodes, adminKeys.statuses])).toEqual([
      adminKeys.repairCodes,
    ]);
  });

  it('config makes every lookup and setting stale, not the records', () => {
    const lookups = [
      adminKeys.lookups('jobCategory'),
      adminKeys.lookups('warrantyType'),
      adminKeys.lookups('repairPlace'),
      adminKeys.statuses,
      adminKeys.settings('global'),
      adminKeys.repairCodes,
      dropdown,
    ];
    expect(staleAfter('config', [...lookups, jobKeys.job(1), customerKeys.detail(7)])).toEqual(lookups);
  });

  it('every entity the server raises that a screen shows has a row', () => {
    const raised = [
      'customer',
      'customerGroup',
      'machine',
      'machineModel',
      'machineType',
      'supplier',
      'assetType',
      'job',
      'appointment',
      'user',
      'department',
      'partnerCompany',
      'document',
      'task',
      'settings',
      'jobCategory',
      'warrantyType',
      'repairPlace',
      'repairCode',
      'article',
      'project',
      'lead',
      'leadType',
    ];
    expect(raised.filter((entity) => refreshesFor(event(entity, '1', { JobId: 1 })).length === 0)).toEqual(
      [],
    );
  });
});
