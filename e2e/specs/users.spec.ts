import { expect, test } from '@playwright/test';
import { dismissWelcome, signIn } from './support.ts';

test('an admin gives a customer a portal account, the customer signs in, and deactivation locks them out', async ({
  page,
  browser,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('link', { name: 'Customers', exact: true })).toBeVisible();

  // Find the demo customer manager in the accounts list and open their customer's users tab.
  await page.goto('./customer/accounts-list');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill('customer.manager');
  const manager = page.getByRole('link', { name: /customer\.manager@demo\.test/ });
  await manager.click();
  await expect(page).toHaveURL(/\/customer\/user\/\d+$/);
  await page.getByRole('link', { name: /^Open / }).click();
  await expect(page).toHaveURL(/\/customer\/\d+\/details/);
  const customerId = /\/customer\/(\d+)\//.exec(page.url())![1]!;
  await page.goto(`./customer/${customerId}/users`);
  await expect(page.getByRole('link', { name: /customer\.employee@demo\.test/ })).toBeVisible();

  // A new customer employee with a password.
  const email = `e2e.${Date.now()}@fjord.example`;
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Eli Eksempel');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByRole('combobox', { name: 'User type' }).click();
  await page.getByRole('option', { name: 'Customer employee' }).click();
  await dialog.getByLabel('Password').fill('Fjord#2026');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/${customerId}/users/\\d+$`));
  const account = page.getByTestId('user-account');
  await expect(account.getByRole('heading', { name: 'Eli Eksempel' })).toBeVisible();
  await expect(account.getByRole('combobox', { name: 'User type' })).toHaveText('Customer employee');

  // The new account signs in, in a browser of its own.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL! });
  const customerPage = await other.newPage();
  await customerPage.goto('./');
  await customerPage.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await customerPage.getByRole('textbox', { name: 'Password', exact: true }).fill('Fjord#2026');
  await dismissWelcome(customerPage, () =>
    customerPage.getByRole('button', { name: 'Sign in', exact: true }).click(),
  );
  // Their initials in the user block (drawn, the button named after them), and the customer's menu:
  // their company's page (where they land) and the jobs, no customer module.
  const me = customerPage.getByRole('button', { name: 'User menu for Eli Eksempel' });
  await expect(me).toBeVisible();
  expect(await me.locator('[data-initials]').getAttribute('data-initials')).toBe('EE');
  await expect(customerPage).toHaveURL(/\/my-company\/jobs$/);
  const drawer = customerPage.getByTestId('nav-drawer');
  await expect(drawer.getByTestId('menu-item-CustomerPortal')).toBeVisible();
  await expect(drawer.getByTestId('menu-item-Job')).toBeVisible();
  await expect(customerPage.getByRole('link', { name: 'Customers', exact: true })).toHaveCount(0);

  // Deactivated: the next load of the customer's page lands on the sign-in form.
  await account.getByRole('switch', { name: 'Active' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByTestId(/^user-row-/).filter({ hasText: 'Eli Eksempel' })).toHaveAttribute(
    'data-inactive',
    'true',
  );
  await customerPage.reload();
  await expect(customerPage.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await other.close();
});
