// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../../../test/app-harness.tsx';
import { bundle } from '../../../../test/user-info.ts';

// The map's libraries (MapLibre needs WebGL, which jsdom has not): recorded, never resolved.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('./map-libs.ts', () => ({
  loadMapLibs: () => {
    loads.count += 1;
    return new Promise(() => undefined);
  },
}));

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const DAY = '2026-03-02';

function server(req: Req) {
  if (req.path === 'Scheduler/Resources')
    return json(200, [{ id: 1, name: 'Tech 1', departmentId: 1, type: 2 }]);
  if (req.path === 'Scheduler/DateRange/') return json(200, { events: [], assignments: [] });
  if (req.path === 'JobStatus/GetAll') return json(200, []);
  return undefined;
}

describe('the planner map panel', () => {
  it('loads the map only when shown, and the libraries only then', async () => {
    loads.count = 0;
    renderApp(`/planner?date=${DAY}`, server);
    const tools = await screen.findByRole('toolbar', { name: 'Planner tools' }, WAIT);
    const toggle = within(tools).getByRole('button', { name: 'Map' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await screen.findByText('Tech 1', {}, WAIT);
    expect(loads.count).toBe(0);
    expect(screen.queryByTestId('planner-map-panel')).toBeNull();
    await userEvent.click(toggle);
    await screen.findByTestId('planner-map-panel', {}, WAIT);
    await waitFor(() => expect(loads.count).toBe(1), WAIT);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('separator', { name: 'Resize the map' }).getAttribute('aria-valuenow')).toBe(
      '66',
    );
    expect(localStorage.getItem('PlannerMapShow')).toBe('true');
  });

  it('says the Maps licence is required without it, and loads no map', async () => {
    loads.count = 0;
    localStorage.setItem('PlannerMapShow', 'true');
    renderApp(`/planner?date=${DAY}`, server, bundle(1, { licences: { Maps: false } }));
    expect(await screen.findByText('Maps licence required.', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('planner-map-panel')).toBeNull();
    expect(loads.count).toBe(0);
  });

  it('shows a user’s route for the day when the user’s name is clicked', async () => {
    loads.count = 0;
    const { requests } = renderApp(`/planner?date=${DAY}`, (req) =>
      req.path === 'maps/RoutePlan' ? json(200, { Origin: null, Routes: [] }) : server(req),
    );
    await userEvent.click(await screen.findByTestId('planner-user-1', {}, WAIT));
    expect(await screen.findByText(`Route: Tech 1, ${DAY}`, {}, WAIT)).toBeTruthy();
    await waitFor(
      () =>
        expect(requests.find((r) => r.path === 'maps/RoutePlan')?.query.toString()).toBe(
          `userId=1&date=${DAY}`,
        ),
      WAIT,
    );
  });

  it('lists the route’s legs with each one’s distance and driving time, and the day’s total', async () => {
    const leg = (
      AppointmentId: number,
      Subject: string,
      StartTime: string,
      metres: number,
      seconds: number,
    ) => ({
      Polyline: '_p~iF~ps|U_ulLnnqC',
      EndLocation: { Latitude: 59.9, Longitude: 10.7 },
      DistanceMeters: metres,
      DurationSeconds: seconds,
      Estimated: true,
      AppointmentId,
      JobId: AppointmentId,
      Subject,
      StartTime,
    });
    renderApp(`/planner?date=${DAY}`, (req) =>
      req.path === 'maps/RoutePlan'
        ? json(200, {
            Origin: { Latitude: 59.91, Longitude: 10.75 },
            Routes: [
              leg(1, 'Pump repair', `${DAY}T09:00:00`, 31_240, 1_740),
              leg(2, 'Boiler check', `${DAY}T11:00:00`, 12_000, 780),
            ],
          })
        : server(req),
    );
    await userEvent.click(await screen.findByTestId('planner-user-1', {}, WAIT));
    const legs = await screen.findByRole('list', { name: 'Legs of the route' }, WAIT);
    expect(
      within(legs)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Pump repair at 09:00: 31.2 km, 29 min', 'Boiler check at 11:00: 12 km, 13 min']);
    expect(screen.getByTestId('planner-map-legs').textContent).toContain(
      'Driving in all: 43.2 km, 42 min (straight-line estimate)',
    );
  });
});
