import { createElement, lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them.
 */
export const taskPages: RoutePages = {
  MachineExport: lazy(() => import('./MachineExportPage.tsx')),
  Export: lazy(() => import('./ExportPage.tsx')),
  Import: lazy(() => import('./ImportPage.tsx')),
  ImportMachine: lazy(() =>
    import('./ImportPage.tsx').then((m) => ({
      default: () => createElement(m.default, { kind: 'Machines' }),
    })),
  ),
};
