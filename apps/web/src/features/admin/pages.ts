import { createElement, lazy } from 'react';
import { loadNamespaces } from '../../i18n/index.ts';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** A page's chunk together with the admin texts (a namespace of its own, not loaded with the app). */
const withTexts =
  <T>(load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadNamespaces(['admin'])]).then(([m]) => m);
const lookups = withTexts(() => import('./components/NamedLookupsPage.tsx'));
const settings = withTexts(() => import('./components/SettingsPages.tsx'));
const repairCodes = withTexts(() => import('./components/RepairCodesPage.tsx'));
const statuses = withTexts(() => import('./components/JobStatusesPage.tsx'));
const mail = withTexts(() => import('./components/MailLogPage.tsx'));
const logs = withTexts(() => import('./components/LogsPages.tsx'));
const email = withTexts(() => import('./components/EmailSettingsPages.tsx'));
const assetTypes = withTexts(() => import('./components/AssetTypesPage.tsx'));
const failureCodes = withTexts(() => import('./components/FailureCodesPage.tsx'));
const leadEmail = withTexts(() => import('./components/LeadEmailPage.tsx'));

/**
 * The pages this feature provides for named routes of the route table (lib/routing/routes.ts),
 * by route name; app/route-pages.ts attaches them:
 * the Admin's lists of the job form (warranty types, repair places, repair codes, job statuses), the
 * PIM's job categories, the settings pages, the e-mail templates and their editor, and the logs (event,
 * mail, SMS, task with the cron plans); the asset types with their feature switch, the suppliers' failure
 * codes (the Admin's page with a supplier to choose, and the supplier's own tab in the PIM), and the
 * new-lead mail.
 */
export const adminPages: RoutePages = {
  WarrantyTypes: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'warrantyType' }) })),
  ),
  RepairPlaces: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'repairPlace' }) })),
  ),
  JobCategoryList: lazy(() =>
    lookups().then((m) => ({ default: () => createElement(m.NamedLookupsPage, { kind: 'jobCategory' }) })),
  ),
  RepairCodes: lazy(() => repairCodes().then((m) => ({ default: m.RepairCodesPage }))),
  JobStatuses: lazy(() => statuses().then((m) => ({ default: m.JobStatusesPage }))),
  CompanySettings: lazy(() => settings().then((m) => ({ default: m.CompanySettingsPage }))),
  DefaultSettings: lazy(() => settings().then((m) => ({ default: m.DefaultSettingsPage }))),
  Features: lazy(() => settings().then((m) => ({ default: m.FeaturesPage }))),
  MailLogs: lazy(() => mail().then((m) => ({ default: m.MailLogPage }))),
  EventLogs: lazy(() => logs().then((m) => ({ default: m.EventLogPage }))),
  SmsLogs: lazy(() => logs().then((m) => ({ default: m.SmsLogPage }))),
  TaskLogs: lazy(() => logs().then((m) => ({ default: m.TaskLogPage }))),
  EmailSettings: lazy(() => email().then((m) => ({ default: m.EmailSettingsPage }))),
  EditEmailSetting: lazy(() => email().then((m) => ({ default: m.EditEmailSettingPage }))),
  AssetTypes: lazy(() => assetTypes().then((m) => ({ default: m.AssetTypesPage }))),
  FailureCodes: lazy(() => failureCodes().then((m) => ({ default: m.FailureCodesPage }))),
  SupplierFailureCodes: lazy(() => failureCodes().then((m) => ({ default: m.SupplierFailureCodesPage }))),
  LeadEmail: lazy(() => leadEmail().then((m) => ({ default: m.LeadEmailPage }))),
};
