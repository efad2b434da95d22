import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

/** The demo company's first customer (apps/server/src/dev/demo-company.ts, DEMO_CUSTOMER_NAME). */
const CUSTOMER = 'Fjellheim Industri AS';

test('an admin searches from the header, sees grouped results, opens all results and previews a job', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard\/home$/);

  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Search' }).click();
  const field = page.getByRole('combobox', { name: 'Search for jobs, customers and machines' });
  await field.fill('Fjellheim');

  // The customer and its jobs come grouped under their headings.
  const dropdown = page.getByTestId('search-dropdown');
  const customers = dropdown.getByRole('group', { name: 'Customers' });
  await expect(customers.getByRole('option', { name: new RegExp(CUSTOMER) })).toBeVisible();
  const jobs = dropdown.getByRole('group', { name: 'Jobs' });
  await expect(jobs.getByRole('option').first()).toBeVisible();
  // Two groups with results show at most 7 lines each.
  expect(await jobs.getByRole('option').count()).toBeLessThanOrEqual(7);

  // The arrow keys reach the customer; Escape closes the dropdown, the field stays.
  await field.press('ArrowDown');
  await expect(field).toHaveAttribute('aria-activedescendant', /.+/);
  await field.press('ArrowUp');
  await field.press('Enter');
  await expect(page).toHaveURL(/\/search-results\?q=Fjellheim$/);
  await expect(page.getByTestId('search-heading')).toHaveText('Jobs matching “Fjellheim”');

  // The first job by its id: a job another spec makes for the same customer shows up live at the top.
  const firstId = await page
    .getByTestId(/^job-item-\d+$/)
    .first()
    .getAttribute('data-testid');
  const first = page.getByTestId(firstId!);
  await expect(first).toBeVisible();
  await expect(page.getByTestId('job-preview')).toHaveCount(0);
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/search-results\/\d+\?q=Fjellheim$/);
  const jobId = /\/search-results\/(\d+)/.exec(page.url())?.[1];
  const preview = page.getByTestId('job-preview');
  await expect(preview.getByTestId('job-summary')).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2 })).toBeVisible();
  expect(firstId).toBe(`job-item-${jobId}`);

  // The search is kept in the history, offered when the field is empty.
  await header.getByRole('button', { name: 'Search' }).click();
  await field.fill('');
  await expect(
    page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: 'Fjellheim' }),
  ).toBeVisible();
  await field.press('Escape');
  await expect(page.getByTestId('search-dropdown')).toHaveCount(0);
});
