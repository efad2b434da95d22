import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** The dashboard's pages by route name (app/route-pages.ts attaches them). */
export const dashboardPages: RoutePages = {
  DashboardHome: lazy(() => import('./DashboardHomePage.tsx')),
};
