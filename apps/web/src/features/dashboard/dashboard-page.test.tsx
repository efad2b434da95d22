// @vitest-environment jsdom
import type { DashboardHome } from '@fieldport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const DAY = '2026-11-24';

const home = (over: Partial<DashboardHome> = {}): DashboardHome => ({
  Today: DAY,
  Overdue: { Count: 3, Capped: false },
  DueWithin24Hours: { Count: 10_000, Capped: true },
  CompletedThisWeek: 7,
  ApprovedThisWeek: 2,
  OpenTasks: 1,
  WorkDay: { StartTime: `${DAY}T08:00:00`, EndTime: `${DAY}T16:00:00` },
  People: [
    {
      UserId: 5,
      Name: 'Aksel Berg',
      Appointments: [
        {
          Id: 1,
          JobId: 9,
          Subject: 'Pump repair',
          IsAbsence: false,
          StartTime: `${DAY}T09:00:00`,
          EndTime: `${DAY}T11:00:00`,
        },
      ],
      Gaps: [
        { StartTime: `${DAY}T08:00:00`, EndTime: `${DAY}T09:00:00` },
        { StartTime: `${DAY}T11:00:00`, EndTime: `${DAY}T16:00:00` },
      ],
    },
  ],
  ...over,
});

const statuses = [
  {
    Id: 10,
    Name: 'New',
    Color: '#757575',
    Icon: 'FiberNew',
    SortOrder: 1,
    Count: 12,
    CountCapped: false,
    SubStatuses: [],
  },
  {
    Id: 20,
    Name: 'Planned',
    Color: '#1976d2',
    Icon: 'Event',
    SortOrder: 2,
    Count: 4,
    CountCapped: false,
    SubStatuses: [],
  },
  {
    Id: 110,
    Name: 'Deleted',
    Color: '#000',
    Icon: 'Delete',
    SortOrder: 9,
    Count: 1,
    CountCapped: false,
    SubStatuses: [],
  },
];

const answer = (h: DashboardHome) => (req: Req) => {
  if (req.path === 'Dashboard/Home') return json(200, h);
  if (req.path === 'JobStatus/GetAll') return json(200, statuses);
  if (req.path === 'kpi/summary')
    return json(200, {
      Month: '2026-11',
      Jobs: 42,
      Completed: 35,
      AverageResponseHours: 18.5,
      AverageCompletionHours: 52.25,
      FirstTimeFixes: 29,
      FirstTimeFixRate: 0.829,
      Revisits: 3,
    });
  return undefined;
};

describe('the dashboard, the landing page', () => {
  it('lands there from Home and shows each figure as a link to the list behind it', async () => {
    renderApp('/', answer(home()));
    const figures = await screen.findByRole('list', { name: "Today's figures" }, WAIT);
    const link = (name: RegExp) => within(figures).getByRole('link', { name });
    expect(await within(figures).findByText('12', {}, WAIT)).toBeTruthy();
    expect(link(/Unplanned jobs/).getAttribute('href')).toBe('/job/list/status-10-0');
    expect(link(/Past their priority deadline/).getAttribute('href')).toBe('/job/list/overdue');
    expect(link(/Past their priority deadline/).textContent).toContain('3');
    // A capped count says it is a lower bound.
    expect(link(/Due within 24 hours/).textContent).toContain('10,000+');
    expect(link(/Due within 24 hours/).getAttribute('href')).toBe('/job/list/due');
    expect(link(/Completed this week/).textContent).toContain('7');
    // This week's, not every completed or approved job: the jobs set to the status since Monday.
    expect(link(/Completed this week/).getAttribute('href')).toBe('/job/list/week-50');
    expect(link(/Approved this week/).getAttribute('href')).toBe('/job/list/week-70');
    expect(link(/Open tasks/).getAttribute('href')).toBe('/dashboard/machine-export');
  });

  it('lists the jobs by status as links, without the deleted ones', async () => {
    renderApp('/dashboard/home', answer(home()));
    const planned = await screen.findByRole('link', { name: 'Planned: 4' }, WAIT);
    expect(planned.getAttribute('href')).toBe('/job/list/status-20-0');
    expect(screen.queryByRole('link', { name: /^Deleted/ })).toBeNull();
  });

  it('shows each bookable person’s day with what is booked and the free gaps, to staff', async () => {
    renderApp('/dashboard/home', answer(home()));
    const person = await screen.findByTestId('person-5', {}, WAIT);
    expect(within(person).getByText('Aksel Berg')).toBeTruthy();
    expect(person.textContent).toMatch(/Booked 09:00–11:00 Pump repair/);
    expect(person.textContent).toMatch(/free 08:00–09:00, 11:00–16:00/);
    // The bars' colours are named: green is the free time.
    const legend = screen.getByRole('list', { name: 'What the bars show' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['free', 'booked', 'absent']);
  });

  it('shows a partner its figures but no one’s day', async () => {
    renderApp('/dashboard/home', answer(home({ People: [] })), bundle(5));
    const figures = await screen.findByRole('list', { name: "Today's figures" }, WAIT);
    expect(screen.queryByRole('heading', { name: "Today's appointments" })).toBeNull();
    // The open tasks lead to the Admin's export page: not shown to a partner.
    expect(within(figures).queryByRole('link', { name: /Open tasks/ })).toBeNull();
    expect(within(figures).getByRole('link', { name: /Unplanned jobs/ })).toBeTruthy();
  });

  it('sums this month’s KPIs in a card loaded after the first page', async () => {
    const { requests } = renderApp('/dashboard/home', answer(home()));
    const card = await screen.findByRole('region', { name: 'KPIs this month' }, { timeout: 15_000 });
    expect((await within(card).findByTestId('kpi-jobs', {}, WAIT)).textContent).toContain('42');
    expect(within(card).getByTestId('kpi-response').textContent).toContain('18.5 h');
    expect(within(card).getByTestId('kpi-completion').textContent).toContain('52.3 h');
    expect(within(card).getByTestId('kpi-ftf').textContent).toContain('83%');
    expect(within(card).getByTestId('kpi-revisits').textContent).toContain('3');
    // Asked for only once the figures were there.
    const order = requests.map((r) => r.path);
    expect(order.indexOf('kpi/summary')).toBeGreaterThan(order.indexOf('Dashboard/Home'));
  });
});
