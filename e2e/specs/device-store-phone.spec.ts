import { expect, test } from '@playwright/test';
import {
  adminHeaders,
  bookAppointment,
  keptVisitIds,
  newJobOnDemoMachine,
  signIn,
  storedAsOfText,
  tokenOf,
} from './support.ts';

// The reload offline needs the installed app's worker (its precache); the other specs block it.
test.use({ serviceWorkers: 'allow' });

const API = '/api2/ServiceProvider';

test('Today, read online, is shown from the device after going offline and reloading, with how fresh it is', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'technician@demo.test');
  await expect(page).toHaveURL(/\/my-page\/today$/);

  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const info = await (await request.get(`${API}/userinfo`, { headers })).json();
  const userId = info.UserInfo.Id as number;
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: info.GlobalSettings.TimeZone }).format(
    new Date(),
  );
  const admin = await adminHeaders(request);
  const job = await newJobOnDemoMachine(request, admin, 'Device store e2e');
  const visit = await bookAppointment(request, admin, {
    Subject: '',
    JobId: job.Id,
    StartTime: `${today}T23:10:00`,
    EndTime: `${today}T23:40:00`,
    Participants: [userId],
  });

  // Read online (the booking's live event, or this reload, brings it) and kept on the device.
  await page.reload();
  const card = page.getByTestId(`visit-${visit.Id}`);
  await expect(card).toBeVisible();
  await expect.poll(() => keptVisitIds(page)).toContain(visit.Id);
  await expect(page.getByTestId('stored-as-of')).toHaveCount(0);

  // The installed app's worker controls the page (its precache filled), so a reload opens offline.
  await page.evaluate(async () => {
    const container = navigator.serviceWorker;
    await container.ready;
    if (!container.controller)
      await new Promise((done) => container.addEventListener('controllerchange', done, { once: true }));
  });

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(card).toBeVisible();
    await expect(card).toContainText(job.ContactPerson.Name);
    await expect(page.getByTestId('stored-as-of')).toHaveText(storedAsOfText('en'));
  } finally {
    await context.setOffline(false);
  }
});
