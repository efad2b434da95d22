import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import { dashboardPages } from '../features/dashboard/pages.ts';
import type { RouteName, RoutePages } from '../lib/routing/routes.ts';

/**
 * The shell's own pages (app/pages), each loaded when first shown; some compose pages of features that
 * may not import each other (SearchResults: the search feature's head over the jobs' list and pane).
 * They win over a feature's page of the same name (JobList is the shell's filter check in front of the
 * jobs feature's list).
 */
const shellPages: RoutePages = {
  JobList: lazy(() => import('./pages/JobListRoutePage.tsx')),
  JobLegacyList: lazy(() => import('./pages/JobLegacyRedirectPage.tsx')),
  SearchResults: lazy(() => import('./pages/SearchResultsRoutePage.tsx')),
  ViewJobPlanning: lazy(() => import('./pages/JobPlanningRoutePage.tsx')),
  About: lazy(() => import('./pages/AboutPage.tsx')),
  Logout: lazy(() => import('./pages/LogoutPage.tsx')),
  Redirect: lazy(() => import('./pages/AutoRedirectPage.tsx')),
  OldSite: lazy(() => import('./pages/OldSitePage.tsx')),
  NotFound: lazy(() => import('./pages/NotFoundPage.tsx')),
};

const JOB_TEXTS = ['jobs', 'dropdown', 'validation', 'documents', 'reports', 'units'] as const;

/** Translation namespaces of the shell's pages that show a feature's components. */
const SHELL_TEXTS: Partial<Record<RouteName, readonly string[]>> = {
  JobList: JOB_TEXTS,
  JobLegacyList: JOB_TEXTS,
  // The jobs feature's planning tab under the planner's appointment dialog.
  ViewJobPlanning: ['jobs', 'planner', 'dropdown', 'validation', 'documents'],
  // The search feature's head over the jobs feature's list and preview pane.
  SearchResults: ['search', 'jobs', 'dropdown', 'validation', 'documents'],
};

/**
 * A feature's pages (its `pages.ts`, by route name), loaded when one of its routes is first shown: the
 * map of every feature's page chunks is most of the signed-in app's code otherwise, downloaded before
 * the first page (decision 052). `routes` names the routes it has pages for without loading it (a unit
 * test holds it to the loaded map); `texts` are the translation namespaces its pages use beyond the
 * bundled ones (common, feedback) and the shell's (shell, routes): the feature's own, and those of the
 * shared components and form rules its pages show.
 */
interface FeaturePages {
  routes: readonly RouteName[];
  texts: readonly string[];
  load: () => Promise<RoutePages>;
}

export const FEATURES: readonly FeaturePages[] = [
  {
    routes: ['CustomerPortalJobs', 'CustomerPortalMachines', 'CustomerPortalMachine'],
    texts: ['portal', 'validation', 'server'],
    load: () => import('../features/customer-portal/pages.ts').then((m) => m.customerPortalPages),
  },
  {
    routes: [
      'CustomerList',
      'ViewCustomerDetails',
      'ViewCustomerMachines',
      'ViewCustomerLogs',
      'ViewCustomerUsers',
      'ViewCustomerContact',
      'CustomerGroupList',
      'CustomerGroupInfo',
    ],
    texts: ['customers', 'dropdown', 'validation', 'server', 'users', 'auth', 'documents'],
    load: () => import('../features/customers/pages.ts').then((m) => m.customerPages),
  },
  {
    routes: [
      'MachineList',
      'ViewMachineInfo',
      'ViewMachineResources',
      'ViewMachineLogs',
      'MachineModelList',
      'NewMachineModel',
      'MachineModelInfo',
      'MachineModelResources',
      'MachineTypeList',
      'MachineTypeInfo',
      'MachineTypeResources',
      'MachineTypeModelList',
      'MachineTypeMachineList',
      'SupplierList',
      'NewSupplier',
      'SupplierInfo',
      'SupplierResources',
      'SupplierModelList',
      'SupplierMachineList',
      'QrCodes',
    ],
    texts: ['machines', 'pim', 'dropdown', 'validation', 'documents'],
    load: () => import('../features/machines/pages.ts').then((m) => m.machinePages),
  },
  {
    routes: [
      'ArticleList',
      'NewArticle',
      'ViewArticleInfo',
      'ViewArticleResources',
      'ViewArticleLogs',
      'ViewArticleJobCategories',
      'MachineModelCommonParts',
      'JobCategoryInfo',
    ],
    texts: ['articles', 'validation', 'documents', 'units'],
    load: () => import('../features/articles/pages.ts').then((m) => m.articlePages),
  },
  {
    routes: [
      'ViewJobGeneral',
      'ViewJobLog',
      'ViewJobResources',
      'ViewJobParts',
      'AddPart',
      'EditPart',
      'AddTime',
      'EditTime',
      'ViewJobInvoice',
      'ViewJobChecklists',
      'ViewCustomerJobs',
      'ViewMachineJobs',
      'NewJobStart',
      'NewJobOverview',
    ],
    texts: [...JOB_TEXTS, 'orders', 'checklists', 'kpi'],
    load: () => import('../features/jobs/pages.ts').then((m) => m.jobPages),
  },
  {
    routes: [
      'CustomerAccountsList',
      'ViewUser',
      'AdminAdmins',
      'AdminTechnicians',
      'AdminSubContractors',
      'AdminPartners',
      'AdminCustomerAccounts',
    ],
    texts: ['users', 'validation', 'server', 'auth'],
    load: () => import('../features/users/pages.ts').then((m) => m.userPages),
  },
  {
    routes: [
      'WarrantyTypes',
      'RepairPlaces',
      'JobCategoryList',
      'RepairCodes',
      'JobStatuses',
      'CompanySettings',
      'DefaultSettings',
      'Features',
      'MailLogs',
      'EventLogs',
      'SmsLogs',
      'TaskLogs',
      'EmailSettings',
      'EditEmailSetting',
      'AssetTypes',
      'FailureCodes',
      'SupplierFailureCodes',
      'LeadEmail',
    ],
    texts: ['admin', 'pim', 'validation', 'dropdown'],
    load: () => import('../features/admin/pages.ts').then((m) => m.adminPages),
  },
  {
    routes: ['CheckLists', 'CheckListEdit'],
    texts: ['checklists', 'validation'],
    load: () => import('../features/checklists/pages.ts').then((m) => m.checklistPages),
  },
  {
    routes: ['MachineExport', 'Export', 'Import', 'ImportMachine'],
    texts: ['machines', 'importexport'],
    load: () => import('../features/tasks/pages.ts').then((m) => m.taskPages),
  },
  {
    routes: ['MyAccount', 'SiteSettings'],
    texts: ['account', 'validation'],
    load: () => import('../features/account/pages.ts').then((m) => m.accountPages),
  },
  {
    routes: ['Planner'],
    texts: ['planner'],
    load: () => import('../features/planner/pages.ts').then((m) => m.plannerPages),
  },
  {
    routes: ['MyCarInventory', 'MyCarPickingList', 'AdminInventory'],
    texts: ['stock', 'validation', 'units'],
    load: () => import('../features/stock/pages.ts').then((m) => m.stockPages),
  },
  {
    routes: ['MyToday'],
    texts: ['today'],
    load: () => import('../features/today/pages.ts').then((m) => m.todayPages),
  },
  {
    routes: ['MyHourList', 'TimeReport'],
    texts: ['timereport', 'validation'],
    load: () => import('../features/time-report/pages.ts').then((m) => m.timeReportPages),
  },
  {
    routes: ['OpenOrders'],
    texts: ['openorders'],
    load: () => import('../features/open-orders/pages.ts').then((m) => m.openOrderPages),
  },
  {
    routes: [
      'NextOrders',
      'ServiceAgreements',
      'Contracts',
      'ViewCustomerContractDetails',
      'LegacyContractEdit',
      'ContractTypes',
    ],
    texts: ['agreements', 'dropdown', 'validation'],
    load: () => import('../features/agreements/pages.ts').then((m) => m.agreementPages),
  },
  {
    routes: ['CounterList', 'CounterInfo', 'ViewMachineCounters'],
    texts: ['counters', 'validation'],
    load: () => import('../features/counters/pages.ts').then((m) => m.counterPages),
  },
  {
    routes: [
      'ProjectList',
      'ProjectInfo',
      'LeadList',
      'LeadTypes',
      'DepartmentList',
      'DepartmentInfo',
      'DepartmentUsers',
    ],
    texts: ['org', 'validation', 'users', 'server', 'auth'],
    load: () => import('../features/org/pages.ts').then((m) => m.orgPages),
  },
  {
    routes: [
      'PartnerCompanyList',
      'NewPartnerCompany',
      'PartnerCompanyInfo',
      'PartnerCompanyUsers',
      'PartnerUsers',
      'PartnerEmail',
    ],
    texts: ['partners', 'users', 'validation', 'server', 'auth'],
    load: () => import('../features/partners/pages.ts').then((m) => m.partnerPages),
  },
];

/** The landing page's feature is attached at once, so the first page waits for no map. */
const LANDING = { pages: dashboardPages, texts: ['dashboard'] } as const;

const featureOf = new Map<RouteName, FeaturePages>(
  FEATURES.flatMap((f) => f.routes.map((name) => [name, f] as const)),
);
const loaded = new Map<RouteName, LazyExoticComponent<ComponentType>>();

/**
 * The page of a route: the shell's, the landing feature's, or a feature's (its map and then its page
 * chunk loaded on first render); undefined for a route no feature has built yet.
 */
export function pageOf(name: RouteName): LazyExoticComponent<ComponentType> | undefined {
  const own = shellPages[name] ?? LANDING.pages[name];
  if (own) return own;
  const feature = featureOf.get(name);
  if (!feature) return undefined;
  let page = loaded.get(name);
  if (!page) {
    page = lazy(() =>
      feature.load().then((pages) => {
        const inner = pages[name];
        if (!inner) throw new Error(`The ${name} page is not in its feature's pages (app/route-pages.ts).`);
        // React's lazy must resolve to a component, not to another lazy one: this one renders it
        // (and suspends again, in the same boundary, while the page's chunk loads).
        const Page = inner;
        return { default: () => createElement(Page) };
      }),
    );
    loaded.set(name, page);
  }
  return page;
}

/** The namespaces a route's page needs before it renders (none beyond the shell's for the rest). */
export function textsOfRoute(name: RouteName): readonly string[] {
  if (LANDING.pages[name]) return LANDING.texts;
  return SHELL_TEXTS[name] ?? featureOf.get(name)?.texts ?? [];
}
