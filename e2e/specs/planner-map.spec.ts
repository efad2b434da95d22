import { expect, test } from '@playwright/test';
import {
  pmtilesArchive,
  solidPng,
} from '../../apps/web/src/features/planner/components/map/pmtiles-archive.ts';
import { SATELLITE } from '../playwright.config.ts';
import { seriousViolations, signIn, tokenOf } from './support.ts';

/**
 * The planner's map (issue 12) with no internet: every request to anything but the app is refused, yet
 * the map draws its built-in base, the demo's jobs as clusters with counts, and a technician's day route
 * with numbered stops after a click on the technician's name.
 */

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

test('the map shows clustered jobs and a technician’s route without the internet', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const origin = new URL(baseURL!).origin;
  const outside: string[] = [];
  await page.route('**', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    outside.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  await signIn(page, 'admin@demo.test');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };

  // A technician with a day of stops in the demo's week: the first (user, day) whose route has legs.
  const people = (await (
    await request.get(`${origin}/api2/ServiceProvider/Scheduler/Resources`, { headers })
  ).json()) as { id: number; name: string }[];
  const today = new Date();
  const from = new Date(today.getTime() - 3 * 86_400_000);
  const to = new Date(today.getTime() + 3 * 86_400_000);
  const range = (await (
    await request.get(`${origin}/api2/ServiceProvider/Scheduler/DateRange`, {
      headers,
      params: { date1: dayOf(from), date2: dayOf(to) },
    })
  ).json()) as {
    events: { id: number; jobId: number | null; startDate: string }[];
    assignments: { eventId: number; resourceId: number }[];
  };
  const candidates: { user: { id: number; name: string }; day: string }[] = [];
  for (const user of people.slice(0, 8)) {
    const mine = new Set(range.assignments.filter((a) => a.resourceId === user.id).map((a) => a.eventId));
    const days = new Set(
      range.events.filter((e) => mine.has(e.id) && e.jobId !== null).map((e) => e.startDate.slice(0, 10)),
    );
    for (const day of days) candidates.push({ user, day });
  }
  let chosen: { user: { id: number; name: string }; day: string; stops: number } | undefined;
  for (const c of candidates) {
    const plan = await request.get(`${origin}/api2/ServiceProvider/maps/RoutePlan`, {
      headers,
      params: { userId: c.user.id, date: c.day },
    });
    expect(plan.ok(), await plan.text()).toBe(true);
    const stops = ((await plan.json()) as { Routes: unknown[] }).Routes.length;
    if (stops > 0) {
      chosen = { ...c, stops };
      break;
    }
  }
  expect(chosen, 'a demo technician with a routed day').toBeDefined();
  const { user, day, stops } = chosen!;

  await page.evaluate(() => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    localStorage.setItem('LimitToWorkHours', JSON.stringify(false));
    localStorage.removeItem('PlannerMapShow');
  });
  await page.goto(`./planner?date=${day}`);
  const mapToggle = page
    .getByRole('toolbar', { name: 'Planner tools' })
    .getByRole('button', { name: 'Map', exact: true });
  await expect(mapToggle).toHaveAttribute('aria-pressed', 'false');
  await mapToggle.click();
  await expect(mapToggle).toHaveAttribute('aria-pressed', 'true');

  // The base is drawn (a canvas) and the demo's jobs show as markers, clusters with their counts.
  const map = page.getByTestId('planner-map-panel');
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  // Zoomed out over the Nordic towns, the places gather into clusters that count their jobs.
  const zoomOut = map.getByRole('button', { name: 'Zoom out' });
  // One level at a time, each once the scale has followed the last: a click while the last zoom is still
  // animating starts from where it had got to, and software WebGL draws few frames a second.
  const scale = map.locator('.maplibregl-ctrl-scale');
  for (let i = 0; i < 8; i++) {
    const before = (await scale.textContent()) ?? '';
    await zoomOut.click();
    await expect(scale).not.toHaveText(before);
  }
  const clusters = map.getByTestId('map-cluster');
  await expect(clusters.first()).toBeVisible({ timeout: 20_000 });
  await expect(clusters.first()).toHaveText(/^([2-9]|9\+)$/);
  await expect(clusters.first()).toHaveAccessibleName(/^([2-9]|9\+): \d+ jobs here: zoom in$/);
  await expect(map.getByTestId('map-office')).toHaveCount(1);

  // Enter on a cluster zooms in to where it splits (the split zoom is unit-tested in map-rules.test.ts):
  // the cluster's button goes with the zoom, and the keyboard stays on the map, on the marker nearest
  // it. (Other specs change jobs meanwhile, so the markers may be drawn anew: their counts are not
  // compared here.)
  const cluster = clusters.first();
  await cluster.focus();
  await page.keyboard.press('Enter');
  await expect(map.locator('.fp-marker:focus')).toHaveCount(1, { timeout: 10_000 });

  // A click on the technician's name draws the day's route: the origin flag and numbered stops.
  await page.getByTestId(`planner-user-${user.id}`).click();
  await expect(page.getByTestId('planner-map-route')).toContainText(user.name);
  const stopMarkers = map.getByTestId('map-stop');
  await expect(stopMarkers).toHaveCount(stops, { timeout: 20_000 });
  await expect(stopMarkers.first()).toHaveText('1');
  await expect(stopMarkers.first()).toHaveAccessibleName(/^Stop 1: /);
  await expect(map.getByTestId('map-origin')).toHaveCount(1);
  await expect(page.getByTestId('planner-map-route-loading')).toHaveCount(0);

  // The split is moved with the keyboard and kept.
  const separator = page.getByRole('separator', { name: 'Resize the map' });
  await expect(separator).toHaveAttribute('aria-valuenow', '66');
  await separator.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', '64');
  expect(await page.evaluate(() => localStorage.getItem('PlannerMapWidth'))).toBe('64');

  // Satellite draws MAP_SATELLITE_STYLE_URL, a PMTiles file of raster tiles (the e2e server's is served
  // here, with range requests): its header is read, then the Nordic tile of zoom 1.
  const archive = pmtilesArchive(
    { tileType: 2, minZoom: 0, maxZoom: 1, bounds: [-180, -85, 180, 85], center: [10.75, 59.91, 1] },
    [
      { z: 0, x: 0, y: 0, data: solidPng([10, 60, 110], 8) },
      { z: 1, x: 1, y: 0, data: solidPng([40, 90, 40], 8) },
    ],
  );
  const tileDataAt = new DataView(archive.buffer).getUint32(56, true);
  const reads: number[] = [];
  await page.route(`${new URL(SATELLITE).origin}/**`, (route) => {
    const [, from = '0', to = '0'] = /bytes=(\d+)-(\d+)/.exec(route.request().headers().range ?? '') ?? [];
    const end = Math.min(Number(to), archive.length - 1);
    reads.push(Number(from));
    return route.fulfill({
      status: 206,
      headers: {
        'content-range': `bytes ${from}-${end}/${archive.length}`,
        'access-control-allow-origin': '*',
        'access-control-expose-headers': 'content-range, etag',
      },
      body: Buffer.from(archive.subarray(Number(from), end + 1)),
    });
  });
  const satellite = map.getByRole('button', { name: 'Satellite', exact: true });
  await satellite.click();
  await expect(satellite).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => reads.some((at) => at >= tileDataAt), { timeout: 20_000 }).toBe(true);
  expect(reads[0]).toBe(0);
  await expect(page.getByText('The map cannot be drawn in this browser.')).toHaveCount(0);
  await expect(map.locator('canvas.maplibregl-canvas')).toBeVisible();
  await map.getByRole('button', { name: 'Map', exact: true }).click();

  // The panel, its markers and the separator pass axe-core.
  expect(await seriousViolations(page, '[data-testid="planner-map-panel"]')).toEqual([]);
  expect(outside.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
});
