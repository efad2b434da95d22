// @vitest-environment jsdom
import type { OptimisedDay, RoutePlan, SchedulerResource } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../../../test/app-harness.tsx';

// MapLibre needs WebGL, which jsdom has not: the libraries never arrive; the routes' legs are text.
vi.mock('../map/map-libs.ts', () => ({ loadMapLibs: () => new Promise(() => undefined) }));

resetAppBetweenTests();

const WAIT = { timeout: 20_000 };
const DAY = '2031-03-04';
const resources: SchedulerResource[] = [{ id: 1, name: 'Ada Berg', departmentId: 1, type: 2 }];

const appointment = (id: number, subject: string, at: string, old: string) => ({
  Id: id,
  JobId: id * 10,
  Subject: subject,
  RowVersion: id + 2,
  Fixed: false,
  StartTime: `${DAY}T${at}:00`,
  EndTime: `${DAY}T${at.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, '0'))}:00`,
  OldStartTime: `${DAY}T${old}:00`,
  OldEndTime: `${DAY}T${old.replace(/^(\d\d)/, (h) => String(Number(h) + 1).padStart(2, '0'))}:00`,
  TravelMinutes: 10,
  TravelKm: 8,
  Reason: 'moved to cut the driving',
});

const optimised: OptimisedDay = {
  UserId: 1,
  UserName: 'Ada Berg',
  Date: DAY,
  Before: { TravelKm: 180.4, TravelMinutes: 150 },
  After: { TravelKm: 96.2, TravelMinutes: 85 },
  Changed: true,
  TravelEstimated: false,
  Appointments: [
    appointment(1, 'Drammen pump', '08:00', '08:00'),
    appointment(3, 'Drammen boiler', '09:15', '13:00'),
    appointment(2, 'Lillestrøm heat pump', '13:30', '10:00'),
  ],
};

/** A road leg as the server answers it (a two-point polyline is enough for the list). */
const leg = (id: number, subject: string, start: string, metres: number, seconds: number) => ({
  Polyline: '_p~iF~ps|U_ulLnnqC',
  EndLocation: { Latitude: 59.9, Longitude: 10.2 },
  DistanceMeters: metres,
  DurationSeconds: seconds,
  Estimated: false,
  AppointmentId: id,
  JobId: id * 10,
  Subject: subject,
  StartTime: `${DAY}T${start}:00`,
});

/** The day's route now (time order) and in the asked order, both from Ada's home. */
function routePlan(req: Req): RoutePlan {
  const home = { Latitude: 59.74, Longitude: 10.2 };
  if (req.query.get('order') === '1,3,2')
    return {
      Origin: home,
      OriginIsHome: true,
      Routes: [
        leg(1, 'Drammen pump', '08:00', 2_000, 240),
        leg(3, 'Drammen boiler', '13:00', 1_500, 180),
        leg(2, 'Lillestrøm heat pump', '10:00', 52_300, 2_760),
      ],
    };
  return {
    Origin: home,
    OriginIsHome: true,
    Routes: [
      leg(1, 'Drammen pump', '08:00', 2_000, 240),
      leg(2, 'Lillestrøm heat pump', '10:00', 52_000, 2_700),
      leg(3, 'Drammen boiler', '13:00', 52_400, 2_820),
    ],
  };
}

function server(req: Req) {
  if (req.path === 'Scheduler/Resources') return json(200, resources);
  if (req.path === 'Scheduler/DateRange/') return json(200, { events: [], assignments: [] });
  if (req.path === 'Appointment/OptimiseDay') return json(200, optimised);
  if (req.path === 'maps/RoutePlan') return json(200, routePlan(req));
  return undefined;
}

describe('the optimised day on the map (issue 30)', { timeout: 60_000 }, () => {
  it('asks for both routes along the roads from the technician’s home and lists each leg’s distance and time', async () => {
    localStorage.setItem('PlannerScope', '"QDay"');
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner?date=${DAY}`, server);
    const button = await screen.findByRole('button', { name: 'Ada Berg: optimise this day' }, WAIT);
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Optimise the day: Ada Berg, / }, WAIT);

    const now = await within(dialog).findByRole('list', { name: 'Legs now' }, WAIT);
    expect(
      within(now)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Drammen pump at 08:00: 2 km, 4 min',
      'Lillestrøm heat pump at 10:00: 52 km, 45 min',
      'Drammen boiler at 13:00: 52.4 km, 47 min',
    ]);
    const after = within(dialog).getByRole('list', { name: 'Legs optimised' });
    // In the new order, at the new times.
    expect(
      within(after)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Drammen pump at 08:00: 2 km, 4 min',
      'Drammen boiler at 09:15: 1.5 km, 3 min',
      'Lillestrøm heat pump at 13:30: 52.3 km, 46 min',
    ]);
    expect(within(dialog).getByTestId('planner-optimise-before-legs').textContent).toContain(
      'Driving in all: 106.4 km, 96 min',
    );
    expect(within(dialog).getByTestId('planner-optimise-after-legs').textContent).toContain(
      'Driving in all: 55.8 km, 53 min',
    );
    expect(within(dialog).getByTestId('planner-optimise-start').textContent).toBe('Starts at home');
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === 'maps/RoutePlan')
          .map((r) => r.query.toString())
          .sort(),
      ).toEqual([`userId=1&date=${DAY}`, `userId=1&date=${DAY}&order=1%2C3%2C2`]),
    );
  });
});
