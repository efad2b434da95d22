import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The week time report's pages by route name (app/route-pages.ts attaches them): the technician's hour
 * list on My page and the office's report on the dashboard.
 */
export const timeReportPages: RoutePages = {
  MyHourList: lazy(() => import('./pages/MyHourListPage.tsx')),
  TimeReport: lazy(() => import('./pages/TimeReportPage.tsx')),
};
