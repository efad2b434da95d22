import { CUSTOMER_TYPES, STAFF } from '@fieldport/contract';
import type { ComponentType, LazyExoticComponent } from 'react';
import type { RouteNode } from './route-types.ts';

/**
 * The route table (001 §2.3–§2.11): every named route with its metadata, as plain data. The router,
 * the menu, the header's breadcrumbs and tabs, the header-cards pages and the guards are all derived
 * from it. It names no page: app/route-pages.ts attaches the pages to route names; a route without
 * one shows the planned-construction page until its feature is built.
 */
const ROUTE_TABLE = [
  {
    name: 'Home',
    path: '/',
    icon: 'Home',
    sidebar: false,
    redirect: { to: 'Dashboard', fallback: 'firstAccessible', compactTo: 'MyPage' },
  },
  {
    name: 'Dashboard',
    path: '/dashboard',
    icon: 'Dashboard',
    permission: 'Module.Dashboard',
    redirect: { to: 'DashboardHome' },
    children: [
      { name: 'DashboardHome', path: 'home', icon: 'Dashboard', sidebar: false },
      {
        name: 'TimeReport',
        path: 'timereport',
        icon: 'AccessTime',
        permission: 'Module.DashboardAdmin',
      },
      {
        name: 'OpenOrders',
        path: 'openorders',
        icon: 'PendingActions',
        permission: 'Module.DashboardAdmin',
      },
      {
        name: 'MachineExport',
        path: 'machine-export',
        icon: 'FileDownload',
        permission: 'Module.DashboardAdmin',
      },
    ],
  },
  {
    // The customer users' own pages (issue 32, decision 068): before the Jobs module, so the root's
    // redirect lands customer users here (they have no dashboard, 001 §6).
    name: 'CustomerPortal',
    path: '/my-company',
    icon: 'Business',
    licence: 'CustomerPortal',
    authorize: CUSTOMER_TYPES,
    redirect: { to: 'CustomerPortalJobs' },
    children: [
      { name: 'CustomerPortalJobs', path: 'jobs', icon: 'Work' },
      { name: 'CustomerPortalMachines', path: 'machines', icon: 'PrecisionManufacturing' },
      {
        name: 'CustomerPortalMachine',
        path: 'machines/:machineId',
        icon: 'ReportProblem',
        sidebar: 'hidden',
      },
    ],
  },
  {
    name: 'Job',
    path: '/job',
    icon: 'Work',
    permission: 'Module.Jobs',
    redirect: { to: 'JobList', params: { filter: 'my' } },
    // The new, unplanned jobs; features/jobs/work-queue sets it with the menu's status groups.
    count: 'JobNew',
    menuLinks: [
      {
        id: 'JobList-my',
        route: 'JobList',
        params: { filter: 'my' },
        displayKey: 'JobListMy',
        icon: 'Person',
      },
      {
        id: 'JobList-parts',
        route: 'JobList',
        params: { filter: 'parts' },
        displayKey: 'JobListParts',
        icon: 'Inventory2',
      },
      {
        id: 'NewJobStart',
        route: 'NewJobStart',
        params: { filter: 'my' },
        displayKey: 'NewJob',
        icon: 'AddCircle',
      },
    ],
    children: [
      {
        name: 'JobList',
        path: 'list/:filter',
        icon: 'List',
        sidebar: false,
        children: [
          {
            name: 'NewJob',
            path: 'newjob',
            icon: 'AddCircle',
            permission: 'Module.NewJob',
            redirect: { to: 'NewJobStart' },
            children: [
              {
                name: 'NewJobStart',
                path: 'start/:jobId?',
                icon: 'AddCircle',
              },
              { name: 'NewJobOverview', path: 'overview', icon: 'Assignment' },
            ],
          },
          {
            name: 'ViewJob',
            path: 'view/:jobId',
            icon: 'Work',
            contextMenu: 'tabs',
            redirect: { to: 'ViewJobGeneral' },
            children: [
              { name: 'ViewJobGeneral', path: 'general', icon: 'Info' },
              {
                name: 'ViewJobPlanning',
                path: 'planning/:appointmentId?',
                icon: 'Event',
              },
              { name: 'ViewJobChecklists', path: 'checklists', icon: 'Checklist', licence: 'CheckList' },
              { name: 'ViewJobLog', path: 'logg', icon: 'History' },
              { name: 'ViewJobResources', path: 'resources', icon: 'AttachFile' },
              {
                name: 'ViewJobParts',
                path: 'parts',
                icon: 'Inventory2',
                children: [
                  {
                    name: 'EditPart',
                    path: 'editpart/:machineJobId/:partId?',
                    icon: 'Edit',
                    sidebar: 'hidden',
                  },
                  {
                    name: 'EditTime',
                    path: 'edittime/:machineJobId/:timeId?',
                    icon: 'Edit',
                    sidebar: 'hidden',
                  },
                  {
                    name: 'AddPart',
                    path: 'addpart/:machineJobId',
                    icon: 'AddShoppingCart',
                    sidebar: 'hidden',
                  },
                  { name: 'AddTime', path: 'addtime/:machineJobId', icon: 'MoreTime', sidebar: 'hidden' },
                ],
              },
              { name: 'ViewJobInvoice', path: 'invoice', icon: 'ReceiptLong' },
            ],
          },
        ],
      },
      // Older job addresses (/job/list, /job/my, /job/list/status/10/2 …) redirect to list/:filter (001 §2.8).
      { name: 'JobLegacyList', path: '*', sidebar: 'hidden', displayKey: 'JobList' },
    ],
  },
  {
    name: 'Planner',
    path: '/planner/:appointmentId?',
    icon: 'CalendarMonth',
    permission: 'Module.Planner',
  },
  {
    name: 'Customer',
    path: '/customer',
    icon: 'Business',
    permission: 'Module.Customer',
    redirect: { to: 'CustomerList' },
    children: [
      {
        name: 'CustomerList',
        path: 'list',
        icon: 'List',
      },
      {
        name: 'ViewCustomer',
        path: ':customerId',
        icon: 'Business',
        contextMenu: 'tabs',
        redirect: { to: 'ViewCustomerDetails' },
        children: [
          { name: 'ViewCustomerDetails', path: 'details', icon: 'Info' },
          { name: 'ViewCustomerJobs', path: 'jobs/:jobId?', icon: 'Work' },
          { name: 'ViewCustomerMachines', path: 'machines/:machineId?', icon: 'PrecisionManufacturing' },
          { name: 'ViewCustomerUsers', path: 'users/:userId?', icon: 'People', licence: 'CustomerPortal' },
          { name: 'ViewCustomerLogs', path: 'logs/:logId?', icon: 'History' },
          {
            name: 'ViewCustomerContractDetails',
            path: 'contract-details',
            icon: 'Description',
            licence: 'Contracts',
          },
          {
            name: 'ViewCustomerContact',
            path: 'contact/:contactId?',
            icon: 'ContactPhone',
            sidebar: 'hidden',
          },
        ],
      },
      { name: 'ViewUser', path: 'user/:userId?', icon: 'Person', sidebar: 'hidden' },
      {
        name: 'CustomerGroupList',
        path: 'group-list',
        icon: 'GroupWork',
        children: [
          { name: 'CustomerGroupInfo', path: ':customerGroupId?/info', icon: 'Info', sidebar: 'hidden' },
        ],
      },
      { name: 'CustomerAccountsList', path: 'accounts-list', icon: 'AccountBox' },
    ],
  },
  {
    name: 'Agreements',
    path: '/agreements',
    icon: 'Handshake',
    licence: 'Contracts',
    permission: 'Module.Contracts',
    redirect: { to: 'NextOrders' },
    children: [
      {
        name: 'ServiceAgreements',
        path: 'service-agreements',
        icon: 'Assignment',
      },
      {
        name: 'Contracts',
        path: 'contracts/:contractTypeId',
        icon: 'Description',
      },
      { name: 'NextOrders', path: 'next-orders', icon: 'EventRepeat' },
      {
        // The documents' legacy contract edit page (query contractId, contractDetailId): ours shows
        // the contract with its edit form (features/agreements), so it is no classic page in SaaS mode.
        name: 'LegacyContractEdit',
        path: 'contract-edit',
        icon: 'Description',
        sidebar: 'hidden',
      },
    ],
  },
  {
    name: 'PIM',
    path: '/pim',
    icon: 'Inventory',
    permission: 'Module.PIM',
    redirect: { to: 'MachineModelList' },
    children: [
      {
        name: 'MachineModelList',
        path: 'machine-models',
        icon: 'Widgets',
        children: [
          { name: 'NewMachineModel', path: 'new/:modelId', icon: 'Add', sidebar: 'hidden' },
          {
            name: 'MachineModel',
            path: ':modelId',
            icon: 'Widgets',
            contextMenu: 'tabs',
            redirect: { to: 'MachineModelInfo' },
            children: [
              { name: 'MachineModelInfo', path: 'info', icon: 'Info' },
              { name: 'MachineModelResources', path: 'resources', icon: 'AttachFile' },
              { name: 'MachineModelCommonParts', path: 'common-parts', icon: 'Extension' },
            ],
          },
        ],
      },
      {
        name: 'MachineList',
        path: 'machine-list',
        icon: 'PrecisionManufacturing',
        children: [
          {
            name: 'ImportMachine',
            path: 'import',
            icon: 'FileUpload',
            sidebar: 'hidden',
            permission: 'Module.Admin',
          },
          {
            name: 'ViewMachine',
            path: ':machineId',
            icon: 'PrecisionManufacturing',
            contextMenu: 'tabs',
            redirect: { to: 'ViewMachineInfo' },
            children: [
              { name: 'ViewMachineInfo', path: 'info', icon: 'Info' },
              { name: 'ViewMachineResources', path: 'resources/:documentId?', icon: 'AttachFile' },
              { name: 'ViewMachineLogs', path: 'logs/:logId?', icon: 'History' },
              { name: 'ViewMachineJobs', path: 'jobs/:jobId?', icon: 'Work' },
              { name: 'ViewMachineCounters', path: 'counters', icon: 'Numbers' },
            ],
          },
        ],
      },
      {
        name: 'MachineTypeList',
        path: 'machine-types',
        icon: 'Category',
        children: [
          {
            name: 'MachineType',
            path: ':typeId',
            icon: 'Category',
            contextMenu: 'tabs',
            redirect: { to: 'MachineTypeInfo' },
            children: [
              { name: 'MachineTypeInfo', path: 'info', icon: 'Info' },
              { name: 'MachineTypeResources', path: 'resources', icon: 'AttachFile' },
              { name: 'MachineTypeModelList', path: 'model-list', icon: 'ViewList' },
              {
                name: 'MachineTypeMachineList',
                path: 'machine-list/:machineId?',
                icon: 'PrecisionManufacturing',
              },
            ],
          },
        ],
      },
      {
        name: 'ArticleList',
        path: 'articles',
        icon: 'Article',
        children: [
          { name: 'NewArticle', path: 'new/:articleId', icon: 'Add', sidebar: 'hidden' },
          {
            name: 'ViewArticle',
            path: ':articleId?/:articleNumber',
            icon: 'Article',
            contextMenu: 'tabs',
            redirect: { to: 'ViewArticleInfo' },
            children: [
              { name: 'ViewArticleInfo', path: 'info', icon: 'Info' },
              { name: 'ViewArticleResources', path: 'resources', icon: 'AttachFile' },
              { name: 'ViewArticleLogs', path: 'logs/:logId?', icon: 'History' },
              { name: 'ViewArticleJobCategories', path: 'job-categories', icon: 'Label' },
            ],
          },
        ],
      },
      {
        name: 'JobCategoryList',
        path: 'job-categories',
        icon: 'Label',
        children: [
          {
            name: 'JobCategory',
            path: ':categoryId',
            icon: 'Label',
            contextMenu: 'tabs',
            redirect: { to: 'JobCategoryInfo' },
            children: [{ name: 'JobCategoryInfo', path: 'info', icon: 'Info' }],
          },
        ],
      },
      {
        name: 'SupplierList',
        path: 'suppliers',
        icon: 'LocalShipping',
        children: [
          { name: 'NewSupplier', path: 'new/:supplierId', icon: 'Add', sidebar: 'hidden' },
          {
            name: 'Supplier',
            path: ':supplierId',
            icon: 'LocalShipping',
            contextMenu: 'tabs',
            redirect: { to: 'SupplierInfo' },
            children: [
              { name: 'SupplierInfo', path: 'info', icon: 'Info' },
              { name: 'SupplierResources', path: 'resources', icon: 'AttachFile' },
              { name: 'SupplierFailureCodes', path: 'failure-codes', icon: 'ReportProblem' },
              { name: 'SupplierModelList', path: 'model-list', icon: 'ViewList' },
              {
                name: 'SupplierMachineList',
                path: 'machine-list/:machineId?',
                icon: 'PrecisionManufacturing',
              },
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Partner',
    path: '/partner',
    icon: 'Groups',
    licence: 'PartnerPortal',
    feature: 'PartnerCompaniesEnabled',
    permission: 'Module.Partner',
    redirect: { to: 'PartnerCompanyList' },
    children: [
      {
        name: 'PartnerCompanyList',
        path: 'companies',
        icon: 'Business',
        children: [
          { name: 'NewPartnerCompany', path: 'new', icon: 'AddBusiness', sidebar: 'hidden' },
          {
            name: 'PartnerCompany',
            path: ':partnerCompanyId',
            icon: 'Business',
            contextMenu: 'tabs',
            redirect: { to: 'PartnerCompanyInfo' },
            children: [
              { name: 'PartnerCompanyInfo', path: 'info', icon: 'Info' },
              { name: 'PartnerCompanyUsers', path: 'users/:userId?', icon: 'People' },
            ],
          },
        ],
      },
      { name: 'PartnerUsers', path: 'users/:userId?', icon: 'People' },
      { name: 'PartnerEmail', path: 'email', icon: 'Email' },
    ],
  },
  {
    name: 'Admin',
    path: '/admin',
    icon: 'AdminPanelSettings',
    permission: 'Module.Admin',
    redirect: { to: 'AdminHome' },
    children: [
      {
        name: 'AdminHome',
        path: 'home',
        icon: 'AdminPanelSettings',
        page: 'cards',
        cardsOf: 'Admin',
        sidebar: false,
      },
      {
        name: 'AdminSettings',
        path: 'settings',
        icon: 'Settings',
        page: 'cards',
        children: [
          {
            name: 'CompanySettings',
            path: 'companysettings',
            icon: 'Business',
          },
          {
            name: 'EmailSettings',
            path: 'email-settings',
            icon: 'Email',
          },
          { name: 'EditEmailSetting', path: 'email/:key', icon: 'Edit', sidebar: 'hidden' },
          { name: 'DefaultSettings', path: 'default-settings', icon: 'Tune' },
          { name: 'Features', path: 'features', icon: 'ToggleOn' },
        ],
      },
      {
        name: 'AdminAccounts',
        path: 'accounts',
        icon: 'ManageAccounts',
        page: 'cards',
        children: [
          { name: 'AdminAdmins', path: 'admins', icon: 'SupervisorAccount' },
          {
            name: 'AdminTechnicians',
            path: 'technicians',
            icon: 'Engineering',
          },
          { name: 'AdminSubContractors', path: 'sub-contractors', icon: 'Handyman' },
          { name: 'AdminPartners', path: 'partners', icon: 'Groups', licence: 'PartnerPortal' },
          { name: 'AdminCustomerAccounts', path: 'customer', icon: 'Badge', licence: 'CustomerPortal' },
        ],
      },
      {
        name: 'DepartmentList',
        path: 'departments',
        icon: 'AccountTree',
        children: [
          {
            name: 'Department',
            path: ':departmentId',
            icon: 'AccountTree',
            contextMenu: 'tabs',
            redirect: { to: 'DepartmentInfo' },
            children: [
              { name: 'DepartmentInfo', path: 'info', icon: 'Info' },
              { name: 'DepartmentUsers', path: 'users/:userId?', icon: 'People' },
            ],
          },
        ],
      },
      {
        name: 'ProjectList',
        path: 'projects',
        icon: 'Folder',
        feature: 'ProjectsEnabled',
        children: [
          {
            name: 'Project',
            path: ':projectId',
            icon: 'Folder',
            contextMenu: 'tabs',
            redirect: { to: 'ProjectInfo' },
            children: [{ name: 'ProjectInfo', path: 'info', icon: 'Info' }],
          },
        ],
      },
      { name: 'JobStatuses', path: 'job-statuses', icon: 'Flag' },
      { name: 'AdminInventory', path: 'inventory', icon: 'Inventory' },
      {
        name: 'CounterList',
        path: 'counters',
        icon: 'Numbers',
        children: [{ name: 'CounterInfo', path: ':counterId/info', icon: 'Info', sidebar: 'hidden' }],
      },
      // Ours: the contract types the Agreements menu lists (decision 057).
      { name: 'ContractTypes', path: 'contract-types', icon: 'Handshake', licence: 'Contracts' },
      { name: 'FailureCodes', path: 'failure-codes', icon: 'ReportProblem' },
      { name: 'RepairCodes', path: 'repair-codes', icon: 'Build' },
      { name: 'WarrantyTypes', path: 'warranty-types', icon: 'VerifiedUser' },
      { name: 'RepairPlaces', path: 'repair-places', icon: 'Place' },
      // Not behind AssetTypesEnabled (001 §2.4 puts it there): the page holds the feature's switch, so
      // the Admin must reach it while the feature is off (decision 054).
      { name: 'AssetTypes', path: 'asset-types', icon: 'Category' },
      {
        name: 'Lead',
        path: 'lead',
        icon: 'TrendingUp',
        feature: 'LeadsEnabled',
        contextMenu: 'tabs',
        redirect: 'firstChild',
        children: [
          { name: 'LeadList', path: 'list', icon: 'List' },
          { name: 'LeadTypes', path: 'types', icon: 'Label' },
          { name: 'LeadEmail', path: 'email', icon: 'Email' },
        ],
      },
      {
        name: 'Logs',
        path: 'logs',
        icon: 'History',
        contextMenu: 'tabs',
        redirect: 'firstChild',
        children: [
          { name: 'EventLogs', path: 'events', icon: 'Event' },
          { name: 'MailLogs', path: 'mail', icon: 'Mail' },
          { name: 'SmsLogs', path: 'sms', icon: 'Sms' },
          { name: 'TaskLogs', path: 'task', icon: 'Task' },
        ],
      },
      {
        name: 'ImportExport',
        path: 'import-export',
        icon: 'ImportExport',
        contextMenu: 'tabs',
        redirect: 'firstChild',
        children: [
          { name: 'Export', path: 'export', icon: 'FileDownload' },
          { name: 'Import', path: 'import', icon: 'FileUpload' },
        ],
      },
      {
        name: 'CheckLists',
        path: 'check-lists',
        icon: 'Checklist',
        licence: 'CheckList',
        children: [{ name: 'CheckListEdit', path: 'edit/:templateId?', icon: 'Edit', sidebar: 'hidden' }],
      },
    ],
  },
  {
    name: 'MyPage',
    path: '/my-page',
    icon: 'Person',
    permission: 'Module.MyPage',
    showOn: 'compact',
    // On a phone a technician's or subcontractor's My page opens on their Today (issue 31.1).
    redirect: { to: 'MyPageHome', compactTo: 'MyToday' },
    children: [
      { name: 'MyPageHome', path: 'home', icon: 'Home', page: 'cards', cardsOf: 'MyPage', sidebar: false },
      { name: 'MyToday', path: 'today', icon: 'Today', authorize: STAFF },
      { name: 'MyJobs', path: 'myjobs', icon: 'Work', redirect: { to: 'JobList', params: { filter: 'my' } } },
      {
        name: 'MyCar',
        path: 'mycar',
        icon: 'DirectionsCar',
        permission: 'Module.MyCar',
        contextMenu: 'tabs',
        redirect: 'firstChild',
        children: [
          {
            name: 'MyCarInventory',
            path: 'inventory',
            icon: 'Inventory',
          },
          { name: 'MyCarPickingList', path: 'pickinglist', icon: 'ListAlt' },
        ],
      },
      { name: 'MyAccount', path: 'myaccount', icon: 'AccountCircle' },
      {
        name: 'MyHourList',
        path: 'myhourlist',
        icon: 'Schedule',
        permission: 'Module.HourList',
      },
      { name: 'SiteSettings', path: 'sitesettings', icon: 'Settings' },
    ],
  },
  { name: 'QrCodes', path: '/qr-codes', icon: 'QrCode2', authorize: STAFF },
  {
    name: 'SearchResults',
    path: '/search-results/:jobId?',
    icon: 'Search',
    sidebar: false,
  },
  {
    name: 'About',
    path: '/about',
    icon: 'Info',
    sidebar: false,
  },
  {
    name: 'Logout',
    path: '/logout',
    icon: 'Logout',
    sidebar: false,
  },
  { name: 'Redirect', path: '/auto-redirect', icon: 'Shortcut', sidebar: false },
  { name: 'OldSite', path: '/old-site', icon: 'Shortcut', sidebar: 'hidden' },
  { name: 'NotFound', path: '/*', sidebar: 'hidden', displayKey: 'UnknownPage' },
] as const satisfies readonly RouteNode[];

const joinPath = (parent: string, path: string) => {
  if (path.startsWith('/')) return path;
  return `${parent === '/' ? '' : parent}/${path}`;
};

function paramsOf(path: string) {
  const names: string[] = [];
  const required: string[] = [];
  for (const match of path.matchAll(/:([A-Za-z]+)(\?)?/g)) {
    const name = match[1] as string;
    names.push(name);
    if (!match[2]) required.push(name);
  }
  if (path.endsWith('*')) names.push('*');
  return { names, required };
}

/** The names of a route table, its children's included. */
type NamesOf<T> = T extends readonly (infer Node)[]
  ? Node extends { name: infer Name extends string }
    ? Name | (Node extends { children: infer Children } ? NamesOf<Children> : never)
    : never
  : never;

/** Every route name of the table: `pathFor`, `getRoute` and the page map only take these. */
export type RouteName = NamesOf<typeof ROUTE_TABLE>;

type JoinPath<Parent extends string, Path extends string> = Path extends `/${string}`
  ? Path
  : Parent extends '/'
    ? `/${Path}`
    : `${Parent}/${Path}`;

/** Each route name with its absolute path, worked out from the table like `resolve` does. */
type PathsOf<T, Parent extends string> = T extends readonly (infer Node)[]
  ? Node extends { name: infer Name extends string; path: infer Path extends string }
    ?
        | { name: Name; path: JoinPath<Parent, Path> }
        | (Node extends { children: infer Children } ? PathsOf<Children, JoinPath<Parent, Path>> : never)
    : never
  : never;
type Segments<Path extends string> = Path extends `${infer Head}/${infer Tail}`
  ? Head | Segments<Tail>
  : Path;
type RequiredOf<Segment> = Segment extends `:${infer Param}`
  ? Param extends `${string}?`
    ? never
    : Param
  : never;

/** The parameters a route's path cannot do without, e.g. 'customerId' | 'contactId'; never when none. */
export type RequiredParams<Name extends RouteName> = RequiredOf<
  Segments<Extract<PathsOf<typeof ROUTE_TABLE, '/'>, { name: Name }>['path']>
>;

/** Pages by route name: each feature's `pages.ts`, gathered with the shell's pages in app/route-pages.ts. */
export type RoutePages = Partial<Record<RouteName, LazyExoticComponent<ComponentType>>>;

/** Route names the table itself refers to (redirect targets, menu links, header-cards owners). */
type TargetsOf<T> = T extends readonly (infer Node)[]
  ?
      | (Node extends { redirect: { to: infer To } } ? To : never)
      | (Node extends { menuLinks: readonly (infer Link)[] }
          ? Link extends { route: infer R }
            ? R
            : never
          : never)
      | (Node extends { cardsOf: infer C } ? C : never)
      | (Node extends { children: infer Children } ? TargetsOf<Children> : never)
  : never;
type Assignable<T extends U, U> = T;
/**
 * A redirect, menu link or cards owner naming no route of the table is a type error here.
 * @public (a compile-time check: nothing imports it)
 */
export type TableTargets = Assignable<TargetsOf<typeof ROUTE_TABLE>, RouteName>;

/** A route of the table with its position resolved. */
export interface AppRoute extends Omit<RouteNode, 'children' | 'name' | 'cardsOf'> {
  name: RouteName;
  cardsOf?: RouteName;
  displayKey: string;
  /** Absolute path (without the base path). */
  fullPath: string;
  parent: AppRoute | null;
  /** Ancestors then the route itself, top-level first. */
  chain: AppRoute[];
  children: AppRoute[];
  /** Names of the path parameters, and which of them are required. */
  paramNames: string[];
  requiredParams: string[];
}

function resolve(
  nodes: readonly RouteNode[],
  parent: AppRoute | null,
  into: Map<string, AppRoute>,
): AppRoute[] {
  return nodes.map((node) => {
    const { children, cardsOf, ...meta } = node;
    const fullPath = joinPath(parent?.fullPath ?? '/', node.path);
    const { names, required } = paramsOf(fullPath);
    const route: AppRoute = {
      ...meta,
      // The names are the table's own; TableTargets checks that cardsOf names one of them.
      name: node.name as RouteName,
      ...(cardsOf ? { cardsOf: cardsOf as RouteName } : {}),
      displayKey: node.displayKey ?? node.name,
      fullPath,
      parent,
      chain: [],
      children: [],
      paramNames: names,
      requiredParams: required,
    };
    route.chain = parent ? [...parent.chain, route] : [route];
    if (into.has(node.name)) throw new Error(`Duplicate route name ${node.name}`);
    into.set(node.name, route);
    route.children = resolve(children ?? [], route, into);
    return route;
  });
}

const byName = new Map<string, AppRoute>();
/** The top-level routes, resolved. */
export const ROUTES: readonly AppRoute[] = resolve(ROUTE_TABLE, null, byName);

export function getRoute(name: RouteName): AppRoute {
  const route = byName.get(name);
  if (!route) throw new Error(`Unknown route ${name}`);
  return route;
}

/** A route by a name read at run time (a router match, a legacy address); undefined when unknown. */
export function findRoute(name: string): AppRoute | undefined {
  return byName.get(name);
}

/** Every route, depth first. */
export function allRoutes(): AppRoute[] {
  return [...byName.values()];
}
