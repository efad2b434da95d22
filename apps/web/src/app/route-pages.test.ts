import { describe, expect, it } from 'vitest';
import { allRoutes } from '../lib/routing/routes.ts';
import { FEATURES, pageOf, textsOfRoute } from './route-pages.ts';

describe('route pages', () => {
  it.each(FEATURES.map((f) => [f.routes[0], f] as const))(
    "the feature of %s lists exactly the routes its loaded pages map has (the shell's own aside)",
    async (_, feature) => {
      const pages = await feature.load();
      const listed = new Set<string>(feature.routes);
      // A page of the map that is not listed would never show, unless the shell shows its own (JobList).
      expect(Object.keys(pages).filter((name) => !listed.has(name) && !pageOf(name as never))).toEqual([]);
      expect(feature.routes.filter((name) => !pages[name])).toEqual([]);
    },
  );

  it('no route is listed by two features', () => {
    const names = FEATURES.flatMap((f) => f.routes);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it("a feature's route gets its page and its texts; a route nobody built gets none", () => {
    expect(pageOf('CustomerList')).toBeDefined();
    expect(pageOf('CustomerList')).toBe(pageOf('CustomerList'));
    expect(textsOfRoute('CustomerList')).toContain('customers');
    expect(textsOfRoute('DashboardHome')).toEqual(['dashboard']);
    expect(textsOfRoute('JobList')).toContain('jobs');
    expect(pageOf('NotFound')).toBeDefined();
  });
});

describe('the route table’s pages', () => {
  it('every route has a built page, a redirect or header cards: none shows the planned-construction page', () => {
    const planned = allRoutes()
      .filter((r) => !pageOf(r.name) && !r.redirect && r.page !== 'cards')
      .map((r) => r.name);
    expect(planned).toEqual([]);
  });

  it('the Admin’s last pages (issue 16) are attached with their texts', () => {
    for (const name of [
      'DepartmentList',
      'DepartmentInfo',
      'DepartmentUsers',
      'AssetTypes',
      'FailureCodes',
      'SupplierFailureCodes',
      'LeadEmail',
      'LegacyContractEdit',
    ] as const) {
      expect(pageOf(name), name).toBeTruthy();
      expect(textsOfRoute(name).length, name).toBeGreaterThan(0);
    }
    expect(textsOfRoute('DepartmentUsers')).toEqual(expect.arrayContaining(['org', 'users']));
    expect(textsOfRoute('FailureCodes')).toEqual(expect.arrayContaining(['admin', 'dropdown']));
  });
});
