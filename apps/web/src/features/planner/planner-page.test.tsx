// @vitest-environment jsdom
import type { SchedulerData, SchedulerResource } from '@fieldport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  stubMatchMedia,
  where,
} from '../../test/app-harness.tsx';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const DAY = '2026-03-02'; // a Monday

const resources: SchedulerResource[] = Array.from({ length: 500 }, (_, i) => ({
  id: i + 1,
  name: `Tech ${String(i + 1).padStart(3, '0')}`,
  departmentId: (i % 3) + 1,
  type: i % 7 === 0 ? 3 : 2,
}));

const data = (): SchedulerData => ({
  events: [
    {
      id: 78,
      name: 'Boiler check',
      jobId: null,
      jobTypeId: null,
      jobTypeName: null,
      jobStatusId: null,
      jobStatusName: null,
      address: null,
      appointmentType: 1,
      isAbsence: false,
      startDate: `${DAY}T09:00:00`,
      endDate: `${DAY}T10:00:00`,
      rowVersion: 1,
    },
    {
      id: 77,
      name: 'Pump repair',
      jobId: 9,
      jobTypeId: 1,
      jobTypeName: 'Service',
      jobStatusId: 20,
      jobStatusName: 'Planned',
      address: 'Storgata 1',
      appointmentType: 1,
      isAbsence: false,
      startDate: `${DAY}T10:00:00`,
      endDate: `${DAY}T12:00:00`,
      rowVersion: 4,
    },
  ],
  // The second event is far down, on a row not drawn at first.
  assignments: [
    { eventId: 77, resourceId: 1 },
    { eventId: 78, resourceId: 400 },
  ],
});

type Body = { id: number; startDate: string; endDate: string; resourceIds: number[]; rowVersion: number };

/** The scheduler's server: the resources, the day's events, and ChangeTimes answered by `change`. */
function server(change: (body: Body) => Response | Promise<Response> = (b) => json(200, saved(b))) {
  return (req: Req) => {
    if (req.path === 'Scheduler/Resources') return json(200, resources);
    if (req.path === 'Scheduler/DateRange/') return json(200, data());
    if (req.path === 'Scheduler/Events/ChangeTimes') return change(req.body as Body);
    return undefined;
  };
}

function saved(b: Body): SchedulerData {
  const d = data();
  return {
    events: [{ ...d.events[1]!, startDate: b.startDate, endDate: b.endDate, rowVersion: 5 }],
    assignments: b.resourceIds.map((resourceId) => ({ eventId: 77, resourceId })),
  };
}

const event = () => screen.findByRole('button', { name: /Pump repair/ }, WAIT);

describe('the planner', () => {
  it('draws only the rows in view of 500 users, with their events placed by time', async () => {
    renderApp(`/planner?date=${DAY}`, server());
    const grid = await screen.findByRole('grid', { name: /Planner, Monday, March 2, 2026/ }, WAIT);
    await within(grid).findByText('Tech 001', {}, WAIT);
    const rows = within(grid).getAllByTestId(/^planner-row-/);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(40);
    expect(within(grid).queryByText('Tech 500')).toBeNull();
    expect(grid.getAttribute('aria-rowcount')).toBe('501');
    const box = await event();
    expect(box.getAttribute('aria-label')).toBe('Tech 001: Pump repair, 10:00 to 12:00, past');
    // Day view: the work hours 08:00 to 17:00 as hour headers.
    expect(within(grid).getByText('08:00')).toBeTruthy();
    expect(within(grid).getByText('16:00')).toBeTruthy();
    expect(within(grid).queryByText('17:00')).toBeNull();
  });

  it('moves an event with the arrow keys, saving each change with the row version and announcing it', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const box = await event();
    box.focus();
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    await waitFor(
      () => expect(requests.some((r) => r.path === 'Scheduler/Events/ChangeTimes')).toBe(true),
      WAIT,
    );
    const body = requests.find((r) => r.path === 'Scheduler/Events/ChangeTimes')!.body as Body;
    expect(body).toEqual({
      id: 77,
      startDate: `${DAY}T10:15:00`,
      endDate: `${DAY}T12:15:00`,
      resourceIds: [1],
      rowVersion: 4,
    });
    const announcer = screen.getByTestId('planner-announcer');
    await waitFor(
      () => expect(announcer.textContent).toBe('Pump repair saved: Tech 001, 10:15 to 12:15.'),
      WAIT,
    );
    // Down: the next user's row, the focus going along.
    const moved = await screen.findByRole('button', { name: /Tech 001: Pump repair, 10:15 to 12:15/ }, WAIT);
    fireEvent.keyDown(moved, { key: 'ArrowDown' });
    await waitFor(
      () => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Tech 002: Pump repair/),
      WAIT,
    );
    await waitFor(() => expect(announcer.textContent).toMatch(/saved: Tech 002/), WAIT);
    const down = requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes')[1]!.body as Body;
    expect(down.resourceIds).toEqual([2]);
    expect(down.rowVersion).toBe(5);
    // Shift+Right: 15 minutes longer.
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', shiftKey: true });
    await waitFor(() => expect(announcer.textContent).toMatch(/10:15 to 12:30/), WAIT);
  });

  it('counts quick arrow presses and saves the moved event once; Escape puts a draft back', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const box = await event();
    box.focus();
    for (let i = 0; i < 4; i++) fireEvent.keyDown(box, { key: 'ArrowRight' });
    const announcer = screen.getByTestId('planner-announcer');
    await waitFor(
      () => expect(announcer.textContent).toBe('Pump repair saved: Tech 001, 11:00 to 13:00.'),
      WAIT,
    );
    const saves = requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes');
    expect(saves.map((r) => (r.body as Body).startDate)).toEqual([`${DAY}T11:00:00`]);

    // A draft put back with Escape is not saved, even when the focus leaves.
    const moved = await screen.findByRole('button', { name: /Tech 001: Pump repair, 11:00 to 13:00/ }, WAIT);
    fireEvent.keyDown(moved, { key: 'ArrowLeft' });
    fireEvent.keyDown(moved, { key: 'Escape' });
    fireEvent.blur(moved);
    fireEvent.keyDown(moved, { key: 'ArrowRight', shiftKey: true });
    fireEvent.blur(moved);
    await waitFor(() => expect(announcer.textContent).toMatch(/11:00 to 13:15/), WAIT);
    expect(
      requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes').map((r) => (r.body as Body).endDate),
    ).toEqual([`${DAY}T13:00:00`, `${DAY}T13:15:00`]);
  });

  it('returns a refused move to its place and says so', async () => {
    const { requests } = renderApp(
      `/planner?date=${DAY}`,
      server(() => json(409, { Message: 'Someone else changed this appointment.' })),
    );
    const box = await event();
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    const announcer = screen.getByTestId('planner-announcer');
    await waitFor(
      () =>
        expect(announcer.textContent).toBe('Pump repair could not be saved and is back at 10:00 to 12:00.'),
      WAIT,
    );
    // The server's refusal shows as the sync warning, as elsewhere.
    expect(await screen.findByText('Someone else changed this appointment.', {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes')).toHaveLength(1);
    expect((await event()).getAttribute('aria-label')).toMatch(/10:00 to 12:00/);
  });

  it('takes Tab to every event, also on rows not drawn yet', async () => {
    renderApp(`/planner?date=${DAY}`, server());
    const box = await event();
    expect(screen.queryByRole('button', { name: /Boiler check/ })).toBeNull();
    // jsdom has no layout and does not scroll: the grid gets its size and scrolls as a browser would.
    const grid = screen.getByRole('grid');
    Object.defineProperty(grid, 'scrollHeight', { value: 56 + 500 * 50, configurable: true });
    Object.defineProperty(grid, 'clientHeight', { value: 600, configurable: true });
    grid.scrollTo = ((options: ScrollToOptions) => {
      Object.defineProperty(grid, 'scrollTop', { value: options.top ?? 0, configurable: true });
      grid.dispatchEvent(new Event('scroll'));
    }) as typeof grid.scrollTo;
    box.focus();
    fireEvent.keyDown(box, { key: 'Tab' });
    await waitFor(
      () =>
        expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Tech 400: Boiler check, 09:00/),
      WAIT,
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    await waitFor(
      () => expect(document.activeElement?.getAttribute('aria-label')).toMatch(/^Tech 001: Pump/),
      WAIT,
    );
  });

  it('draws the current-time line in day view and shows the timing, and marks today in week view', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:30:00+01:00')); // 10:30 in Oslo, the company's zone
    try {
      renderApp('/planner', server());
      const grid = await screen.findByRole('grid', { name: 'Planner, Monday, March 2, 2026' }, WAIT);
      expect(within(grid).getByTestId('planner-now')).toBeTruthy();
      expect((await event()).getAttribute('aria-label')).toMatch(/, in progress$/);
      await userEvent.setup().click(screen.getByRole('button', { name: 'Week' }));
      const week = await screen.findByRole('grid', { name: /– Friday, March 6, 2026/ }, WAIT);
      expect(within(week).queryByTestId('planner-now')).toBeNull();
      expect(within(week).getByTestId('planner-today')).toBeTruthy();
      expect(
        within(week)
          .getByRole('button', { name: /: show in day view$/, description: 'Monday, March 2, 2026' })
          .getAttribute('aria-current'),
      ).toBe('date');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the job with Enter', async () => {
    renderApp(`/planner?date=${DAY}`, server());
    fireEvent.keyDown(await event(), { key: 'Enter' });
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/status-20-0\/view\/9/), WAIT);
  });

  it('shows the week Monday to Friday, and a day header goes to that day', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    const user = userEvent.setup();
    renderApp(`/planner?date=2026-03-04`, server());
    const grid = await screen.findByRole(
      'grid',
      { name: /Monday, March 2, 2026 – Friday, March 6, 2026/ },
      WAIT,
    );
    expect(within(grid).getByText('Week 10')).toBeTruthy();
    expect(within(grid).queryByRole('button', { name: /Saturday/ })).toBeNull();
    await user.click(
      within(grid).getByRole('button', {
        name: 'Wed, Mar 4: show in day view',
        description: 'Wednesday, March 4, 2026',
      }),
    );
    await screen.findByRole('grid', { name: 'Planner, Wednesday, March 4, 2026' }, WAIT);
    expect(where()).toContain('date=2026-03-04');
    expect(screen.getByRole('button', { name: 'Day', pressed: true })).toBeTruthy();
  });

  it('shows the month with its days, the whole week without the work-hour limit', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QMonth'));
    localStorage.setItem('LimitToWorkHours', 'false');
    renderApp(`/planner?date=2026-02-10`, server());
    const grid = await screen.findByRole(
      'grid',
      { name: /Sunday, February 1, 2026 – Saturday, February 28, 2026/ },
      WAIT,
    );
    expect(within(grid).getByText('February 2026')).toBeTruthy();
    expect(within(grid).getAllByRole('button', { name: /show in day view/ })).toHaveLength(28);
    expect(
      within(grid).getByRole('button', {
        name: '7 S: show in day view',
        description: 'Saturday, February 7, 2026',
      }),
    ).toBeTruthy();
  });

  it('opens the job with a double click', async () => {
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}`, server());
    await user.dblClick(await event());
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/status-20-0\/view\/9/), WAIT);
  });

  it('steps the date by the scope', async () => {
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}`, server());
    await screen.findByRole('grid', { name: /Monday, March 2/ }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('grid', { name: 'Planner, Tuesday, March 3, 2026' }, WAIT);
  });

  it('groups the users by user type', async () => {
    localStorage.setItem('PlannerUserGroupBy', JSON.stringify('type'));
    renderApp(`/planner?date=${DAY}`, server());
    const grid = await screen.findByRole('grid', {}, WAIT);
    expect(await within(grid).findByRole('rowheader', { name: 'Technicians' }, WAIT)).toBeTruthy();
  });

  it('shows a notice instead of the planner on phones', async () => {
    stubMatchMedia(400);
    renderApp(`/planner?date=${DAY}`, server());
    expect(await screen.findByTestId('planner-phone-notice', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('grid')).toBeNull();
  });
});
