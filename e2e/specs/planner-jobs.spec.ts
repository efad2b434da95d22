import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminHeaders, dateField, seriousViolations, signIn } from './support.ts';

/**
 * The planner's job list panel (issue 12): an unplanned job dragged onto a technician in day view
 * becomes an appointment at once, leaves the list and shows in a second browser live; a job planned
 * with the keyboard alone; a week-scope drop opens the appointment dialog's route.
 */

type Person = { id: number; name: string };

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A new, unplanned job (status 10) with a word only it has in its first-line comment, and the technicians. */
async function unplannedJob(request: APIRequestContext, estimate: number) {
  const headers = await adminHeaders(request);
  const machines = await request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers,
    data: { Page: 1, ItemsPerPage: 20, IncludeInactive: false },
  });
  const machine = ((await machines.json()).Content as { Id: number; CustomerId: number }[])[0]!;
  const customerId = machine.CustomerId;
  const customer = await (
    await request.get(`/api2/ServiceProvider/customer/?id=${customerId}`, { headers })
  ).json();
  const word = `plan${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const created = await request.post('/api2/ServiceProvider/job/create', {
    headers,
    data: {
      CustomerId: customerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: customer.DefaultCustomerPersonId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: estimate,
      FirstLineComment: `E2E ${word}`,
      Machines: [{ MachineId: machine.Id, CustomerComment: 'Planner e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const job = (await created.json()) as { Id: number; DisplayName: string };
  const people = (await (
    await request.get('/api2/ServiceProvider/Scheduler/Resources', { headers })
  ).json()) as Person[];
  return { job, word, first: people[0]! };
}

async function openPlanner(page: Page, scope: 'QDay' | 'QWeek', day: string) {
  await page.evaluate((s) => {
    localStorage.setItem('PlannerScope', JSON.stringify(s));
    localStorage.setItem('PlannerJobListShow', 'true');
    localStorage.setItem('PlannerJobListStatusFilterMultiple', '[10]');
    localStorage.setItem('PlannerJobListDepartmentFilter', '[]');
  }, scope);
  await page.goto(`./planner?date=${day}`);
}

/** The panel narrowed to the one job by its word. */
async function findJob(page: Page, word: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Jobs to plan' });
  await panel.getByRole('searchbox', { name: 'Search jobs' }).fill(word);
  const item = panel.getByTestId('planner-job');
  await expect(item).toHaveCount(1);
  return item;
}

/** Drags a job item onto a user's row at the left edge of an hour header's time (plus a little). */
async function dropAt(page: Page, item: Locator, userId: number, x: (grid: Locator) => Promise<number>) {
  const grid = page.getByRole('grid');
  const row = grid.getByTestId(`planner-row-${userId}`);
  await expect(row).toBeVisible();
  const rowBox = (await row.boundingBox())!;
  await item.dragTo(row, { targetPosition: { x: (await x(grid)) - rowBox.x, y: rowBox.height / 2 } });
}

test('a job dragged onto a technician in day view is planned at once, leaves the list and shows live elsewhere', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const DAY = '2031-04-08';
  const { job, word, first } = await unplannedJob(request, 1.5);
  await signIn(page, 'admin@demo.test');
  await openPlanner(page, 'QDay', DAY);

  // A second dispatcher watches the same day.
  const other = await browser.newContext();
  const page2 = await other.newPage();
  await signIn(page2, 'admin@demo.test');
  await openPlanner(page2, 'QDay', DAY);
  await expect(page2.getByRole('grid', { name: /Planner, Tuesday, April 8, 2031/ })).toBeVisible();

  const item = await findJob(page, word);
  // The new appointment is put into the shown day by itself: the day's events are not read again.
  const dayReads: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/Scheduler/DateRange')) dayReads.push(r.url());
  });
  await dropAt(
    page,
    item,
    first.id,
    async (grid) => (await grid.getByText('10:00', { exact: true }).boundingBox())!.x + 6,
  );

  const event = new RegExp(`^${esc(first.name)}: ${esc(job.DisplayName)}, 10:00 to 11:30`);
  await expect(page.getByTestId('planner-jobs-announcer')).toHaveText(
    `${job.DisplayName} planned for ${first.name}, 10:00 to 11:30.`,
  );
  await expect(page.getByRole('grid').getByRole('button', { name: event })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Jobs to plan' }).getByText('No unplanned jobs'),
  ).toBeVisible();
  await expect(page2.getByRole('grid').getByRole('button', { name: event })).toBeVisible();
  expect(dayReads).toEqual([]);
  await other.close();
});

test('a job is planned with the keyboard alone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const DAY = '2031-04-15';
  const { job, word, first } = await unplannedJob(request, 1);
  await signIn(page, 'admin@demo.test');
  await openPlanner(page, 'QDay', DAY);
  const search = page.getByRole('searchbox', { name: 'Search jobs' });
  await search.focus();
  await page.keyboard.type(word);
  await expect(page.getByTestId('planner-job')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
  // Search → Clear → Filter → the job.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`^${esc(job.DisplayName)} New`));
  await page.keyboard.press('p');
  const dialog = page.getByRole('dialog', { name: `Plan ${job.DisplayName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Technician' })).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'Technician' })).toHaveText(first.name);
  expect(await seriousViolations(page)).toEqual([]);
  // Tab on through the day and the start (their parts are stops of their own) to Plan.
  const plan = dialog.getByRole('button', { name: 'Plan', exact: true });
  for (let i = 0; i < 12 && !(await plan.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(plan).toBeFocused();
  const start = await dateField(dialog, 'Start').shown.inputValue();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('planner-jobs-announcer')).toHaveText(
    new RegExp(`^${esc(job.DisplayName)} planned for ${esc(first.name)}, ${start} to `),
  );
  await expect(
    page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`^${esc(first.name)}: ${esc(job.DisplayName)}, ${start}`) }),
  ).toBeVisible();
  await expect(page.getByTestId('planner-job')).toHaveCount(0);
});

test('a job dropped in week view opens the appointment dialog’s route for 24 hours', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { job, word, first } = await unplannedJob(request, 2);
  await signIn(page, 'admin@demo.test');
  await openPlanner(page, 'QWeek', '2031-04-22');
  const item = await findJob(page, word);
  await page.getByRole('button', { name: /^Filter/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter the job list' });
  await expect(filter.getByRole('checkbox', { name: /^New \(/ })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await filter.getByRole('button', { name: 'Cancel' }).click();
  await dropAt(page, item, first.id, async (grid) => {
    // The day header, named by what it shows; the whole date is its title.
    const day = (await grid.getByTitle('Wednesday, April 23, 2031').boundingBox())!;
    return day.x + day.width / 2;
  });
  await expect(page).toHaveURL(
    new RegExp(`/planner/new\\?jobId=${job.Id}&start=2031-04-23T\\d\\d%3A\\d\\d&end=2031-04-24T`),
  );
  expect(new URL(page.url()).searchParams.get('userId')).toBe(String(first.id));
  // Nothing was created: the job is still unplanned.
  await expect(page.getByTestId('planner-job')).toHaveCount(1);
});

test('a job is planned from the list by accepting a dispatch suggestion in one click', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const DAY = '2031-04-29';
  const { job, word } = await unplannedJob(request, 1);
  await signIn(page, 'admin@demo.test');
  await openPlanner(page, 'QDay', DAY);
  const item = await findJob(page, word);
  await item.getByRole('button', { name: `Suggest ${job.DisplayName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Suggested technicians for ${job.DisplayName}` });
  await expect(dialog).toBeVisible();
  // Ranked technicians for the shown day, each with the reason of its place.
  const first = dialog.getByTestId('planner-suggestion').first();
  await expect(first).toContainText(/^1\. .+km/);
  expect(await seriousViolations(page)).toEqual([]);
  const accept = first.getByRole('button', { name: /^Accept: plan the job for / });
  const name = /^Accept: plan the job for (.+) at (\d\d:\d\d)$/.exec(
    (await accept.getAttribute('aria-label'))!,
  )!;
  const [, user, start] = name as unknown as [string, string, string];
  await accept.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('planner-jobs-announcer')).toHaveText(
    new RegExp(`^${esc(job.DisplayName)} planned for ${esc(user)}, ${start} to `),
  );
  await expect(page.getByTestId('planner-job')).toHaveCount(0);
  await expect(
    page
      .getByRole('grid')
      .getByRole('button', { name: new RegExp(`^${esc(user)}: ${esc(job.DisplayName)}, ${start} to `) }),
  ).toBeVisible();
});
