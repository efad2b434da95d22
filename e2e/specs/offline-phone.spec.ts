import { type APIRequestContext, expect, test } from '@playwright/test';
import { keptVisitIds, PASSWORD, putAwayWelcome, storedAsOfText, text } from './support.ts';

// The other specs run with service workers blocked (playwright.config.ts); this one is about the worker.
test.use({ serviceWorkers: 'allow' });

const FORM = { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' };

/** A Technician of this spec's own who reads Norwegian, so no demo account's language changes. */
async function norwegianTechnician(request: APIRequestContext) {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const admin = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: FORM,
  });
  expect(admin.ok()).toBe(true);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { email: `kari.${stamp}@example.test`, password: 'Fjell!2026' };
  const res = await request.post('/api2/ServiceProvider/User/add', {
    headers: { authorization: `Bearer ${(await admin.json()).access_token}` },
    data: {
      Name: `Kari Offline ${stamp}`,
      EmailAdress: user.email,
      UserTypeId: 2,
      Password: user.password,
      Uiculture: 'no',
      IsBookable: true,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return user;
}

test('the manifest names the app, its icons and its start page', async ({ page, request }) => {
  await page.goto('./');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await request.get(href as string);
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Fieldport',
    short_name: 'Fieldport',
    start_url: './my-page',
    scope: './',
    display: 'standalone',
    theme_color: '#1f4e79',
  });
  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of icons) {
    const png = await request.get(icon.src);
    expect(png.ok(), icon.src).toBe(true);
    expect(png.headers()['content-type']).toBe('image/png');
    // The PNG's own width and height (IHDR) are the size the manifest says.
    const body = await png.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
  }
});

test("the installed app opens without a network on the technician's Today, in their language", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const user = await norwegianTechnician(request);
  await page.goto('./');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await putAwayWelcome(page, 'no');
  await expect(page).toHaveURL(/\/my-page\/today$/);
  await expect(page.getByTestId('page-title')).toHaveText(text('no', 'routes', 'MyToday'));

  // The worker installs after the first paint; ready once it is active (its precache filled), then
  // it controls the page (clientsClaim).
  await page.evaluate(async () => {
    const container = navigator.serviceWorker;
    await container.ready;
    if (!container.controller)
      await new Promise((done) => container.addEventListener('controllerchange', done, { once: true }));
  });

  // Today's online read is on the device before it goes offline.
  await expect.poll(() => keptVisitIds(page)).toEqual([]);
  await context.setOffline(true);
  try {
    await page.reload();
    // Opened on the stored sign-in: said once, in Norwegian (a snackbar, shown for some seconds).
    await expect(page.getByText(text('no', 'feedback', 'offline'))).toBeVisible();
    // The shell and Today in Norwegian, from the device alone: the stored sign-in, the precached app.
    await expect(page.getByTestId('page-title')).toHaveText(text('no', 'routes', 'MyToday'));
    await expect(
      page.getByRole('banner').getByRole('button', { name: text('no', 'shell', 'header.openMenu') }),
    ).toBeVisible();
    // The visits read online were kept on the device (decision 094): none booked, as of when.
    await expect(page.getByTestId('stored-as-of')).toHaveText(storedAsOfText('no'));
    await expect(page.getByText(text('no', 'today', 'nothingToday'))).toBeVisible();

    // The manifest's start page, opened offline, is Today as well (My page's phone redirect).
    await page.goto('./my-page');
    await expect(page).toHaveURL(/\/my-page\/today$/);
    await expect(page.getByTestId('page-title')).toHaveText(text('no', 'routes', 'MyToday'));
  } finally {
    await context.setOffline(false);
  }
});
