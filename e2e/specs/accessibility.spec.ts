import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * Every built page, signed in as the admin, checked with axe-core against WCAG 2.1 A and AA: no
 * serious or critical violation (issue 11, 'usable all day'). A page listed here that shows the
 * not-found page fails too, so the list stays true as routes move.
 */

// Both themes: the dark one has its own colours (the rail's selected item, the error tone, the
// dashboard's figures each once fell below AA there alone).
for (const theme of ['light', 'dark'] as const) {
  test(`every built page has no serious or critical axe-core violation, ${theme} theme`, async ({
    page,
    request,
    baseURL,
  }) => {
    // 69 pages on a shared 2-core machine (the Partner area's, the logs', e-mail, departments', asset types'
    // and lead e-mail pages added with issue 16).
    test.setTimeout(420_000);
    await signIn(page, 'admin@demo.test');
    if (theme === 'dark') {
      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
    }
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
    const project = (await api('Project'))[0] as { Id: number };
    const partnerCompany = (await api('PartnerCompany'))[0];
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
}

test('the keyboard reaches the content past the menu by the skip link, and what has focus shows an outline', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('./job/list/status-10-0');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to content/i });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  const outline = (locator: typeof skip) =>
    locator.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
  expect(await outline(skip)).toEqual({ style: 'solid', width: 2 });
  await page.keyboard.press('Enter');
  // Past the menu: the page's search and filters, then the job list as one stop.
  let presses = 0;
  const job = page.getByTestId('job-list').getByRole('link').first();
  while (!(await job.evaluate((el) => el === document.activeElement)) && presses < 12) {
    await page.keyboard.press('Tab');
    presses++;
  }
  await expect(job).toBeFocused();
  expect(presses).toBeLessThanOrEqual(8); // the search, the filters and the view options first (21 before issue 11)
  expect((await outline(job)).width).toBeGreaterThanOrEqual(2);
  // The active job is one tab stop: the next Tab leaves the list.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.closest('[data-testid="job-list"]') === null),
  ).toBe(true);
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

test('an inactive department’s and project’s rows keep AA contrast: marked in words, not dimmed', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const tag = Math.random().toString(36).slice(2, 8);
  const department = await request.post(`${origin}/api2/ServiceProvider/Department/`, {
    headers,
    data: { Name: `Old depot ${tag}`, IsActive: false },
  });
  expect(department.ok()).toBe(true);
  const project = await request.put(`${origin}/api2/ServiceProvider/Project/`, {
    headers,
    data: { Name: `Closed site ${tag}`, IsActive: false },
  });
  expect(project.ok()).toBe(true);
  for (const [path, search, name] of [
    ['./admin/departments', 'Search departments', `Old depot ${tag}`],
    ['./admin/projects', 'Search projects', `Closed site ${tag}`],
  ] as const) {
    await page.goto(path);
    await page.getByRole('searchbox', { name: search }).fill(tag);
    const row = page.getByRole('link', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Inactive');
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
