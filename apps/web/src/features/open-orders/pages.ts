import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** The dashboard's open orders page by route name (app/route-pages.ts attaches it). */
export const openOrderPages: RoutePages = {
  OpenOrders: lazy(() => import('./OpenOrdersPage.tsx')),
};
