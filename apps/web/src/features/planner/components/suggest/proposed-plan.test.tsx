// @vitest-environment jsdom
import type { JobListItem, ProposedPlan, SchedulerResource } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../../../test/app-harness.tsx';
import { parseWallClock } from '../../rules/wall-clock.ts';
import { proposalRange } from './proposal-range.ts';

resetAppBetweenTests();

// A ceiling, not a wait: the first render of the whole app is slow on a busy machine.
const WAIT = { timeout: 20_000 };
const MONDAY = '2031-03-03';
const WEDNESDAY = '2031-03-05';

const resources: SchedulerResource[] = [
  { id: 1, name: 'Ada Berg', departmentId: 1, type: 2 },
  { id: 2, name: 'Bo Dahl', departmentId: 1, type: 2 },
];

const job = (id: number, over: Partial<JobListItem> = {}): JobListItem => ({
  Id: id,
  DisplayName: `Job ${id}`,
  JobStatusId: 10,
  StatusName: 'New',
  StatusColor: '#757575',
  StatusIcon: 'FiberNew',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 2,
  JobTypeName: 'Repair',
  JobPriorityId: null,
  PriorityName: null,
  DueAfterHours: null,
  CreatedDate: '2031-02-20T10:00:00',
  daysAgo: 10,
  hoursAgo: 240,
  FirstLineComment: '',
  OrderId: null,
  OrderIdMalformed: false,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  DeliveryAddress: null,
  Machines: [],
  Appointments: [],
  ...over,
});

/** The job list shows two unplanned jobs, one already booked and one planned: only the first two count. */
const listed = [
  job(11),
  job(12),
  job(13, {
    Appointments: [
      { Id: 5, StartTime: `${MONDAY}T08:00:00`, EndTime: `${MONDAY}T09:00:00`, Participants: [] },
    ] as unknown as JobListItem['Appointments'],
  }),
  job(14, { JobStatusId: 20, StatusName: 'Planned' }),
];

const planFor = (day: string, other: string): ProposedPlan => ({
  Appointments: [
    {
      JobId: 11,
      JobName: 'Job 11',
      UserId: 1,
      UserName: 'Ada Berg',
      StartTime: `${day}T09:00:00`,
      EndTime: `${day}T11:00:00`,
      TravelKm: 12.5,
      TravelMinutes: 15,
      Reason: 'Meets the work hours 08:00–16:00; adds 15 min of driving; Bo Dahl would add 40 min.',
    },
    {
      JobId: 12,
      JobName: 'Job 12',
      UserId: 2,
      UserName: 'Bo Dahl',
      StartTime: `${other}T13:00:00`,
      EndTime: `${other}T14:00:00`,
      TravelKm: 3,
      TravelMinutes: 5,
      Reason: 'Meets the agreed window 12:00–15:00; adds 5 min of driving; nobody else could.',
    },
  ],
  Unplaced: [{ JobId: 99, JobName: 'Job 99', Code: 'no_skill', Reason: 'Nobody has the skill Gas.' }],
  TravelKm: 15.5,
  TravelMinutes: 20,
});

function server(plan: ProposedPlan) {
  return (req: Req) => {
    if (req.path === 'Scheduler/Resources') return json(200, resources);
    if (req.path === 'Scheduler/DateRange/') return json(200, { events: [], assignments: [] });
    if (req.path === 'JobList/Filtered')
      return json(200, { Content: listed, TotalCount: listed.length, TotalCountCapped: false });
    if (req.path === 'Appointment/ProposePlan') return json(200, plan);
    if (req.path === 'Appointment/create') return json(200, { Id: 900 });
    return undefined;
  };
}

describe('Propose plan (issue 30)', { timeout: 60_000 }, () => {
  it('proposes over the shown users and the unplanned jobs in view, and says why for each job', async () => {
    const user = userEvent.setup();
    localStorage.setItem('PlannerScope', '"QDay"');
    const { requests } = renderApp(`/planner?date=${MONDAY}`, server(planFor(MONDAY, MONDAY)));
    await within(await screen.findByRole('region', { name: 'Jobs to plan' }, WAIT)).findByRole(
      'button',
      { name: /^Job 11 / },
      WAIT,
    );
    await user.click(screen.getByRole('button', { name: 'Propose plan' }));
    const bar = await screen.findByTestId('planner-proposal', {}, WAIT);
    expect(bar.textContent).toContain(
      'Proposed plan: 2 appointments, not saved yet. 1 job had no room. Driving 20 min, 15.5 km in all.',
    );
    expect(requests.find((r) => r.path === 'Appointment/ProposePlan')?.body).toEqual({
      Date: MONDAY,
      DepartmentIdList: null,
      UserIdList: [1, 2],
      JobIdList: [11, 12],
    });

    // Every placement's reason and every job left out with its reason, in a region reached by Tab.
    const region = screen.getByRole('region', { name: 'Why each job is placed or left out' });
    expect(region.tabIndex).toBe(0);
    const reasons = within(region).getAllByTestId('planner-proposal-reason');
    expect(reasons.map((r) => r.textContent)).toEqual([
      'Job 11: Ada Berg, 09:00–11:00Meets the work hours 08:00–16:00; adds 15 min of driving; Bo Dahl would add 40 min.',
      'Job 12: Bo Dahl, 13:00–14:00Meets the agreed window 12:00–15:00; adds 5 min of driving; nobody else could.',
    ]);
    expect(within(region).getByRole('heading', { name: 'Not placed: 1 job' })).toBeTruthy();
    expect(within(region).getByTestId('planner-proposal-unplaced').textContent).toBe(
      'Job 99Nobody has the skill Gas.',
    );
    const toggle = screen.getByRole('button', { name: 'Hide why' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Why each job is placed or left out' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Show why' }).getAttribute('aria-expanded')).toBe('false');

    expect(screen.getByRole('note', { name: 'Proposed, not saved: Job 11, 09:00–11:00' })).toBeTruthy();
    expect(requests.some((r) => r.path === 'Appointment/create')).toBe(false);
  });

  it('offers the week: its working days, the dashed plan across the week, accepted all at once', async () => {
    const user = userEvent.setup();
    localStorage.setItem('PlannerScope', '"QWeek"');
    const { requests } = renderApp(`/planner?date=${WEDNESDAY}`, server(planFor('2031-03-04', '2031-03-06')));
    await within(await screen.findByRole('region', { name: 'Jobs to plan' }, WAIT)).findByRole(
      'button',
      { name: /^Job 11 / },
      WAIT,
    );
    await user.click(screen.getByRole('button', { name: 'Propose plan for the week' }));
    await screen.findByTestId('planner-proposal', {}, WAIT);
    expect(requests.find((r) => r.path === 'Appointment/ProposePlan')?.body).toMatchObject({
      Date: MONDAY,
      EndDate: '2031-03-07',
      UserIdList: [1, 2],
      JobIdList: [11, 12],
    });
    // Both days' proposals are drawn, Tuesday's on Ada's row and Thursday's on Bo's.
    expect(screen.getByRole('note', { name: 'Proposed, not saved: Job 11, 09:00–11:00' })).toBeTruthy();
    expect(screen.getByRole('note', { name: 'Proposed, not saved: Job 12, 13:00–14:00' })).toBeTruthy();
    const reasons = screen.getAllByTestId('planner-proposal-reason').map((r) => r.textContent ?? '');
    expect(reasons[0]).toMatch(/^Job 11: Ada Berg, Tue.* 09:00–11:00/);
    expect(reasons[1]).toMatch(/^Job 12: Bo Dahl, Thu.* 13:00–14:00/);

    await user.click(
      within(screen.getByTestId('planner-proposal')).getByRole('button', { name: 'Accept all' }),
    );
    expect(await screen.findByText('2 appointments saved.', {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === 'Appointment/create').map((r) => r.body)).toEqual([
      {
        Subject: '',
        AppointmentDate: '2031-03-04',
        JobId: 11,
        StartTime: '2031-03-04T09:00:00',
        EndTime: '2031-03-04T11:00:00',
        Type: 1,
        Participants: [{ Id: 1, Name: 'Ada Berg' }],
      },
      {
        Subject: '',
        AppointmentDate: '2031-03-06',
        JobId: 12,
        StartTime: '2031-03-06T13:00:00',
        EndTime: '2031-03-06T14:00:00',
        Type: 1,
        Participants: [{ Id: 2, Name: 'Bo Dahl' }],
      },
    ]);
    await waitFor(() => expect(screen.queryByTestId('planner-tentative')).toBeNull());
  });

  it('opens the plan of a completed proposal task from its link, on the plan’s days', async () => {
    localStorage.setItem('PlannerScope', '"QDay"');
    const plan = planFor(WEDNESDAY, WEDNESDAY);
    const base = server(plan);
    const { requests } = renderApp(`/planner?date=${MONDAY}&proposal=7`, (req: Req) => {
      if (req.path === 'task')
        return json(200, [
          {
            taskId: 7,
            taskName: 'ProposePlan',
            status: 'completed',
            displayText: 'Proposing a plan',
            progress: 100,
            planName: null,
            errorMessage: null,
            keepInNotificationBar: true,
            discreet: false,
            returnObject: { link: '/planner?proposal=7' },
            created: '2031-03-01T08:00:00',
            finished: '2031-03-01T08:01:00',
          },
        ]);
      if (req.path === 'Appointment/ProposePlan/7') return json(200, plan);
      return base(req);
    });
    const bar = await screen.findByTestId('planner-proposal', {}, WAIT);
    expect(bar.textContent).toContain('Proposed plan: 2 appointments, not saved yet.');
    // The planner went to the plan's day, and the link's task is no longer in the address.
    expect(screen.getByRole('note', { name: 'Proposed, not saved: Job 11, 09:00–11:00' })).toBeTruthy();
    await waitFor(() => expect(where()).toContain(`date=${WEDNESDAY}`));
    expect(where()).not.toContain('proposal=');
    expect(requests.some((r) => r.path === 'Appointment/ProposePlan')).toBe(false);
  });

  it('nothing placed: says so and shows why each job was left out, with nothing to accept', async () => {
    const user = userEvent.setup();
    localStorage.setItem('PlannerScope', '"QDay"');
    const none: ProposedPlan = {
      Appointments: [],
      Unplaced: [{ JobId: 11, JobName: 'Job 11', Code: 'no_place', Reason: 'The job has no known place.' }],
    };
    renderApp(`/planner?date=${MONDAY}`, server(none));
    await within(await screen.findByRole('region', { name: 'Jobs to plan' }, WAIT)).findByRole(
      'button',
      { name: /^Job 11 / },
      WAIT,
    );
    await user.click(screen.getByRole('button', { name: 'Propose plan' }));
    expect(
      await screen.findByText(
        'Nothing to propose: no unplanned job fits the day (1 without room).',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    const region = screen.getByRole('region', { name: 'Why each job is placed or left out' });
    expect(within(region).getByTestId('planner-proposal-unplaced').textContent).toBe(
      'Job 11The job has no known place.',
    );
    expect(within(region).queryByRole('heading', { name: /^Placed/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept all' })).toBeNull();
  });

  it('plans a week from today on, never its past days nor the weekend; a month offers none', () => {
    const at = (day: string) => parseWallClock(`${day}T10:00:00`);
    expect(proposalRange('QWeek', at(WEDNESDAY), at('2031-02-01'))).toEqual({
      date: MONDAY,
      endDate: '2031-03-07',
    });
    expect(proposalRange('QWeek', at(MONDAY), at('2031-03-06'))).toEqual({
      date: '2031-03-06',
      endDate: '2031-03-07',
    });
    expect(proposalRange('QWeek', at(MONDAY), at('2031-03-08'))).toBeNull();
    expect(proposalRange('QDay', at(WEDNESDAY), at('2031-03-08'))).toEqual({
      date: WEDNESDAY,
      endDate: WEDNESDAY,
    });
    expect(proposalRange('QMonth', at(WEDNESDAY), at('2031-02-01'))).toBeNull();
  });
});
