import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn, text } from './support.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FORM = { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' };
const t = (key: string, lang = 'en') => text(lang, 'account', key);

/** Signs in through the API, as another browser would (its User-Agent). */
async function tokenOf(request: APIRequestContext, email: string, password: string, userAgent?: string) {
  return request.post('/api2/token', {
    headers: {
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
    form: FORM,
  });
}

/** A Technician of this spec's own, so no demo account's password or sessions change. */
async function freshUser(request: APIRequestContext) {
  const admin = await (await tokenOf(request, 'admin@demo.test', PASSWORD)).json();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { name: `Maja Konto ${stamp}`, email: `maja.${stamp}@example.test`, password: 'Start!2026' };
  const res = await request.post('/api2/ServiceProvider/User/add', {
    headers: { authorization: `Bearer ${admin.access_token}` },
    data: { Name: user.name, EmailAdress: user.email, UserTypeId: 2, Password: user.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return user;
}

test('My account: details saved, the other browser signed out, the password changed with the current one', async ({
  page,
  request,
}) => {
  const me = await freshUser(request);
  // Signed in on a phone too.
  const phoneSignIn = await tokenOf(request, me.email, me.password, IPHONE);
  expect(phoneSignIn.ok()).toBe(true);
  const phone = await phoneSignIn.json();
  const asPhone = () =>
    request.get('/api2/ServiceProvider/User/MyAccount/', {
      headers: { authorization: `Bearer ${phone.access_token}` },
    });

  await signIn(page, me.email, { password: me.password });
  await page.getByRole('button', { name: `User menu for ${me.name}` }).click();
  await page.getByTestId('user-action-my-account').click();
  await expect(page.getByRole('heading', { name: t('details.title') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('details.name') })).toHaveValue(me.name);

  // A field commits when it is left, and says so.
  const phoneField = page.getByRole('textbox', { name: t('details.phone') });
  await phoneField.fill('+47 912 34 567');
  await phoneField.press('Tab');
  await expect(page.getByText(text('en', 'feedback', 'saved'))).toBeVisible();
  expect((await (await asPhone()).json()).Phone).toBe('+47 912 34 567');

  // Both browsers are listed; this one is marked, the phone named.
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toContainText(
    t('sessions.thisBrowser'),
  );
  await expect(page.locator('[data-testid="session-row"][data-current="false"]')).toContainText(
    'Safari on iOS',
  );

  await page.getByRole('button', { name: t('sessions.signOutOthers') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('sessions.signOutOthers') })
    .click();
  await expect(page.getByText('Other sign-ins ended: 1.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(t('sessions.onlyThis'))).toBeVisible();
  // The phone's access token is refused at once, not at its expiry.
  expect((await asPhone()).status()).toBe(401);

  // The password: the rules first, then the current one is checked on the server.
  const submit = page.getByRole('button', { name: t('password.submit') });
  await page.getByRole('textbox', { name: t('password.current'), exact: true }).fill('Wrong!2026');
  await page.getByRole('textbox', { name: t('password.new'), exact: true }).fill('Better!2027');
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: t('password.confirm'), exact: true }).fill('Better!2027');
  // Enter in the form sends it, as the button does.
  await page.getByRole('textbox', { name: t('password.confirm'), exact: true }).press('Enter');
  await expect(page.getByText('The current password is incorrect.').first()).toBeVisible();
  await page.getByRole('textbox', { name: t('password.current'), exact: true }).fill(me.password);
  await submit.click();
  await expect(
    page.getByText('Your password has been changed. Your other sign-ins have ended.'),
  ).toBeVisible();
  expect((await tokenOf(request, me.email, me.password)).status()).toBe(400);
  expect((await tokenOf(request, me.email, 'Better!2027')).ok()).toBe(true);

  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { name: t('details.title') })).toBeVisible();
});

test('Site settings: theme, drawer side and language follow at once; the welcome message shows again', async ({
  page,
  request,
}) => {
  const me = await freshUser(request);
  await signIn(page, me.email, { password: me.password });
  await page.getByRole('button', { name: `User menu for ${me.name}` }).click();
  await page.getByTestId('user-action-site-settings').click();

  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  await page.getByRole('radio', { name: t('site.themeDark') }).check();
  await expect.poll(background).not.toBe(light);
  // The shell's own theme switch follows: it now offers the light theme.
  await expect(
    page.getByRole('button', { name: text('en', 'shell', 'user.lightTheme') }).first(),
  ).toBeVisible();
  await page.getByRole('radio', { name: t('site.themeLight') }).check();
  await expect.poll(background).toBe(light);

  const drawer = page.getByTestId('nav-drawer');
  const left = async () => (await drawer.boundingBox())?.x ?? -1;
  expect(await left()).toBeLessThan(100);
  await page.getByRole('switch', { name: t('site.inverted') }).click();
  await expect.poll(left).toBeGreaterThan(683);

  await page.getByRole('button', { name: t('site.firstTime') }).click();
  const welcome = page.getByRole('dialog');
  await expect(welcome.getByText(text('en', 'feedback', 'first_time_title'))).toBeVisible();
  await welcome.getByRole('button', { name: text('en', 'feedback', 'got_it') }).click();
  await expect(welcome).toHaveCount(0);

  await page.getByRole('combobox', { name: t('site.language') }).click();
  await page.getByRole('option', { name: 'Norsk' }).click();
  await expect(page.getByRole('heading', { name: t('site.appearance', 'no') })).toBeVisible();
  // Saved on the account: the next sign-in is in Norwegian too. The page shows the language at once and
  // saves it meanwhile; another server process knows the change once its event arrives.
  const token = await (await tokenOf(request, me.email, me.password)).json();
  const culture = async () =>
    (
      await (
        await request.get('/api2/ServiceProvider/User/MyAccount/', {
          headers: { authorization: `Bearer ${token.access_token}` },
        })
      ).json()
    ).Uiculture;
  await expect.poll(culture).toBe('no');
});
