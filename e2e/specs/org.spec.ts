import { type APIRequestContext, expect, test } from '@playwright/test';
import { headersOf, signIn } from './support.ts';

// Issue 16 end to end: the Admin makes a project and chooses it in a job's order options; a lead is
// converted into a customer and a job in one step.

const API = '/api2/ServiceProvider';
const tag = () => Math.random().toString(36).slice(2, 7);

/** A new job with an order on one machine of a demo customer. */
async function newJob(request: APIRequestContext, headers: Record<string, string>) {
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 20, IncludeInactive: false },
  });
  const machine = (await machines.json()).Content[0] as { Id: number; CustomerId: number };
  const customer = await (await request.get(`${API}/customer/?id=${machine.CustomerId}`, { headers })).json();
  const created = await request.post(`${API}/job/create`, {
    headers,
    data: {
      CustomerId: machine.CustomerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: customer.DefaultCustomerPersonId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 2,
      Machines: [{ MachineId: machine.Id, CustomerComment: 'Project e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { Id: number };
}

test('the Admin creates a project and chooses it in a job’s order options', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const job = await newJob(request, admin);
  const name = `Harbour cranes ${tag()}`;

  await signIn(page, 'admin@demo.test', { at: './admin/projects' });
  await page.getByRole('button', { name: 'New project' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Quay 3 and 4');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/admin\/projects\/\d+\/info$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  const projectId = Number(/projects\/(\d+)\/info/.exec(page.url())![1]);

  await page.goto(`./job/list/my/view/${job.Id}/invoice`);
  await page.getByRole('combobox', { name: 'Project' }).click();
  await page.getByRole('option', { name }).click();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText(name);
  const options = await (await request.get(`${API}/order/job/${job.Id}`, { headers: admin })).json();
  expect(options.ProjectId).toBe(projectId);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveText(name);
  const project = await (await request.get(`${API}/Project/${projectId}`, { headers: admin })).json();
  expect(project.JobCount).toBe(1);
});

test('a lead is converted into a customer and a job in one step', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const name = `Nordkapp Is AS ${tag()}`;
  const created = await request.post(`${API}/Lead/`, {
    headers: admin,
    data: { Name: name, ContactName: 'Ola Hansen', Email: 'ola@nordkapp.example', City: 'Honningsvåg' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const lead = (await created.json()) as { Id: number };

  await signIn(page, 'admin@demo.test', { at: './admin/lead/list' });
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(name);
  await page.getByTestId(`lead-row-${lead.Id}`).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Honningsvåg');
  await dialog.getByRole('button', { name: 'Convert to customer and job' }).click();
  await page.getByRole('dialog', { name: 'Convert the lead?' }).getByRole('button').last().click();
  await expect(page).toHaveURL(/\/job\/list\/my\/view\/\d+/);
  await expect(page.getByText(name).first()).toBeVisible();

  const after = await (await request.get(`${API}/Lead/${lead.Id}`, { headers: admin })).json();
  expect(after).toMatchObject({ IsConverted: true });
  expect(page.url()).toContain(`/view/${after.JobId}`);
  const customer = await (
    await request.get(`${API}/customer/?id=${after.CustomerId}`, { headers: admin })
  ).json();
  expect(customer.Name).toBe(name);
});
