import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bookAppointment, headersOf, newJobOnDemoMachine, seriousViolations, signIn } from './support.ts';

const API = '/api2/ServiceProvider';
// The narrow phone of the issue (390 px).
test.use({ viewport: { width: 390, height: 844 } });

/** A new job of a customer whose default contact takes e-mail; answers the job and the contact's address. */
async function newJob(request: APIRequestContext, headers: Record<string, string>) {
  let email = '';
  const job = await newJobOnDemoMachine(
    request,
    headers,
    'Status link e2e',
    async (customerId, contactId) => {
      const contacts = (await (
        await request.get(`${API}/CustomerPerson/Customer/${customerId}/AllContacts`, { headers })
      ).json()) as { Id: number; Email: string; EmailAllowed: boolean }[];
      const contact = contacts.find((c) => c.Id === contactId);
      email = (contact?.EmailAllowed && contact.Email) || '';
      return email !== '';
    },
  );
  return { id: job.Id, email };
}

/** The company's wall clock of an instant, YYYY-MM-DDTHH:mm:00. */
const wallClock = (d: Date, timeZone: string) =>
  `${new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' }).format(d).replace(' ', 'T')}:00`;

// Issue 32 item 2 (decision 072): the contact's status link.

/**
 * Reloads the page until the element shows the text. With two server processes (CI), the one that did
 * not make a change may answer from its kept answers until the change reaches it over the database's
 * notifications (milliseconds): the customer who reloads then sees it, and so does this.
 */
async function readAgainUntil(page: Page, testId: string, text: string) {
  await expect
    .poll(
      async () => {
        await page.reload();
        // Until then the page shows another element: a short wait, then read again.
        return page
          .getByTestId(testId)
          .textContent({ timeout: 5_000 })
          .catch(() => null);
      },
      { timeout: 30_000 },
    )
    .toBe(text);
}

test('the contact’s link shows the planned window, then the arrival estimate on the way, then the report', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const admin = await headersOf(request, 'admin@demo.test');
  const saved = await request.post(`${API}/settings/group`, {
    headers: admin,
    data: { Group: 'email', Values: { ConfirmedEmailEmailEnabled: true, OnMyWayEmailEnabled: true } },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const tech = await headersOf(request, 'technician@demo.test');
  const info = await (await request.get(`${API}/userinfo`, { headers: tech })).json();
  const zone = info.GlobalSettings.TimeZone as string;

  // The office plans a new job two hours from now: the contact is mailed the link.
  const job = await newJob(request, admin);
  const start = new Date(Date.now() + 2 * 3_600_000);
  const visit = await bookAppointment(request, admin, {
    Subject: 'Status link e2e',
    JobId: job.id,
    StartTime: wallClock(start, zone),
    EndTime: wallClock(new Date(start.getTime() + 3_600_000), zone),
    Participants: [info.UserInfo.Id],
  });
  const linkIn = async (subject: RegExp) => {
    let path = '';
    await expect
      .poll(async () => {
        const log = await request.get(`${API}/Log/MailLogs/Filtered`, {
          headers: admin,
          params: { SearchWord: job.email, Page: 1, ItemsPerPage: 50 },
        });
        const mails = (await log.json()).Content as { Subject: string; Body: string }[];
        const mail = mails.find((m) => subject.test(m.Subject) && m.Subject.includes(String(job.id)));
        // Under the web app's base, where the server serves the page.
        path = /\/portal\/status\/[A-Za-z0-9_-]{43}/.exec(mail?.Body ?? '')?.[0] ?? '';
        return path;
      })
      .not.toBe('');
    return path;
  };
  const planned = await linkIn(/confirmed/);

  // Not signed in: the page shows the planned window and the technician's first name.
  await page.goto(planned);
  await expect(page.getByTestId('status-stage')).toHaveText('Your visit is planned');
  await expect(page.getByTestId('status-window')).toBeVisible();
  await expect(page.getByTestId('status-technician')).toHaveText(info.UserInfo.Name.split(' ')[0]);
  await expect(page.getByTestId('status-eta')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The technician sets out: the same link now shows the arrival estimate.
  const out = await request.post(`${API}/Appointment/${visit.Id}/OnMyWay`, { headers: tech });
  expect(out.ok(), await out.text()).toBe(true);
  await readAgainUntil(page, 'status-stage', 'The technician is on the way');
  await expect(page.getByTestId('status-eta')).toHaveText(/^About \d{2}:\d{2}$/);
  expect(await seriousViolations(page)).toEqual([]);
  // The on-my-way mail carries a link of its own.
  expect(await linkIn(/on the way/)).not.toBe(planned);

  // The technician's phone shares its position (decision 085), from the job's door: the estimate is
  // driven from there, so the page says the technician is there, and shows no coordinate.
  const read = await (await request.get(`${API}/job/${job.id}`, { headers: admin })).json();
  const door = { latitude: read.DeliveryAddress.Latitude, longitude: read.DeliveryAddress.Longitude };
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    geolocation: door,
    permissions: ['geolocation'],
  });
  const app = await phone.newPage();
  await signIn(app, 'technician@demo.test', { at: './my-page/today' });
  const card = app.getByTestId(`visit-${visit.Id}`);
  const sent = app.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith(`/Appointment/${visit.Id}/Position`),
  );
  await card.getByRole('button', { name: 'Share my position' }).click();
  expect((await sent).ok()).toBe(true);
  await expect(card.getByTestId('sharing-position')).toBeVisible();
  await phone.close();
  await readAgainUntil(page, 'status-stage', 'The technician is with you');
  const shown = await page.content();
  for (const c of [door.latitude, door.longitude]) expect(shown).not.toContain(String(c));

  // The visit done: the service report is downloaded from the page.
  const done = await request.patch(`${API}/Job/${job.id}/ChangeStatus?jobStatusId=50`, { headers: admin });
  expect(done.ok(), await done.text()).toBe(true);
  await readAgainUntil(page, 'status-stage', 'The visit is done');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the service report' }).click();
  expect((await download).suggestedFilename()).toBe('Service report.pdf');

  // Revoked by the office: the link says so, in words.
  const revoked = await request.delete(`${API}/Job/${job.id}/StatusLink`, { headers: admin });
  expect(revoked.ok()).toBe(true);
  await readAgainUntil(
    page,
    'status-spent',
    'This link has expired or is no longer valid. Please contact the office for a new one.',
  );
});
