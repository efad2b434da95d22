import { expect, type Page, test } from '@playwright/test';
import { headersOf, seriousViolations, signIn } from './support.ts';

// Issue 16, the Admin's last pages: departments, asset types with their feature switch, a supplier's
// failure codes, the lead e-mail, and (issue 15) the old contract edit page, checked with axe-core.

const API = '/api2/ServiceProvider';
const tag = () => Math.random().toString(36).slice(2, 7);

/** The page, once it shows what `ready` waits for, has no serious or critical axe violation. */
async function checkPage(page: Page, path: string, ready: (page: Page) => Promise<unknown>) {
  await page.goto(path);
  await ready(page);
  expect(await seriousViolations(page), path).toEqual([]);
}

test('the Admin creates a department, sees it in the list and opens its users', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Service Tromsø ${tag()}`;
  await signIn(page, 'admin@demo.test', { at: './admin/departments' });
  await page.getByRole('button', { name: 'New department' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New department' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  // The keyboard path: Enter in the form saves it.
  await dialog.getByRole('textbox', { name: 'Name' }).press('Enter');
  await expect(page).toHaveURL(/\/admin\/departments\/\d+\/info$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  const id = /departments\/(\d+)\/info/.exec(page.url())![1]!;

  await page.goto('./admin/departments');
  await page.getByRole('searchbox', { name: 'Search departments' }).fill(name);
  const row = page.getByTestId(`department-row-${id}`);
  await expect(row).toContainText(name);
  await expect(row).toContainText('0 users');
  await row.click();
  // The info page's link, not a list row that also says '0 users' (the list may still be showing).
  await expect(page).toHaveURL(new RegExp(`/admin/departments/${id}/info$`));
  await page.getByRole('link', { name: '0 users', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/departments/${id}/users$`));
  await expect(page.getByText('There are no accounts yet.')).toBeVisible();
});

test('the Admin switches asset types off and on, and adds one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const name = `Leased ${tag()}`;
  await signIn(page, 'admin@demo.test', { at: './admin/asset-types' });
  const feature = page.getByRole('switch', { name: 'Use asset types' });
  await expect(feature).toBeChecked();
  await feature.click();
  await expect(page.getByText(/Asset types are switched off/)).toBeVisible();
  await expect(feature).not.toBeChecked();
  let features = (
    await (await request.get(`${API}/settings/group?group=features`, { headers: admin })).json()
  ).Values;
  expect(features.AssetTypesEnabled).toBe(false);
  // Back on with the keyboard, once the switch takes input again.
  await expect(feature).toBeEnabled();
  await feature.focus();
  await page.keyboard.press('Space');
  await expect(feature).toBeChecked();
  features = (await (await request.get(`${API}/settings/group?group=features`, { headers: admin })).json())
    .Values;
  expect(features.AssetTypesEnabled).toBe(true);

  await page.getByRole('textbox', { name: 'New asset type' }).fill(name);
  await page.getByRole('button', { name: 'Add asset type' }).click();
  await expect(page.getByRole('textbox', { name: 'New asset type' })).toHaveValue('');
  const types = (await (await request.get(`${API}/AssetType/list`, { headers: admin })).json()) as {
    Id: number;
    Name: string;
  }[];
  const added = types.find((x) => x.Name === name);
  expect(added).toBeTruthy();
  await expect(
    page.getByTestId(`asset-type-${added!.Id}`).getByRole('textbox', { name: 'Name' }),
  ).toHaveValue(name);
});

test('the Admin adds a failure code for a supplier', async ({ page, request }) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const supplier = (await (await request.get(`${API}/Supplier/list`, { headers: admin })).json())[0] as {
    Id: number;
    Name: string;
  };
  const code = `E${tag().toUpperCase()}`;
  await signIn(page, 'admin@demo.test', { at: './admin/failure-codes' });
  const box = page.getByRole('combobox', { name: 'Supplier' });
  await box.click();
  await box.fill(supplier.Name.slice(0, 4));
  await page
    .getByRole('option', { name: new RegExp(supplier.Name) })
    .first()
    .click();
  await expect(
    page.getByTestId('failure-code-list').or(page.getByText(/no failure codes yet/)),
  ).toBeVisible();

  await page.getByRole('textbox', { name: 'Code' }).first().fill(code);
  await page.getByRole('textbox', { name: 'Description' }).first().fill('Seal leaks');
  await page.getByRole('textbox', { name: 'Description' }).first().press('Enter');
  await expect(page.getByRole('textbox', { name: 'Code' }).first()).toHaveValue('');
  const codes = (await (
    await request.get(`${API}/SupplierFailureCode/supplier/${supplier.Id}?IncludeInactive=true`, {
      headers: admin,
    })
  ).json()) as { Id: number; Code: string; Description: string }[];
  const added = codes.find((c) => c.Code === code);
  expect(added).toMatchObject({ Code: code, Description: 'Seal leaks' });
  const row = page.getByTestId(`failure-code-${added!.Id}`);
  await expect(row.getByRole('textbox', { name: 'Code' })).toHaveValue(code);

  // The supplier's own tab in the PIM shows the same code.
  await page.goto(`./pim/suppliers/${supplier.Id}/failure-codes`);
  await expect(row.getByRole('textbox', { name: 'Description' })).toHaveValue('Seal leaks');
});

test('the new pages have no serious axe violation, on a desktop and on a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const department = (
    await (await request.get(`${API}/Department/Filtered?Page=1&ItemsPerPage=1`, { headers: admin })).json()
  ).Content[0] as { Id: number };
  const supplier = (await (await request.get(`${API}/Supplier/list`, { headers: admin })).json())[0] as {
    Id: number;
  };
  const contract = (
    await (await request.get(`${API}/Contract/Filtered?Page=1&ItemsPerPage=1`, { headers: admin })).json()
  ).Content[0] as { Id: number } | undefined;
  await signIn(page, 'admin@demo.test');
  const pages: [string, (p: Page) => Promise<unknown>][] = [
    ['./admin/departments', (p) => expect(p.getByTestId(`department-row-${department.Id}`)).toBeVisible()],
    [
      `./admin/departments/${department.Id}/info`,
      (p) => expect(p.getByRole('textbox', { name: 'Department id' })).toHaveValue(String(department.Id)),
    ],
    [`./admin/departments/${department.Id}/users`, (p) => expect(p.getByTestId('user-list')).toBeVisible()],
    // On, or off for the moment while the test beside this one switches it.
    [
      './admin/asset-types',
      (p) =>
        expect(
          p.getByRole('button', { name: 'Add asset type' }).or(p.getByText(/Asset types are switched off/)),
        ).toBeVisible(),
    ],
    ['./admin/failure-codes', (p) => expect(p.getByRole('combobox', { name: 'Supplier' })).toBeVisible()],
    [
      `./pim/suppliers/${supplier.Id}/failure-codes`,
      (p) => expect(p.getByRole('button', { name: 'Add failure code' })).toBeVisible(),
    ],
    ['./admin/lead/email', (p) => expect(p.getByTestId('lead-preview-subject')).toBeVisible()],
    ...(contract
      ? ([
          [
            `./agreements/contract-edit?contractId=${contract.Id}`,
            (p: Page) => expect(p.getByRole('dialog', { name: 'Edit contract' })).toBeVisible(),
          ],
        ] as [string, (p: Page) => Promise<unknown>][])
      : []),
  ];
  for (const [path, ready] of pages) await checkPage(page, path, ready);

  await page.setViewportSize({ width: 390, height: 844 });
  for (const [path, ready] of pages) {
    await checkPage(page, path, ready);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
