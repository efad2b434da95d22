import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn, tokenOf } from './support.ts';

test('an admin imports a workbook of machines: upload, preview, import, and the machines are in the list', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const customers = await request.get(
    `${origin}/api2/ServiceProvider/customer/Filtered?PageNumber=1&PageSize=1`,
    {
      headers,
    },
  );
  const customer = (await customers.json()).Content[0] as { CustomerNumber: string };
  const stamp = Date.now().toString(36).toUpperCase();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Machines');
  sheet.addRow(['SerialNumber', 'Name', 'CustomerNumber', 'InstallationDate']);
  sheet.addRow([`E2E-${stamp}-1`, `Imported compressor ${stamp}`, customer.CustomerNumber, '2025-03-01']);
  sheet.addRow([`E2E-${stamp}-2`, `Imported dryer ${stamp}`, customer.CustomerNumber, '']);
  const buffer = Buffer.from(await book.xlsx.writeBuffer());

  await page.goto('./pim/machine-list/import');
  await expect(page.locator('#main').getByRole('heading', { name: 'Import machines' })).toBeVisible();
  await page.getByTestId('import-file-input').setInputFiles({
    name: 'machines.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(page.getByTestId('import-summary')).toHaveText('2 rows, 2 new, 0 problems');
  const rows = page.getByRole('list', { name: 'The first 2 rows' });
  await expect(rows.getByText(`SerialNumber: E2E-${stamp}-1`, { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 rows' }).click();
  await expect(page.getByTestId('import-report')).toContainText(
    'Imported: 2 created, 0 changed, 0 already there.',
    {
      timeout: 30_000,
    },
  );

  await page.getByRole('link', { name: 'Show the machines' }).click();
  await expect(page).toHaveURL(/\/pim\/machine-list/);
  await page
    .getByRole('searchbox', { name: 'Search machines' })
    .or(page.getByRole('textbox', { name: 'Search machines' }))
    .first()
    .fill(`Imported compressor ${stamp}`);
  await expect(page.getByText(`Imported compressor ${stamp}`).first()).toBeVisible();
});

test('an admin exports the customers in the background and downloads the workbook', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { at: './admin/import-export/export' });
  await page.getByRole('button', { name: 'Export customers' }).click();
  await expect(page.getByText('The export has started.')).toBeVisible();
  const panel = page.getByRole('region', { name: 'Background tasks' });
  await expect(panel.getByRole('button', { name: 'Exporting customers Done' })).toBeVisible({
    timeout: 30_000,
  });
  await panel.getByRole('button', { name: 'Exporting customers Done' }).click();
  await expect(page).toHaveURL(/\/admin\/import-export\/export\?displayedExportDate=/);

  const newest = page.locator('[data-testid="export-file"][aria-current="true"]');
  await expect(newest).toContainText(/customers-\d{4}-\d{2}-\d{2}\.xlsx/);
  const download = page.waitForEvent('download');
  await newest.getByRole('button', { name: /^Download/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('Customers')!;
  expect(sheet.getRow(1).getCell(2).value).toBe('Customer number');
  // The demo company has at least 40 customers (spec README).
  expect(sheet.actualRowCount).toBeGreaterThan(40);
});
