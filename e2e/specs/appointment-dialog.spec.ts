import { expect, test } from '@playwright/test';
import { dateField, signIn, tokenOf } from './support.ts';

/**
 * The appointment dialog (issue 12): an appointment made from a job's planning tab ('new'), edited from
 * the planner by a single click, and deleted from the event's menu, where a failed delete first brings
 * the event back.
 */

// A Thursday far from the demo's week, so its rows hold only what this test books.
const DAY = '2031-03-06';

test('a dispatcher plans a job from its planning tab, edits the appointment in the planner and deletes it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const api = async (path: string, data?: unknown) => {
    const res = data
      ? await request.post(`${origin}/api2/ServiceProvider/${path}`, { headers, data })
      : await request.get(`${origin}/api2/ServiceProvider/${path}`, { headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const people = (await api('Scheduler/Resources')) as { id: number; name: string }[];
  const tech = people[0]!;
  const job = (await api('JobList/Filtered', { JobStatusIdList: [10], PageNumber: 1, PageSize: 1 }))
    .Content[0] as { Id: number; DisplayName: string };

  // From the job's planning tab: New appointment, on the day and for the technician asked for.
  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QDay')));
  await page.goto(`./job/list/status-10-0/view/${job.Id}/planning`);
  await page.getByRole('link', { name: 'New appointment' }).click();
  await expect(page).toHaveURL(new RegExp(`/view/${job.Id}/planning/new$`));
  const dialog = page.getByRole('dialog', { name: 'New appointment' });
  await expect(dialog.getByRole('link', { name: /^Job / })).toBeVisible();
  // The day as the English form shows it (DD.MM-YYYY), the times on the 24-hour clock.
  await dateField(dialog, 'Date').type(DAY.split('-').reverse().join(''));
  await dateField(dialog, 'Start').type('0900');
  await dateField(dialog, 'End').type('1100');
  await dialog.getByRole('combobox', { name: /Participants/ }).click();
  await page.getByRole('option', { name: tech.name, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/view/${job.Id}/planning$`));

  // In the planner: a single click opens it; the end half an hour later.
  await page.goto(`./planner?date=${DAY}`);
  const event = page.getByRole('button', { name: new RegExp(`^${tech.name}: .*, 09:00 to 11:00`) });
  await expect(event).toBeVisible();
  const name = ((await event.getAttribute('aria-label')) ?? '').split(': ')[1]!.split(', 09:00')[0]!;
  await page
    .getByTestId('planner-event')
    .filter({ has: event })
    .click({ position: { x: 10, y: 10 } });
  const edit = page.getByRole('dialog', { name: 'Edit appointment' });
  await expect(dateField(edit, 'End').shown).toHaveValue('11:00');
  await dateField(edit, 'End').type('1130');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/planner\\?date=${DAY}$`));
  const edited = page.getByRole('button', { name: new RegExp(`^${tech.name}: .*, 09:00 to 11:30`) });
  await expect(edited).toBeVisible();

  // Delete from the menu (the keyboard's Shift+F10): a failing server brings the event back.
  await page.route('**/Appointment/delete/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ Message: 'Down' }),
    }),
  );
  const announcer = page.getByTestId('planner-announcer');
  const remove = async () => {
    await edited.focus();
    await page.keyboard.press('Shift+F10');
    await page
      .getByRole('menu', { name: `Actions for ${name}` })
      .getByRole('menuitem', { name: 'Delete' })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete the appointment?' })
      .getByRole('button', { name: 'Delete' })
      .click();
  };
  await remove();
  await expect(announcer).toHaveText(`${name} could not be deleted and is back in the planner.`);
  await expect(edited).toBeVisible();
  await page.unroute('**/Appointment/delete/**');
  await remove();
  await expect(announcer).toHaveText(`${name} deleted.`);
  await expect(edited).toBeHidden();
  await page.reload();
  await expect(page.getByRole('grid', { name: /Planner, Thursday, March 6, 2031/ })).toBeVisible();
  await expect(edited).toBeHidden();
});
