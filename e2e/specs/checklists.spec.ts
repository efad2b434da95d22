import { type APIRequestContext, expect, test } from '@playwright/test';
import { headersOf, seriousViolations, signIn } from './support.ts';

// Issue 15 end to end: a technician starts the demo's compressor service checklist on a job, answers
// a yes/no, a number and a choice, marks a failed item and raises its follow-up job in one click.

const API = '/api2/ServiceProvider';

/** A new job on one machine of a demo customer. */
async function newJob(request: APIRequestContext, headers: Record<string, string>) {
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 50, IncludeInactive: false },
  });
  const machine = ((await machines.json()).Content as { Id: number; CustomerId: number }[])[0]!;
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
      Machines: [{ MachineId: machine.Id, CustomerComment: 'Checklist e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { Id: number; CustomerId: number };
}

test('fill in a checklist on a job: answers saved, a failed item raises a follow-up job', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const job = await newJob(request, admin);

  await signIn(page, 'technician@demo.test', { at: `./job/list/my/view/${job.Id}/checklists` });
  await expect(page.getByText('No checklists on this job yet.')).toBeVisible();
  await page.getByLabel('Template').click();
  await page.getByRole('option', { name: 'Compressor service' }).click();
  await page.getByRole('button', { name: 'Start checklist' }).click();

  const safety = page.getByRole('region', { name: 'Safety' });
  await expect(safety).toBeVisible();
  const isolated = safety.getByTestId(/^checklist-field-/).filter({ hasText: 'Machine isolated' });
  await isolated.getByRole('button', { name: 'Yes' }).click();
  await expect(isolated.getByText(/Answered by/)).toBeVisible();
  const guards = safety.getByTestId(/^checklist-field-/).filter({ hasText: 'Guards and covers' });
  await guards.getByRole('button', { name: 'No' }).click();
  await expect(guards.getByText('Failed')).toBeVisible();

  const measurements = page.getByRole('region', { name: 'Measurements' });
  const pressure = measurements.getByLabel(/Working pressure/);
  await pressure.fill('7,2');
  await pressure.press('Enter');
  const oil = measurements.getByTestId(/^checklist-field-/).filter({ hasText: 'Oil level' });
  await oil.getByRole('button', { name: 'Refilled' }).click();
  await expect(oil.getByText(/Answered by/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The follow-up job of the failed item, in one click.
  await guards.getByRole('button', { name: 'Raise follow-up job' }).click();
  const link = guards.getByRole('link', { name: /Follow-up job \d+/ });
  await expect(link).toBeVisible();

  // What the server kept: the answers, and a new job for the same customer.
  const [summary] = await (
    await request.get(`${API}/checklist/list?jobId=${job.Id}`, { headers: admin })
  ).json();
  const checklist = await (
    await request.get(`${API}/checklist/?entryId=${summary.Id}`, { headers: admin })
  ).json();
  const value = (label: string) =>
    (checklist.Fields as { Label: string; Value: unknown; FollowUpJobId: number | null }[]).find((f) =>
      f.Label.startsWith(label),
    )!;
  expect(value('Machine isolated').Value).toBe(true);
  expect(value('Guards and covers').Value).toBe(false);
  expect(value('Working pressure').Value).toBe(7.2);
  expect(value('Oil level').Value).toBe('Refilled');
  const followUp = value('Guards and covers').FollowUpJobId!;
  const raised = await (await request.get(`${API}/job/${followUp}`, { headers: admin })).json();
  expect(raised.CustomerId).toBe(job.CustomerId);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/view/${followUp}/`));

  // A wrong type is refused with its message, and the answer stays.
  const wrong = await request.patch(`${API}/checklist/field/`, {
    headers: admin,
    data: {
      Id: (checklist.Fields as { Id: number; Label: string }[]).find((f) => f.Label.startsWith('Working'))!
        .Id,
      Value: 'high',
    },
  });
  expect(wrong.status()).toBe(400);
  expect((await wrong.json()).Message).toBe('The answer must be a number.');
});
