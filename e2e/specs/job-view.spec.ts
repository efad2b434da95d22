import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** As the demo admin through the API: a new job (Service, Normal) on two machines of a customer, and another customer. */
async function jobToEdit(request: APIRequestContext) {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(token.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await token.json()).access_token}` };
  const machines = await request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers,
    data: { Page: 1, ItemsPerPage: 200, IncludeInactive: false },
  });
  const byCustomer = new Map<number, number[]>();
  for (const m of (await machines.json()).Content as { Id: number; CustomerId: number }[])
    byCustomer.set(m.CustomerId, [...(byCustomer.get(m.CustomerId) ?? []), m.Id]);
  const [customerId, machineIds] = [...byCustomer].find(([, ids]) => ids.length >= 2)!;
  const customer = await (
    await request.get(`/api2/ServiceProvider/customer/?id=${customerId}`, { headers })
  ).json();
  const created = await request.post('/api2/ServiceProvider/job/create', {
    headers,
    data: {
      CustomerId: customerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: customer.DefaultCustomerPersonId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 2,
      Machines: machineIds.slice(0, 2).map((MachineId) => ({ MachineId, CustomerComment: 'Job view e2e' })),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const others = await request.get('/api2/ServiceProvider/customer/Filtered?Page=1&ItemsPerPage=20', {
    headers,
  });
  const other = ((await others.json()).Content as { Id: number; Name: string; IsActive: boolean }[]).find(
    (c) => c.Id !== customerId && c.IsActive,
  )!;
  return { jobId: (await created.json()).Id as number, other };
}

test('an admin changes a job’s type, priority, status and sub-status, swaps its customer after confirming, and uploads a document to it', async ({
  page,
  request,
}) => {
  const { jobId, other } = await jobToEdit(request);
  await signIn(page, 'admin@demo.test', { at: `./job/list/my/view/${jobId}/general` });
  const summary = page.getByTestId('job-summary');
  await expect(summary.getByText('Service · Normal', { exact: false })).toBeVisible();

  // Type and priority save on choice; the priority's deadline shows under it.
  await page.getByRole('combobox', { name: /^Job type/ }).click();
  await page.getByRole('option', { name: 'Inspection' }).click();
  await expect(summary.getByText(/Inspection · Normal/)).toBeVisible();
  await page.getByRole('combobox', { name: /^Priority/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect(summary.getByText(/Inspection · High/)).toBeVisible();
  await expect(page.getByTestId('priority-deadline')).toHaveText(/^Due /);

  // Status, then a sub-status of it.
  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('In progress');
  await page.getByRole('combobox', { name: /^Sub-status/ }).click();
  await page.getByRole('option', { name: 'On site' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('In progress – On site');

  // Another customer: the machine jobs go, so it is confirmed first.
  await expect(summary.getByRole('list', { name: 'Machine jobs' }).getByRole('listitem')).toHaveCount(2);
  const customerField = page.getByRole('combobox', { name: /^Customer( \*)?$/ });
  await customerField.click();
  await customerField.fill(other.Name);
  await page
    .getByRole('option', { name: new RegExp(other.Name) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Change the job’s customer?'.replace('’', "'") });
  await expect(dialog).toContainText('All 2 machine jobs of the job are removed');
  await dialog.getByRole('button', { name: 'Change customer' }).click();
  await expect(customerField).toHaveValue(other.Name);
  await expect(summary.getByRole('list', { name: 'Machine jobs' }).getByRole('listitem')).toHaveCount(0);

  // The job's resources: a document uploaded for the customer to see.
  await page.getByTestId('tab-ViewJobResources').click();
  await expect(page).toHaveURL(new RegExp(`/view/${jobId}/resources$`));
  const panel = page.getByRole('region', { name: 'Documents' });
  await expect(panel).toBeVisible();
  await page.getByRole('combobox', { name: 'Document type' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('checkbox', { name: 'Visible to customers' }).check();
  await page.getByTestId('document-file-input').setInputFiles({
    name: `Job ${jobId} report.pdf`,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(page.getByText('1 file uploaded')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: `Job ${jobId} report.pdf` });
  await expect(row).toBeVisible();
  await expect(row.getByRole('switch', { name: `Job ${jobId} report visible to customers` })).toBeChecked();
});
