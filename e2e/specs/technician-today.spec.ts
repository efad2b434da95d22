import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  adminHeaders,
  bookAppointment,
  newJobOnDemoMachine,
  seriousViolations,
  signIn,
  tokenOf,
} from './support.ts';

const API = '/api2/ServiceProvider';

// The narrow phone of the issue (390 px), not the phone project's Pixel 7 (412 px).
test.use({ viewport: { width: 390, height: 844 } });

/** The technician's id and today's date on the company's wall clock. */
async function technicianAndToday(page: Page, request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const info = await (await request.get(`${API}/userinfo`, { headers })).json();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: info.GlobalSettings.TimeZone }).format(
    new Date(),
  );
  return { userId: info.UserInfo.Id as number, today };
}

test("a technician's Today on a phone: the visits in order with call and navigate links, one opened and set on my way", async ({
  page,
  request,
}) => {
  // Three pages, each checked with axe: more than the usual minute on a loaded machine.
  test.setTimeout(120_000);
  await signIn(page, 'technician@demo.test');
  // The phone's start page.
  await expect(page).toHaveURL(/\/my-page\/today$/);
  await expect(page.getByTestId('today')).toBeVisible();

  const admin = await adminHeaders(request);
  const { userId, today } = await technicianAndToday(page, request);
  const job = await newJobOnDemoMachine(request, admin, 'Technician Today e2e');
  // Late in the day, the later one booked first: Today shows them in time order.
  const later = await bookAppointment(request, admin, {
    Subject: '',
    JobId: job.Id,
    StartTime: `${today}T23:30:00`,
    EndTime: `${today}T23:50:00`,
    Participants: [userId],
  });
  const earlier = await bookAppointment(request, admin, {
    Subject: '',
    JobId: job.Id,
    StartTime: `${today}T23:00:00`,
    EndTime: `${today}T23:20:00`,
    Participants: [userId],
  });

  const day = page.getByTestId(`day-${today}`);
  await expect(day.getByTestId(`visit-${later.Id}`)).toBeVisible();
  // Every day's visits in time order (over ones after the rest of today's).
  for (const section of await page.getByTestId('today').locator('section').all()) {
    const starts = await section
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.dataset.start!));
    expect(starts).toEqual(starts.toSorted());
  }
  // Booked later first, the earlier one is shown first (both ahead, or both over, before 23:20 or after 23:50).
  const cards = day.getByRole('article');
  const ids = await cards.evaluateAll((c) => c.map((card) => card.dataset.testid));
  const [first, second] = [ids.indexOf(`visit-${earlier.Id}`), ids.indexOf(`visit-${later.Id}`)];
  expect(first).toBeGreaterThanOrEqual(0);
  expect(second).toBeGreaterThanOrEqual(0);
  const overSection = day.locator('section[aria-labelledby^="done-"]');
  const laterOver = (await overSection.getByTestId(`visit-${later.Id}`).count()) > 0;
  const earlierOver = (await overSection.getByTestId(`visit-${earlier.Id}`).count()) > 0;
  if (laterOver === earlierOver) expect(first).toBeLessThan(second);
  // One next visit (the seed books the coming weekdays), the first of those not over.
  await expect(page.getByTestId('next-visit')).toHaveCount(1);
  await expect(
    page
      .locator('section:not([aria-labelledby^="done-"])')
      .getByRole('article')
      .first()
      .getByTestId('next-visit'),
  ).toBeVisible();

  const visit = day.getByTestId(`visit-${earlier.Id}`);
  await expect(visit.getByTestId('visit-window')).toHaveText('23:00–23:20');
  const call = visit.getByRole('link', {
    name: `Call ${job.ContactPerson.Name}, ${job.ContactPerson.Mobile}`,
  });
  await expect(call).toHaveAttribute('href', `tel:${job.ContactPerson.Mobile.replace(/[\s().-]/g, '')}`);
  await expect(visit.getByRole('link', { name: /^Directions to / })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
  );

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Opened, and set on my way: in progress, travelling.
  await visit.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/view/${job.Id}/general$`));
  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'In progress' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('In progress');
  await page.getByRole('combobox', { name: /^Sub-status/ }).click();
  await page.getByRole('option', { name: 'Travelling' }).click();
  await expect(page.getByTestId('job-status')).toHaveText('In progress – Travelling');

  // The job view, its parts tab and the Add part dialog fit the phone.
  const fits = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
  await fits();
  // The customer signs on the phone (decision 090): drawn with the pointer, the name typed, stored.
  await page.getByRole('button', { name: 'Customer signature' }).click();
  const pad = page.getByRole('dialog', { name: "Customer's signature" });
  const area = pad.getByRole('img', { name: 'Signature area, empty' });
  await expect(pad.getByRole('button', { name: 'Done' })).toBeDisabled();
  const at = (await area.boundingBox())!;
  expect(at.width).toBeLessThanOrEqual(390);
  await page.mouse.move(at.x + 20, at.y + 120);
  await page.mouse.down();
  await page.mouse.move(at.x + 120, at.y + 40, { steps: 8 });
  await page.mouse.move(at.x + 240, at.y + 130, { steps: 8 });
  await page.mouse.up();
  await expect(pad.getByRole('img', { name: 'Signature area, signed' })).toBeVisible();
  await pad.getByRole('textbox', { name: /Signer's name/ }).fill('Ola Kunde');
  expect(await seriousViolations(page)).toEqual([]);
  await pad.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('The signature is saved; the service report carries it.')).toBeVisible();
  await expect(pad).toBeHidden();
  const report = await request.get(`/api2/resource/service-report/${job.Id}`, { headers: admin });
  expect(report.ok()).toBe(true);

  // Its tabs are reachable on the phone, from the tab menu: Parts.
  await page.getByTestId('submenu-more').click();
  await page.getByRole('menuitem', { name: 'Parts', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/view/${job.Id}/parts$`));
  const addPart = page.locator('[data-testid^="add-part-"]').first();
  await expect(addPart).toBeVisible();
  await fits();
  expect(await seriousViolations(page)).toEqual([]);
  await addPart.click();
  const dialog = page.getByTestId('part-dialog');
  await expect(dialog.getByTestId('part-article')).toBeVisible();
  const box = await dialog.getByRole('dialog').boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The visits go again, so other specs find the technician's day as seeded.
  for (const a of [earlier, later])
    expect((await request.delete(`${API}/Appointment/delete/${a.Id}`, { headers: admin })).ok()).toBe(true);
});
