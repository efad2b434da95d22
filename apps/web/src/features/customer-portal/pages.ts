import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** The customer portal's pages by route name (app/route-pages.ts attaches them; decision 068). */
export const customerPortalPages: RoutePages = {
  CustomerPortalJobs: lazy(() => import('./CustomerJobsPage.tsx')),
  CustomerPortalMachines: lazy(() => import('./CustomerMachinesPage.tsx')),
  CustomerPortalMachine: lazy(() => import('./CustomerMachinePage.tsx')),
};
