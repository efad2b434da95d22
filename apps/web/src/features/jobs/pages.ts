import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them:
 * the job list with its preview pane, the job view's general, log and resources (documents) tabs,
 * its checklists tab (CheckList licence), its parts tab (with its add and edit part and time dialogs as child routes) and its invoice tab
 * (its planning tab is the app layer's, under the planner's appointment dialog), and the jobs tabs of a
 * customer and of a machine, and the two steps of New job (start: customer and machines; overview:
 * the details and create).
 */
const view = () => import('./pages/JobViewPages.tsx');
/** One page for the parts tab and its dialogs' routes: each dialog route shows the tab under it. */
const partsPage = lazy(() => import('./pages/JobPartsPage.tsx'));

export const jobPages: RoutePages = {
  JobList: lazy(() => import('./pages/JobListPage.tsx')),
  ViewJobGeneral: lazy(() => view().then((m) => ({ default: m.JobGeneralPage }))),
  ViewJobLog: lazy(() => view().then((m) => ({ default: m.JobLogPage }))),
  ViewJobResources: lazy(() => import('./pages/JobResourcesPage.tsx')),
  ViewJobParts: partsPage,
  AddPart: partsPage,
  EditPart: partsPage,
  AddTime: partsPage,
  EditTime: partsPage,
  ViewJobInvoice: lazy(() => import('./pages/JobInvoicePage.tsx')),
  ViewJobChecklists: lazy(() => import('./pages/JobChecklistsPage.tsx')),
  ViewCustomerJobs: lazy(() => import('./pages/CustomerJobsPage.tsx')),
  ViewMachineJobs: lazy(() => import('./pages/MachineJobsPage.tsx')),
  NewJobStart: lazy(() => import('./pages/NewJobStartPage.tsx')),
  NewJobOverview: lazy(() => import('./pages/NewJobOverviewPage.tsx')),
};
