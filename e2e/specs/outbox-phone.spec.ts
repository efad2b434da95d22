import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, bookAppointment, newJobOnDemoMachine, putAwayWelcome, text } from './support.ts';

const API = '/api2/ServiceProvider';

// The other specs run with service workers blocked (playwright.config.ts); this one reloads offline.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });

/** A technician of this spec's own (an empty device store), with a visit today on a new job. */
async function technicianWithVisit(request: APIRequestContext) {
  const admin = await adminHeaders(request);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { email: `ola.${stamp}@example.test`, password: 'Fjell!2026' };
  const added = await request.post(`${API}/User/add`, {
    headers: admin,
    data: {
      Name: `Ola Outbox ${stamp}`,
      EmailAdress: user.email,
      UserTypeId: 2,
      Password: user.password,
      Uiculture: 'en',
      IsBookable: true,
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const basic = Buffer.from(`${user.email}:${user.password}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  const mine = { authorization: `Bearer ${(await token.json()).access_token}` };
  const info = await (await request.get(`${API}/userinfo`, { headers: mine })).json();
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: info.GlobalSettings.TimeZone }).format(
    new Date(),
  );
  const jobId = (await newJobOnDemoMachine(request, admin, 'Outbox e2e')).Id;
  const visit = await bookAppointment(request, admin, {
    Subject: '',
    JobId: jobId,
    StartTime: `${today}T23:00:00`,
    EndTime: `${today}T23:30:00`,
    Participants: [info.UserInfo.Id as number],
  });
  return { user, admin, jobId, visitId: visit.Id };
}

test('a status set offline is kept through a reload, sent when online, and applied exactly once', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, admin, jobId, visitId } = await technicianWithVisit(request);
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await putAwayWelcome(page, 'en');
  await expect(page).toHaveURL(/\/my-page\/today$/);
  // The worker controls the page (its precache filled), so the app opens offline.
  await page.evaluate(async () => {
    const container = navigator.serviceWorker;
    await container.ready;
    if (!container.controller)
      await new Promise((done) => container.addEventListener('controllerchange', done, { once: true }));
  });

  const visit = page.getByTestId(`visit-${visitId}`);
  const setStatus = visit.getByRole('button', { name: text('en', 'today', 'outbox.setStatus') });
  await expect(setStatus).toBeVisible();
  const pending = page.getByRole('status', { name: '1 change waiting to send' });

  await context.setOffline(true);
  try {
    await expect(page.getByTestId('offline-banner')).toHaveText(text('en', 'shell', 'outbox.offline'));
    await setStatus.click();
    await page.getByRole('menuitem', { name: 'In progress · Travelling' }).click();
    await expect(visit.getByTestId('visit-status')).toContainText('In progress · Travelling');
    await expect(visit.getByText(text('en', 'today', 'outbox.waiting'))).toBeVisible();
    await expect(pending).toBeVisible();

    // Reloaded without a network: the change is still on the device, counted in the header.
    await page.reload();
    await expect(page.getByTestId('page-title')).toHaveText(text('en', 'routes', 'MyToday'));
    await expect(pending).toBeVisible();
  } finally {
    await context.setOffline(false);
  }

  // Online again: sent, and the count goes.
  await expect(pending).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId(`visit-${visitId}`).getByTestId('visit-status')).toContainText('In progress');
  const job = await (await request.get(`${API}/job/${jobId}`, { headers: admin })).json();
  expect([job.StatusName, job.SubStatusName]).toEqual(['In progress', 'Travelling']);
  const history = (await (await request.get(`${API}/JobHistory/${jobId}`, { headers: admin })).json()) as {
    Changes: { Field: string; NewValue: string }[];
  }[];
  const toInProgress = history.filter((h) =>
    h.Changes.some((c) => c.Field === 'JobStatusId' && c.NewValue === '30'),
  );
  expect(toInProgress).toHaveLength(1);
});
