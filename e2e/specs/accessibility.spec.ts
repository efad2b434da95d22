import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * Every built page, signed in as the admin, checked with axe-core against WCAG 2.1 A and AA: no
 * serious or critical violation (issue 11, 'usable all day'). A page listed here that shows the
 * not-found page fails too, so the list stays true as routes move.
 */

test('every built page has no serious or critical axe-core violation', async ({ page, request, baseURL }) => {
  test.setTimeout(240_000);
  await signIn(page, 'admin@demo.test');
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
    `./customer/${customerId}/users`,
    './customer/group-list',
    './customer/accounts-list',
    './pim/machine-list',
    ...(machine ? [`./pim/machine-list/${machine.Id}/info`] : []),
    './admin/job-statuses',
    './admin/warranty-types',
    './admin/logs/mail',
    './admin/check-lists',
    './admin/check-lists/edit/1',
    './dashboard/machine-export',
    './qr-codes',
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
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('page-title'), path).not.toHaveText(/Unknown page|Page not found/);
    await page.waitForLoadState('networkidle');
    await late[path]?.();
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});

test('the tab shows the Fieldport icon, and the admin pages’ links are targets of at least 24 px', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin@demo.test');
  const icon = await page.locator('link[rel="icon"]').evaluate((l) => (l as HTMLLinkElement).href);
  const served = await request.get(icon);
  expect(served.ok()).toBe(true);
  expect(served.headers()['content-type']).toContain('image/svg+xml');
  await page.goto('./admin/home');
  const links = page
    .getByTestId(/^card-/)
    .getByRole('list')
    .getByRole('link');
  await expect(links.first()).toBeVisible();
  const heights = await links.evaluateAll((all) => all.map((a) => a.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(3);
  expect(Math.min(...heights)).toBeGreaterThanOrEqual(24);
});

test('the landing page of each other kind of user has no serious or critical axe-core violation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  for (const email of ['technician@demo.test', 'customer.manager@demo.test', 'partner@demo.test']) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    if (violations.length) found[email] = violations;
    await context.close();
  }
  expect(found).toEqual({});
});
