import { expect, type Locator, type Page, test } from '@playwright/test';
import { seriousViolations, signIn } from './support.ts';

/** Picks an option of one of the filter bar's multi-selects, then closes its list. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

/** Whether two elements' boxes overlap on the screen. */
async function overlap(a: Locator, b: Locator): Promise<boolean> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error('not on screen');
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

test('filters the job list by type and priority, saves the filter under a name, applies and deletes it', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-10-0' });
  const count = page.getByTestId('job-count');
  await expect(count).toHaveText(/\d+ jobs?/);
  const all = Number((await count.textContent())?.replace(/\D/g, ''));

  await choose(page, 'Job type', 'Repair');
  await choose(page, 'Priority', 'Normal');
  await expect(page).toHaveURL(/\?type=2&priority=3$/);
  await expect(count).not.toHaveText(`${all} jobs`);
  const items = page.getByTestId(/^job-item-\d+$/);
  await expect(items.first()).toBeVisible();
  // Read at once (the list follows other specs' changes live, so an item may leave between reads).
  await expect(async () => {
    const shown = await items.evaluateAll((els) =>
      els.map((el) => ({
        text: el.textContent ?? '',
        priority: el.querySelector('[data-testid="job-priority"]')?.textContent ?? '',
      })),
    );
    expect(shown.length).toBeGreaterThan(0);
    for (const item of shown) {
      expect(item.text).toContain('Repair');
      expect(item.priority).toBe('Normal');
    }
  }).toPass();

  await page.getByRole('button', { name: 'Saved filters' }).click();
  let dialog = page.getByRole('dialog', { name: 'Saved filters' });
  await dialog.getByRole('textbox', { name: 'Filter name' }).fill('Normal repairs');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Filter Normal repairs saved.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/job\/list\/status-10-0$/);
  await expect(count).toHaveText(`${all} jobs`);

  // The saved filter outlives a reload (local storage) and brings the types and priorities back.
  await page.reload();
  await page.getByRole('button', { name: 'Saved filters' }).click();
  dialog = page.getByRole('dialog', { name: 'Saved filters' });
  await dialog.getByRole('button', { name: 'Apply filter Normal repairs' }).click();
  await expect(page).toHaveURL(/\?type=2&priority=3$/);
  await expect(page.getByRole('combobox', { name: 'Job type' })).toHaveText('Repair');
  await expect(count).not.toHaveText(`${all} jobs`);

  await page.getByRole('button', { name: 'Saved filters' }).click();
  await dialog.getByRole('button', { name: 'Delete filter Normal repairs' }).click();
  await expect(dialog.getByText('No saved filters yet.')).toBeVisible();
});

test('the preview opens beside the list where both fit', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-10-0' });
  await page
    .getByTestId(/^job-item-\d+$/)
    .first()
    .getByRole('link')
    .first()
    .click();
  const preview = page.getByTestId('job-preview');
  await expect(preview.getByTestId('job-summary')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Job preview' })).toHaveCount(0);
  await expect(page.getByTestId(/^job-item-\d+$/).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('at 960 px', () => {
  test.use({ viewport: { width: 960, height: 800 } });

  test('the preview opens over the list as a dialog, its cards whole; Escape gives the focus back to the item', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test', { at: './job/list/status-20-0' });
    const link = page
      .getByTestId(/^job-item-\d+$/)
      .first()
      .getByRole('link')
      .first();
    await page.getByRole('button', { name: 'Saved filters' }).click();
    await expect(page.getByRole('dialog', { name: 'Saved filters' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Saved filters' })).toBeHidden();

    await link.click();
    const dialog = page.getByRole('dialog', { name: 'Job preview' });
    await expect(dialog.getByTestId('job-summary')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    const box = (await dialog.boundingBox())!;
    for (const panel of ['customer', 'deliveryAddress', 'contact', 'machineJobs', 'appointments']) {
      const card = (await dialog.getByTestId(`panel-${panel}`).boundingBox())!;
      expect(card.x).toBeGreaterThanOrEqual(box.x);
      expect(card.x + card.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      // Nothing inside a card runs past its edge (a long e-mail address wraps).
      const spill = await dialog
        .getByTestId(`panel-${panel}`)
        .evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(spill, panel).toBeLessThanOrEqual(0);
    }
    // Its menu: open in new tab, hazard analysis, service report.
    await dialog.getByRole('button', { name: 'Documents of the job' }).click();
    await expect(page.getByRole('menuitem', { name: 'Hazard analysis' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Service report' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/job\/list\/status-20-0$/);
    await expect(link).toBeFocused();
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

  test('the filters fit, the preview is a full-screen dialog and its status chip stays clear of the title', async ({
    page,
  }) => {
    await signIn(page, 'admin@demo.test', { at: './job/list/status-10-0' });
    // The selects fold under a Filters button that counts what is chosen.
    await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    await choose(page, 'Priority', 'Normal');
    await expect(page).toHaveURL(/\?priority=3$/);
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await page
      .getByTestId(/^job-item-\d+$/)
      .first()
      .getByRole('link')
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Job preview' });
    await expect(dialog.getByTestId('job-summary')).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(411);
    const title = dialog.getByRole('heading', { level: 2 });
    expect(await overlap(title, dialog.getByTestId('job-status'))).toBe(false);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/job\/list\/status-10-0\?priority=3$/);
  });
});
