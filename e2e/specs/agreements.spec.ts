import { expect, test } from '@playwright/test';
import { dateField, seriousViolations, signIn, tokenOf } from './support.ts';

test('the office makes a service agreement for a machine, sees its visit in next orders and creates the job', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  // A demo machine to make the agreement for (its name is typed in the machine search).
  const machines = await page.request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
    data: { Page: 1, ItemsPerPage: 1, IncludeInactive: false },
  });
  const machine = (await machines.json()).Content[0] as { Id: number; Name: string; DisplayName: string };
  const name = `E2E visit ${Date.now()}`;

  await page.goto('./agreements/service-agreements');
  await page.getByRole('button', { name: 'New service agreement' }).click();
  const dialog = page.getByRole('dialog', { name: 'New service agreement' });
  await dialog.getByRole('combobox', { name: 'Machine' }).fill(machine.Name);
  await page
    .getByRole('option', { name: machine.DisplayName || machine.Name })
    .first()
    .click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Interval in months' }).fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Starting today, its first visit is due today: it is among the next orders.
  await page.goto('./agreements/next-orders');
  await page.getByRole('searchbox', { name: 'Search next orders' }).fill(name);
  const row = page.locator('[data-testid^="next-order-"]').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('By date');
  await row.getByRole('button', { name: 'Create job' }).click();
  const job = page.getByTestId('next-orders-made').getByRole('link', { name: /^Job \d+$/ });
  await expect(job).toBeVisible();
  await job.click();
  await expect(page).toHaveURL(/\/job\/.*\/view\/\d+/);
  await expect(page.getByText(name).first()).toBeVisible();

  // The visit has its job: the agreement's next visit is half a year away.
  await page.goto('./agreements/next-orders');
  await page.getByRole('searchbox', { name: 'Search next orders' }).fill(name);
  await expect(page.getByText('No visits are due in this period.')).toBeVisible();
});

test('the Admin makes a contract from the contracts screen: a period ending before it starts is refused under End date', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const types = (await (
    await page.request.get('/api2/ServiceProvider/Contract/TypeMap', { headers })
  ).json()) as { Id: number; Name: string }[];
  const type = types.find((t) => t.Name === 'Full service')!;
  const machines = await page.request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers,
    data: { Page: 1, ItemsPerPage: 1, IncludeInactive: false },
  });
  const machine = (await machines.json()).Content[0] as {
    Name: string;
    DisplayName: string;
    CustomerName: string;
  };
  const name = `E2E contract ${Date.now()}`;

  await page.goto(`./agreements/contracts/${type.Id}`);
  await page.getByRole('button', { name: 'New contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contract' });
  await expect(dialog.getByRole('combobox', { name: /Contract type/ })).toHaveText('Full service');
  await dialog.getByRole('combobox', { name: /Customer/ }).fill(machine.CustomerName);
  await page
    .getByRole('option', { name: new RegExp(machine.CustomerName) })
    .first()
    .click();
  await dialog.getByLabel('Name').fill(name);
  await dateField(dialog, 'Start date').type('01062026');
  await dateField(dialog, 'End date').type('31052026');
  await dialog.getByLabel('Price per year').fill('12000');
  await dialog.getByRole('combobox', { name: 'Machines covered' }).click();
  await page
    .getByRole('option', { name: machine.DisplayName || machine.Name })
    .first()
    .click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('The contract cannot end (31.05-2026) before it starts (01.06-2026).'),
  ).toBeVisible();
  await expect(dateField(dialog, 'End date').box).toHaveAttribute('aria-invalid', 'true');

  await dateField(dialog, 'End date').type('31052027');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  // The new contract opens beside the list, with its period and machine.
  const panel = page.getByTestId('contract-panel');
  await expect(panel).toContainText(name);
  await expect(panel).toContainText('01.06-2026 – 31.05-2027');
  await expect(panel).toContainText(machine.Name);

  // Changed from its panel.
  await panel.getByRole('button', { name: 'Edit contract' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contract' });
  await edit.getByLabel('Name').fill(`${name} (renewed)`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(panel).toContainText(`${name} (renewed)`);
});

test('the agreements and counters pages have no serious or critical axe-core violation', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const contracts = await (
    await page.request.get('/api2/ServiceProvider/Contract/Filtered', { headers })
  ).json();
  const contract = contracts.Content[0] as { ContractTypeId: number; CustomerId: number };
  const counters = await (
    await page.request.get('/api2/ServiceProvider/Counter/Filtered', { headers })
  ).json();
  const counter = counters.Content[0] as { Id: number; MachineId: number };
  const pages: [string, string][] = [
    ['./agreements/next-orders', '[data-testid^="next-order-"]'],
    ['./agreements/service-agreements', '[data-testid^="agreement-"]'],
    [`./agreements/contracts/${contract.ContractTypeId}`, '[data-testid^="contract-"]'],
    [`./customer/${contract.CustomerId}/contract-details`, '[data-testid^="contract-"]'],
    ['./admin/counters', '[data-testid^="counter-row-"]'],
    [`./admin/counters/${counter.Id}/info`, `[data-testid="counter-${counter.Id}"]`],
    [`./pim/machine-list/${counter.MachineId}/counters`, `[data-testid="counter-${counter.Id}"]`],
  ];
  const found: Record<string, string[]> = {};
  for (const [path, ready] of pages) {
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});

test('the Admin changes a service agreement in the form that made it: an end before the start is refused under End date', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const machines = await page.request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers,
    data: { Page: 1, ItemsPerPage: 1, IncludeInactive: false },
  });
  const machine = (await machines.json()).Content[0] as { Id: number; Name: string };
  const name = `E2E change ${Date.now()}`;
  const made = await page.request.post('/api2/ServiceProvider/ServiceAgreement', {
    headers,
    data: { MachineId: machine.Id, Name: name, StartDate: '2026-01-01', IntervalMonths: 6 },
  });
  expect(made.ok()).toBe(true);

  await page.goto('./agreements/service-agreements');
  await page.getByRole('searchbox', { name: 'Search agreements' }).fill(name);
  // The searched list settled (only this one left) before its row is clicked: a click on a row the
  // search then draws again is lost.
  await expect(page.locator('[data-testid^="agreement-"]')).toHaveCount(1);
  const row = page.locator('[data-testid^="agreement-"]').filter({ hasText: name });
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit service agreement' });
  await expect(dialog.getByLabel('Machine')).not.toBeEditable();
  await expect(dateField(dialog, 'Start date').shown).toHaveValue('01.01-2026');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('textbox', { name: 'Interval in months' }).fill('3');
  await dateField(dialog, 'End date').type('31122025');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('The service agreement cannot end (31.12-2025) before it starts (01.01-2026).'),
  ).toBeVisible();
  await expect(dateField(dialog, 'End date').box).toHaveAttribute('aria-invalid', 'true');
  await dateField(dialog, 'End date').type('31122027');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('every 3 months');
  await expect(row).toContainText('until 31.12-2027');
});

test('the Admin keeps the contract types; the Agreements menu follows, and a type in use is not deleted', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  const name = `E2E type ${Date.now()}`;
  await page.goto('./admin/contract-types');
  const full = page.locator('[data-testid^="contract-type-row-"]').filter({ hasText: 'Full service' });
  await expect(full).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'New contract type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New contract type' });
  await dialog.getByLabel('Name (English)').fill(name);
  await dialog.getByRole('combobox', { name: 'Icon' }).click();
  await page.getByRole('option', { name: 'Checklist' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.locator('[data-testid^="contract-type-row-"]').filter({ hasText: name });
  await expect(row).toContainText('0 contracts');

  // The Agreements menu lists it with its icon and count.
  await page.goto('./agreements/next-orders');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();

  // Renamed from the list: the menu follows.
  await page.goto('./admin/contract-types');
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contract type' });
  await edit.getByLabel('Name (English)').fill(`${name} renamed`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText(`${name} renamed`);
  await page.goto('./agreements/next-orders');
  await expect(page.getByRole('link', { name: new RegExp(`${name} renamed`) })).toBeVisible();
  await page.goto('./admin/contract-types');

  // A type the demo contracts use is refused with the server's message.
  await full.getByRole('button', { name: 'Delete Full service' }).click();
  await page
    .getByRole('dialog', { name: 'Delete contract type' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('alert').filter({ hasText: 'is still used by' })).toBeVisible();
  await expect(full).toBeVisible();
});
