import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them.
 * ViewCustomerContractDetails belongs to the agreements feature. ViewCustomerJobs belongs to the jobs feature, the accounts list and user page to the users feature.
 */
export const customerPages: RoutePages = {
  CustomerList: lazy(() => import('./components/CustomerListPage.tsx')),
  ViewCustomerDetails: lazy(() => import('./components/CustomerDetailsPage.tsx')),
  ViewCustomerMachines: lazy(() => import('./components/CustomerMachinesPage.tsx')),
  ViewCustomerLogs: lazy(() => import('./components/CustomerLogsPage.tsx')),
  ViewCustomerUsers: lazy(() => import('./components/CustomerUsersPage.tsx')),
  ViewCustomerContact: lazy(() => import('./components/ContactPage.tsx')),
  CustomerGroupList: lazy(() => import('./components/CustomerGroupListPage.tsx')),
  CustomerGroupInfo: lazy(() => import('./components/CustomerGroupInfoPage.tsx')),
};
