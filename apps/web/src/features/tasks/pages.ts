import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** The pages this feature provides for named routes of the route table (app/routes.ts), by route name. */
export const taskPages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  MachineExport: lazy(() => import('./MachineExportPage.tsx')),
};
