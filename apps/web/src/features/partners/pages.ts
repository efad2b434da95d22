import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

const companies = () => import('./components/PartnerCompanyPages.tsx');
const users = () => import('./components/PartnerUsersPages.tsx');

/**
 * The Partner area's pages (001 §2.10, partner portal licence) by route name: the partner companies
 * (list, new, info, users), every partner account, and the e-mail page.
 */
export const partnerPages: RoutePages = {
  PartnerCompanyList: lazy(() => companies().then((m) => ({ default: m.PartnerCompanyListPage }))),
  NewPartnerCompany: lazy(() => companies().then((m) => ({ default: m.NewPartnerCompanyPage }))),
  PartnerCompanyInfo: lazy(() => companies().then((m) => ({ default: m.PartnerCompanyInfoPage }))),
  PartnerCompanyUsers: lazy(() => users().then((m) => ({ default: m.PartnerCompanyUsersPage }))),
  PartnerUsers: lazy(() => users().then((m) => ({ default: m.PartnerUsersPage }))),
  PartnerEmail: lazy(() => users().then((m) => ({ default: m.PartnerEmailPage }))),
};
