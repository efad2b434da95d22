// @vitest-environment jsdom
import type { ProposedPlan, SchedulerData, SchedulerEvent, SchedulerResource } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const DAY = '2026-03-02'; // a Monday

const resources: SchedulerResource[] = [
  { id: 1, name: 'Ada Berg', departmentId: 1, type: 2 },
  { id: 2, name: 'Bo Dahl', departmentId: 2, type: 3 },
];

const event = (
  id: number,
  name: string,
  start: string,
  end: string,
  extra: Partial<SchedulerEvent> = {},
) => ({
  id,
  name,
  jobId: id * 10,
  jobTypeId: 1,
  jobTypeName: 'Service',
  jobStatusId: 20,
  jobStatusName: 'Planned',
  address: null,
  appointmentType: 1,
  isAbsence: false,
  startDate: start,
  endDate: end,
  rowVersion: 1,
  ...extra,
});

const data = (): SchedulerData => ({
  events: [
    event(1, 'Pump repair', `${DAY}T08:00:00`, `${DAY}T10:00:00`),
    event(2, 'Boiler service', `${DAY}T11:00:00`, `${DAY}T12:00:00`, {
      jobStatusId: 50,
      jobStatusName: 'Completed',
    }),
    event(3, 'Dentist', `${DAY}T13:00:00`, `${DAY}T14:00:00`, {
      jobId: null,
      isAbsence: true,
      jobStatusId: null,
      jobStatusName: null,
    }),
  ],
  assignments: [
    { eventId: 1, resourceId: 1 },
    { eventId: 2, resourceId: 2 },
    { eventId: 3, resourceId: 2 },
  ],
});

const plan: ProposedPlan = {
  Appointments: [
    {
      JobId: 55,
      JobName: 'Heat pump install',
      UserId: 1,
      UserName: 'Ada Berg',
      StartTime: `${DAY}T12:00:00`,
      EndTime: `${DAY}T14:00:00`,
      TravelKm: 3.2,
      Reason: '3.2 km from Pump repair; 2 h booked that day',
    },
  ],
  Unplaced: [{ JobId: 56, JobName: 'Huge job' }],
};

function server(req: Req) {
  if (req.path === 'Scheduler/Resources') return json(200, resources);
  if (req.path === 'Scheduler/DateRange/') return json(200, data());
  if (req.path === 'Department/Filtered')
    return json(200, {
      Content: [
        { Id: 1, Name: 'North' },
        { Id: 2, Name: 'South' },
      ],
      TotalCount: 2,
    });
  if (req.path === 'Appointment/ProposePlan') return json(200, plan);
  if (req.path === 'Appointment/create') return json(200, { Id: 900 });
  return undefined;
}

const items = () => screen.getAllByTestId('planner-list-item').map((li) => li.textContent);

describe('the planner’s list mode, settings and proposed plan', () => {
  it('lists the day’s appointments with status, participants, times and job links; no link for absences', async () => {
    localStorage.setItem('PlannerMode', '"List"');
    renderApp(`/planner?date=${DAY}`, server);
    const day = await screen.findByTestId(`planner-list-day-${DAY}`, {}, WAIT);
    await within(day).findByText('Pump repair', {}, WAIT);
    expect(items()).toHaveLength(3);
    expect(items()[0]).toContain('Planned');
    expect(items()[0]).toContain('Ada Berg');
    expect(items()[0]).toContain('08:00–10:00');
    expect(within(day).getByRole('link', { name: 'Open job Pump repair' }).getAttribute('href')).toMatch(
      /10$/,
    );
    expect(within(day).queryByRole('link', { name: /Dentist/ })).toBeNull();
    // The resource list: All users with every appointment, each user with theirs.
    const nav = screen.getByRole('navigation', { name: 'Users and their appointments' });
    expect(
      within(nav).getByText('All users').closest('[role="button"], button, a, div')?.textContent,
    ).toContain('3 appointments');
    expect(within(nav).getByTestId('planner-list-resource-2').textContent).toContain('2 appointments');
  });

  it('shows one user’s appointments by the resource query parameter', async () => {
    localStorage.setItem('PlannerMode', '"List"');
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}`, server);
    await user.click(await screen.findByTestId('planner-list-resource-2', {}, WAIT));
    await waitFor(() => expect(where()).toContain('resource=2'));
    expect(items()).toHaveLength(2);
    expect(items().join()).not.toContain('Pump repair');
  });

  it('hides completed jobs and absences by their toggles, kept as preferences; an empty day says so', async () => {
    localStorage.setItem('PlannerMode', '"List"');
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}&resource=2`, server);
    await screen.findByText('Boiler service', {}, WAIT);
    await user.click(screen.getByRole('switch', { name: 'Hide appointments where the job is completed' }));
    expect(screen.queryByText('Boiler service')).toBeNull();
    expect(localStorage.getItem('PlannerListHideCompletedJobs')).toBe('true');
    await user.click(screen.getByRole('switch', { name: 'Hide absence' }));
    expect(screen.getByText('No appointments')).toBeTruthy();
    expect(localStorage.getItem('PlannerListHideAbsence')).toBe('true');
  });

  it('says No resources when no user is shown', async () => {
    localStorage.setItem('PlannerMode', '"List"');
    localStorage.setItem('PlannerHiddenUserList', '[1,2]');
    renderApp(`/planner?date=${DAY}`, server);
    expect(await screen.findByText('No resources', {}, WAIT)).toBeTruthy();
  });

  it('changes the grouping in the settings dialog, kept only when saved', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner?date=${DAY}`, server);
    await user.click(await screen.findByRole('button', { name: 'Planner settings' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Planner settings' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Group users' }));
    await user.click(await screen.findByRole('option', { name: 'By department' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Old cards' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('PlannerUserGroupBy')).toBe('"department"');
    expect(localStorage.getItem('PlannerJobListItemMode')).toBe('"Cards"');
    const grid = screen.getByRole('grid');
    expect(await within(grid).findByText('North', {}, WAIT)).toBeTruthy();
    // The department list asks for its first 150, as the seed says (000 §7).
    const departments = requests.find((r) => r.path === 'Department/Filtered')!;
    expect([departments.query.get('Page'), departments.query.get('ItemsPerPage')]).toEqual(['1', '150']);

    await user.click(screen.getByRole('button', { name: 'Planner settings' }));
    const again = await screen.findByRole('dialog', { name: 'Planner settings' });
    await user.click(within(again).getByRole('switch', { name: 'Limit to work hours' }));
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    // Cancel keeps the saved value (true, the default, written by the first save).
    expect(localStorage.getItem('LimitToWorkHours')).toBe('true');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('switch', { name: 'Limit to work hours' })).toHaveProperty('checked', true);
  });

  it('proposes a plan drawn as tentative events, saving nothing until accepted', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner?date=${DAY}`, server);
    await user.click(await screen.findByRole('button', { name: 'Propose plan' }, WAIT));
    const bar = await screen.findByTestId('planner-proposal', {}, WAIT);
    expect(bar.textContent).toContain('Proposed plan: 1 appointment, not saved yet. 1 job had no room.');
    expect(
      screen.getByRole('note', { name: 'Proposed, not saved: Heat pump install, 12:00–14:00' }),
    ).toBeTruthy();
    expect(requests.find((r) => r.path === 'Appointment/ProposePlan')?.body).toEqual({
      Date: DAY,
      DepartmentIdList: null,
      // The shown users; no job list read: the server takes the unplanned jobs itself.
      UserIdList: [1, 2],
      JobIdList: null,
    });
    expect(requests.some((r) => r.path === 'Appointment/create')).toBe(false);

    await user.click(within(bar).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByTestId('planner-tentative')).toBeNull();
    expect(requests.some((r) => r.path === 'Appointment/create')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Propose plan' }));
    await user.click(
      within(await screen.findByTestId('planner-proposal', {}, WAIT)).getByRole('button', {
        name: 'Accept all',
      }),
    );
    expect(await screen.findByText('1 appointment saved.', {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === 'Appointment/create').map((r) => r.body)).toEqual([
      {
        Subject: '',
        AppointmentDate: DAY,
        JobId: 55,
        StartTime: `${DAY}T12:00:00`,
        EndTime: `${DAY}T14:00:00`,
        Type: 1,
        Participants: [{ Id: 1, Name: 'Ada Berg' }],
      },
    ]);
    expect(screen.queryByTestId('planner-tentative')).toBeNull();
  });

  it('offers no plan proposal without the AutoDispatch licence', async () => {
    renderApp(`/planner?date=${DAY}`, server, bundle(1, { licences: { AutoDispatch: false } }));
    await screen.findByRole('grid', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Propose plan' })).toBeNull();
  });
});
