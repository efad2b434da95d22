import { type Browser, expect, test } from '@playwright/test';
import { dismissWelcome, signIn, tokenOf } from './support.ts';

/**
 * The Partner area (001 §2.10): the admin creates a partner company and a partner user for it; the
 * customer it serves is given to it; signed in, the partner sees that customer's jobs and no other.
 */

async function signInAs(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dismissWelcome(page, () => page.getByRole('button', { name: 'Sign in', exact: true }).click());
  return { page, context };
}

test('a new partner company’s user sees only the jobs of the customers it serves', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const api = async (method: 'GET' | 'POST' | 'PATCH', path: string, data?: object) => {
    const res = await request.fetch(`${origin}/api2/ServiceProvider/${path}`, {
      method,
      headers,
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };

  // A customer with new jobs and no partner yet.
  const jobs = (
    await api('POST', 'JobList/Filtered', { JobStatusIdList: [10], PageNumber: 1, PageSize: 100 })
  ).Content as { Id: number; CustomerId: number; CustomerName: string }[];
  let served: { Id: number; Name: string } | null = null;
  for (const job of jobs) {
    const customer = await api('GET', `customer/?id=${job.CustomerId}`);
    if (!customer.PartnerCompany) {
      served = { Id: customer.Id, Name: customer.Name };
      break;
    }
  }
  expect(served, 'a demo customer with new jobs and no partner').not.toBeNull();
  const other = jobs.find((j) => j.CustomerId !== served!.Id)!;

  // The admin creates the partner company on the Partner area's page.
  const name = `Fjordpartner ${Date.now().toString(36)}`;
  await page.goto('./partner/companies/new');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('post@fjordpartner.example');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/partner\/companies\/\d+\/info$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const companyId = Number(/companies\/(\d+)\//.exec(page.url())![1]);

  // It appears in the list.
  await page.goto('./partner/companies');
  await page.getByLabel('Search partner companies').fill(name);
  await expect(page.getByTestId(`partner-company-row-${companyId}`)).toContainText(name);

  // The customer is given to the partner company.
  await api('PATCH', `customer/${served!.Id}`, { PartnerCompanyId: companyId });

  // A partner user for it, from the company's users tab.
  const email = `partner.${Date.now().toString(36)}@fjordpartner.example`;
  const password = 'Partner!2026';
  await page.goto(`./partner/companies/${companyId}/users`);
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pia Partner');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/partner/companies/${companyId}/users/\\d+$`));
  await expect(page.getByTestId('user-account')).toContainText('Pia Partner');

  // Signed in as the partner: the served customer's new jobs, and nothing else.
  const partner = await signInAs(browser, email, password);
  await partner.page.goto('./job/list/status-10-0');
  const items = partner.page.getByTestId(/^job-item-\d+$/);
  await expect(items.first()).toBeVisible();
  for (const item of await items.all()) await expect(item).toContainText(served!.Name);
  await expect(partner.page.getByTestId(`job-item-${other.Id}`)).toHaveCount(0);
  // Another customer's job by its address: not there for this partner.
  const token = await tokenOf(partner.page);
  const res = await request.get(`${origin}/api2/ServiceProvider/job/${other.Id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(404);
  await partner.context.close();
});
