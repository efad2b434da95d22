import { expect, test } from '@playwright/test';
import { expectEveryBuiltPageAccessible } from './every-page.ts';
import { seriousViolations, signIn, text, tokenOf } from './support.ts';

// Every built page (every-page.ts) in both themes: the dark one has its own colours (the rail's selected item, the error tone, the
// dashboard's figures each once fell below AA there alone).
// In two shares each, so that the two workers share them and no one test runs for minutes on end.
for (const theme of ['light', 'dark'] as const)
  for (const index of [0, 1])
    test(`every built page has no serious or critical axe-core violation, ${theme} theme, share ${index + 1} of 2`, async ({
      page,
      request,
      baseURL,
    }) => {
      // 70 pages on a shared 2-core machine, 35 in each share.
      test.setTimeout(420_000);
      await signIn(page, 'admin@demo.test');
      if (theme === 'dark') {
        await page.getByRole('button', { name: 'Switch to dark theme' }).click();
        await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
      }
      await expectEveryBuiltPageAccessible(page, request, baseURL!, { index, of: 2 });
    });

test('the keyboard reaches the content past the menu by the skip link, and what has focus shows an outline', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-10-0' });
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

test('a customer’s machines page has no serious or critical axe-core violation', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const jobs = await request.post(`${origin}/api2/ServiceProvider/JobList/Filtered`, {
    headers,
    data: { JobStatusIdList: [20], PageNumber: 1, PageSize: 1 },
  });
  const customerId = (await jobs.json()).Content[0].CustomerId as number;
  await page.goto(`./customer/${customerId}/machines`);
  // The rows are list items of the machines' list (axe's list rule: a list holds list items only).
  await expect(page.getByRole('list', { name: 'Machines' }).getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('the menu drawer is a named dialog with no serious or critical axe-core violation', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const found: Record<string, string[]> = {};
    for (const email of ['technician@demo.test', 'customer.manager@demo.test']) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 915 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, email);
      await page.getByRole('button', { name: text('en', 'shell', 'header.openMenu') }).click();
      const drawer = page.getByRole('dialog', { name: text('en', 'shell', 'menu.label') });
      await expect(drawer.getByTestId('user-block')).toBeVisible();
      const violations = await seriousViolations(page);
      if (violations.length) found[email] = violations;
      await context.close();
    }
    expect(found).toEqual({});
  });
});
