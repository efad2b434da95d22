import { LANGUAGES } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { pathFor } from './access.ts';
import { RAIL_ICONS } from './rail-icons.ts';
import { ROUTE_ICONS } from './route-icons.ts';
import { allRoutes, findRoute, getRoute, type RouteName } from './routes.ts';

type Json = { [key: string]: string | Json };
const catalogues = import.meta.glob<Json>('../../../../../packages/contract/src/i18n/*/*.json', {
  eager: true,
  import: 'default',
});
const catalogue = (lang: string, ns: string): Json => {
  const entry = Object.entries(catalogues).find(([path]) => path.endsWith(`/i18n/${lang}/${ns}.json`));
  if (!entry) throw new Error(`No ${lang}/${ns}.json`);
  return entry[1];
};
const keysOf = (obj: Json, prefix = ''): string[] =>
  Object.entries(obj).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keysOf(v, `${prefix}${k}.`),
  );

/** Every named route of 001 §2.3–§2.11 (and the named routes 000 §2 uses). */
const SPEC_ROUTES = [
  'Home',
  'About',
  'Planner',
  'SearchResults',
  'Redirect',
  'QrCodes',
  'Logout',
  'MyPage',
  'MyAccount',
  'SiteSettings',
  'CustomerList',
  'MachineList',
  'ViewCustomer',
  'ViewCustomerContact',
  'ViewMachine',
  'ViewUser',
  'ViewJob',
  'ViewJobPlanning',
  'NewJobOverview',
  'NewJobStart',
  'JobList',
  'ImportMachine',
  'NewSupplier',
  'Admin',
  'AdminHome',
  'EditEmailSetting',
  'Agreements',
  'NextOrders',
  'Contracts',
  'ServiceAgreements',
  'Customer',
  'Dashboard',
  'DashboardHome',
  'TimeReport',
  'OpenOrders',
  'MachineExport',
  'Job',
  'Partner',
  'PIM',
];

describe('route table', () => {
  it('declares every named route of the documents', () => {
    for (const name of SPEC_ROUTES) expect(findRoute(name), name).toBeDefined();
  });

  it('has the paths of 001 §2.3–§2.11', () => {
    const paths: Record<string, string> = {
      Home: '/',
      About: '/about',
      Planner: '/planner/:appointmentId?',
      SearchResults: '/search-results/:jobId?',
      Redirect: '/auto-redirect',
      Logout: '/logout',
      JobList: '/job/list/:filter',
      NewJobStart: '/job/list/:filter/newjob/start/:jobId?',
      NewJobOverview: '/job/list/:filter/newjob/overview',
      ViewJobPlanning: '/job/list/:filter/view/:jobId/planning/:appointmentId?',
      EditPart: '/job/list/:filter/view/:jobId/parts/editpart/:machineJobId/:partId?',
      EditEmailSetting: '/admin/settings/email/:key',
      CounterInfo: '/admin/counters/:counterId/info',
      CheckListEdit: '/admin/check-lists/edit/:templateId?',
      Contracts: '/agreements/contracts/:contractTypeId',
      ViewCustomerJobs: '/customer/:customerId/jobs/:jobId?',
      CustomerGroupInfo: '/customer/group-list/:customerGroupId?/info',
      ViewArticle: '/pim/articles/:articleId?/:articleNumber',
      NewSupplier: '/pim/suppliers/new/:supplierId',
      ViewMachineResources: '/pim/machine-list/:machineId/resources/:documentId?',
      PartnerCompanyUsers: '/partner/companies/:partnerCompanyId/users/:userId?',
      MyCarPickingList: '/my-page/mycar/pickinglist',
      MyHourList: '/my-page/myhourlist',
    };
    for (const [name, path] of Object.entries(paths))
      expect(getRoute(name as RouteName).fullPath, name).toBe(path);
  });

  it('redirect targets, menu links and cards refer to routes that exist', () => {
    for (const route of allRoutes()) {
      if (route.redirect && route.redirect !== 'firstChild')
        expect(findRoute(route.redirect.to), route.name).toBeDefined();
      if (route.redirect === 'firstChild') expect(route.children.length, route.name).toBeGreaterThan(0);
      for (const link of route.menuLinks ?? []) expect(findRoute(link.route), link.id).toBeDefined();
      if (route.cardsOf) expect(findRoute(route.cardsOf), route.name).toBeDefined();
      if (route.icon) expect({ ...RAIL_ICONS, ...ROUTE_ICONS }[route.icon], route.name).toBeDefined();
      // The rail's icons are bundled with the shell: no top-level menu entry waits for its icon.
      if (route.chain.length === 1 && route.icon && route.sidebar !== false && route.sidebar !== 'hidden')
        expect(Object.keys(RAIL_ICONS), route.name).toContain(route.icon);
    }
  });

  it('builds addresses with parameters and leaves out missing optional ones', () => {
    expect(pathFor('ViewJobPlanning', { filter: 'status-10-0', jobId: '5', appointmentId: 'new' })).toBe(
      '/job/list/status-10-0/view/5/planning/new',
    );
    expect(pathFor('ViewJobPlanning', { filter: 'my', jobId: '5' })).toBe('/job/list/my/view/5/planning');
    expect(pathFor('SearchResults', {}, { q: 'pump 3' })).toBe('/search-results?q=pump+3');
    expect(pathFor('Home')).toBe('/');
    // @ts-expect-error: a required parameter left out is a type error too; at run time it throws.
    expect(() => pathFor('ViewJob', { filter: 'my' })).toThrow(/jobId/);
  });
});

describe('translations of the shell', () => {
  it('every route has a display name in every language', () => {
    for (const lang of LANGUAGES) {
      const routes = catalogue(lang, 'routes');
      for (const route of allRoutes())
        expect(routes[route.displayKey], `${lang} ${route.displayKey}`).toBeTruthy();
      for (const link of allRoutes().flatMap((r) => r.menuLinks ?? []))
        expect(routes[link.displayKey]).toBeTruthy();
    }
  });

  it('the five languages have exactly the same keys, none empty', () => {
    for (const ns of ['shell', 'routes', 'common']) {
      const english = keysOf(catalogue('en', ns)).sort();
      for (const lang of LANGUAGES) {
        const cat = catalogue(lang, ns);
        expect(keysOf(cat).sort(), `${lang}/${ns}`).toEqual(english);
        for (const key of english) {
          const value = key.split('.').reduce<string | Json | undefined>((o, k) => (o as Json)?.[k], cat);
          expect(typeof value === 'string' && value.trim().length > 0, `${lang}/${ns}:${key}`).toBe(true);
        }
      }
    }
  });

  it('the other languages are translated, not copies of English', () => {
    const english = catalogue('en', 'shell');
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      const other = catalogue(lang, 'shell');
      expect((other.notFound as Json).title).not.toBe((english.notFound as Json).title);
      expect((other.noAccess as Json).text).not.toBe((english.noAccess as Json).text);
      // Interpolations survive translation.
      expect((other.noAccess as Json).text).toContain('{{module}}');
      expect((other.notFound as Json).text).toContain('{{path}}');
      expect((other.licenceRequired as Json).contact).toContain('<mail>{{email}}</mail>');
    }
  });
});
