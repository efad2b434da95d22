import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, seriousViolations, signIn } from './support.ts';

/** The admin's API, for setting up a job of its own (the demo data stay as they are for the others). */
async function adminApi(request: APIRequestContext) {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(token.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await token.json()).access_token}` };
  return async (method: 'GET' | 'POST', path: string, data?: object) => {
    const res =
      method === 'GET'
        ? await request.get(`/api2/ServiceProvider/${path}`, { headers })
        : await request.post(`/api2/ServiceProvider/${path}`, { headers, data });
    expect(res.ok(), `${method} ${path}: ${res.status()}`).toBe(true);
    return res.json();
  };
}

/** A new job of a demo customer with at least three active machines, on the first of them. */
async function jobWithThreeMachines(request: APIRequestContext, comment: string) {
  const api = await adminApi(request);
  const machines = (
    await api('POST', 'Machine/Filtered', { Page: 1, ItemsPerPage: 300, IncludeInactive: false })
  ).Content as { Id: number; CustomerId: number }[];
  const byCustomer = new Map<number, number[]>();
  for (const m of machines) byCustomer.set(m.CustomerId, [...(byCustomer.get(m.CustomerId) ?? []), m.Id]);
  const [customerId, ids] = [...byCustomer].find(([, list]) => list.length >= 3) ?? [];
  if (!customerId || !ids) throw new Error('no demo customer with three machines');
  const addresses = (await api('GET', `customer/${customerId}/address`)) as {
    Id: number;
    IsDelivery: boolean;
  }[];
  const contacts = (await api('GET', `CustomerPerson/Customer/${customerId}/AllContacts`)) as {
    Id: number;
  }[];
  const types = (await api('GET', 'jobtype')) as { Id: number }[];
  const priorities = (await api('GET', 'jobpriority')) as { Id: number }[];
  const job = await api('POST', 'job/create', {
    CustomerId: customerId,
    CustomerDeliveryAddress: (addresses.find((a) => a.IsDelivery) ?? addresses[0])!.Id,
    ContactPersonId: contacts[0]!.Id,
    JobTypeId: types.find((t) => t.Id !== 3)!.Id,
    JobPriorityId: priorities[0]!.Id,
    EstimatedTime: 2,
    Machines: [{ MachineId: ids[0], CustomerComment: comment }],
  });
  return job.Id as number;
}

test('a technician adds a machine sub-job, edits its comment and a code, flags it, removes one, then copies the job', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const jobId = await jobWithThreeMachines(request, `Leaks oil ${stamp}`);
  await signIn(page, 'technician@demo.test', { at: `./job/list/my/view/${jobId}/general` });
  const editor = page.getByTestId('sub-job-editor');
  await expect(editor.getByRole('heading', { name: 'Machine jobs' })).toBeVisible();
  const rows = editor.locator('li[data-testid^="sub-job-"]');
  await expect(rows).toHaveCount(1);
  const first = rows.first();
  await expect(first.getByRole('textbox', { name: /^Customer comment/ })).toHaveValue(`Leaks oil ${stamp}`);

  // Add a machine: an unsaved line (its id from the current time) until Save.
  await editor.getByRole('button', { name: 'Add machines' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose machines' });
  await picker.getByRole('checkbox').nth(1).click();
  await picker.getByRole('button', { name: 'Choose 1 machine' }).click();
  await expect(picker).toBeHidden();
  const draft = editor.locator('li[data-testid^="new-sub-job-"]');
  await expect(draft).toHaveCount(1);
  await expect(draft.getByText('Not saved')).toBeVisible();
  expect(Number((await draft.getAttribute('data-testid'))!.replace('new-sub-job-', ''))).toBeGreaterThan(
    stamp - 1,
  );
  // The editor with an unsaved line (the page around it is checked in accessibility.spec.ts).
  expect(await seriousViolations(page, '[data-testid="sub-job-editor"]')).toEqual([]);
  await draft.getByRole('button', { name: /^Save / }).click();
  await expect(draft.getByText('This field is required')).toBeVisible();
  await draft.getByRole('textbox', { name: /^Customer comment/ }).fill(`Motor hums ${stamp}`);
  await draft.getByRole('button', { name: /^Save / }).click();
  await expect(draft).toHaveCount(0);
  await expect(rows).toHaveCount(2);
  const second = rows.nth(1);
  await expect(second.getByRole('textbox', { name: /^Customer comment/ })).toHaveValue(`Motor hums ${stamp}`);

  // Edit the first one's technician comment in place (saved on leaving the field) and a code.
  const technician = first.getByRole('textbox', { name: 'Technician comment' });
  await technician.fill(`Seal replaced ${stamp}`);
  // Sent through the device's outbox (decision 099): the change is kept once the server answers.
  const sent = page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && /\/MachineJob\/change\//i.test(new URL(r.url()).pathname),
  );
  await technician.press('Tab');
  expect((await sent).ok()).toBe(true);
  await first.getByRole('combobox', { name: 'Warranty type' }).click();
  const warranty = page.getByRole('option').nth(1);
  const warrantyName = (await warranty.textContent())!.trim();
  await warranty.click();
  await expect(first.getByRole('combobox', { name: 'Warranty type' })).toHaveText(warrantyName);

  // Flag it as a problem with the keyboard.
  const flags = first.getByRole('group', { name: /^Flag of / });
  await flags.getByRole('button', { name: 'Problem' }).focus();
  await page.keyboard.press('Enter');
  await expect(flags.getByRole('button', { name: 'Problem' })).toHaveAttribute('aria-pressed', 'true');

  // Remove the added one, after confirming.
  await second.getByRole('button', { name: /^Remove / }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove the machine job?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(rows).toHaveCount(1);

  // All of it is saved: read again, the job shows it.
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByRole('textbox', { name: 'Technician comment' })).toHaveValue(
    `Seal replaced ${stamp}`,
  );
  await expect(rows.first().getByRole('combobox', { name: 'Warranty type' })).toHaveText(warrantyName);
  await expect(
    rows
      .first()
      .getByRole('group', { name: /^Flag of / })
      .getByRole('button', { name: 'Problem' }),
  ).toHaveAttribute('aria-pressed', 'true');

  // Copy job: New job with the customer and the machine, then its line with comment and code.
  await page.getByRole('link', { name: 'Copy job' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/list/my/newjob/start/${jobId}`));
  await expect(page.getByTestId('new-job-machines').getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/newjob/overview\\?.*copyOf=${jobId}`));
  const line = page.getByTestId('new-job-machines');
  await expect(line.getByRole('textbox', { name: /^Customer comment/ })).toHaveValue(`Leaks oil ${stamp}`);
  await expect(line.getByRole('combobox', { name: /^Warranty type/ })).toHaveText(warrantyName);
  await expect(page.getByRole('textbox', { name: /^Estimated time/ })).toHaveValue('2');
});
