import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them.
 */
export const taskPages: RoutePages = {
  MachineExport: lazy(() => import('./MachineExportPage.tsx')),
};
