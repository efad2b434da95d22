import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './support.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Service manual\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

async function bearer(request: APIRequestContext, email: string) {
  const basic = Buffer.from(`${email}:${PASSWORD}`).toString('base64');
  const res = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(res.ok()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

test('a PDF is uploaded to a machine, listed, downloaded, published to its customer and deleted', async ({
  page,
  request,
}) => {
  // A machine of the demo customer manager's company, so the publication can be seen from their side.
  const customer = await bearer(request, 'customer.manager@demo.test');
  const machines = await request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers: customer,
    data: { ItemsPerPage: 1 },
  });
  const machine = (await machines.json()).Content[0] as { Id: number; Name: string };
  const customerSees = async () =>
    (
      (await (
        await request.get(`/api2/ServiceProvider/Machine/${machine.Id}/Documents`, { headers: customer })
      ).json()) as { Name: string }[]
    ).map((d) => d.Name);

  await signIn(page, 'technician@demo.test', { at: `./pim/machine-list/${machine.Id}/resources` });
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel).toBeVisible();

  // Upload as a manual, not yet visible to customers.
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option', { name: 'Manual' }).click();
  await page.getByTestId('document-file-input').setInputFiles({
    name: 'E2E compressor manual.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('1 file uploaded')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'E2E compressor manual.pdf' });
  await expect(row).toBeVisible();
  await expect(row.getByText('Manual', { exact: true })).toBeVisible();
  await expect(row.getByText('Tore Tekniker')).toBeVisible();
  expect(await customerSees()).not.toContain('E2E compressor manual');

  // Downloaded under its file name, byte for byte.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download E2E compressor manual' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('E2E compressor manual.pdf');
  expect(readFileSync(await download.path()).equals(PDF)).toBe(true);

  // Published: the customer now sees it.
  const publish = row.getByRole('switch', { name: 'E2E compressor manual visible to customers' });
  await publish.click();
  await expect(publish).toBeChecked();
  await expect.poll(customerSees).toContain('E2E compressor manual');

  // Deleted after the confirm: gone from the list and from the customer's.
  await row.getByRole('button', { name: 'Delete E2E compressor manual' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the document?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'E2E compressor manual.pdf' })).toHaveCount(0);
  expect(await customerSees()).not.toContain('E2E compressor manual');
});
