import { expect, test } from '@playwright/test';
import { dismissWelcome, LANGS, mailedCode, signIn, signInThroughForm, text } from './support.ts';

/** The top-level menu each user type should see and not see (001 §6). */
const MENUS = [
  {
    email: 'admin@demo.test',
    sees: ['Dashboard', 'Job', 'Planner', 'Customer', 'Agreements', 'PIM', 'Partner', 'Admin'],
    not: [],
  },
  {
    email: 'technician@demo.test',
    sees: ['Dashboard', 'Job', 'Planner', 'Customer', 'PIM'],
    not: ['Admin', 'Agreements', 'Partner'],
  },
  {
    email: 'subcontractor@demo.test',
    sees: ['Dashboard', 'Job', 'Customer'],
    not: ['Planner', 'PIM', 'Admin', 'Agreements'],
  },
  {
    email: 'customer.manager@demo.test',
    sees: ['CustomerPortal', 'Job'],
    not: ['Dashboard', 'Customer', 'Planner', 'PIM', 'Admin'],
  },
  {
    email: 'partner@demo.test',
    sees: ['Dashboard', 'Job', 'Customer'],
    not: ['Planner', 'PIM', 'Admin', 'Agreements'],
  },
  {
    email: 'customer.employee@demo.test',
    sees: ['CustomerPortal', 'Job'],
    not: ['Dashboard', 'Customer', 'Planner', 'PIM', 'Admin'],
  },
] as const;

// Serial: the language test changes each account's saved language, and recovery changes a password.
test.describe.configure({ mode: 'serial' });

for (const account of MENUS) {
  test(`${account.email} signs in and sees the menu of its user type in all five languages`, async ({
    page,
  }) => {
    // Through the form: the other specs sign in beside it (support.ts signIn), so the form is driven here.
    await signInThroughForm(page, account.email);
    const drawer = page.getByTestId('nav-drawer');
    for (const name of account.sees) await expect(drawer.getByTestId(`menu-item-${name}`)).toBeVisible();
    for (const name of account.not) await expect(drawer.getByTestId(`menu-item-${name}`)).toHaveCount(0);

    let current = 'en';
    for (const lang of [...LANGS.slice(1), 'en'] as const) {
      await page.getByRole('button', { name: text(current, 'common', 'language') }).click();
      await page.locator(`[role="menuitem"][lang="${lang}"]`).click();
      current = lang;
      await expect(drawer.getByTestId('menu-item-Job')).toContainText(text(lang, 'routes', 'Job'));
      if (account.sees.includes('Customer' as never))
        await expect(drawer.getByTestId('menu-item-Customer')).toContainText(
          text(lang, 'routes', 'Customer'),
        );
    }
  });
}

test('a wrong password shows the server’s message and keeps the form', async ({ page }) => {
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('technician@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Wrong!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(
    page.getByTestId('snackbar').filter({ hasText: 'The e-mail or password is incorrect.' }),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('technician@demo.test');
});

test('an unknown route shows 404 with its path', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { at: './no/such/page' });
  await expect(page.getByText(text('en', 'shell', 'notFound.title'))).toBeVisible();
  await expect(page.getByText('The /no/such/page page was not found.')).toBeVisible();
});

test('the whole recovery flow, with the code read from the mail log', async ({ page, request }) => {
  const email = 'customer.employee@demo.test';
  const newPassword = 'Recovered#2027';
  await page.goto('./');
  await page
    .getByRole('link', { name: 'Forgot password?' })
    .or(page.getByRole('button', { name: 'Forgot password?' }))
    .click();
  await expect(page).toHaveURL(/pwm=sendOtp/);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/pwm=validateOtp/);

  const code = await mailedCode(request, email);
  // The code checks itself at the sixth digit: no button to press.
  await page.getByRole('textbox', { name: 'Code' }).pressSequentially(code);
  await expect(page).toHaveURL(/pwm=setPassword/);

  await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('Recovered#2028');
  await expect(page.getByText('The password confirmation does not match.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Set password' })).toBeDisabled();
  await page.getByRole('textbox', { name: 'Confirm password' }).fill(newPassword);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page).toHaveURL(/pwm=continue/);
  await dismissWelcome(page, () => page.getByRole('button', { name: 'Continue' }).click());
  await expect(page.getByTestId('nav-drawer').getByTestId('menu-item-Job')).toBeVisible();

  // The old password no longer signs in; the new one does.
  const basic = (p: string) => `Basic ${Buffer.from(`${email}:${p}`).toString('base64')}`;
  const form = { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' };
  expect(
    (await request.post('/api2/token', { headers: { authorization: basic('Demo!2026') }, form })).status(),
  ).toBe(400);
  expect(
    (await request.post('/api2/token', { headers: { authorization: basic(newPassword) }, form })).status(),
  ).toBe(200);
});
