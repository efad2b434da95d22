import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

// Issue 35.7 and issue 32: the customer manager's landing is their company's open jobs, not an empty
// 'my' list; the Jobs module's list shows the company's jobs too.
test('a customer manager lands on the company’s jobs', async ({ page }) => {
  await signIn(page, 'customer.manager@demo.test');
  await expect(page).toHaveURL(/\/my-company\/jobs$/);
  await expect(page.getByTestId(/^portal-job-/).first()).toBeVisible();
  await page.goto('job/list/my');
  await expect(page.getByTestId('job-list').getByRole('link').first()).toBeVisible();
  await expect(page.getByText('No jobs yet')).toHaveCount(0);
});
