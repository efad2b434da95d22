import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { bookAppointment, seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * The planner live (issue 12): two dispatchers on the same planner day see each other in its toolbar;
 * an appointment moved in one browser shows at its new place in the other without the other reading
 * the shown days again (only that event is read).
 */

// A Tuesday far from the demo's week, so its rows hold only what this test books; a week later for
// each repeat (--repeat-each), so repeats running side by side do not see each other's moves.
function tuesdayOf(repeat: number) {
  const tuesday = new Date(Date.UTC(2031, 4, 6 + 7 * repeat));
  const name = (offset: number) =>
    new Date(tuesday.getTime() + offset * 86_400_000).toLocaleDateString('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
  return { day: tuesday.toISOString().slice(0, 10), name };
}

async function nameOf(request: APIRequestContext, origin: string, page: Page) {
  const info = await request.get(`${origin}/api2/ServiceProvider/userinfo`, {
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  });
  return (await info.json()).UserInfo.Name as string;
}

async function openDay(page: Page, { day, name }: ReturnType<typeof tuesdayOf>) {
  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QDay')));
  await page.goto(`./planner?date=${day}`);
  await expect(page.getByRole('grid', { name: `Planner, ${name(0)}` })).toBeVisible();
}

test('two dispatchers on one planner day see each other, and a move in one shows in the other without re-reading the day', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tuesday = tuesdayOf(test.info().repeatEachIndex);
  const DAY = tuesday.day;
  const origin = new URL(baseURL!).origin;
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const people = (await (
    await request.get(`${origin}/api2/ServiceProvider/Scheduler/Resources`, { headers })
  ).json()) as { id: number; name: string }[];
  const first = people[0]!;
  const subject = `E2E planner live ${Date.now()}`;
  const booked = await bookAppointment(request, headers, {
    Subject: subject,
    StartTime: `${DAY}T10:00:00`,
    EndTime: `${DAY}T11:00:00`,
    Participants: [first.id],
  });

  const techContext = await browser.newContext();
  const other = await techContext.newPage();
  await signIn(other, 'technician@demo.test');
  const [adminName, techName] = [await nameOf(request, origin, page), await nameOf(request, origin, other)];

  await openDay(page, tuesday);
  await openDay(other, tuesday);
  const toolbar = (p: Page) => p.getByRole('toolbar', { name: 'Planner tools' });
  await expect(toolbar(page).getByRole('group', { name: `Also viewing: ${techName}` })).toBeVisible();
  await expect(toolbar(other).getByRole('group', { name: `Also viewing: ${adminName}` })).toBeVisible();
  expect(await seriousViolations(other)).toEqual([]);

  const watched = other.getByRole('grid').getByRole('button', { name: new RegExp(subject) });
  await expect(watched).toHaveAccessibleName(`${first.name}: ${subject}, 10:00 to 11:00, upcoming`);
  // From here on, what the other browser asks the server for.
  const asked: string[] = [];
  other.on('request', (r) => asked.push(new URL(r.url()).pathname));

  const event = page.getByRole('grid').getByRole('button', { name: new RegExp(subject) });
  await event.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('planner-announcer')).toHaveText(
    `${subject} saved: ${first.name}, 10:15 to 11:15.`,
  );

  await expect(watched).toHaveAccessibleName(`${first.name}: ${subject}, 10:15 to 11:15, upcoming`);
  expect(asked.filter((p) => p.endsWith('/Scheduler/DateRange/'))).toEqual([]);
  // Only the moved event is read (other tests may move other appointments of the company meanwhile,
  // which this browser reads one by one too).
  expect(asked.filter((p) => p.endsWith(`/Scheduler/Events/${booked.Id}`))).toHaveLength(1);

  // The admin moves on to the next day: the technician no longer sees them on this one.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('grid', { name: `Planner, ${tuesday.name(1)}` })).toBeVisible();
  await expect(toolbar(other).getByRole('group', { name: /^Also viewing/ })).toHaveCount(0);
  await expect(toolbar(page).getByRole('group', { name: /^Also viewing/ })).toHaveCount(0);
  await techContext.close();
});
