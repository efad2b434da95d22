import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts), by
 * route name; app/route-pages.ts attaches them: My car's van stock and picking list, and the Admin's
 * inventory of every store.
 */
export const stockPages: RoutePages = {
  MyCarInventory: lazy(() =>
    import('./components/MyCarInventoryPage.tsx').then((m) => ({ default: m.MyCarInventoryPage })),
  ),
  MyCarPickingList: lazy(() =>
    import('./components/PickingListPage.tsx').then((m) => ({ default: m.PickingListPage })),
  ),
  AdminInventory: lazy(() =>
    import('./components/AdminInventoryPage.tsx').then((m) => ({ default: m.AdminInventoryPage })),
  ),
};
