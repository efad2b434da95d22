// The bench rows of the web app's reads (issue 33 item 1, decision 088): each row names the contract
// route(s) it measures, so packages/contract/test/bench-reads.test.ts can list every read the web app
// makes (its GET calls and READ_POSTS) and name each one without a row. Rows are measured by
// reads-search.ts on the large company on PostgreSQL with ANSWER_CACHE=0 at 10 connections; a row
// with records asks a different one on each request (SAMPLE_SIZE of them, taken from the data).
// Pure data: no imports but types, so the unit tier can read it.
import type { WebCallName } from '@fieldport/contract/manifest';

/** Records of the large company to ask about, taken at random by reads-search.ts. */
export interface Sample {
  jobs: number[];
  customers: number[];
  machines: number[];
  /** Bookable users (technicians). */
  technicians: number[];
  users: number[];
  appointments: number[];
  articleNumbers: string[];
  stores: number[];
  contacts: number[];
  /** Mondays (YYYY-MM-DD) of the weeks that have appointments, this week's first. */
  mondays: string[];
  /** A few ids of each small reference table, by table name. */
  refs: Record<string, number[]>;
  /** Bearer tokens of bookable technicians with appointments, signed in at the start (their own reads). */
  technicianTokens: string[];
}

interface Request {
  /** After /api2/ServiceProvider/. */
  path: string;
  body?: unknown;
  /** Asked as this user (a technician's token) instead of the admin. */
  token?: string;
}

interface ReadRow {
  /** The web app's calls this row measures (WebCallName: a call the web app does not make is a type error). */
  routes: readonly WebCallName[];
  name: string;
  method: 'GET' | 'POST';
  /** The requests asked in turn; one for a read that takes no record. */
  requests: (s: Sample) => Request[];
  limitMs: number;
}

/** How many records a row asks about in turn. */
export const SAMPLE_SIZE = 200;
/** Lists and details (issue 33 item 1). */
const LIST_P99 = 50;

/**
 * The reads the web app makes with POST: they change nothing. Every other POST the web app makes
 * writes (the test checks that no POST named like a read — Filtered, search, Nearby, available — is
 * missing here).
 */
export const READ_POSTS = [
  'jobListFiltered',
  'machineFiltered',
  'mapsNearbyJobs',
  'appointmentAvailable',
  'appointmentProposePlan',
] as const satisfies readonly WebCallName[];

/** The calls reads-search.ts's lookups measure (its `lookup` takes only these). */
export const SEARCH_ROUTES = [
  'customerFiltered',
  'jobListFiltered',
  'machineSearch',
  'articleSearch',
  'userFiltered',
  'contactList',
  'mapsNearbyJobs',
] as const satisfies readonly WebCallName[];
export type SearchRoute = (typeof SEARCH_ROUTES)[number];

const q = encodeURIComponent;
const plus = (monday: string, days: number) => {
  const d = new Date(`${monday}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A read that takes no record. */
const fixed = (route: WebCallName, path: string, name = path): ReadRow => ({
  routes: [route],
  name,
  method: 'GET',
  requests: () => [{ path }],
  limitMs: LIST_P99,
});
/** A read of one record, a different one each request. */
const each = <K extends keyof Sample>(
  route: WebCallName,
  name: string,
  of: K,
  path: (id: Sample[K] extends (infer T)[] ? T : never) => string,
): ReadRow => ({
  routes: [route],
  name,
  method: 'GET',
  requests: (s) => (s[of] as unknown[]).map((id) => ({ path: path(id as never) })),
  limitMs: LIST_P99,
});
/** A detail of a small reference table, each of its sampled rows in turn. */
const ref = (route: WebCallName, table: string, path: (id: number) => string): ReadRow => ({
  routes: [route],
  name: `${path(0).replace(/\/0(?=\/|$)/, '/{id}')} (each ${table} row)`,
  method: 'GET',
  requests: (s) => (s.refs[table] ?? []).map((id) => ({ path: path(id) })),
  limitMs: LIST_P99,
});
const page = 'Page=1&ItemsPerPage=50';

/** The tables `ref` rows read ids from. */
export const REF_TABLES = [
  'customer_groups',
  'departments',
  'machine_models',
  'machine_types',
  'suppliers',
  'asset_types',
  'warranty_types',
  'repair_codes',
  'supplier_failure_codes',
  'job_categories',
  'job_statuses',
  'partner_companies',
  'contracts',
  'counters',
  'projects',
  'leads',
  'lead_types',
  'checklist_templates',
] as const;

export const READ_ROWS: readonly ReadRow[] = [
  // The session and the dashboard.
  fixed('userInfo', 'userinfo'),
  fixed('siteInfo', 'UserInfo/SiteInfo'),
  fixed('dashboardHome', 'Dashboard/Home'),
  fixed('openOrders', 'Dashboard/OpenOrders'),
  fixed('kpiSummary', 'kpi/summary'),
  fixed('myAccount', 'User/MyAccount/'),
  fixed('myAccountSessions', 'User/MyAccount/Sessions'),
  // Jobs: the list over varied pages and statuses, and one job's screens.
  {
    routes: ['jobListFiltered'],
    name: 'JobList/Filtered, 50 rows, pages 1–20 of each status',
    method: 'POST',
    requests: () =>
      [10, 20, 30, 40, 50, 60].flatMap((status) =>
        Array.from({ length: 20 }, (_, i) => ({
          path: 'JobList/Filtered',
          body: { Page: i + 1, ItemsPerPage: 50, JobStatusIdList: [status] },
        })),
      ),
    limitMs: LIST_P99,
  },
  each('jobGet', 'job/{id}', 'jobs', (id) => `job/${id}`),
  each('jobSubJobs', 'job/{id}/subjobs', 'jobs', (id) => `job/${id}/subjobs`),
  each('jobHistory', 'JobHistory/{id}', 'jobs', (id) => `JobHistory/${id}`),
  each('jobParts', 'job-parts/{id}', 'jobs', (id) => `job-parts/${id}`),
  each('jobTime', 'time/{jobId}', 'jobs', (id) => `time/${id}`),
  each('orderOfJob', 'order/job/{id}', 'jobs', (id) => `order/job/${id}`),
  each('invoiceGet', 'invoice/{jobId}', 'jobs', (id) => `invoice/${id}`),
  each('checklistsOfJob', 'checklist/list?jobId', 'jobs', (id) => `checklist/list?jobId=${id}`),
  each('kpiOfJob', 'kpi/job/{id}', 'jobs', (id) => `kpi/job/${id}`),
  each(
    'timeReportArticles',
    'time/time-report-articles?jobId',
    'jobs',
    (id) => `time/time-report-articles?jobId=${id}`,
  ),
  // Customers.
  each('customerGet', 'customer/?id', 'customers', (id) => `customer/?id=${id}`),
  each(
    'customerGetActiveState',
    'customer/{id}/GetActiveState',
    'customers',
    (id) => `customer/${id}/GetActiveState`,
  ),
  each(
    'customerGetPublicState',
    'customer/{id}/GetPublicState',
    'customers',
    (id) => `customer/${id}/GetPublicState`,
  ),
  each('addressList', 'customer/{id}/address', 'customers', (id) => `customer/${id}/address`),
  each('customerPrice', 'customer-price/{customerId}', 'customers', (id) => `customer-price/${id}`),
  each(
    'customerLogs',
    "Log/CustomerLogs/Filtered (a customer's)",
    'customers',
    (id) => `Log/CustomerLogs/Filtered?${page}&CustomerId=${id}`,
  ),
  each(
    'contactGet',
    'CustomerPerson/Customer/contact/{id}',
    'contacts',
    (id) => `CustomerPerson/Customer/contact/${id}`,
  ),
  // Machines.
  each('machineGet', 'machine/{id}', 'machines', (id) => `machine/${id}`),
  each(
    'machineGetActiveState',
    'machine/{id}/GetActiveState',
    'machines',
    (id) => `machine/${id}/GetActiveState`,
  ),
  each('counterOfMachine', 'Counter/Machine/{id}', 'machines', (id) => `Counter/Machine/${id}`),
  each(
    'counterHistory',
    'Counter/Machine/{id}/History',
    'machines',
    (id) => `Counter/Machine/${id}/History?${page}`,
  ),
  each(
    'machineLogs',
    "Log/MachineLogs/Filtered (a machine's)",
    'machines',
    (id) => `Log/MachineLogs/Filtered?${page}&MachineId=${id}`,
  ),
  {
    routes: ['machineFiltered'],
    name: "Machine/Filtered (a customer's machines, 50)",
    method: 'POST',
    requests: (s) =>
      s.customers.map((id) => ({
        path: 'Machine/Filtered',
        body: { Page: 1, ItemsPerPage: 50, CustomerId: id },
      })),
    limitMs: LIST_P99,
  },
  // The planner and the calendar: a technician's or everyone's week, varied weeks.
  {
    routes: ['schedulerDateRange'],
    name: 'Scheduler/DateRange (a week, each of the 13 weeks)',
    method: 'GET',
    requests: (s) => s.mondays.map((m) => ({ path: `Scheduler/DateRange/?date1=${m}&date2=${plus(m, 7)}` })),
    limitMs: LIST_P99,
  },
  {
    // As the web app asks it (features/today): a technician's own visits from a day to three days on,
    // with their jobs (mine); each technician in turn, each day of this week.
    routes: ['appointmentDateRange'],
    name: "Appointment/DateRange (a technician's own visits, mine, 3 days on)",
    method: 'GET',
    requests: (s) =>
      s.technicianTokens.flatMap((token) =>
        [0, 1, 2, 3, 4].map((d) => ({
          path: `Appointment/DateRange/?date1=${plus(s.mondays[0] ?? '', d)}&date2=${plus(s.mondays[0] ?? '', d + 3)}&includeJob=true&mine=true`,
          token,
        })),
      ),
    limitMs: LIST_P99,
  },
  {
    routes: ['schedulerTravel'],
    name: 'Scheduler/Travel (a day, each day of the 13 weeks)',
    method: 'GET',
    requests: (s) =>
      s.mondays.flatMap((m) =>
        [0, 1, 2, 3, 4].map((d) => ({
          path: `Scheduler/Travel/?date1=${plus(m, d)}&date2=${plus(m, d + 1)}`,
        })),
      ),
    limitMs: LIST_P99,
  },
  {
    routes: ['mapsRoutePlan'],
    name: "maps/RoutePlan (a technician's day, this week)",
    method: 'GET',
    requests: (s) =>
      s.technicians.map((u, i) => ({
        path: `maps/RoutePlan?userId=${u}&date=${plus(s.mondays[0] ?? '', i % 5)}`,
      })),
    limitMs: LIST_P99,
  },
  each('appointmentGet', 'Appointment/get/{id}', 'appointments', (id) => `Appointment/get/${id}`),
  each('schedulerEvent', 'Scheduler/Events/{id}', 'appointments', (id) => `Scheduler/Events/${id}`),
  fixed('schedulerResources', 'Scheduler/Resources'),
  fixed('appointmentBookable', 'Appointment/bookable'),
  // Users and time.
  each('userGet', 'User/get/{id}', 'users', (id) => `User/get/${id}`),
  each('employment', 'employment?UserId', 'technicians', (id) => `employment?UserId=${id}`),
  {
    routes: ['timeReportGet'],
    name: "TimeReport (a technician's week)",
    method: 'GET',
    requests: (s) =>
      s.technicians.map((u, i) => ({
        path: `TimeReport?UserId=${u}&WeekStart=${s.mondays[i % s.mondays.length]}`,
      })),
    limitMs: LIST_P99,
  },
  fixed('timeArticleDescription', 'TimeReport/TimeArticleDescription'),
  fixed('vehicleList', 'UserController/getVehicleList'),
  // Articles and stock.
  fixed('articleFiltered', `Article/Filtered?${page}`),
  each('articleGet', 'Article/{number}', 'articleNumbers', (n) => `Article/${q(n)}`),
  fixed('articleLogs', `Log/ArticleLogs/Filtered?${page}`),
  fixed('storeGetAll', 'Store/GetAll'),
  each('storeArticles', 'Store/StoreArticles/{id}', 'stores', (id) => `Store/StoreArticles/${id}?${page}`),
  each(
    'inventoryMovements',
    "Inventory/Movements (a store's)",
    'stores',
    (id) => `Inventory/Movements?${page}&StoreId=${id}`,
  ),
  fixed('pickingList', 'Store/CommontPartsForMyJobs/'),
  // Reference lists.
  fixed('jobStatusGetAll', 'JobStatus/GetAll'),
  fixed('jobTypeList', 'jobtype'),
  fixed('jobPriorityList', 'jobpriority'),
  fixed('jobCategoryList', 'JobCategory'),
  fixed('warrantyTypeList', 'WarrantyType/getall'),
  fixed('repairPlaceList', 'RepairPlace/getall'),
  fixed('repairCodeList', 'RepairCode/getall'),
  fixed('failureCodeList', 'SupplierFailureCode/getall'),
  fixed('customerGroupFiltered', `CustomerGroup/Filtered?${page}`),
  fixed('departmentFiltered', `Department/Filtered?${page}`),
  fixed('machineModelFiltered', `MachineModel/Filtered?${page}`),
  fixed('machineTypeFiltered', `MachineType/Filtered?${page}`),
  fixed('supplierFiltered', `Supplier/Filtered?${page}`),
  fixed('assetTypeList', 'AssetType/list'),
  fixed('assetTypeFiltered', `AssetType/Filtered?${page}`),
  fixed('partnerCompanyList', 'PartnerCompany/list'),
  fixed('partnerCompanyFiltered', `PartnerCompany/Filtered?${page}`),
  fixed('contractTypeList', 'ContractType'),
  fixed('contractTypeMap', 'Contract/TypeMap'),
  fixed('contractFiltered', `Contract/Filtered?${page}`),
  fixed('serviceAgreementList', `ServiceAgreement?${page}`),
  fixed('nextOrders', 'ServiceAgreement/NextOrders?Page=1&ItemsPerPage=20'),
  fixed('counterFiltered', `Counter/Filtered?${page}`),
  fixed('projectList', 'Project/list'),
  fixed('projectFiltered', `Project/Filtered?${page}`),
  fixed('leadFiltered', `Lead/Filtered?${page}`),
  fixed('leadTypeList', 'LeadType/list'),
  fixed('checklistTemplates', 'checklist/templates'),
  fixed('taskList', 'task'),
  fixed('taskPlans', 'task/plans'),
  fixed('exportList', 'Export/'),
  fixed('eventLogs', `Log/EventLogs/Filtered?${page}`),
  fixed('mailLogs', `Log/MailLogs/Filtered?${page}`),
  fixed('smsLogs', `Log/SMSLogs/Filtered?${page}`),
  fixed('taskLogs', `Log/TaskLogs?${page}`),
  // Reference details, each sampled row of its table in turn.
  ref('customerGroupGet', 'customer_groups', (id) => `CustomerGroup/${id}`),
  ref('departmentGet', 'departments', (id) => `Department/${id}`),
  ref('machineModelGet', 'machine_models', (id) => `MachineModel/${id}`),
  ref('machineModelGetActiveState', 'machine_models', (id) => `MachineModel/${id}/GetActiveState`),
  ref('commonPartsGet', 'machine_models', (id) => `CommonParts/${id}`),
  ref('machineTypeGet', 'machine_types', (id) => `MachineType/${id}`),
  ref('supplierGet', 'suppliers', (id) => `Supplier/${id}`),
  ref('failureCodesOfSupplier', 'suppliers', (id) => `SupplierFailureCode/supplier/${id}`),
  ref('assetTypeGet', 'asset_types', (id) => `AssetType/${id}`),
  ref('warrantyTypeGet', 'warranty_types', (id) => `WarrantyType/get/${id}`),
  ref('repairCodeGet', 'repair_codes', (id) => `RepairCode/get/${id}`),
  ref('failureCodeGet', 'supplier_failure_codes', (id) => `SupplierFailureCode/get/${id}`),
  ref('jobCategoryGet', 'job_categories', (id) => `JobCategory/${id}`),
  ref('jobSubStatusByStatus', 'job_statuses', (id) => `JobSubStatus/ByStatus/${id}`),
  ref('partnerCompanyGet', 'partner_companies', (id) => `PartnerCompany/${id}`),
  ref('contractGet', 'contracts', (id) => `Contract/${id}`),
  ref('counterGet', 'counters', (id) => `Counter/${id}`),
  ref('projectGet', 'projects', (id) => `Project/${id}`),
  ref('leadGet', 'leads', (id) => `Lead/${id}`),
  ref('leadTypeGet', 'lead_types', (id) => `LeadType/${id}`),
  ref('checklistTemplateGet', 'checklist_templates', (id) => `checklist/templates/${id}`),
];
