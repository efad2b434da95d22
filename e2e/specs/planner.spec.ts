import { LIVE_EVENTS_PATH } from '@fieldport/contract';
import { expect, type Locator, test } from '@playwright/test';
import { bookAppointment, signIn, text, tokenOf } from './support.ts';

/**
 * The planner's scheduler (issue 12): the technicians' rows and their appointments in day view, an
 * appointment moved by dragging and by the keyboard and resized, each change kept after a reload; the
 * next day and the week view; appointments booked and deleted elsewhere come and go live.
 */

// A Tuesday far from the demo's week, so its rows hold only what this test books.
const DAY = '2031-03-04';
/** Pixels of 15 minutes in day view (features/planner/rules/axis.ts). */
/** The width of 15 minutes in the day view: the day's work hours fill the timeline's width (issue 35.1). */
async function quarterOf(grid: Locator): Promise<number> {
  const hour = await grid.getByText('10:00', { exact: true }).first().boundingBox();
  if (!hour) throw new Error('no 10:00 in the day view');
  return hour.width / 4;
}

test('a dispatcher sees the technicians’ day, moves an appointment by dragging and by keyboard, and resizes it', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const people = (await (
    await request.get(`${origin}/api2/ServiceProvider/Scheduler/Resources`, { headers })
  ).json()) as { id: number; name: string }[];
  expect(people.length).toBeGreaterThan(1);
  const [first, second] = people as [{ id: number; name: string }, { id: number; name: string }];
  const subject = `E2E planner ${Date.now()}`;
  await bookAppointment(request, headers, {
    Subject: subject,
    StartTime: `${DAY}T10:00:00`,
    EndTime: `${DAY}T11:00:00`,
    Participants: [first.id],
  });

  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QDay')));
  await page.goto(`./planner?date=${DAY}`);
  const grid = page.getByRole('grid', { name: /Planner, Tuesday, March 4, 2031/ });
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('rowheader', { name: first.name, exact: true })).toBeVisible();
  const event = grid.getByRole('button', { name: new RegExp(subject) });
  await expect(event).toHaveAccessibleName(`${first.name}: ${subject}, 10:00 to 11:00, upcoming`);
  const announcer = page.getByTestId('planner-announcer');
  const QUARTER = await quarterOf(grid);

  // Drag it half an hour later.
  const box = (await event.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 20 + QUARTER, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 20 + 2 * QUARTER + 3, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(announcer).toHaveText(`${subject} saved: ${first.name}, 10:30 to 11:30.`);
  await page.reload();
  await expect(event).toHaveAccessibleName(new RegExp(`^${first.name}: ${subject}, 10:30 to 11:30`));

  // The keyboard: 15 minutes later, then down to the next technician.
  await event.focus();
  await page.keyboard.press('ArrowRight');
  await expect(announcer).toHaveText(`${subject} saved: ${first.name}, 10:45 to 11:45.`);
  await page.keyboard.press('ArrowDown');
  await expect(announcer).toHaveText(`${subject} saved: ${second.name}, 10:45 to 11:45.`);
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`^${second.name}: ${subject}`));
  await page.reload();
  await expect(event).toHaveAccessibleName(new RegExp(`^${second.name}: ${subject}, 10:45 to 11:45`));

  // Resize: the end half an hour later by its handle.
  const handle = page
    .getByTestId('planner-event')
    .filter({ has: page.getByRole('button', { name: new RegExp(subject) }) })
    .getByTestId('planner-event-resize');
  const edge = (await handle.boundingBox())!;
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 2 * QUARTER, edge.y + edge.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(announcer).toHaveText(`${subject} saved: ${second.name}, 10:45 to 12:15.`);
  await page.reload();
  await expect(event).toHaveAccessibleName(new RegExp(`^${second.name}: ${subject}, 10:45 to 12:15`));

  // The next day has none of it; the week view shows it again, on its Tuesday.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('grid', { name: 'Planner, Wednesday, March 5, 2031' })).toBeVisible();
  await expect(page.getByRole('button', { name: new RegExp(subject) })).toHaveCount(0);
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  const week = page.getByRole('grid', { name: /Monday, March 3, 2031 – Friday, March 7, 2031/ });
  await expect(week).toBeVisible();
  await expect(week.getByText('Week 10')).toBeVisible();
  await expect(week.getByRole('button', { name: new RegExp(subject) })).toHaveAccessibleName(
    new RegExp(`^${second.name}: ${subject}, .*10:45 to .*12:15`),
  );
  // A day header goes to that day's day view.
  // Named by what it shows (WCAG 2.5.3), the whole date its description.
  await week
    .getByRole('button', { name: /: show in day view$/ })
    .and(week.getByTitle('Tuesday, March 4, 2031'))
    .click();
  const day = page.getByRole('grid', { name: 'Planner, Tuesday, March 4, 2031' });
  await expect(day).toBeVisible();

  // Live: an appointment booked and then deleted elsewhere appears and goes, with no reload.
  const other = `E2E planner live ${Date.now()}`;
  const live = await bookAppointment(request, headers, {
    Subject: other,
    StartTime: `${DAY}T14:00:00`,
    EndTime: `${DAY}T15:00:00`,
    Participants: [first.id],
  });
  await expect(day.getByRole('button', { name: new RegExp(other) })).toHaveAccessibleName(
    `${first.name}: ${other}, 14:00 to 15:00, upcoming`,
  );
  const deleted = await request.delete(`${origin}/api2/ServiceProvider/Appointment/delete/${live.Id}`, {
    headers,
  });
  expect(deleted.ok()).toBe(true);
  await expect(day.getByRole('button', { name: new RegExp(other) })).toHaveCount(0);
});

test('a move refused for a newer version elsewhere shows the sync message and puts the event back', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const day = '2031-03-11';
  // The page hears no live events (their socket, at LIVE_EVENTS_PATH, is refused), so what changes
  // elsewhere stays unseen until it reads again.
  await page.route(`**${LIVE_EVENTS_PATH}/**`, (route) => route.abort());
  await page.routeWebSocket(new RegExp(LIVE_EVENTS_PATH), (ws) => ws.close());
  await signIn(page, 'admin@demo.test');
  const origin = new URL(baseURL!).origin;
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const [first] = (await (
    await request.get(`${origin}/api2/ServiceProvider/Scheduler/Resources`, { headers })
  ).json()) as { id: number; name: string }[];
  const subject = `E2E planner stale ${Date.now()}`;
  const booked = await bookAppointment(request, headers, {
    Subject: subject,
    StartTime: `${day}T10:00:00`,
    EndTime: `${day}T11:00:00`,
    Participants: [first!.id],
  });
  const appointment = booked;

  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QDay')));
  await page.goto(`./planner?date=${day}`);
  const grid = page.getByRole('grid', { name: /Planner, Tuesday, March 11, 2031/ });
  const event = grid.getByRole('button', { name: new RegExp(subject) });
  await expect(event).toHaveAccessibleName(`${first!.name}: ${subject}, 10:00 to 11:00, upcoming`);

  // Someone else moves it to 13:00 behind the page's back.
  const moved = await request.patch(`${origin}/api2/ServiceProvider/Scheduler/Events/ChangeTimes`, {
    headers,
    data: {
      id: appointment.Id,
      startDate: `${day}T13:00:00`,
      endDate: `${day}T14:00:00`,
      resourceIds: [first!.id],
      rowVersion: appointment.RowVersion,
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await expect(event).toHaveAccessibleName(/, 10:00 to 11:00, upcoming$/);
  const QUARTER = await quarterOf(grid);

  // The page, with the old version, drags it half an hour later: refused.
  const refused = page.waitForResponse((r) => r.url().includes('Scheduler/Events/ChangeTimes'));
  const box = (await event.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 20 + QUARTER, box.y + box.height / 2, { steps: 4 });
  await page.mouse.move(box.x + 20 + 2 * QUARTER + 3, box.y + box.height / 2, { steps: 4 });
  // While dragged, the ghost box shows where it lands: half an hour later, as long as it is.
  const ghost = page.getByTestId('planner-drop-indicator');
  await expect(ghost).toBeVisible();
  const ghostBox = (await ghost.boundingBox())!;
  expect(ghostBox.x - box.x).toBeCloseTo(2 * QUARTER - 1, 0);
  expect(ghostBox.width).toBeCloseTo(4 * QUARTER, 0);
  await page.mouse.up();
  await expect(ghost).toBeHidden();
  expect((await refused).status()).toBe(409);
  await expect(page.getByText(text('en', 'server', 'job_changed_since'))).toBeVisible();
  await expect(page.getByTestId('planner-announcer')).toHaveText(
    `${subject} could not be saved and is back at 10:00 to 11:00.`,
  );
  // Read again, it shows the newer version's times.
  await expect(event).toHaveAccessibleName(`${first!.name}: ${subject}, 13:00 to 14:00, upcoming`);
});
