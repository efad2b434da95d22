import { expect, test } from '@playwright/test';
import { seriousViolations, signIn, tokenOf } from './support.ts';

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
  await dialog.getByRole('spinbutton', { name: 'Interval in months' }).fill('6');
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
