import { expect, type Page, test } from '@playwright/test';
import { seriousViolations, signIn } from './support.ts';

/** A status group of the Jobs menu and the count it shows (data-count, drawn as its badge). */
const group = (page: Page, filter: string) => page.getByTestId(`status-group-${filter}`);
const countOf = async (page: Page, filter: string) =>
  Number(await group(page, filter).getAttribute('data-count'));

// Statuses 30 (In progress) and 40 (Waiting for parts) are moved by no other spec.
test('the Jobs menu lists the statuses with counts; a job dragged onto another status, or moved with M, changes both counts', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-30-0' });
  const panel = page.getByTestId('nav-child-panel');
  await expect(panel.getByRole('heading', { name: 'Statuses' })).toBeVisible();
  await expect(group(page, 'status-30-0')).toHaveAccessibleName(/^In progress\s*\d+$/);
  // The route's status is open: its sub-statuses show below it.
  await expect(group(page, 'status-30-6')).toHaveAccessibleName(/^On site\s*\d+$/);
  const inProgress = await countOf(page, 'status-30-0');
  const waiting = await countOf(page, 'status-40-0');
  expect(inProgress).toBeGreaterThan(0);

  // Drag the first job of the list onto Waiting for parts.
  const first = page.locator('[data-testid^="job-item-"]').first();
  const jobId = (await first.getAttribute('data-testid'))!.replace('job-item-', '');
  await first.getByRole('link').first().dragTo(group(page, 'status-40-0'));
  await expect(group(page, 'status-40-0')).toHaveAttribute('data-count', String(waiting + 1));
  await expect(group(page, 'status-30-0')).toHaveAttribute('data-count', String(inProgress - 1));
  await expect(page.getByTestId(`job-item-${jobId}`)).toHaveCount(0);

  // The same with the keyboard: from Waiting for parts back to In progress, on site.
  await group(page, 'status-40-0').click();
  await expect(page).toHaveURL(/\/job\/list\/status-40-0$/);
  const moved = page.getByTestId(`job-item-${jobId}`).getByRole('link').first();
  await moved.focus();
  await page.keyboard.press('m');
  const menu = page.getByRole('menu', { name: /^Move .+ to status$/ });
  await expect(menu).toBeVisible();
  const onSite = menu.getByRole('menuitem', { name: 'On site' });
  for (let i = 0; i < 20 && !(await onSite.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(onSite).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(group(page, 'status-40-0')).toHaveAttribute('data-count', String(waiting));
  await expect(group(page, 'status-30-0')).toHaveAttribute('data-count', String(inProgress));
  await expect(page.getByTestId(`job-item-${jobId}`)).toHaveCount(0);
});

test('the status groups and the move menu have no serious or critical axe-core violation', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-20-0' });
  await expect(group(page, 'status-20-3')).toBeVisible();
  // The Jobs item's badge (the new jobs) is drawn: its text is part of the item's name.
  await expect(page.getByTestId('menu-item-Job').locator('.MuiBadge-badge')).toHaveText(/^\d+\+?$/);
  expect(await seriousViolations(page)).toEqual([]);
  const item = page.locator('[data-testid^="job-item-"]').first();
  await expect(item.getByRole('button', { name: 'Move to status…' })).toBeVisible();
  await item.getByRole('link').first().focus();
  await page.keyboard.press('m');
  const menu = page.getByRole('menu', { name: /^Move .+ to status$/ });
  await expect(menu.getByRole('menuitem', { name: 'Approved', exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // Once the menu has faded in.
  await expect(page.locator('.MuiMenu-paper')).toHaveCSS('opacity', '1');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});
