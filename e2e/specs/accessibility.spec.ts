import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support.ts';

/**
 * Every built page, signed in as the admin, checked with axe-core against WCAG 2.1 A and AA: no
 * serious or critical violation (issue 11, 'usable all day'). A page listed here that shows the
 * not-found page fails too, so the list stays true as routes move.
 */
const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('fp.tokens') ?? '{}') as { accessToken: string }).accessToken,
  );

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

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
    './job/list/status-10-0',
    `./job/list/status-20-0?jobId=${job.Id}`,
    `./job/list/status-20-0/view/${job.Id}/general`,
    `./job/list/status-20-0/view/${job.Id}/logg`,
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
    './dashboard/machine-export',
    './qr-codes',
  ];
  const found: Record<string, string[]> = {};
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.getByTestId('page-title'), path).not.toHaveText(/Unknown page|Page not found/);
    await page.waitForLoadState('networkidle');
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});
