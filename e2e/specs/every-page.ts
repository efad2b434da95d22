import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { seriousViolations, tokenOf } from './support.ts';

/**
 * Every built page, as the signed-in admin, checked with axe-core against WCAG 2.1 A and AA: no
 * serious or critical violation (issue 11, 'usable all day'), in whatever theme and size the page is
 * in. A page listed here that shows the not-found page fails too, so the list stays true as routes move.
 */
export async function expectEveryBuiltPageAccessible(
  page: Page,
  request: APIRequestContext,
  baseURL: string,
  /** One of `of` shares of the pages (every `of`-th from `index`), so the shares run side by side. */
  share: { index: number; of: number } = { index: 0, of: 1 },
) {
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const api = async (path: string, data?: object) => {
    const res = data
      ? await request.post(`${origin}/api2/ServiceProvider/${path}`, { headers, data })
      : await request.get(`${origin}/api2/ServiceProvider/${path}`, { headers });
    expect(res.ok(), path).toBe(true);
    return res.json();
  };
  const job = (await api('JobList/Filtered', { JobStatusIdList: [20], PageNumber: 1, PageSize: 1 }))
    .Content[0];
  const customerId = job.CustomerId as number;
  const machine = (await api(`customer/${customerId}/machines?PageNumber=1&PageSize=1`).catch(() => null))
    ?.Content?.[0];
  const article = (await api('Article/Filtered?PageNumber=1&PageSize=1')).Content[0];
  const technician = (await api('User/Filtered?UserTypeIds=2&PageNumber=1&PageSize=1')).Content[0];
  const project = (await api('Project/list'))[0] as { Id: number };
  const partnerCompany = (await api('PartnerCompany/list'))[0];
  const pages = [
    './dashboard/home',
    './planner',
    './job/list/status-10-0',
    `./job/list/status-20-0?jobId=${job.Id}`,
    `./job/list/status-20-0/view/${job.Id}/general`,
    `./job/list/status-20-0/view/${job.Id}/logg`,
    `./job/list/status-20-0/view/${job.Id}/resources`,
    `./job/list/status-20-0/view/${job.Id}/checklists`,
    `./job/list/status-20-0/view/${job.Id}/planning`,
    `./job/list/status-20-0/view/${job.Id}/planning/new`,
    './customer/list',
    `./customer/${customerId}/details`,
    `./customer/${customerId}/machines`,
    `./customer/${customerId}/users`,
    './customer/group-list',
    './customer/accounts-list',
    './pim/machine-list',
    ...(machine ? [`./pim/machine-list/${machine.Id}/info`] : []),
    './admin/job-statuses',
    './admin/warranty-types',
    './admin/logs/mail',
    './admin/logs/events',
    './admin/logs/sms',
    './admin/logs/task',
    './admin/settings/email-settings',
    './admin/departments',
    './admin/asset-types',
    './admin/lead/email',
    './admin/settings/email/newjob',
    './admin/check-lists',
    './admin/check-lists/edit/1',
    './dashboard/machine-export',
    './admin/import-export/export',
    './admin/import-export/import',
    './pim/machine-list/import',
    './qr-codes',
    `./job/list/my/newjob/start?customerId=${customerId}`,
    `./search-results?q=${encodeURIComponent(job.CustomerName)}`,
    `./search-results/${job.Id}?q=${encodeURIComponent(job.CustomerName)}`,
    './my-page/home',
    './my-page/today',
    './my-page/myaccount',
    './my-page/sitesettings',
    './my-page/mycar/inventory',
    './my-page/mycar/pickinglist',
    './pim/articles',
    `./pim/articles/${article.Id}/${encodeURIComponent(article.ArticleNumber)}/info`,
    './pim/machine-models',
    './pim/machine-types',
    './pim/suppliers',
    './pim/job-categories',
    './admin/home',
    './admin/settings/companysettings',
    './admin/settings/default-settings',
    './admin/settings/features',
    './admin/accounts/admins',
    './admin/accounts/technicians',
    `./customer/user/${technician.Id}`,
    './admin/inventory',
    './admin/failure-codes',
    './admin/projects',
    `./admin/projects/${project.Id}/info`,
    './admin/lead/list',
    './admin/lead/types',
    './admin/repair-codes',
    './admin/repair-places',
    './about',
    './partner/companies',
    './partner/companies/new',
    `./partner/companies/${partnerCompany.Id}/info`,
    `./partner/companies/${partnerCompany.Id}/users`,
    './partner/users',
    './partner/email',
  ];
  // What a page loads after its first paint, checked too: each waited for before axe runs.
  const late: Record<string, () => Promise<void>> = {
    './dashboard/home': async () => {
      await expect(page.locator('[data-testid^="person-"]').first()).toBeVisible();
      await expect(page.locator('section[aria-labelledby="dashboard-statuses"] svg').first()).toBeVisible();
      await expect(page.locator('[data-testid="kpi-jobs"]')).toBeVisible();
    },
  };
  const found: Record<string, string[]> = {};
  for (const path of pages.filter((_, i) => i % share.of === share.index)) {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('page-title'), path).not.toHaveText(/Unknown page|Page not found/);
    await page.waitForLoadState('networkidle');
    await late[path]?.();
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
}
