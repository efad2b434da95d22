import type { LiveChangeEvent } from '@fieldport/contract';
import type { InvalidateQueryFilters } from '@tanstack/react-query';

type Key = readonly unknown[];

/** A query-key prefix to mark stale, now or after a quiet spell (several events, one refetch). */
export interface Refresh {
  key: Key;
  debounceMs?: number;
  /** Only the answers no screen shows: the screen showing one merges the change in itself. */
  unshown?: true;
}

/** 000 §4: a job change refreshes the job list debounced by 700 ms. */
export const JOB_LIST_DEBOUNCE_MS = 700;
/** Issue 12: a job change refreshes the planner map's markers debounced by 500 ms. */
export const MAP_MARKERS_DEBOUNCE_MS = 500;

/** The query filter of a refresh: the cached answers it makes stale. */
export const filtersOf = (r: Refresh): InvalidateQueryFilters => ({
  queryKey: r.key,
  ...(r.unshown ? { predicate: (q) => q.getObserversCount() === 0 } : {}),
});

const now = (...keys: Key[]): Refresh[] => keys.map((key) => ({ key }));
const jobLists: Refresh = { key: ['jobs', 'list'], debounceMs: JOB_LIST_DEBOUNCE_MS };
/** The Jobs menu's status groups and their counts (features/jobs/work-queue), with the lists. */
const statusGroups: Refresh = { key: ['jobs', 'status-groups'], debounceMs: JOB_LIST_DEBOUNCE_MS };
/** The dashboard's figures follow the jobs, appointments, tasks and people, as the lists do. */
const dashboard: Refresh = { key: ['dashboard'], debounceMs: JOB_LIST_DEBOUNCE_MS };
/** A technician's Today (features/today): their visits and the visits' jobs, as the lists do. */
const today: Refresh = { key: ['today'], debounceMs: JOB_LIST_DEBOUNCE_MS };
/** Every search dropdown (their keys start so; a closed one refetches when next opened). */
const DROPDOWNS: Key = ['search-dropdown'];
/**
 * The planner's events of its days (an appointment, or a job's name and status on its events): a shown
 * planner merges the change into its ranges itself (planner/live-merge.ts, decision 041); the ranges
 * no planner shows are read again when next shown.
 */
const plannerEvents: Refresh = { key: ['planner', 'range'], unshown: true };
/** The planner map's job markers (planner/components/map/map-api.ts), after a quiet spell. */
const mapMarkers: Refresh = { key: ['planner', 'map', 'nearby'], debounceMs: MAP_MARKERS_DEBOUNCE_MS };
/** The planner map's day route of a technician (its stops are the day's appointments), likewise. */
const mapRoute: Refresh = { key: ['planner', 'map', 'route'], debounceMs: MAP_MARKERS_DEBOUNCE_MS };
/** The drive before each appointment on the planner's board (its legs follow the appointments), likewise. */
const plannerTravel: Refresh = { key: ['planner', 'travel'], debounceMs: MAP_MARKERS_DEBOUNCE_MS };
/** The planner's job list panel (its jobs and status counts), after a quiet spell as the job lists. */
const plannerJobs: Refresh = { key: ['planner', 'jobs'], debounceMs: JOB_LIST_DEBOUNCE_MS };

/** The job of a job or appointment event: `JobId`, or `jobId` as 002 §7.22 writes it. */
function jobIdOf(e: LiveChangeEvent, fallback?: string): number | null {
  const id = Number(e.JobId ?? e.jobId ?? fallback);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const lookup = (kind: 'jobCategory' | 'warrantyType' | 'repairPlace') => () =>
  now(['admin', 'lookups', kind], DROPDOWNS);

/**
 * Which cached answers each change event makes stale: the one table of it. Keys are the features'
 * query-key prefixes (checked against them by invalidation.test.ts); a prefix covers every list,
 * view and tab below it. The screens on show refetch at once, the others when next opened. The
 * entities are those the server raises (`recordEvent` in apps/server) that our screens show.
 */
const TABLE: Record<string, (e: LiveChangeEvent) => Refresh[]> = {
  // A customer's name shows in its lists, views, the search dropdowns and its machines' rows. Its
  // addresses are raised as its change: one moved moves its jobs' markers, drives and day routes.
  customer: () => [
    ...now(['customers'], DROPDOWNS, ['machines', 'list']),
    today,
    mapMarkers,
    mapRoute,
    plannerTravel,
  ],
  // A group's name shows in its list, its customers and a customer's details (its group field).
  customerGroup: () =>
    now(['customer-groups'], ['customers', 'by-group'], ['customers', 'detail'], DROPDOWNS),
  machine: () => now(['machines'], ['customers', 'machines'], DROPDOWNS),
  // A model's change covers its common parts (a list of articles, features/articles).
  machineModel: () => now(['pim', 'models'], ['machines'], ['articles', 'common-parts'], DROPDOWNS),
  // An article shows in the article list and view, and in the common parts and job categories' lists;
  // its stock changed (a movement in a store, or its place in one): every stock screen too.
  article: () => now(['articles'], ['stock']),
  // The Admin's checklist templates, and the job checklists tab's list of them to start one from.
  checklistTemplate: () => now(['checklists', 'templates']),
  // A reading or a counter's change: every counter screen (its machine's tab, the Admin's list); the
  // next orders count hours too.
  counter: () => now(['counters'], ['agreements', 'next-orders']),
  // Contracts and service agreements: every agreements screen and the menu's contract type counts.
  contract: () => now(['agreements']),
  serviceAgreement: () => now(['agreements']),
  // A contract type's name, icon or order: the menu's types, the Admin's list and the contract screens.
  contractType: () => now(['agreements']),
  machineType: () => now(['pim', 'types'], ['pim', 'models'], ['machines'], DROPDOWNS),
  // Suppliers' failure codes are raised as their supplier's change.
  supplier: () => now(['pim', 'suppliers'], ['pim', 'models'], DROPDOWNS),
  // The Admin's asset types page (features/admin `adminKeys.assetTypes`) too.
  assetType: () => now(['machines'], ['pim', 'models'], ['pim', 'asset-types'], DROPDOWNS),
  // The job view and history at once; every job list (the job list page, a customer's and a
  // machine's jobs tabs share its keys) after a quiet spell (000 §4).
  job: (e) => {
    const id = jobIdOf(e, e.EntityId);
    return [
      // Its checklists and KPIs too: each checklist change and KPI setting is raised as its job's change.
      ...(id
        ? now(
            ['jobs', 'job', id],
            ['jobs', 'history', id],
            ['jobs', 'order', id],
            ['jobs', 'checklists', id],
            ['jobs', 'kpi', id],
          )
        : []),
      plannerEvents,
      jobLists,
      plannerJobs,
      mapMarkers,
      statusGroups,
      dashboard,
      today,
    ];
  },
  // An order's lines, totals and options show on its job's parts and invoice tabs (features/jobs
  // api/parts.ts `orderKeys`); the event may name the order's job or one of its machine jobs, so every
  // cached order is marked stale and only the tab on show reads again.
  // Time lines are the week time report's job rows too (decision 046).
  order: () => now(['jobs', 'order'], ['time-report']),
  // A week time report's rows or approval: the hour list, the office's report and the jobs' hours.
  timeReport: () => now(['time-report'], ['jobs', 'order']),
  // An appointment shows on its job's view and plans the job (its status in the lists), and in the
  // dashboard's day of its people, the planner and the map's day route, an absence (of no job) too.
  // Its job's KPIs too (response time is creation to first appointment, the visits count them): the
  // event may name a machine sub-job while the job view's KPIs are keyed by the job shown, so every
  // cached KPI answer is marked stale and only the one on show reads again.
  appointment: (e) => {
    const id = jobIdOf(e);
    return id
      ? [
          ...now(['jobs', 'job', id], ['jobs', 'history', id], ['jobs', 'kpi']),
          plannerEvents,
          mapRoute,
          plannerTravel,
          jobLists,
          plannerJobs,
          dashboard,
          today,
        ]
      : [plannerEvents, mapRoute, plannerTravel, dashboard];
  },
  // The users list, a customer's users tab and the accounts list share the account keys; My account its
  // own; the planner's rows are the bookable users.
  user: () => [...now(['users'], ['account'], ['planner', 'resources']), dashboard],
  // The Admin's department pages (features/org) and the users' rows naming the department.
  department: () => now(DROPDOWNS, ['users'], ['planner', 'departments'], ['departments']),
  partnerCompany: () => now(DROPDOWNS, ['customers', 'detail'], ['users'], ['partners']),
  document: (e) => now(typeof e.EntityClass === 'string' ? ['documents', e.EntityClass] : ['documents']),
  task: () => [...now(['tasks'], ['admin', 'tasks']), dashboard],
  // Settings groups, and the job statuses (`JobStatus`), whose names and colours show wherever jobs
  // do: every job screen (lists, views, the status choices, the menu's groups), the whole planner (its
  // events, filter and map) and the dashboard. Rare, so everything at once.
  settings: (e) => [
    ...now(['admin', 'settings'], ['admin', 'job-statuses']),
    ...(e.EntityId === 'JobStatus' ? [...now(['jobs'], ['planner']), dashboard] : []),
  ],
  // A category's change covers its articles (features/articles).
  jobCategory: () => [
    ...lookup('jobCategory')(),
    ...now(['articles', 'job-category']),
    ...now(['articles', 'category']),
  ],
  warrantyType: lookup('warrantyType'),
  repairPlace: lookup('repairPlace'),
  repairCode: () => now(['admin', 'repair-codes']),
  // Projects: the Admin's pages and the order options' choice (features/org, jobs api `jobViewKeys`).
  project: () => now(['projects']),
  // Leads and their types: the Admin's lead pages (features/org).
  lead: () => now(['leads']),
  leadType: () => now(['leads']),
};

/** `config` (settings or licences changed): every lookup and setting is read again. */
export const CONFIG_REFRESHES: Refresh[] = now(
  ['admin', 'settings'],
  ['admin', 'job-statuses'],
  ['admin', 'lookups'],
  ['admin', 'repair-codes'],
  DROPDOWNS,
);

/** What to refresh for one change event; nothing for an entity no screen of ours shows. */
export function refreshesFor(e: LiveChangeEvent): Refresh[] {
  return TABLE[e.Entity]?.(e) ?? [];
}
