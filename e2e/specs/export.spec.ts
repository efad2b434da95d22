import { expect, test } from '@playwright/test';
import { signIn } from './support.ts';

test('an admin exports the machines in the background: the task panel tells when it is done, and the file downloads', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './dashboard/machine-export' });
  const before = await page.getByTestId('export-file').count();
  await page.getByRole('button', { name: 'Export machines' }).click();
  await expect(page.getByText('The export has started.')).toBeVisible();

  const panel = page.getByRole('region', { name: 'Background tasks' });
  await expect(panel.getByRole('button', { name: 'Exporting machines Done' })).toBeVisible({
    timeout: 30_000,
  });
  await panel.getByRole('button', { name: 'Exporting machines Done' }).click();
  await expect(page).toHaveURL(/\/dashboard\/machine-export\?displayedExportDate=/);

  const files = page.getByTestId('export-file');
  await expect(files).toHaveCount(before + 1);
  const newest = files.first();
  await expect(newest).toHaveAttribute('aria-current', 'true');
  const download = page.waitForEvent('download');
  await newest.getByRole('button', { name: 'Download' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^machines-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = await (await file.createReadStream()).toArray();
  // An .xlsx file is a zip archive: it starts with 'PK'.
  expect(Buffer.concat(bytes).subarray(0, 2).toString()).toBe('PK');
});
