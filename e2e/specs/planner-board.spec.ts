import { type APIRequestContext, expect, test } from '@playwright/test';
import { bookAppointment, seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * The plan readable on the board (issue 30 part 4): the drive before each appointment as a segment with
 * its minutes, the technician's load for the day, a warning on a visit that cannot be reached in time,
 * and appointments coloured by their job's status (a planner setting) with a legend.
 */

// A Tuesday far from the demo's weeks, so the row holds only what this test books.
const DAY = '2032-09-14';
const API = '/api2/ServiceProvider';

/** A new job at a demo customer's delivery address (each customer its own site). */
async function jobAt(request: APIRequestContext, headers: Record<string, string>, customerId: number) {
  const customer = await (await request.get(`${API}/customer/?id=${customerId}`, { headers })).json();
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 200, IncludeInactive: false },
  });
  const machine = ((await machines.json()).Content as { Id: number; CustomerId: number }[]).find(
    (m) => m.CustomerId === customerId,
  )!;
  const created = await request.post(`${API}/job/create`, {
    headers,
    data: {
      CustomerId: customerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: customer.DefaultCustomerPersonId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 1,
      Machines: [{ MachineId: machine.Id, CustomerComment: 'Board e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { Id: number };
}

test('the board shows each drive, the day’s load, a visit that cannot be reached in time, and colours by status', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const people = (await (await request.get(`${API}/Scheduler/Resources`, { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const tech = people.at(-1)!;
  // Two customers with machines: two sites some way apart.
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 200, IncludeInactive: false },
  });
  const customers = [
    ...new Set(((await machines.json()).Content as { CustomerId: number }[]).map((m) => m.CustomerId)),
  ];
  const first = await jobAt(request, headers, customers[0]!);
  const second = await jobAt(request, headers, customers.at(-1)!);
  const stamp = Date.now();
  await bookAppointment(request, headers, {
    Subject: `Board first ${stamp}`,
    JobId: first.Id,
    StartTime: `${DAY}T09:00:00`,
    EndTime: `${DAY}T10:00:00`,
    Participants: [tech.id],
  });
  // Straight after the first ends: no time to drive to the other site.
  await bookAppointment(request, headers, {
    Subject: `Board second ${stamp}`,
    JobId: second.Id,
    StartTime: `${DAY}T10:00:00`,
    EndTime: `${DAY}T11:00:00`,
    Participants: [tech.id],
  });

  await page.evaluate(() => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    localStorage.setItem('LimitToWorkHours', 'false');
  });
  await page.goto(`./planner?date=${DAY}`);
  const row = page.getByTestId(`planner-row-${tech.id}`);
  await row.scrollIntoViewIfNeeded();
  // The drive before each: from home or the office to the first, from the first to the second.
  const segments = row.getByTestId('planner-travel');
  await expect(segments).toHaveCount(2);
  await expect(segments.first()).toHaveAttribute(
    'title',
    /^\d+ min, [\d.]+ km drive from (home|the main office)$/,
  );
  await expect(segments.nth(1)).toHaveAttribute('title', /drive from the previous appointment$/);
  await expect(segments.nth(1)).toHaveClass(/late/);
  const minutes = Number((await segments.nth(1).getAttribute('title'))!.split(' ')[0]);
  expect(minutes).toBeGreaterThan(0);

  // The second cannot be reached in time: the icon and text on it, the reason in its name.
  const late = row.getByRole('button', { name: new RegExp(`Board second ${stamp}`) });
  await expect(late).toHaveAccessibleName(
    new RegExp(
      `${minutes} min \\([\\d.]+ km\\) drive before it; warning: cannot be reached in time, ${minutes} min drive after the previous appointment ends at 10:00$`,
    ),
  );
  // Its hour at this width is a compact chip (issue 35.1): the warning is its icon, the name says why.
  await expect(row.getByTestId('planner-event-late')).toBeVisible();
  await expect(
    row.getByRole('button', { name: new RegExp(`Board first ${stamp}`) }),
  ).not.toHaveAccessibleName(/cannot be reached/);

  // The day's load on the name cell.
  const load = row.getByRole('meter', { name: new RegExp(`^${tech.name}: load \\d+ %, 2 h booked`) });
  await expect(load).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  // Colour by the job's status: a setting, with a legend naming the status.
  await page.getByRole('button', { name: 'Planner settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Planner settings' });
  await dialog.getByRole('combobox', { name: 'Colour appointments by' }).click();
  await page.getByRole('option', { name: 'Job status' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  const legend = page.getByRole('list', { name: 'Appointment colours: Job status' });
  await expect(legend).toBeVisible();
  await expect(legend.getByRole('listitem')).toContainText(['Planned']);
  await expect(row.getByTestId('planner-event').first()).toHaveClass(/coloured/);
  expect(await seriousViolations(page)).toEqual([]);

  // Kept after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Appointment colours: Job status' })).toBeVisible();

  // The week view: the load of each shown day along its column, the booked day's 2 hours among them.
  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QWeek')));
  await page.reload();
  const weekRow = page.getByTestId(`planner-row-${tech.id}`);
  await weekRow.scrollIntoViewIfNeeded();
  await expect(
    weekRow.getByRole('meter', { name: new RegExp(`^${tech.name}, [^:]+: load \\d+ %, 2 h booked`) }),
  ).toHaveCount(1);
  await expect(weekRow.getByTestId('planner-day-load')).toHaveCount(7);
  await expect(weekRow.getByTestId('planner-load')).toHaveCount(0);
  // The row with its bars (the week header's day buttons fail label-in-name today, not this row's).
  expect(await seriousViolations(page, `[data-testid="planner-row-${tech.id}"]`)).toEqual([]);
});

test.describe('at 1440 px with the job list open', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a week’s booking too narrow for its lines is a chip; hovered or focused, its card names the job (35.1)', async ({
    page,
    request,
  }) => {
    // A Tuesday of a week far from the demo's and from the other test's.
    const TUESDAY = '2032-09-21';
    await signIn(page, 'admin@demo.test');
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };
    const people = (await (await request.get(`${API}/Scheduler/Resources`, { headers })).json()) as {
      id: number;
      name: string;
    }[];
    const tech = people.at(-1)!;
    const machines = await request.post(`${API}/Machine/Filtered`, {
      headers,
      data: { Page: 1, ItemsPerPage: 1, IncludeInactive: false },
    });
    const customerId = ((await machines.json()).Content as { CustomerId: number }[])[0]!.CustomerId;
    const job = await jobAt(request, headers, customerId);
    const subject = `Chip ${Date.now()}`;
    await bookAppointment(request, headers, {
      Subject: subject,
      JobId: job.Id,
      StartTime: `${TUESDAY}T09:00:00`,
      EndTime: `${TUESDAY}T10:00:00`,
      Participants: [tech.id],
    });

    await page.evaluate(() => {
      localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
      localStorage.setItem('PlannerMode', JSON.stringify('Scheduler'));
      localStorage.setItem('PlannerJobListShow', 'true');
    });
    await page.goto(`./planner?date=${TUESDAY}`);
    await expect(page.getByTestId('planner-job-list-area')).toBeVisible();
    const row = page.getByTestId(`planner-row-${tech.id}`);
    await row.scrollIntoViewIfNeeded();
    const button = row.getByRole('button', { name: new RegExp(`^${tech.name}: ${subject}, `) });
    // The box the focusable button covers.
    const box = button.locator('xpath=..');
    await expect(box).toBeVisible();
    // One hour of a week's day: narrower than the lines need, so a chip of the name's initials.
    expect((await box.boundingBox())!.width).toBeLessThan(56);
    await expect(box.getByTestId('planner-event-chip')).toHaveText(/^C\d?$/);

    await box.hover();
    const card = page.getByTestId('planner-event-tooltip');
    await expect(card).toContainText(subject);
    await expect(card.getByTestId('planner-event-tooltip-when')).toHaveText(
      new RegExp(`^${tech.name} · .*09:00–10:00$`),
    );
    await page.mouse.move(0, 0);
    await expect(card).toBeHidden();
    await button.focus();
    await expect(card).toContainText(subject);
    expect(await seriousViolations(page, `[data-testid="planner-row-${tech.id}"]`)).toEqual([]);
  });
});
