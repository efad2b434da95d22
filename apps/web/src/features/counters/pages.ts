import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** The counters' pages (issue 15) by route name: the Admin's list, one counter, a machine's counters tab. */
export const counterPages: RoutePages = {
  CounterList: lazy(() =>
    import('./components/CounterListPage.tsx').then((m) => ({ default: m.CounterListPage })),
  ),
  CounterInfo: lazy(() =>
    import('./components/CounterInfoPage.tsx').then((m) => ({ default: m.CounterInfoPage })),
  ),
  ViewMachineCounters: lazy(() =>
    import('./components/MachineCountersPage.tsx').then((m) => ({ default: m.MachineCountersPage })),
  ),
};
