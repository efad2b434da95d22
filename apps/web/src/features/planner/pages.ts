import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The planner's pages by route name (app/route-pages.ts attaches them): its whole code loads only when
 * the planner opens.
 */
export const plannerPages: RoutePages = {
  Planner: lazy(() => import('./PlannerPage.tsx')),
};
