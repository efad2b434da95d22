import { expect, test } from '@playwright/test';
import { bookAppointment, signIn, tokenOf } from './support.ts';

test('an admin lands on the dashboard, sees a booking made elsewhere appear, and follows a figure to its list', async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const figures = page.getByRole('list', { name: "Today's figures" });
  const unplanned = figures.getByRole('link', { name: /Unplanned jobs/ });
  await expect(unplanned).toContainText(/\d/);
  // The jobs by status: a chart once the first page has settled, beside links to each status's list.
  const byStatus = page.getByRole('region', { name: 'Jobs by status' });
  await expect(byStatus.locator('svg').first()).toBeVisible();
  await expect(byStatus.getByRole('link', { name: /^Planned: \d/ })).toHaveAttribute(
    'href',
    /\/job\/list\/status-20-0$/,
  );
  // Every bar is named under it, none left out for want of room (1366 px, about ten statuses).
  const statusNames = (await byStatus.getByRole('listitem').allTextContents()).map((n) =>
    n.replace(/: \d+.*$/, ''),
  );
  expect(statusNames.length).toBeGreaterThan(5);
  // The axis's labels without the count axis's numbers.
  const tickLabels = await byStatus.locator('svg .MuiChartsAxis-tickLabel').allTextContents();
  expect(tickLabels.filter((l) => !/^\d+$/.test(l))).toEqual(statusNames);

  // Someone books a person's time through the API: their day on the open dashboard shows it, no reload.
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const home = await (await request.get(`${origin}/api2/ServiceProvider/Dashboard/Home`, { headers })).json();
  const person = home.People[0] as { UserId: number; Name: string };
  expect(person).toBeTruthy();
  const subject = `E2E course ${Date.now()}`;
  await bookAppointment(request, headers, {
    Subject: subject,
    StartTime: `${home.Today}T06:00:00`,
    EndTime: `${home.Today}T06:30:00`,
    Participants: [person.UserId],
  });
  await expect(page.getByTestId(`person-${person.UserId}`)).toContainText(subject);

  await unplanned.click();
  await expect(page).toHaveURL(/\/job\/list\/status-10-0$/);
  await expect(page.getByTestId(/^job-item-\d+$/).first()).toBeVisible();
  await page.goBack();
  await figures.getByRole('link', { name: /Past their priority deadline/ }).click();
  await expect(page).toHaveURL(/\/job\/list\/overdue$/);
});
