import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** A technician's Today by route name (app/route-pages.ts attaches it). */
export const todayPages: RoutePages = {
  MyToday: lazy(() => import('./TodayPage.tsx')),
};
