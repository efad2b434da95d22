import { expect, test } from '@playwright/test';
import { adminHeaders, signIn } from './support.ts';

test('an admin adds a warranty type, renames a job status back and forth, and reads the mail log', async ({
  page,
  request,
}) => {
  await signIn(page, 'admin@demo.test');

  // A new warranty type is listed and offered; a second one with the same name is refused with the reason.
  const name = `E2E warranty ${Date.now()}`;
  await page.goto('./admin/warranty-types');
  await page.getByRole('textbox', { name: 'New name' }).fill(name);
  await page.getByRole('button', { name: 'Add warranty type' }).click();
  await expect(
    page.getByRole('textbox', { name: 'Name' }).and(page.locator(`[value="${name}"]`)),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'New name' }).fill(name.toUpperCase());
  await page.getByRole('button', { name: 'Add warranty type' }).click();
  await expect(page.getByText(`${name.toUpperCase()} is already in use on ${name}.`)).toBeVisible();

  // A job status renamed here is what the job statuses call answers; then it gets its name back.
  await page.goto('./admin/job-statuses');
  const status = page.getByTestId('status-40');
  const field = status.getByRole('textbox', { name: 'Name' });
  const before = await field.inputValue();
  await field.fill('Awaiting parts');
  await field.press('Enter');
  await expect(page.getByText('Saved')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('status-40').getByRole('textbox', { name: 'Name' })).toHaveValue(
    'Awaiting parts',
  );
  await page.getByTestId('status-40').getByRole('textbox', { name: 'Name' }).fill(before);
  await page.getByTestId('status-40').getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(page.getByTestId('status-40').getByRole('textbox', { name: 'Name' })).toHaveValue(before);

  // The mail log lists what the portal wrote (without SMTP, every mail is recorded there): the recovery
  // code asked for the subcontractor now is there as a new row, found by its address, with its code.
  const to = 'subcontractor@demo.test';
  const headers = await adminHeaders(request);
  const mailIds = async () => {
    const log = await request.get('/api2/ServiceProvider/Log/MailLogs/Filtered', {
      params: { SearchWord: to },
      headers,
    });
    expect(log.ok(), await log.text()).toBe(true);
    return ((await log.json()).Content as { Id: number; To: string }[])
      .filter((m) => m.To === to)
      .map((m) => m.Id);
  };
  const earlier = await mailIds();
  const asked = await request.post('/api2/Accounts/RecoverPassword', { data: { username: to } });
  expect(asked.ok()).toBe(true);
  let mailId = 0;
  await expect
    .poll(async () => {
      mailId = (await mailIds()).find((id) => !earlier.includes(id)) ?? 0;
      return mailId;
    })
    .toBeGreaterThan(0);
  await page.goto('./admin/logs/mail');
  await expect(page.getByRole('heading', { name: 'Mail log', level: 2 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search recipient or subject' }).fill(to);
  const mail = page.getByTestId(`mail-${mailId}`);
  await expect(mail).toContainText(to);
  await expect(mail).toContainText('Recorded');
  await mail.getByRole('button').first().click();
  await expect(mail).toContainText(/\b\d{6}\b/);
});

test('an admin page opened directly shows its texts, not their keys', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { at: './admin/job-statuses' });
  await expect(page.getByRole('heading', { name: 'Job statuses', level: 2 })).toBeVisible();
  await expect(page.getByTestId('status-10').getByRole('button', { name: 'Add sub-status' })).toBeVisible();
});
