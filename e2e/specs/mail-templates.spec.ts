import { type APIRequestContext, expect, test } from '@playwright/test';
import { headersOf, signIn } from './support.ts';

// Issue 16 end to end: the Admin writes the new-job e-mail template, a job is created for a contact
// who allows e-mail, and the mail written from the template is read in the mail log.

const API = '/api2/ServiceProvider';

/** A new contact who allows e-mail on a demo customer's machine, and a job for them. */
async function jobForNewContact(request: APIRequestContext, headers: Record<string, string>, email: string) {
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 5, IncludeInactive: false },
  });
  const machine = ((await machines.json()).Content as { Id: number; CustomerId: number }[])[0]!;
  const customer = await (await request.get(`${API}/customer/?id=${machine.CustomerId}`, { headers })).json();
  const added = await request.post(`${API}/CustomerPerson/customer/${machine.CustomerId}/contact/add`, {
    headers,
    data: { Name: 'Eva E-post', Email: email, Mobile: '+47 911 22 333' },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const contact = (await added.json()) as { Id: number };
  const allowed = await request.put(
    `${API}/CustomerPerson/customer/${machine.CustomerId}/contact/${contact.Id}/update`,
    {
      headers,
      data: { Name: 'Eva E-post', Email: email, Mobile: '+47 911 22 333', EmailAllowed: true },
    },
  );
  expect(allowed.ok(), await allowed.text()).toBe(true);
  const created = await request.post(`${API}/job/create`, {
    headers,
    data: {
      CustomerId: machine.CustomerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: contact.Id,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 1,
      Machines: [{ MachineId: machine.Id, CustomerComment: 'Template e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const job = (await created.json()) as { Id: number; CustomerName: string };
  return { job, customerName: job.CustomerName };
}

test('edit the new-job template, create a job, and read its mail in the mail log', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  await signIn(page, 'admin@demo.test', { at: './admin/settings/email-settings' });
  await page.getByTestId('email-template-newjob').click();
  await expect(page).toHaveURL(
    /\/admin\/settings\/email\/newjob\?group=email&emailEnabledSettingName=NewJobEmailEnabled/,
  );

  // An unknown placeholder is shown at once; the known ones fill the preview.
  const subject = page.getByTestId('template-subject');
  await subject.fill('Hi {Kunde}');
  await expect(page.getByText('Unknown placeholder: {Kunde}')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await subject.fill(`E2E ${stamp}: job {JobId} for {CustomerName}`);
  await expect(page.getByTestId('preview-subject')).toHaveText(`E2E ${stamp}: job 10234 for Nordic Pumps AS`);
  await page.getByTestId('template-body').fill('Hello {ContactName}, ');
  await page.getByRole('button', { name: 'Insert {CompanyName}' }).click();
  await expect(page.getByTestId('template-body')).toHaveValue('Hello {ContactName}, {CompanyName}');
  const enabled = page
    .getByRole('switch', { name: 'Send this e-mail' })
    .or(page.getByRole('checkbox', { name: 'Send this e-mail' }));
  if (!(await enabled.isChecked())) await enabled.click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();

  const email = `eva.${stamp}@kunde.test`;
  const { job, customerName } = await jobForNewContact(
    request,
    await headersOf(request, 'admin@demo.test'),
    email,
  );

  // The task worker sends it; the mail log shows it, with the job's and the customer's values.
  const subjectLine = page.getByText(`E2E ${stamp}: job ${job.Id} for ${customerName}`);
  await page.goto('./admin/logs/mail');
  await page.getByRole('searchbox', { name: 'Search recipient or subject' }).fill(email);
  await expect(subjectLine).toBeVisible({ timeout: 10_000 });
  // Opened again if the search redrew the list under the click (a slow machine).
  await expect(async () => {
    await subjectLine.click();
    await expect(page.getByText('Hello Eva E-post, ')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  // The task log has the sending, completed.
  await page.goto('./admin/logs/task');
  await expect(page.getByTestId('task-log').getByText(`JobEmail newjob ${job.Id}`)).toBeVisible();

  // Switched off again, so the other specs' jobs send nothing.
  await page.goto('./admin/settings/email/newjob');
  await page
    .getByRole('switch', { name: 'Send this e-mail' })
    .or(page.getByRole('checkbox', { name: 'Send this e-mail' }))
    .click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved')).toBeVisible();
});
