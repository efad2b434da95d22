import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';

const lookups = () => import('./components/NamedLookupsPage.tsx');
const settings = () => import('./components/SettingsPages.tsx');

/**
 * The pages this feature provides for named routes of the route table (app/routes.ts), by route name:
 * the Admin's lists of the job form (warranty types, repair places, repair codes, job statuses), the
 * PIM's job categories, the settings pages and the mail log.
 */
export const adminPages: Partial<Record<string, LazyExoticComponent<ComponentType>>> = {
  WarrantyTypes: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'warrantyType' }) })),
  ),
  RepairPlaces: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'repairPlace' }) })),
  ),
  JobCategoryList: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'jobCategory' }) })),
  ),
  RepairCodes: lazy(() =>
    import('./components/RepairCodesPage.tsx').then((m) => ({ default: m.RepairCodesPage })),
  ),
  JobStatuses: lazy(() =>
    import('./components/JobStatusesPage.tsx').then((m) => ({ default: m.JobStatusesPage })),
  ),
  CompanySettings: lazy(() => settings().then((m) => ({ default: m.CompanySettingsPage }))),
  DefaultSettings: lazy(() => settings().then((m) => ({ default: m.DefaultSettingsPage }))),
  Features: lazy(() => settings().then((m) => ({ default: m.FeaturesPage }))),
  MailLogs: lazy(() => import('./components/MailLogPage.tsx').then((m) => ({ default: m.MailLogPage }))),
};
