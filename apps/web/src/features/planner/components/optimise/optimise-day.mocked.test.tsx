// @vitest-environment jsdom
import { appointmentRoutes, type OptimisedDay, type SchedulerResource } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../../../test/app-harness.tsx';
import { bundle } from '../../../../test/user-info.ts';
import { DISPATCH_ACCESS } from './may-dispatch.ts';

// MapLibre cannot draw in jsdom: the map stands in as the order of its blue line.
vi.mock('./OptimiseMap.tsx', () => ({
  default: ({ day }: { day: OptimisedDay }) => (
    <div data-testid="optimise-map-stub">{day.Appointments.map((a) => a.Subject).join(' → ')}</div>
  ),
}));

resetAppBetweenTests();

// A ceiling, not a wait: the first render of the whole app is slow on a busy machine.
const WAIT = { timeout: 20_000 };
const DAY = '2031-03-04';

const resources: SchedulerResource[] = [{ id: 1, name: 'Ada Berg', departmentId: 1, type: 2 }];

const appointment = (
  id: number,
  subject: string,
  at: [string, string],
  old: [string, string],
  over: Partial<OptimisedDay['Appointments'][number]> = {},
) => ({
  Id: id,
  JobId: id * 10,
  Subject: subject,
  RowVersion: id + 2,
  Fixed: false,
  StartTime: `${DAY}T${at[0]}:00`,
  EndTime: `${DAY}T${at[1]}:00`,
  OldStartTime: `${DAY}T${old[0]}:00`,
  OldEndTime: `${DAY}T${old[1]}:00`,
  TravelMinutes: 10,
  TravelKm: 8,
  Reason: 'moved to cut the driving',
  ...over,
});

/** Ada's day: Drammen first, then Lillestrøm, then back to Drammen; the better order visits Drammen twice first. */
const optimised: OptimisedDay = {
  UserId: 1,
  UserName: 'Ada Berg',
  Date: DAY,
  Before: { TravelKm: 180.4, TravelMinutes: 150 },
  After: { TravelKm: 96.2, TravelMinutes: 85 },
  Changed: true,
  TravelEstimated: true,
  Appointments: [
    appointment(1, 'Drammen pump', ['08:00', '09:00'], ['08:00', '09:00']),
    appointment(3, 'Drammen boiler', ['09:15', '10:15'], ['13:00', '14:00']),
    appointment(4, 'Lunch', ['12:00', '12:30'], ['12:00', '12:30'], {
      Fixed: true,
      JobId: null,
      Reason: 'kept: an absence',
    }),
    appointment(2, 'Lillestrøm heat pump', ['13:30', '14:30'], ['10:00', '11:00']),
  ],
};

function server(answers: { day: OptimisedDay; changeStatus?: number }) {
  return (req: Req) => {
    if (req.path === 'Scheduler/Resources') return json(200, resources);
    if (req.path === 'Scheduler/DateRange/') return json(200, { events: [], assignments: [] });
    if (req.path === 'Appointment/OptimiseDay') return json(200, answers.day);
    if (req.path === 'Scheduler/Events/ChangeTimes') {
      if (answers.changeStatus === 409) return json(409, { Message: 'Someone else changed it.', Errors: [] });
      return json(200, { events: [], assignments: [] });
    }
    return undefined;
  };
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  const button = await screen.findByRole('button', { name: 'Ada Berg: optimise this day' }, WAIT);
  button.focus();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog', { name: /^Optimise the day: Ada Berg, / }, WAIT);
};

describe('Optimise this day (issue 30)', { timeout: 60_000 }, () => {
  it('shows the day before and after with the driving saved, and applies the moved ones with their row versions', async () => {
    localStorage.setItem('PlannerScope', '"QDay"');
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner?date=${DAY}`, server({ day: optimised }));
    const dialog = await open(user);
    expect(requests.find((r) => r.path === 'Appointment/OptimiseDay')?.body).toEqual({
      UserId: 1,
      Date: DAY,
    });
    expect((await within(dialog).findByTestId('planner-optimise-saving', {}, WAIT)).textContent).toBe(
      'The new order saves 65 min and 84.2 km of driving.',
    );
    const stops = (kind: string) =>
      within(dialog)
        .getAllByTestId(`planner-optimise-${kind}-stop`)
        .map((li) => li.querySelector('span')?.textContent);
    expect(stops('before')).toEqual([
      '08:00–09:00 Drammen pump',
      '10:00–11:00 Lillestrøm heat pump',
      '12:00–12:30 Lunch',
      '13:00–14:00 Drammen boiler',
    ]);
    expect(stops('after')).toEqual([
      '08:00–09:00 Drammen pump',
      '09:15–10:15 Drammen boiler',
      '12:00–12:30 Lunch',
      '13:30–14:30 Lillestrøm heat pump',
    ]);
    expect(within(dialog).getByTestId('planner-optimise-before-total').textContent).toBe(
      'Driving: 150 min, 180.4 km',
    );
    expect(within(dialog).getByTestId('planner-optimise-after-total').textContent).toBe(
      'Driving: 85 min, 96.2 km',
    );
    expect(within(dialog).getByText('kept: an absence')).toBeTruthy();
    expect((await within(dialog).findByTestId('optimise-map-stub', {}, WAIT)).textContent).toBe(
      'Drammen pump → Drammen boiler → Lunch → Lillestrøm heat pump',
    );
    // Nothing is saved before Accept.
    expect(requests.some((r) => r.path === 'Scheduler/Events/ChangeTimes')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Accept: move 2 appointments' }));
    expect((await screen.findByTestId('planner-optimise-applied', {}, WAIT)).textContent).toContain(
      "Ada Berg's day optimised: 2 appointments moved.",
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes').map((r) => r.body)).toEqual([
      { id: 3, startDate: `${DAY}T09:15:00`, endDate: `${DAY}T10:15:00`, rowVersion: 5 },
      { id: 2, startDate: `${DAY}T13:30:00`, endDate: `${DAY}T14:30:00`, rowVersion: 4 },
    ]);
  });

  it('says the day changed meanwhile on a 409 and reads it again', async () => {
    localStorage.setItem('PlannerScope', '"QDay"');
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner?date=${DAY}`, server({ day: optimised, changeStatus: 409 }));
    const dialog = await open(user);
    await user.click(
      await within(dialog).findByRole('button', { name: 'Accept: move 2 appointments' }, WAIT),
    );
    expect((await within(dialog).findByRole('alert', {}, WAIT)).textContent).toBe(
      'The day changed meanwhile, so nothing more was moved. It has been read again: look it over and accept again.',
    );
    await waitFor(() => expect(requests.filter((r) => r.path === 'Appointment/OptimiseDay')).toHaveLength(2));
    // It stopped at the first refusal.
    expect(requests.filter((r) => r.path === 'Scheduler/Events/ChangeTimes')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says so when no better order exists, and offers nothing to accept', async () => {
    localStorage.setItem('PlannerScope', '"QDay"');
    const user = userEvent.setup();
    const same: OptimisedDay = {
      ...optimised,
      Changed: false,
      After: optimised.Before,
      Appointments: optimised.Appointments.map((a) => ({
        ...a,
        StartTime: a.OldStartTime,
        EndTime: a.OldEndTime,
      })),
    };
    renderApp(`/planner?date=${DAY}`, server({ day: same }));
    const dialog = await open(user);
    expect((await within(dialog).findByTestId('planner-optimise-nothing', {}, WAIT)).textContent).toBe(
      'No better order found: the day stays as it is.',
    );
    expect(within(dialog).queryByRole('button', { name: /^Accept/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is offered only in the day view, with the licence, to the user types the server lets optimise', async () => {
    localStorage.setItem('PlannerScope', '"QWeek"');
    const week = renderApp(`/planner?date=${DAY}`, server({ day: optimised }));
    await screen.findByRole('rowheader', { name: /Ada Berg/ }, WAIT);
    expect(screen.queryByRole('button', { name: 'Ada Berg: optimise this day' })).toBeNull();
    week.unmount();

    localStorage.setItem('PlannerScope', '"QDay"');
    const unlicensed = renderApp(
      `/planner?date=${DAY}`,
      server({ day: optimised }),
      bundle(1, { licences: { AutoDispatch: false } }),
    );
    await screen.findByRole('rowheader', { name: /Ada Berg/ }, WAIT);
    expect(screen.queryByRole('button', { name: 'Ada Berg: optimise this day' })).toBeNull();
    unlicensed.unmount();

    // The web's rule is the server's: the route's own access.
    expect(appointmentRoutes.appointmentOptimiseDay.access).toEqual({
      kind: 'user',
      userTypes: DISPATCH_ACCESS.userTypes,
      permission: DISPATCH_ACCESS.permission,
      licence: DISPATCH_ACCESS.licence,
    });
  });
});
