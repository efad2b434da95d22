import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * The pages this feature provides for named routes of the route table (app/routes.ts), by route name:
 * the jobs tabs of a customer and of a machine. The job view itself (ViewJob) is still planned.
 */
export const jobPages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  ViewCustomerJobs: lazy(() => import('./pages/CustomerJobsPage.tsx')),
  ViewMachineJobs: lazy(() => import('./pages/MachineJobsPage.tsx')),
};
