import { expect, test } from '@playwright/test';
import { adminHeaders, bookAppointment, seriousViolations, signIn } from './support.ts';

const API = '/api2/ServiceProvider';

// Issue 32 item 3: the customer portal shows what matters (decision 068).
test('a customer manager sees the open jobs, finds a machine, reports a fault and sees the new job with its visit', async ({
  page,
  request,
}) => {
  await signIn(page, 'customer.manager@demo.test');
  // Lands on the company's open jobs, not an empty list.
  await expect(page).toHaveURL(/\/my-company\/jobs$/);
  await expect(page.getByRole('heading', { name: 'Our open jobs' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^\d+ open jobs?$/ })).not.toHaveText('0 open jobs');
  await expect(page.getByTestId(/^portal-job-/).first()).toBeVisible();
  await expect(page.getByText('No jobs yet')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The company's machines, searchable; each opens its page.
  await page.getByRole('link', { name: 'Report a fault' }).click();
  await expect(page).toHaveURL(/\/my-company\/machines$/);
  const machines = page.getByTestId('portal-machines').getByRole('listitem');
  await expect(machines.first()).toBeVisible();
  const name = (await machines.first().getByRole('link').textContent())!;
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel('Search by name, serial number or QR code').fill(name.slice(0, 12));
  await expect(page.getByRole('status')).toHaveText(/^\d+ machines?$/);
  await machines.getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/my-company\/machines\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Report a fault' })).toBeVisible();

  // Reports a fault: an empty one is refused, a filled one makes the job.
  const send = page.getByRole('button', { name: 'Send report' });
  await send.click();
  await expect(page.getByText('This field is required')).toBeVisible();
  const stamp = `Grinding noise at start ${Date.now()}`;
  await page.getByRole('textbox', { name: /What is wrong/ }).fill(stamp);
  await page.getByRole('combobox', { name: /How urgent/ }).click();
  await page.getByRole('option', { name: 'High' }).click();
  const made = page.waitForResponse((r) => /\/machine\/\d+\/FaultReport$/.test(r.url()));
  await send.click();
  const job = (await (await made).json()) as { Id: number; OrderId: string };
  await expect(page.getByText(`Thank you. Job ${job.OrderId} is in the service team's queue.`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The office plans it; the portal shows the new job with the visit's date and window.
  const headers = await adminHeaders(request);
  const people = (await (await request.get(`${API}/Scheduler/Resources`, { headers })).json()) as {
    id: number;
  }[];
  await bookAppointment(request, headers, {
    JobId: job.Id,
    Subject: stamp,
    StartTime: '2031-05-07T08:00:00',
    EndTime: '2031-05-07T10:30:00',
    Participants: [people[0]!.id],
  });
  await page.getByRole('link', { name: 'Open jobs' }).first().click();
  await expect(page).toHaveURL(/\/my-company\/jobs$/);
  const row = page.getByTestId(`portal-job-${job.Id}`);
  await expect(row.getByTestId('next-visit')).toHaveText('Next visit: 07.05-2031, 08:00–10:30');
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/view/${job.Id}/`));
  await expect(page.getByText(stamp).first()).toBeVisible();

  // At phone size the landing page still reads without serious violations.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('my-company/jobs');
  await expect(page.getByTestId(`portal-job-${job.Id}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
