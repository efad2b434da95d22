import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

const admin = () => import('./components/AdminAccountPages.tsx');

/**
 * The account pages by route name (lib/routing/routes.ts; app/route-pages.ts attaches them): the
 * customer module's accounts list and user page, and the admin cards'. The customer's users tab belongs to the customers feature.
 */
export const userPages: RoutePages = {
  CustomerAccountsList: lazy(() => import('./components/AccountListPage.tsx')),
  ViewUser: lazy(() => import('./components/ViewUserPage.tsx')),
  AdminAdmins: lazy(() => admin().then((m) => ({ default: m.AdminAdminsPage }))),
  AdminTechnicians: lazy(() => admin().then((m) => ({ default: m.AdminTechniciansPage }))),
  AdminSubContractors: lazy(() => admin().then((m) => ({ default: m.AdminSubContractorsPage }))),
  AdminPartners: lazy(() => admin().then((m) => ({ default: m.AdminPartnersPage }))),
  AdminCustomerAccounts: lazy(() => admin().then((m) => ({ default: m.AdminCustomerAccountsPage }))),
};
