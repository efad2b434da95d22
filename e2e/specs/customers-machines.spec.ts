import { expect, type Page, test } from '@playwright/test';
import { dateField, seriousViolations, signIn } from './support.ts';

/** Picks an option of a search dropdown: three characters or more, then the debounced search. */
async function pick(page: Page, combobox: string, search: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: combobox, exact: true });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option }).first().click();
}

test('a customer with an address and a contact, its machine moved to another customer, then deactivated', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');

  // Create the customer with its delivery address and a contact.
  await page.goto('./customer/list');
  await page.getByRole('button', { name: 'New customer' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Aurora Kraftservice AS');
  await dialog.getByRole('textbox', { name: 'Street' }).fill('Storgata 12');
  await dialog.getByRole('textbox', { name: 'Zip code' }).fill('9008');
  await dialog.getByRole('textbox', { name: 'City' }).fill('Tromsø');
  // The country is picked by its name and kept as its ISO code (decision 034).
  await dialog.getByRole('combobox', { name: 'Country' }).fill('Norw');
  await page.getByRole('option', { name: 'Norway' }).click();
  await dialog.getByRole('checkbox', { name: 'Add a contact person' }).check();
  await dialog.getByRole('textbox', { name: 'Contact name' }).fill('Ingrid Nilsen');
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill('ingrid@aurora.example');
  await dialog.getByRole('textbox', { name: 'Mobile' }).fill('+47 912 34 567');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/customer\/\d+\/details/);
  const customerId = /\/customer\/(\d+)\//.exec(page.url())![1]!;
  await expect(page.getByText('Storgata 12').first()).toBeVisible();
  await expect(page.getByText('Ingrid Nilsen').first()).toBeVisible();

  // Add a machine, finding the new customer through the customer dropdown.
  await page.goto('./pim/machine-list');
  await page.getByRole('button', { name: 'New machine' }).click();
  const create = page.getByRole('dialog');
  await pick(page, 'Customer', 'Aurora', /Aurora Kraftservice AS/);
  await create.getByRole('textbox', { name: 'Name', exact: true }).fill('Compressor GA 37');
  await create.getByRole('textbox', { name: 'Serial number' }).fill('AUR-0001');
  await create.getByRole('button', { name: 'Create machine' }).click();
  await expect(page).toHaveURL(/\/pim\/machine-list\/\d+\/info/);
  await expect(page.getByTestId('machine-customer')).toHaveText(/Aurora Kraftservice AS/);

  // Its install date is typed in the language's form and saved when the field is left (issue 35.9).
  const installed = dateField(page, 'Installation date');
  await installed.type('03042027');
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/machine$/i.test(r.url()));
  // Past the field's calendar button: the focus has left the whole field.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect((await saved).request().postDataJSON()).toMatchObject({ InstallDate: '2027-04-03' });
  await page.reload();
  await expect(dateField(page, 'Installation date').shown).toHaveValue('03.04-2027');

  // Move it to another customer.
  await page.getByRole('button', { name: 'Move to customer' }).click();
  await pick(page, 'New customer', 'Fjellheim', /Fjellheim Industri AS/);
  await page.getByRole('dialog').getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('machine-customer')).toHaveText(/Fjellheim Industri AS/);

  // The first customer has no machine left; deactivate it and see it greyed in the list.
  await page.goto(`./customer/${customerId}/details`);
  await page.getByRole('switch', { name: 'Active' }).first().click();
  await expect(page.getByTestId('customer-header')).toHaveAttribute('data-inactive', 'true');
  await page.goto('./customer/list?CL-filter-keyword=Aurora');
  const row = page.getByTestId(`customer-row-${customerId}`);
  await expect(row).toHaveAttribute('data-inactive', 'true');
  await expect(row.getByRole('img', { name: 'Inactive' })).toBeVisible();
  // Told apart by its icon and a quieter colour that is still readable (WCAG AA contrast).
  expect(await seriousViolations(page)).toEqual([]);
});

test('QR labels are generated and printed', async ({ page }) => {
  await signIn(page, 'admin@demo.test', { at: './qr-codes' });
  // More than 200 a call is refused before anything is asked of the server.
  await page.getByRole('textbox', { name: 'Number of codes' }).fill('201');
  await expect(page.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await expect(page.getByText('At most 200 QR codes at a time.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Number of codes' }).fill('3');
  await page.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByTestId('qr-label')).toHaveCount(3);

  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const print = page.getByRole('button', { name: 'Print labels' });
  await expect(print).toBeEnabled();
  await print.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('qr-sheet')).toBeVisible();
});
