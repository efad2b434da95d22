import { describe, expect, it } from 'vitest';
import { allRoutes } from '../lib/routing/routes.ts';
import { ROUTE_PAGES, ROUTE_TEXTS } from './route-pages.ts';

describe('the route table’s pages', () => {
  it('every route has a built page, a redirect or header cards: none shows the planned-construction page', () => {
    const planned = allRoutes()
      .filter((r) => !ROUTE_PAGES[r.name] && !r.redirect && r.page !== 'cards')
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
      expect(ROUTE_PAGES[name], name).toBeTruthy();
      expect(ROUTE_TEXTS[name]?.length, name).toBeGreaterThan(0);
    }
    expect(ROUTE_TEXTS.DepartmentUsers).toEqual(expect.arrayContaining(['org', 'users']));
    expect(ROUTE_TEXTS.FailureCodes).toEqual(expect.arrayContaining(['admin', 'dropdown']));
  });
});
