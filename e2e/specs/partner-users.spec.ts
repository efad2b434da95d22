import { expect, test } from '@playwright/test';
import { dismissWelcome, seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * Admin → Accounts → Partners (001 §2.4 account cards): the admin makes a partner account there,
 * choosing its partner company in the dialog; the new user signs in and is that company's partner.
 */
test('the Admin makes a partner account from Accounts → Partners, choosing its partner company', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const companies = (await (
    await request.get(`${origin}/api2/ServiceProvider/PartnerCompany/list`, { headers })
  ).json()) as { Id: number; Name: string }[];
  const company = companies[0]!;

  await page.goto('./admin/accounts/partners');
  await page.getByRole('button', { name: 'New user' }).click();
  const dialog = page.getByRole('dialog', { name: 'New user' });
  const email = `pia.${Date.now().toString(36)}@partner.example`;
  const password = 'Partner!2026';
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pia Partnerkonto');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await dialog.getByLabel('Password').fill(password);
  // No partner company yet: the field says so and nothing is made.
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('combobox', { name: /Partner company/ }).click();
  await page.getByRole('option', { name: company.Name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/customer\/user\/\d+$/);
  await expect(page.getByTestId('user-account')).toContainText('Pia Partnerkonto');

  // Signed in, the new user is a partner of that company.
  const context = await browser.newContext();
  const partner = await context.newPage();
  await partner.goto('./');
  await partner.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await partner.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await dismissWelcome(partner, () => partner.getByRole('button', { name: 'Sign in', exact: true }).click());
  const me = await request.get(`${origin}/api2/ServiceProvider/PartnerCompany/Filtered`, {
    headers: { authorization: `Bearer ${await tokenOf(partner)}` },
  });
  expect(me.ok()).toBe(true);
  expect(((await me.json()) as { Content: { Id: number }[] }).Content.map((c) => c.Id)).toEqual([company.Id]);
  await context.close();
});
