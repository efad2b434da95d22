import { FEATURE_KEYS, type FeatureKey, LICENCE_KEYS, type LicenceKey, UserType } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import {
  type AccessContext,
  buildMenu,
  cardsFor,
  checkRoute,
  type MenuNode,
  pathFor,
  resolveRedirect,
  tabsFor,
} from './access.ts';
import { type AppRoute, getRoute, type RouteName } from './routes.ts';

function synthetic(
  name: string,
  fullPath: string,
  parent: AppRoute | null = null,
  extra: Partial<AppRoute> = {},
): AppRoute {
  const route: AppRoute = {
    name: name as RouteName,
    path: fullPath,
    displayKey: name,
    fullPath,
    parent,
    chain: [],
    children: [],
    paramNames: [],
    requiredParams: [],
    ...extra,
  };
  route.chain = parent ? [...parent.chain, route] : [route];
  return route;
}

const all = <K extends string>(keys: readonly K[], value = true) =>
  Object.fromEntries(keys.map((k) => [k, value])) as Record<K, boolean>;

function ctx(
  userTypeId: number,
  opts: {
    licences?: Partial<Record<LicenceKey, boolean>>;
    features?: Partial<Record<FeatureKey, boolean>>;
    isSaas?: boolean;
  } = {},
): AccessContext {
  return {
    userTypeId,
    licences: { ...all(LICENCE_KEYS), ...opts.licences },
    features: { ...all(FEATURE_KEYS), ...opts.features },
    isSaas: opts.isSaas ?? false,
  };
}

const topLevel = (menu: MenuNode[]) => menu.map((n) => n.id);
const ids = (menu: MenuNode[]): string[] => menu.flatMap((n) => [n.id, ...ids(n.children)]);
const desktop = { compact: false };
const phone = { compact: true };

describe('menu derived from the route table', () => {
  it('an admin sees every module; My page only on tablets and phones', () => {
    expect(topLevel(buildMenu(ctx(UserType.Admin), desktop))).toEqual([
      'Dashboard',
      'Job',
      'Planner',
      'Customer',
      'Agreements',
      'PIM',
      'Partner',
      'Admin',
      'QrCodes',
    ]);
    expect(topLevel(buildMenu(ctx(UserType.Admin), phone))).toContain('MyPage');
  });

  it('a technician sees the planner and PIM but not Admin, Agreements or Partner', () => {
    const menu = topLevel(buildMenu(ctx(UserType.Technician), desktop));
    expect(menu).toContain('Planner');
    expect(menu).toContain('PIM');
    expect(menu).toContain('Job');
    expect(menu).not.toContain('Admin');
    expect(menu).not.toContain('Agreements');
    expect(menu).not.toContain('Partner');
  });

  it('a customer manager sees their company, Jobs and My page only', () => {
    const portal = ['CustomerPortal', 'Job', 'MyPage'];
    expect(topLevel(buildMenu(ctx(UserType.CustomerManager), phone))).toEqual(portal);
    expect(topLevel(buildMenu(ctx(UserType.CustomerEmployee), phone))).toEqual(portal);
    expect(topLevel(buildMenu(ctx(UserType.Admin), desktop))).not.toContain('CustomerPortal');
    // Customers may not create jobs (001 §6: new job is for Admin and Technician).
    expect(ids(buildMenu(ctx(UserType.CustomerManager), phone))).not.toContain('NewJobStart');
    // Car and hour list are not for customer types.
    const myPage = buildMenu(ctx(UserType.CustomerManager), phone).find((n) => n.id === 'MyPage');
    expect(myPage?.children.map((c) => c.id)).toEqual(['MyJobs', 'MyAccount', 'SiteSettings']);
  });

  it('a subcontractor and a partner see customers and the dashboard, not the planner or PIM', () => {
    for (const type of [UserType.Subcontractor, UserType.Partner]) {
      const menu = topLevel(buildMenu(ctx(type), desktop));
      expect(menu).toEqual(expect.arrayContaining(['Dashboard', 'Job', 'Customer']));
      expect(menu).not.toContain('Planner');
      expect(menu).not.toContain('PIM');
    }
  });

  it('the partner route is hidden without the PartnerPortal licence', () => {
    expect(topLevel(buildMenu(ctx(UserType.Admin), desktop))).toContain('Partner');
    const menu = buildMenu(ctx(UserType.Admin, { licences: { PartnerPortal: false } }), desktop);
    expect(topLevel(menu)).not.toContain('Partner');
    // The partner accounts page under Admin needs the licence too.
    expect(ids(menu)).not.toContain('AdminPartners');
    expect(ids(menu)).toContain('AdminTechnicians');
  });

  it('agreements need the Contracts licence; customer users need CustomerPortal', () => {
    const menu = buildMenu(
      ctx(UserType.Admin, { licences: { Contracts: false, CustomerPortal: false } }),
      desktop,
    );
    expect(topLevel(menu)).not.toContain('Agreements');
    expect(ids(menu)).not.toContain('AdminCustomerAccounts');
  });

  it('feature flags hide their routes: projects, leads; asset types stay for the Admin to switch them on', () => {
    const on = ids(buildMenu(ctx(UserType.Admin), desktop));
    expect(on).toEqual(expect.arrayContaining(['ProjectList', 'AssetTypes', 'Lead', 'LeadList']));
    const off = ids(
      buildMenu(
        ctx(UserType.Admin, {
          features: { ProjectsEnabled: false, AssetTypesEnabled: false, LeadsEnabled: false },
        }),
        desktop,
      ),
    );
    expect(off).not.toContain('ProjectList');
    expect(off).not.toContain('Lead');
    // The asset types page holds the feature's switch (decision 054): it stays, saying they are off.
    expect(off).toContain('AssetTypes');
  });

  it('routes that need a parameter or are hidden are never menu items', () => {
    const menu = ids(buildMenu(ctx(UserType.Admin), phone));
    for (const name of [
      'ViewJob',
      'ViewCustomer',
      'EditEmailSetting',
      'Contracts',
      'NotFound',
      'Logout',
      'About',
    ]) {
      expect(menu).not.toContain(name);
    }
  });

  it('menu links carry fixed parameters: my jobs and parts jobs', () => {
    const job = buildMenu(ctx(UserType.Technician), desktop).find((n) => n.id === 'Job');
    expect(job?.to).toBe('/job');
    expect(job?.children.map((c) => [c.id, c.to])).toEqual([
      ['JobList-my', '/job/list/my'],
      ['JobList-parts', '/job/list/parts'],
      ['NewJobStart', '/job/list/my/newjob/start'],
    ]);
  });

  it('uses the AuthorizationMatrix from the user info over the built-in table', () => {
    const withMatrix: AccessContext = { ...ctx(UserType.Technician), matrix: { 'Module.Planner': [1] } };
    expect(topLevel(buildMenu(withMatrix, desktop))).not.toContain('Planner');
  });
});

describe('pathFor', () => {
  it('fills in parameters by route name; an unknown name or a missing required parameter is a type error', () => {
    expect(pathFor('ViewCustomerContact', { customerId: '7' })).toBe('/customer/7/contact');
    expect(pathFor('ViewCustomerContact', { customerId: '7', contactId: '3' })).toBe('/customer/7/contact/3');
    expect(pathFor('CustomerList', {}, { search: 'a b' })).toBe('/customer/list?search=a+b');
    // @ts-expect-error: ViewCustomer's path needs customerId (tsc fails if this line ever type-checks).
    expect(() => pathFor('ViewCustomer')).toThrow('Missing parameter customerId for route ViewCustomer');
    // Given as a key but without a value, it still throws at run time.
    expect(() => pathFor('ViewCustomer', { customerId: undefined })).toThrow('Missing parameter customerId');
    // @ts-expect-error: 'CustomerLst' is no route name (tsc fails if this line ever type-checks).
    expect(() => pathFor('CustomerLst')).toThrow('Unknown route CustomerLst');
  });
});

describe('route guards', () => {
  it('reports the first failing check along the route chain', () => {
    expect(checkRoute(getRoute('ViewJobGeneral'), ctx(UserType.CustomerEmployee))).toEqual({ ok: true });
    const planner = checkRoute(getRoute('Planner'), ctx(UserType.Partner));
    expect(planner).toMatchObject({ ok: false, reason: 'userType', at: { name: 'Planner' } });
    const partner = checkRoute(
      getRoute('PartnerCompanyInfo'),
      ctx(UserType.Admin, { licences: { PartnerPortal: false } }),
    );
    expect(partner).toMatchObject({ ok: false, reason: 'licence', at: { name: 'Partner' } });
    const lead = checkRoute(
      getRoute('LeadTypes'),
      ctx(UserType.Admin, { features: { LeadsEnabled: false } }),
    );
    expect(lead).toMatchObject({ ok: false, reason: 'feature', at: { name: 'Lead' } });
    // The admin area itself refuses a technician before its feature or licence matters.
    expect(checkRoute(getRoute('CompanySettings'), ctx(UserType.Technician))).toMatchObject({
      ok: false,
      reason: 'userType',
      at: { name: 'Admin' },
    });
  });

  it('hides embedded classic-interface pages in SaaS mode; the contract edit page is ours, so not it', () => {
    const route = synthetic('Classic', '/classic', null, { legacyFrame: true });
    expect(checkRoute(route, ctx(UserType.Admin)).ok).toBe(true);
    expect(checkRoute(route, ctx(UserType.Admin, { isSaas: true }))).toMatchObject({
      ok: false,
      reason: 'saas',
    });
    expect(checkRoute(getRoute('LegacyContractEdit'), ctx(UserType.Admin, { isSaas: true })).ok).toBe(true);
  });
});

describe('redirects', () => {
  const target = (name: RouteName, c: AccessContext, params = {}) => {
    const r = resolveRedirect(getRoute(name), params, c);
    return r ? pathFor(r.route, r.params) : null;
  };

  it('follows the table: / → dashboard, /job → my jobs, /customer → list, /pim → models, /agreements → next orders', () => {
    const admin = ctx(UserType.Admin);
    expect(target('Home', admin)).toBe('/dashboard');
    expect(target('Dashboard', admin)).toBe('/dashboard/home');
    expect(target('Job', admin)).toBe('/job/list/my');
    expect(target('Customer', admin)).toBe('/customer/list');
    expect(target('PIM', admin)).toBe('/pim/machine-models');
    expect(target('Agreements', admin)).toBe('/agreements/next-orders');
    expect(target('Admin', admin)).toBe('/admin/home');
    expect(target('MyJobs', admin)).toBe('/job/list/my');
    expect(target('ViewJob', admin, { filter: 'my', jobId: '7' })).toBe('/job/list/my/view/7/general');
  });

  it('on tablets and phones Home opens My page, the start page there (001 §2.3)', () => {
    const compact = resolveRedirect(getRoute('Home'), {}, ctx(UserType.Technician), { compact: true });
    expect(compact && pathFor(compact.route, compact.params)).toBe('/my-page');
    const employee = resolveRedirect(getRoute('Home'), {}, ctx(UserType.CustomerEmployee), { compact: true });
    expect(employee && pathFor(employee.route, employee.params)).toBe('/my-page');
    expect(target('Home', ctx(UserType.Technician))).toBe('/dashboard');
  });

  it('Home sends users without the dashboard to their first module: customer users to their company', () => {
    expect(target('Home', ctx(UserType.CustomerManager))).toBe('/my-company');
    expect(target('Home', ctx(UserType.CustomerEmployee))).toBe('/my-company');
  });

  it('a group redirects to its first child the user may open', () => {
    expect(target('Logs', ctx(UserType.Admin))).toBe('/admin/logs/events');
    expect(target('MyCar', ctx(UserType.Technician))).toBe('/my-page/mycar/inventory');
  });
});

describe('sub-menu tabs and header cards', () => {
  it('a job view shows its tabs with the route parameters; checklists need their licence', () => {
    const params = { filter: 'my', jobId: '42' };
    const bar = tabsFor(getRoute('ViewJobPlanning'), ctx(UserType.Admin), params);
    expect(bar?.owner.name).toBe('ViewJob');
    expect(bar?.activeTab?.name).toBe('ViewJobPlanning');
    expect(bar?.tabs.map((t) => t.to)).toEqual([
      '/job/list/my/view/42/general',
      '/job/list/my/view/42/planning',
      '/job/list/my/view/42/checklists',
      '/job/list/my/view/42/logg',
      '/job/list/my/view/42/resources',
      '/job/list/my/view/42/parts',
      '/job/list/my/view/42/invoice',
    ]);
    const unlicensed = tabsFor(
      getRoute('ViewJobGeneral'),
      ctx(UserType.Admin, { licences: { CheckList: false } }),
      params,
    );
    expect(unlicensed?.tabs.map((t) => t.route.name)).not.toContain('ViewJobChecklists');
  });

  it('the tabs of a deeper page belong to the nearest route with a context menu', () => {
    const bar = tabsFor(getRoute('EditPart'), ctx(UserType.Admin), {
      filter: 'my',
      jobId: '1',
      machineJobId: '3',
    });
    expect(bar?.owner.name).toBe('ViewJob');
    expect(bar?.activeTab?.name).toBe('ViewJobParts');
    expect(tabsFor(getRoute('CustomerList'), ctx(UserType.Admin), {})).toBeNull();
  });

  it('admin home cards list the admin areas with sub-links, without unlicensed or disabled ones', () => {
    const cards = cardsFor(getRoute('Admin'), ctx(UserType.Admin), {}, getRoute('AdminHome'));
    const names = cards.map((c) => c.route.name);
    expect(names).not.toContain('AdminHome');
    expect(names).toEqual(
      expect.arrayContaining(['AdminSettings', 'AdminAccounts', 'DepartmentList', 'Logs']),
    );
    const settings = cards.find((c) => c.route.name === 'AdminSettings');
    expect(settings?.links.map((l) => l.route.name)).toEqual([
      'CompanySettings',
      'EmailSettings',
      'DefaultSettings',
      'Features',
    ]);
    const restricted = cardsFor(
      getRoute('Admin'),
      ctx(UserType.Admin, { licences: { CheckList: false }, features: { LeadsEnabled: false } }),
    ).map((c) => c.route.name);
    expect(restricted).not.toContain('CheckLists');
    expect(restricted).not.toContain('Lead');
  });

  it('cards hide classic-interface pages in SaaS mode, locked pages, and pages the user type may not open', () => {
    const parent = synthetic('Parent', '/parent');
    const classic = synthetic('Classic', '/parent/classic', parent, { legacyFrame: true });
    const locked = synthetic('Locked', '/parent/locked', parent, { locked: true });
    const plain = synthetic('Plain', '/parent/plain', parent);
    parent.children.push(classic, locked, plain);
    expect(cardsFor(parent, ctx(UserType.Admin)).map((c) => c.route.name)).toEqual(['Classic', 'Plain']);
    expect(cardsFor(parent, ctx(UserType.Admin, { isSaas: true })).map((c) => c.route.name)).toEqual([
      'Plain',
    ]);
    const dashboard = cardsFor(
      getRoute('Dashboard'),
      ctx(UserType.Technician),
      {},
      getRoute('DashboardHome'),
    );
    expect(dashboard).toEqual([]);
    expect(
      cardsFor(getRoute('Dashboard'), ctx(UserType.Admin), {}, getRoute('DashboardHome')).map(
        (c) => c.route.name,
      ),
    ).toEqual(['TimeReport', 'OpenOrders', 'MachineExport']);
  });
});
