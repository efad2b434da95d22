import { expect, type Page, test } from '@playwright/test';
import { dateField, seriousViolations, signIn } from './support.ts';

/** The Monday three weeks ahead: a week the demo has no hours in yet. */
function futureMonday(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 21 - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
const plus = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

async function report(page: Page, day: string, hours: string) {
  await page.getByTestId('add-hours').click();
  const dialog = page.getByRole('dialog', { name: 'Report hours' });
  // The day as the English form shows it (DD.MM-YYYY).
  await dateField(dialog, 'Day').type(day.split('-').reverse().join(''));
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
  await dialog.getByRole('combobox', { name: /Time article/ }).click();
  await page.getByRole('option', { name: 'LABOUR · Labour' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  return dialog;
}

test('a technician reports a week of hours and the office approves it', async ({ browser }) => {
  const monday = futureMonday();
  const tech = await (await browser.newContext()).newPage();
  await signIn(tech, 'technician@demo.test', { at: `./my-page/myhourlist?week=${monday}` });
  const week = tech.getByTestId('user-week');
  await expect(week.getByTestId('week-total')).toHaveText(/^0 of /);
  const name = (await week.getByRole('heading', { level: 3 }).textContent()) ?? '';

  for (let d = 0; d < 5; d++) {
    const dialog = await report(tech, plus(monday, d), '7,5');
    await expect(dialog).toBeHidden();
  }
  await expect(week.getByTestId('week-total')).toHaveText(/^37\.5 of /);
  await expect(week.getByTestId('grid-totals')).toContainText('7.5');
  await expect(tech.getByTestId('time-row')).toHaveCount(5);

  // More than 24 hours on a day: the server's message, and nothing is added.
  const refused = await report(tech, monday, '17');
  await expect(refused.getByTestId('row-refusal')).toHaveText(
    `At most 24 hours can be reported on one day: ${monday.slice(8, 10)}.${monday.slice(5, 7)}-${monday.slice(0, 4)} would have 24.5 hours.`,
  );
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(tech.getByTestId('time-row')).toHaveCount(5);

  // The office approves the week.
  const office = await (await browser.newContext()).newPage();
  await signIn(office, 'admin@demo.test', { at: `./dashboard/timereport?week=${monday}` });
  await office.getByTestId('people-list').getByText(name, { exact: true }).click();
  const theirs = office.getByTestId('user-week');
  await expect(theirs.getByRole('heading', { level: 3 })).toHaveText(name);
  await expect(theirs.getByTestId('week-total')).toHaveText(/^37\.5 of /);
  await theirs.getByTestId('approve-week').click();
  await expect(theirs.getByTestId('week-approved')).toBeVisible();

  // The technician's week is locked now.
  await tech.reload();
  await expect(week.getByTestId('week-approved')).toBeVisible();
  await expect(tech.getByTestId('add-hours')).toHaveCount(0);
  await expect(tech.getByRole('button', { name: 'Change the hours' })).toHaveCount(0);
});

test('the time report, the hour list and open orders have no serious accessibility violation', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  const found: Record<string, string[]> = {};
  for (const [path, ready] of [
    ['./dashboard/timereport', 'user-week'],
    ['./my-page/myhourlist', 'user-week'],
    ['./dashboard/openorders', 'open-total'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(ready)).toBeVisible();
    const violations = await seriousViolations(page);
    if (violations.length) found[path] = violations;
  }
  expect(found).toEqual({});
});
