import { expect, test } from '@playwright/test';
import { expectEveryBuiltPageAccessible } from './every-page.ts';
import { signIn, text } from './support.ts';

test('the shell works at phone size: menu as one list, nothing wider than the screen', async ({ page }) => {
  await signIn(page, 'customer.manager@demo.test');
  await expect(page.getByTestId('page-title')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: text('en', 'shell', 'header.openMenu') }).click();
  const drawer = page.getByTestId('nav-drawer');
  await expect(drawer.getByTestId('menu-item-Job')).toBeVisible();
  await expect(drawer.getByTestId('menu-item-Admin')).toHaveCount(0);
  await expect(drawer.getByRole('link', { name: text('en', 'shell', 'user.logout') })).toBeVisible();
});

test('the sign-in page fits a phone', async ({ page }) => {
  await page.goto('./');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('on a phone My page is the start page, a technician’s Today, and the hour list fits the screen', async ({
  page,
}) => {
  await signIn(page, 'technician@demo.test');
  await expect(page).toHaveURL(/\/my-page\/today$/);
  await page.goto('./my-page/home');
  await page.getByRole('link', { name: 'My hour list' }).first().click();
  await expect(page).toHaveURL(/\/my-page\/myhourlist/);
  await expect(page.getByTestId('user-week')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const index of [0, 1])
  test(`every built page has no serious or critical axe-core violation at phone size, share ${index + 1} of 2`, async ({
    page,
    request,
    baseURL,
  }) => {
    // The same pages as accessibility.spec.ts; on a phone a table or an empty list may scroll where it
    // did not on a desktop (a scrolling box must take focus when nothing in it can).
    test.setTimeout(420_000);
    await signIn(page, 'admin@demo.test');
    await expectEveryBuiltPageAccessible(page, request, baseURL!, { index, of: 2 });
  });
