// @vitest-environment jsdom
import type { JobListItem, SchedulerResource } from '@fieldport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dateShown,
  findDateField,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  typeDate,
} from '../../../../test/app-harness.tsx';
import { bundle } from '../../../../test/user-info.ts';
import { QUARTER_PX } from '../../rules/axis.ts';
import { ROW_HEIGHT } from '../../rules/rows.ts';
import { HEADER_HEIGHT } from '../TimelineHeader.tsx';
import { NAME_WIDTH } from '../TimelineUserRow.tsx';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const DAY = '2026-03-02'; // a Monday

const resources: SchedulerResource[] = [
  { id: 1, name: 'Ada Tech', departmentId: 1, type: 2 },
  { id: 2, name: 'Bo Tech', departmentId: 2, type: 2 },
];

const job = (id: number, over: Partial<JobListItem> = {}): JobListItem => ({
  Id: id,
  DisplayName: `Boiler service ${id}`,
  JobStatusId: 10,
  StatusName: 'New',
  StatusColor: '#757575',
  StatusIcon: 'FiberNew',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 2,
  JobTypeName: 'Repair',
  JobPriorityId: 3,
  PriorityName: 'Normal',
  DueAfterHours: 72,
  CreatedDate: '2026-02-20T10:00:00',
  daysAgo: 10,
  hoursAgo: 240,
  FirstLineComment: 'Leaks at night',
  OrderId: String(10000 + id),
  OrderIdMalformed: false,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  DeliveryAddress: { Street: 'Storgata 1', Zip: '0155', City: 'Oslo', Country: 'NO' },
  Machines: [],
  Appointments: [],
  ...over,
});

const statuses = [
  {
    Id: 10,
    Name: 'New',
    Color: '#888',
    Icon: 'FiberNew',
    SortOrder: 1,
    RowVersion: 1,
    Count: 2,
    CountCapped: false,
    SubStatuses: [
      { Id: 4, ParentId: 10, Name: 'Waiting for parts', RowVersion: 1, Count: 1, CountCapped: false },
    ],
  },
  {
    Id: 20,
    Name: 'Planned',
    Color: '#00f',
    Icon: 'Event',
    SortOrder: 2,
    RowVersion: 1,
    Count: 5,
    CountCapped: false,
    SubStatuses: [],
  },
  {
    Id: 70,
    Name: 'Approved',
    Color: '#0f0',
    Icon: 'Verified',
    SortOrder: 3,
    RowVersion: 1,
    Count: 9,
    CountCapped: false,
    SubStatuses: [],
  },
];

/** The planner's server with two unplanned jobs; a created appointment plans job 11. */
function server() {
  let planned = false;
  return (req: Req) => {
    if (req.path === 'Scheduler/Resources') return json(200, resources);
    if (req.path === 'Scheduler/DateRange/') return json(200, { events: [], assignments: [] });
    if (req.path === 'JobList/Filtered') {
      const body = req.body as { SearchWord: string | null };
      const all = [job(11), job(12)].filter((j) => !(planned && j.Id === 11));
      const found = body.SearchWord ? all.filter((j) => j.DisplayName.includes(body.SearchWord!)) : all;
      return json(200, { Content: found, TotalCount: found.length, TotalCountCapped: false });
    }
    if (req.path === 'JobStatus/GetAll') return json(200, statuses);
    if (req.path === 'Department/Filtered')
      return json(200, {
        Content: [
          { Id: 1, Name: 'North' },
          { Id: 2, Name: 'South' },
        ],
        TotalCount: 2,
      });
    if (req.path === 'job/11') return json(200, { Id: 11, EstimatedTime: 1.5 });
    if (req.path === 'Appointment/available')
      return json(200, [
        {
          Id: 2,
          Name: 'Bo Tech',
          UserTypeId: 2,
          DepartmentId: 2,
          Rank: 1,
          TravelKm: 2.5,
          LoadMinutes: 0,
          Reason: '2.5 km from the main office; nothing else booked that day',
        },
        {
          Id: 1,
          Name: 'Ada Tech',
          UserTypeId: 2,
          DepartmentId: 1,
          Rank: 2,
          TravelKm: 30,
          LoadMinutes: 120,
          Reason: '30.0 km from Pump repair; 2 h booked that day',
        },
      ]);
    if (req.path === 'Appointment/create') {
      planned = true;
      return json(200, { Id: 900, ...(req.body as object), RowVersion: 1 });
    }
    return undefined;
  };
}

const panel = () => screen.findByRole('region', { name: 'Jobs to plan' }, WAIT);

describe('the planner’s job list panel', () => {
  it('lists the unplanned jobs, up to 999, and says so when there are none', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    await within(list).findByRole(
      'button',
      { name: /^Boiler service 11 New · Berg AS · Repair · Normal/ },
      WAIT,
    );
    expect(within(list).getAllByText('Storgata 1, 0155 Oslo')).toHaveLength(2);
    const body = requests.find((r) => r.path === 'JobList/Filtered')!.body;
    expect(body).toMatchObject({ Page: 1, ItemsPerPage: 999, JobStatusIdList: [10] });

    await userEvent.type(within(list).getByRole('searchbox', { name: 'Search jobs' }), 'nothing');
    expect(await within(list).findByText('No unplanned jobs', {}, WAIT)).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Clear' }));
    await within(list).findByRole('button', { name: /^Boiler service 12 / }, WAIT);
  });

  it('shows old-style cards when the setting says so, and hides with the toolbar toggle', async () => {
    localStorage.setItem('PlannerJobListItemMode', JSON.stringify('Cards'));
    renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    expect(await within(list).findAllByText('Leaks at night', {}, WAIT)).toHaveLength(2);
    const toggle = screen.getByRole('button', { name: 'Job list', pressed: true });
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Jobs to plan' })).toBeNull());
    expect(localStorage.getItem('PlannerJobListShow')).toBe('false');
  });

  it('filters by statuses below 70 with their counts, sub-statuses and departments, and stars the default', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    await within(list).findByRole('button', { name: /^Boiler service 11 / }, WAIT);
    await userEvent.click(within(list).getByRole('button', { name: 'Filter (1 statuses)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter the job list' }, WAIT);
    const newStatus = await within(dialog).findByRole('checkbox', { name: 'New (2)' }, WAIT);
    expect(within(dialog).getByRole('checkbox', { name: 'Planned (5)' })).toBeTruthy();
    expect(within(dialog).queryByRole('checkbox', { name: /Approved/ })).toBeNull();
    // A status is required.
    await userEvent.click(newStatus);
    expect(within(dialog).getByText('Choose at least one status.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    await userEvent.click(newStatus);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Waiting for parts (1)' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Planned (5)' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'South' }, WAIT));
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Save these departments as my default' }),
    );
    expect(localStorage.getItem('JobListFilterOrderDepartmentDefault')).toBe('[2]');
    expect(within(dialog).getByRole('button', { name: 'Clear my default departments' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => {
      const last = requests.filter((r) => r.path === 'JobList/Filtered').at(-1)!.body;
      expect(last).toMatchObject({
        JobStatusIdList: [10, 20],
        JobSubStatusIdList: [4],
        OrderDepartmentIdList: [2],
      });
    }, WAIT);
    expect(localStorage.getItem('PlannerJobListStatusFilterMultiple')).toBe('[10,20]');
  });

  it('plans a job with the keyboard alone: P, a technician and a start, then the job leaves the list', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    const item = await within(list).findByRole('button', { name: /^Boiler service 11 / }, WAIT);
    item.focus();
    // The arrow keys move through the jobs.
    fireEvent.keyDown(item, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Boiler service 12/));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(item));
    fireEvent.keyDown(item, { key: 'p' });
    const dialog = await screen.findByRole('dialog', { name: 'Plan Boiler service 11' }, WAIT);
    const start = await findDateField(dialog, 'Start');
    expect(dateShown(start)).toBe('08:00');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Technician' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bo Tech' }));
    await typeDate(userEvent, start, '0930');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan' }));
    await waitFor(() => expect(requests.some((r) => r.path === 'Appointment/create')).toBe(true), WAIT);
    expect(requests.find((r) => r.path === 'Appointment/create')!.body).toEqual({
      Subject: '',
      AppointmentDate: DAY,
      JobId: 11,
      StartTime: `${DAY}T09:30:00`,
      EndTime: `${DAY}T11:00:00`,
      Type: 1,
      Participants: [{ Id: 2, Name: 'Bo Tech' }],
    });
    await waitFor(
      () =>
        expect(screen.getByTestId('planner-jobs-announcer').textContent).toBe(
          'Boiler service 11 planned for Bo Tech, 09:30 to 11:00.',
        ),
      WAIT,
    );
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: /^Boiler service 11 / })).toBeNull(),
    );
    // The focus goes on to the job that took its place, ready for the next P.
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Boiler service 12/), WAIT);
  });

  it('takes the keyboard past the menu and the toolbar to the job list by a skip link', async () => {
    renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    const search = within(list).getByRole('searchbox', { name: 'Search jobs' });
    const skip = screen.getByRole('link', { name: 'Skip to the job list' });
    expect(skip.getAttribute('href')).toBe(`#${search.id}`);
    await userEvent.click(skip);
    expect(document.activeElement).toBe(search);
  });

  it('in week scope opens the appointment dialog’s route for 24 hours instead', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    await userEvent.click(await within(list).findByRole('button', { name: 'Plan Boiler service 12' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Plan Boiler service 12' }, WAIT);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Plan' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('where').textContent).toBe(
          `/planner/new?jobId=12&start=${DAY}T08%3A00&end=2026-03-03T08%3A00&userId=1&date=${DAY}`,
        ),
      WAIT,
    );
    expect(requests.some((r) => r.path === 'Appointment/create')).toBe(false);
  });

  it('suggests technicians for a listed job (S) and plans it for one in one click', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    const item = await within(list).findByRole('button', { name: /^Boiler service 11 / }, WAIT);
    expect(item.getAttribute('aria-keyshortcuts')).toBe('P S');
    item.focus();
    fireEvent.keyDown(item, { key: 's' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Suggested technicians for Boiler service 11' },
      WAIT,
    );
    // Ranked for the shown day from the work start, for the job's estimate (1.5 h).
    const ranked = await within(dialog).findAllByTestId('planner-suggestion', {}, WAIT);
    expect(ranked.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1\. Bo Tech2\.5 km from the main office; nothing else booked that day/),
      expect.stringMatching(/^2\. Ada Tech30\.0 km from Pump repair; 2 h booked that day/),
    ]);
    expect(requests.find((r) => r.path === 'Appointment/available')!.body).toEqual({
      JobId: 11,
      StartTime: `${DAY}T08:00:00`,
      EndTime: `${DAY}T09:30:00`,
    });
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Accept: plan the job for Bo Tech at 08:00' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(requests.filter((r) => r.path === 'Appointment/create').map((r) => r.body)).toEqual([
      {
        Subject: '',
        AppointmentDate: DAY,
        JobId: 11,
        StartTime: `${DAY}T08:00:00`,
        EndTime: `${DAY}T09:30:00`,
        Type: 1,
        Participants: [{ Id: 2, Name: 'Bo Tech' }],
      },
    ]);
    expect(screen.getByTestId('planner-jobs-announcer').textContent).toBe(
      'Boiler service 11 planned for Bo Tech, 08:00 to 09:30.',
    );
    await waitFor(() =>
      expect(within(list).queryByRole('button', { name: /^Boiler service 11 / })).toBeNull(),
    );
  });

  it('offers no suggestions without the AutoDispatch licence', async () => {
    renderApp(`/planner?date=${DAY}`, server(), bundle(1, { licences: { AutoDispatch: false } }));
    const list = await panel();
    const item = await within(list).findByRole('button', { name: /^Boiler service 11 / }, WAIT);
    expect(item.getAttribute('aria-keyshortcuts')).toBe('P');
    expect(within(list).queryByRole('button', { name: /^Suggest / })).toBeNull();
    fireEvent.keyDown(item, { key: 's' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows where a dragged job would land over a technician’s row, and nothing beside the rows', async () => {
    // jsdom has no DragEvent: a mouse event carries the pointer's place and the drag's data alike.
    if (!('DragEvent' in window)) Object.assign(window, { DragEvent: MouseEvent });
    renderApp(`/planner?date=${DAY}`, server());
    const list = await panel();
    await within(list).findByRole('button', { name: /^Boiler service 11 / }, WAIT);
    await screen.findByTestId('planner-row-2', {}, WAIT);
    const zone = screen.getByTestId('planner-dropzone');
    const indicator = await screen.findByTestId('planner-drop-indicator', {}, WAIT);
    fireEvent.dragStart(within(list).getAllByTestId('planner-job')[0]!, {
      dataTransfer: { setData() {}, effectAllowed: '' },
    });
    // Without layout the grid sits at 0,0: the body starts after the names and the header.
    const over = (clientX: number, clientY: number) => {
      const dataTransfer = { types: ['application/x-fieldport-job'], dropEffect: '' };
      fireEvent.dragOver(zone, { clientX, clientY, dataTransfer });
      return dataTransfer.dropEffect;
    };
    // Over Bo Tech's row (the second), 1 h 5 min into the axis: snapped to 1 h, 2 h long while the
    // job's estimate is not read yet.
    expect(over(NAME_WIDTH + 4 * QUARTER_PX + 8, HEADER_HEIGHT + ROW_HEIGHT + 10)).toBe('copy');
    expect(indicator.style.display).toBe('block');
    expect(indicator.style.transform).toBe(`translate(${4 * QUARTER_PX}px, ${ROW_HEIGHT}px)`);
    expect(indicator.style.width).toBe(`${8 * QUARTER_PX}px`);
    // Over the names, or below the last row: refused, no box.
    expect(over(10, HEADER_HEIGHT + 10)).toBe('none');
    expect(indicator.style.display).toBe('none');
    over(NAME_WIDTH + 10, HEADER_HEIGHT + 10);
    expect(indicator.style.display).toBe('block');
    expect(over(NAME_WIDTH + 10, HEADER_HEIGHT + 3 * ROW_HEIGHT)).toBe('none');
    expect(indicator.style.display).toBe('none');
    // Once the job's estimate is read (1.5 h), the box is as long as the appointment the drop makes.
    await waitFor(() => {
      over(NAME_WIDTH + 10, HEADER_HEIGHT + 10);
      expect(indicator.style.width).toBe(`${6 * QUARTER_PX}px`);
    }, WAIT);
  });

  it('puts the job list below the schedule, 222 px high, from the settings (000 §9), and above it', async () => {
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}`, server());
    await panel();
    const placeIt = async (name: string) => {
      await user.click(screen.getByRole('button', { name: 'Planner settings' }));
      const dialog = await screen.findByRole('dialog', { name: 'Planner settings' });
      await user.click(within(dialog).getByRole('radio', { name }));
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const follows = (a: Element, b: Element) =>
      (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

    await placeIt('Below the schedule');
    expect(localStorage.getItem('PlannerJobListPlacement')).toBe('"bottom"');
    const below = await panel();
    // After the schedule in the page's order too (the Tab order and a reader's), the full width, 222 px high.
    expect(follows(screen.getByRole('grid'), below)).toBe(true);
    expect(screen.queryByRole('separator', { name: 'Job list width' })).toBeNull();
    expect(getComputedStyle(screen.getByTestId('planner-job-list-area')).height).toBe('222px');
    expect(await within(below).findByRole('button', { name: /^Boiler service 12 / }, WAIT)).toBeTruthy();

    await placeIt('Above the schedule');
    const above = await panel();
    expect(follows(above, screen.getByRole('grid'))).toBe(true);

    await placeIt('Beside the schedule');
    expect(await screen.findByRole('separator', { name: 'Job list width' }, WAIT)).toBeTruthy();
  });

  it('keeps the width within 10 to 45 percent with the separator’s arrow keys', async () => {
    renderApp(`/planner?date=${DAY}`, server());
    await panel();
    const separator = screen.getByRole('separator', { name: 'Job list width' });
    expect(separator.getAttribute('aria-valuenow')).toBe('30');
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(separator.getAttribute('aria-valuenow')).toBe('31');
    fireEvent.keyDown(separator, { key: 'End' });
    fireEvent.keyDown(separator, { key: 'ArrowRight' });
    expect(separator.getAttribute('aria-valuenow')).toBe('45');
    fireEvent.keyDown(separator, { key: 'Home' });
    expect(localStorage.getItem('PlannerJobListWidth')).toBe('10');
  });
});
