import { lazy } from 'react';
import { accountPages } from '../features/account/pages.ts';
import { adminPages } from '../features/admin/pages.ts';
import { agreementPages } from '../features/agreements/pages.ts';
import { articlePages } from '../features/articles/pages.ts';
import { checklistPages } from '../features/checklists/pages.ts';
import { counterPages } from '../features/counters/pages.ts';
import { customerPages } from '../features/customers/pages.ts';
import { dashboardPages } from '../features/dashboard/pages.ts';
import { jobPages } from '../features/jobs/pages.ts';
import { machinePages } from '../features/machines/pages.ts';
import { openOrderPages } from '../features/open-orders/pages.ts';
import { orgPages } from '../features/org/pages.ts';
import { partnerPages } from '../features/partners/pages.ts';
import { plannerPages } from '../features/planner/pages.ts';
import { stockPages } from '../features/stock/pages.ts';
import { taskPages } from '../features/tasks/pages.ts';
import { timeReportPages } from '../features/time-report/pages.ts';
import { userPages } from '../features/users/pages.ts';
import type { RouteName, RoutePages } from '../lib/routing/routes.ts';

/**
 * The shell's own pages (app/pages), each loaded when first shown; some compose pages of features that
 * may not import each other (SearchResults: the search feature's head over the jobs' list and pane).
 */
const shellPages: RoutePages = {
  JobList: lazy(() => import('./pages/JobListRoutePage.tsx')),
  JobLegacyList: lazy(() => import('./pages/JobLegacyRedirectPage.tsx')),
  SearchResults: lazy(() => import('./pages/SearchResultsRoutePage.tsx')),
  ViewJobPlanning: lazy(() => import('./pages/JobPlanningRoutePage.tsx')),
  About: lazy(() => import('./pages/AboutPage.tsx')),
  Logout: lazy(() => import('./pages/LogoutPage.tsx')),
  Redirect: lazy(() => import('./pages/AutoRedirectPage.tsx')),
  OldSite: lazy(() => import('./pages/OldSitePage.tsx')),
  NotFound: lazy(() => import('./pages/NotFoundPage.tsx')),
};

/**
 * The one place pages are attached to the route table (lib/routing/routes.ts, plain data): each
 * feature's `pages.ts` (its pages by route name), then the shell's pages, which win (JobList is the
 * shell's filter check in front of the jobs feature's list). A route with no page here shows its
 * `page` kind from the table ('cards'), else the planned-construction page. A key that is not a route
 * name is a type error.
 */
export const ROUTE_PAGES: RoutePages = {
  ...customerPages,
  ...dashboardPages,
  ...machinePages,
  ...articlePages,
  ...jobPages,
  ...userPages,
  ...adminPages,
  ...checklistPages,
  ...taskPages,
  ...accountPages,
  ...plannerPages,
  ...stockPages,
  ...timeReportPages,
  ...openOrderPages,
  ...agreementPages,
  ...counterPages,
  ...orgPages,
  ...partnerPages,
  ...shellPages,
};

/**
 * The translation namespaces each feature's pages use, beyond the bundled ones (common, feedback)
 * and the shell's (shell, routes, loaded with the signed-in app): the feature's own, and those of the
 * shared components and form rules its pages show. RouteView loads them together with the page's
 * chunk and shows the page once both are there, so no page renders before its texts.
 */
const FEATURE_TEXTS: [RoutePages, readonly string[]][] = [
  [customerPages, ['customers', 'dropdown', 'validation', 'server', 'users', 'auth', 'documents']],
  [machinePages, ['machines', 'pim', 'dropdown', 'validation', 'documents']],
  [articlePages, ['articles', 'validation', 'documents']],
  [jobPages, ['jobs', 'dropdown', 'validation', 'documents', 'reports', 'orders', 'checklists', 'kpi']],
  [userPages, ['users', 'validation', 'server', 'auth']],
  [adminPages, ['admin', 'pim', 'validation', 'dropdown']],
  [checklistPages, ['checklists', 'validation']],
  [taskPages, ['machines', 'importexport']],
  [dashboardPages, ['dashboard']],
  [accountPages, ['account', 'validation']],
  [plannerPages, ['planner']],
  [stockPages, ['stock', 'validation']],
  [timeReportPages, ['timereport', 'validation']],
  [openOrderPages, ['openorders']],
  [agreementPages, ['agreements', 'dropdown', 'validation']],
  [counterPages, ['counters', 'validation']],
  [orgPages, ['org', 'validation', 'users', 'server', 'auth']],
  [partnerPages, ['partners', 'users', 'validation', 'server', 'auth']],
  [
    { JobList: shellPages.JobList, JobLegacyList: shellPages.JobLegacyList },
    ['jobs', 'dropdown', 'validation', 'documents', 'reports'],
  ],
  // The jobs feature's planning tab under the planner's appointment dialog.
  [
    { ViewJobPlanning: shellPages.ViewJobPlanning },
    ['jobs', 'planner', 'dropdown', 'validation', 'documents'],
  ],
  // The search feature's head over the jobs feature's list and preview pane.
  [{ SearchResults: shellPages.SearchResults }, ['search', 'jobs', 'dropdown', 'validation', 'documents']],
];

/** The namespaces a route's page needs before it renders (none beyond the shell's for the rest). */
export const ROUTE_TEXTS: Partial<Record<RouteName, readonly string[]>> = Object.fromEntries(
  FEATURE_TEXTS.flatMap(([pages, namespaces]) => Object.keys(pages).map((name) => [name, namespaces])),
);
