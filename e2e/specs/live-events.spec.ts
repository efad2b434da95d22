import { expect, test } from '@playwright/test';
import { PASSWORD, signIn, text } from './support.ts';

test("a customer renamed in one browser shows its new name in another's open list and view, without a reload", async ({
  browser,
  request,
}) => {
  // A customer of this test's own, made through the API.
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  const { access_token } = await token.json();
  const tag = Math.random().toString(36).slice(2, 8).toUpperCase();
  const created = await request.post('/api2/ServiceProvider/customer/', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { Name: `Live ${tag} AS` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { Id } = await created.json();

  const watching = await (await browser.newContext()).newPage();
  const viewing = await (await browser.newContext()).newPage();
  const editing = await (await browser.newContext()).newPage();
  for (const page of [watching, viewing, editing]) await signIn(page, 'admin@demo.test');

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
