import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminHeaders, bookAppointment, seriousViolations, signIn } from './support.ts';

/**
 * The planner over the day-plan solver (issue 30 part 3): Propose plan over the shown users and the jobs
 * in view, drawn dashed with every placement's reason, accepted onto the board; and "Optimise this day"
 * on a technician's zig-zag day, before and after, accepted: the board shows the new order. Each test
 * makes its own department, technician, jobs and appointments, so demo data others change does not count.
 */
const API = '/api2/ServiceProvider';
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Headers = Record<string, string>;

/** A demo customer with a machine, its default contact and delivery address. */
async function demoCustomer(request: APIRequestContext, headers: Headers) {
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 50, IncludeInactive: false },
  });
  const machine = ((await machines.json()).Content as { Id: number; CustomerId: number }[])[0]!;
  const customer = await (await request.get(`${API}/customer/?id=${machine.CustomerId}`, { headers })).json();
  return {
    machineId: machine.Id,
    customerId: machine.CustomerId as number,
    contactId: customer.DefaultCustomerPersonId as number | null,
    addressId: customer.DefaultDeliveryAddressId as number,
  };
}

/** A new delivery address of the customer at a point. */
async function newAddress(
  request: APIRequestContext,
  headers: Headers,
  customerId: number,
  name: string,
  at: { lat: number; lng: number },
) {
  const res = await request.post(`${API}/customer/${customerId}/address`, {
    headers,
    data: { Name: name, Street: `${name} 1`, City: name, Latitude: at.lat, Longitude: at.lng },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).Id as number;
}

/** A new 2-hour Service job of the customer at an address, in a department. */
async function newJob(
  request: APIRequestContext,
  headers: Headers,
  c: Awaited<ReturnType<typeof demoCustomer>>,
  addressId: number,
  departmentId: number,
) {
  const created = await request.post(`${API}/job/create`, {
    headers,
    data: {
      CustomerId: c.customerId,
      CustomerDeliveryAddress: addressId,
      ContactPersonId: c.contactId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 2,
      OrderDepartmentId: departmentId,
      Machines: [{ MachineId: c.machineId, CustomerComment: 'Optimise e2e' }],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { Id: number; DisplayName: string };
}

async function newDepartment(request: APIRequestContext, headers: Headers, name: string) {
  const res = await request.post(`${API}/Department/`, { headers, data: { Name: name } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).Id as number;
}

async function newTechnician(
  request: APIRequestContext,
  headers: Headers,
  name: string,
  departmentId: number,
  home: { lat: number; lng: number },
) {
  const res = await request.post(`${API}/User/add`, {
    headers,
    data: {
      Name: name,
      EmailAdress: `${name.replace(/\W+/g, '.').toLowerCase()}@example.test`,
      UserTypeId: 2,
      Password: 'Start!2026',
      DepartmentId: departmentId,
      IsBookable: true,
      HomeLatitude: home.lat,
      HomeLongitude: home.lng,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).Id as number;
}

const DRAMMEN = { lat: 59.7439, lng: 10.2045 };
const LILLESTROM = { lat: 59.9559, lng: 11.0504 };

test('Propose plan: the jobs in view on the shown users, dashed with their reasons, accepted onto the board', async ({
  page,
  request,
}) => {
  const DAY = '2031-06-09';
  const headers = await adminHeaders(request);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const departmentId = await newDepartment(request, headers, `E2E propose ${stamp}`);
  const customer = await demoCustomer(request, headers);
  const address = await newAddress(request, headers, customer.customerId, `Drammen ${stamp}`, DRAMMEN);
  const job = await newJob(request, headers, customer, address, departmentId);
  const tech = `E2E Propose Tech ${stamp}`;
  await newTechnician(request, headers, tech, departmentId, DRAMMEN);

  await signIn(page, 'admin@demo.test');
  await page.evaluate((id) => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    localStorage.setItem('PlannerMode', JSON.stringify('Scheduler'));
    localStorage.setItem('PlannerDepartmentList', JSON.stringify([id]));
    localStorage.setItem('PlannerJobListShow', 'true');
    // The job list of the department: the job in view is this test's own.
    localStorage.setItem('PlannerJobListDepartmentFilter', JSON.stringify([id]));
  }, departmentId);
  await page.goto(`./planner?date=${DAY}`);
  await expect(page.getByRole('grid').getByRole('rowheader', { name: new RegExp(tech) })).toBeVisible();
  // The job in view: the department's job list holds it alone.
  const jobs = page.getByRole('list', { name: 'Jobs to plan' });
  await expect(jobs.getByRole('listitem')).toHaveCount(1);
  await expect(jobs.getByRole('button', { name: new RegExp(`^${literal(job.DisplayName)} `) })).toBeVisible();
  const proposed = page.waitForRequest((r) => r.url().endsWith('/Appointment/ProposePlan'));
  await page.getByRole('button', { name: 'Propose plan', exact: true }).click();
  expect((await proposed).postDataJSON()).toMatchObject({ Date: DAY, JobIdList: [job.Id] });

  const proposal = page.getByTestId('planner-proposal');
  await expect(proposal).toContainText('Proposed plan: 1 appointment, not saved yet.');
  await expect(
    page.getByRole('note', { name: new RegExp(`Proposed, not saved: ${literal(job.DisplayName)}`) }),
  ).toBeVisible();
  const reasons = page.getByRole('region', { name: 'Why each job is placed or left out' });
  const reason = reasons.getByTestId('planner-proposal-reason');
  await expect(reason).toHaveCount(1);
  await expect(reason).toContainText(
    new RegExp(`${literal(job.DisplayName)}: ${literal(tech)}, \\d\\d:\\d\\d–\\d\\d:\\d\\d`),
  );
  // The server's reason under it: the hours or window it meets and the driving it adds.
  await expect(reason.locator('p')).not.toBeEmpty();
  await reasons.focus();
  await expect(reasons).toBeFocused();
  expect(await seriousViolations(page, '[data-testid="planner-proposal-details"]')).toEqual([]);

  await proposal.getByRole('button', { name: 'Accept all' }).click();
  await expect(page.getByText('1 appointment saved.')).toBeVisible();
  await expect(page.getByTestId('planner-tentative')).toHaveCount(0);
  await expect(
    page.getByRole('grid').getByRole('button', {
      name: new RegExp(`^${literal(tech)}: ${literal(job.DisplayName)}, \\d\\d:\\d\\d to \\d\\d:\\d\\d`),
    }),
  ).toBeVisible();
});

test('Optimise this day: a zig-zag day before and after, accepted in the new order', async ({
  page,
  request,
}) => {
  const DAY = '2031-06-10';
  const headers = await adminHeaders(request);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const departmentId = await newDepartment(request, headers, `E2E optimise ${stamp}`);
  const customer = await demoCustomer(request, headers);
  const drammen = await newAddress(request, headers, customer.customerId, `Drammen ${stamp}`, DRAMMEN);
  const lillestrom = await newAddress(
    request,
    headers,
    customer.customerId,
    `Lillestrom ${stamp}`,
    LILLESTROM,
  );
  const tech = `E2E Optimise Tech ${stamp}`;
  const techId = await newTechnician(request, headers, tech, departmentId, DRAMMEN);
  // Drammen, Lillestrøm, Drammen, Lillestrøm: two long drives too many.
  const day = [
    { where: drammen, subject: `D1 ${stamp}`, start: '08:00', end: '09:00' },
    { where: lillestrom, subject: `L1 ${stamp}`, start: '10:00', end: '11:00' },
    { where: drammen, subject: `D2 ${stamp}`, start: '12:00', end: '13:00' },
    { where: lillestrom, subject: `L2 ${stamp}`, start: '14:00', end: '15:00' },
  ];
  for (const v of day) {
    const job = await newJob(request, headers, customer, v.where, departmentId);
    await bookAppointment(request, headers, {
      Subject: v.subject,
      JobId: job.Id,
      StartTime: `${DAY}T${v.start}:00`,
      EndTime: `${DAY}T${v.end}:00`,
      Participants: [techId],
    });
  }

  await signIn(page, 'admin@demo.test');
  await page.evaluate((id) => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    localStorage.setItem('PlannerMode', JSON.stringify('Scheduler'));
    localStorage.setItem('PlannerDepartmentList', JSON.stringify([id]));
  }, departmentId);
  await page.goto(`./planner?date=${DAY}`);
  const grid = page.getByRole('grid');
  await expect(
    grid.getByRole('button', { name: new RegExp(`^${literal(tech)}: D1 ${stamp}, 08:00`) }),
  ).toBeVisible();

  // Reached by keyboard: focused and pressed with Enter.
  const optimise = page.getByRole('button', { name: `${tech}: optimise this day` });
  await optimise.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Optimise the day: ${literal(tech)}, `) });
  await expect(dialog.getByTestId('planner-optimise-saving')).toContainText(
    /saves \d+ min and [\d.]+ km of driving/,
  );
  const stops = (kind: 'before' | 'after') =>
    dialog.getByTestId(`planner-optimise-${kind}-stop`).locator('> span');
  await expect(stops('before')).toHaveText(day.map((v) => `${v.start}–${v.end} ${v.subject}`));
  const after = await stops('after').allTextContents();
  const order = after.map((s) => s.split(' ').slice(1).join(' '));
  // The two Drammen visits follow each other, as do the two Lillestrøm ones.
  const near = (a: string, b: string) => Math.abs(order.indexOf(a) - order.indexOf(b)) === 1;
  expect(near(`D1 ${stamp}`, `D2 ${stamp}`) && near(`L1 ${stamp}`, `L2 ${stamp}`)).toBe(true);
  const minutes = (text: string) => Number(/(\d+) min/.exec(text)?.[1]);
  const before = await dialog.getByTestId('planner-optimise-before-total').textContent();
  const afterTotal = await dialog.getByTestId('planner-optimise-after-total').textContent();
  expect(minutes(afterTotal ?? '')).toBeLessThan(minutes(before ?? ''));
  // Both routes on the map along the roads from the technician's home, drawn once the map is ready,
  // with each leg's distance and driving time in both orders.
  await expect(dialog.getByTestId('planner-optimise-map')).toHaveAttribute('data-ready', 'true');
  await expect(dialog.getByTestId('planner-optimise-start')).toHaveText('Starts at home');
  const leg = (subject: string) => new RegExp(`^${literal(subject)} at \\d\\d:\\d\\d: [\\d.]+ km, \\d+ min$`);
  await expect(dialog.getByRole('list', { name: 'Legs now' }).getByRole('listitem')).toHaveText(
    day.map((v) => leg(v.subject)),
  );
  await expect(dialog.getByRole('list', { name: 'Legs optimised' }).getByRole('listitem')).toHaveText(
    order.map(leg),
  );
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByRole('button', { name: /^Accept: move \d+ appointments?$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('planner-optimise-applied')).toContainText(`${tech}'s day optimised`);
  // The board shows each visit at its new time.
  for (const s of after) {
    const [times = '', ...name] = s.split(' ');
    const [start, end] = times.split('–');
    await expect(
      grid.getByRole('button', {
        name: new RegExp(`^${literal(tech)}: ${literal(name.join(' '))}, ${start} to ${end}`),
      }),
    ).toBeVisible();
  }
});

test.describe('at 1440 px with the job list open', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('Propose plan is offered in the week view: the week’s working days, drawn across it, accepted (35.1)', async ({
    page,
    request,
  }) => {
    const WEDNESDAY = '2031-06-18';
    const headers = await adminHeaders(request);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const departmentId = await newDepartment(request, headers, `E2E propose week ${stamp}`);
    const customer = await demoCustomer(request, headers);
    const address = await newAddress(request, headers, customer.customerId, `Drammen ${stamp}`, DRAMMEN);
    const job = await newJob(request, headers, customer, address, departmentId);
    const tech = `E2E Week Tech ${stamp}`;
    await newTechnician(request, headers, tech, departmentId, DRAMMEN);

    await signIn(page, 'admin@demo.test');
    await page.evaluate((id) => {
      localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
      localStorage.setItem('PlannerMode', JSON.stringify('Scheduler'));
      localStorage.setItem('PlannerDepartmentList', JSON.stringify([id]));
      localStorage.setItem('PlannerJobListShow', 'true');
      localStorage.setItem('PlannerJobListDepartmentFilter', JSON.stringify([id]));
    }, departmentId);
    await page.goto(`./planner?date=${WEDNESDAY}`);
    await expect(page.getByTestId('planner-job-list-area')).toBeVisible();
    await expect(page.getByRole('grid').getByRole('rowheader', { name: new RegExp(tech) })).toBeVisible();
    const jobs = page.getByRole('list', { name: 'Jobs to plan' });
    await expect(
      jobs.getByRole('button', { name: new RegExp(`^${literal(job.DisplayName)} `) }),
    ).toBeVisible();

    // The week's button is in view and enabled, not cut off the toolbar.
    const propose = page.getByRole('button', { name: 'Propose plan for the week' });
    await expect(propose).toBeInViewport();
    await expect(propose).toBeEnabled();
    const proposed = page.waitForRequest((r) => r.url().endsWith('/Appointment/ProposePlan'));
    await propose.click();
    expect((await proposed).postDataJSON()).toMatchObject({
      Date: '2031-06-16',
      EndDate: '2031-06-20',
      JobIdList: [job.Id],
    });
    const proposal = page.getByTestId('planner-proposal');
    await expect(proposal).toContainText('Proposed plan: 1 appointment, not saved yet.');
    await expect(
      page.getByRole('note', { name: new RegExp(`Proposed, not saved: ${literal(job.DisplayName)}`) }),
    ).toBeVisible();
    await proposal.getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByText('1 appointment saved.')).toBeVisible();
    await expect(page.getByTestId('planner-tentative')).toHaveCount(0);
  });
});
