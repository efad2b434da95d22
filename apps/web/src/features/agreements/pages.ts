import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The pages of the Agreements area (issue 15) by route name: next orders, service agreements, the
 * contracts of a type (our own page where the original had a legacy one), one contract where the
 * original opened its legacy contract edit page, the customer's contract tab, and the Admin's contract
 * types (ours).
 */
export const agreementPages: RoutePages = {
  NextOrders: lazy(() =>
    import('./components/NextOrdersPage.tsx').then((m) => ({ default: m.NextOrdersPage })),
  ),
  ServiceAgreements: lazy(() =>
    import('./components/ServiceAgreementsPage.tsx').then((m) => ({ default: m.ServiceAgreementsPage })),
  ),
  Contracts: lazy(() => import('./components/ContractsPage.tsx').then((m) => ({ default: m.ContractsPage }))),
  LegacyContractEdit: lazy(() =>
    import('./components/ContractEditPage.tsx').then((m) => ({ default: m.ContractEditPage })),
  ),
  ContractTypes: lazy(() =>
    import('./components/ContractTypesPage.tsx').then((m) => ({ default: m.ContractTypesPage })),
  ),
  ViewCustomerContractDetails: lazy(() =>
    import('./components/ContractsPage.tsx').then((m) => ({ default: m.CustomerContractsPage })),
  ),
};
