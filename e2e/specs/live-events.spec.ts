import { expect, test } from '@playwright/test';
import { signIn, text } from './support.ts';

test("a customer renamed in one browser shows its new name in another's open list and view, without a reload", async ({
  browser,
  request,
}) => {
  // One sign-in (sign-in is rate-limited per account, and other specs sign in as the Admin too); the
  // other browser contexts start with the same stored session, like another window of the same user.
  const first = await browser.newContext();
  const watching = await first.newPage();
  await signIn(watching, 'admin@demo.test');
  const storageState = await first.storageState();
  const viewing = await (await browser.newContext({ storageState })).newPage();
  const editing = await (await browser.newContext({ storageState })).newPage();

  // A customer of this test's own, made through the API with the session's token.
  const accessToken = await watching.evaluate(
    () => (JSON.parse(localStorage.getItem('fp.tokens') ?? '{}') as { accessToken: string }).accessToken,
  );
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const created = await request.post('/api2/ServiceProvider/customer/', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { Name: `Live ${tag} AS` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { Id } = await created.json();

  await watching.goto(`./customer/list?CL-filter-keyword=${tag}`);
  const row = watching.getByTestId(`customer-row-${Id}`);
  await expect(row).toContainText(`Live ${tag} AS`);
  await viewing.goto(`./customer/${Id}/details`);
  await expect(viewing.getByTestId('customer-name')).toHaveText(`Live ${tag} AS`);
  // Both are connected to the live-event hub: the header's icon says so.
  for (const page of [watching, viewing])
    await expect(page.getByRole('img', { name: text('en', 'shell', 'live.connected') })).toBeVisible();
  // A reload would lose this mark.
  for (const page of [watching, viewing])
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await editing.goto(`./customer/${Id}/details`);
  const name = editing.getByRole('textbox', { name: /^Name/ });
  await name.fill(`Live ${tag} Renamed AS`);
  await name.press('Tab');
  await expect(editing.getByTestId('customer-name')).toHaveText(`Live ${tag} Renamed AS`);

  await expect(row).toContainText(`Live ${tag} Renamed AS`);
  await expect(viewing.getByTestId('customer-name')).toHaveText(`Live ${tag} Renamed AS`);
  for (const page of [watching, viewing])
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
});
