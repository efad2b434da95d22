/// <reference lib="dom" />
// npm run bench:planner: the planner's budgets of issue 12, in Chromium against the real server on a
// throwaway PostgreSQL database (BENCH_DATABASE_URL) filled with bulk SQL (planner-data.ts) to size
// L (500 technicians, 4,000 appointments in the week) and XL (2,000 and 16,000). Needs `npm run build`
// first; BENCH_PORT picks the port (default 18197). `npm run bench` includes these rows.
//
// What is timed, each in the page's own clock:
// - first paint of the day view: an in-app navigation to /portal/planner?date=<day> (the planner's code
//   loaded, the day's events not read yet) to the first frame painted after the Timeline's mark
//   'planner:events-committed' (rows with events committed); median of the week's five days;
// - DOM nodes: every element of the page, at most over all the views and steps measured;
// - scrolling and dragging: requestAnimationFrame's frames during a scripted wheel scroll and a scripted
//   drag of an event (put back where it was, so nothing is saved): median fps and the worst frame;
// - a live change: another client moves an appointment through the API; from the browser's receipt of
//   the socket message to the first frame painted with the event at its new place;
// - clustering 10,000 jobs (rules/map-clusters.ts, in Node) and 5,000 markers painted: from the
//   maps/NearbyJobs answer to the first frame painted with the markers;
// - the planner's chunks: none of them downloaded by the landing page or the job list.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { PlaceClusters } from '../apps/web/src/features/planner/rules/map-clusters.ts';
import { adminToken } from './live-events.ts';
import { fillCompany, mondayOf, PLACED_JOBS, type PlannerSize, SIZES } from './planner-data.ts';
import { admin, databaseUrl, type ServerProcess, startServer } from './process.ts';
import { type Row, verdict } from './row.ts';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const WEBGL_ARGS = [...ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const launch = (args: string[]) =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args });

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** A page that records every WebSocket message's arrival (performance.now()) in window.__wsAt. */
async function signedInPage(browser: Browser, base: string, prefs: Record<string, unknown>) {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await context.addInitScript(installWhenPainted);
  await context.addInitScript(() => {
    const w = window as unknown as { __wsAt: number[] };
    w.__wsAt = [];
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        this.addEventListener('message', () => w.__wsAt.push(performance.now()));
      }
    };
  });
  const page = await context.newPage();
  await page.goto(`${base}/portal/`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo!2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByTestId('nav-drawer').first().waitFor();
  const gotIt = page.getByRole('button', { name: 'Got it' });
  if (await gotIt.isVisible().catch(() => false)) await gotIt.click();
  await page.evaluate((p) => {
    for (const [k, v] of Object.entries(p)) localStorage.setItem(k, JSON.stringify(v));
  }, prefs);
  return page;
}

type Painted = { __whenPainted(ready: () => boolean): Promise<number> };
/** In the page: resolves with performance.now() once a frame has been painted after `ready()` holds. */
function installWhenPainted() {
  (window as unknown as Painted).__whenPainted = (ready) =>
    new Promise((resolve) => {
      const tick = () => {
        if (!ready()) return void requestAnimationFrame(tick);
        // This frame draws the change; a message posted now is handled after its paint.
        const ch = new MessageChannel();
        ch.port1.onmessage = () => resolve(performance.now());
        ch.port2.postMessage(0);
      };
      requestAnimationFrame(tick);
    });
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

/** An in-app navigation to the day view of `day`, timed to the paint of its rows with events. */
async function openDay(page: Page, day: string) {
  return page.evaluate(async (url) => {
    const whenPainted = (window as unknown as Painted).__whenPainted;
    performance.clearMarks('planner:events-committed');
    performance.clearResourceTimings();
    const t0 = performance.now();
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
    const t1 = await whenPainted(() => performance.getEntriesByName('planner:events-committed').length > 0);
    const read = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('Scheduler/DateRange')) as PerformanceResourceTiming | undefined;
    return {
      total: t1 - t0,
      readStart: read ? read.startTime - t0 : Number.NaN,
      read: read ? read.responseEnd - read.startTime : Number.NaN,
      afterRead: read ? t1 - read.responseEnd : Number.NaN,
      events: document.querySelectorAll('[data-event-key]').length,
    };
  }, `/portal/planner?date=${day}`);
}

/**
 * BENCH_PLANNER_PROFILE=<file>: one more first paint of `day` under the CPU profiler, written to
 * <file>.cpuprofile (open it in Chromium's DevTools), with the functions that took the most time of it.
 */
async function profileDay(page: Page, day: string) {
  const cdp = await page.context().newCDPSession(page);
  await leave(page);
  await page.waitForTimeout(300);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const paint = await openDay(page, day);
  const { profile } = await cdp.send('Profiler.stop');
  writeFileSync(`${process.env.BENCH_PLANNER_PROFILE}.cpuprofile`, JSON.stringify(profile));
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  profile.samples?.forEach((id, i) => {
    const n = byId.get(id);
    const f = n?.callFrame;
    const key = f ? `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}` : '?';
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0) / 1000);
  });
  console.log(`profiled first paint of ${day}: ${JSON.stringify(paint)}`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`  ${v.toFixed(1)} ms  ${k}`);
}

const leave = (page: Page) =>
  page.evaluate(() => {
    history.pushState(null, '', '/portal/dashboard/home');
    dispatchEvent(new PopStateEvent('popstate'));
  });

/** Frames (rAF deltas) while `act` runs: median fps and the worst frame. */
async function frames(page: Page, act: () => Promise<void>) {
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__frames = [];
    w.__framing = true;
    const loop = (t: number) => {
      w.__frames.push(t);
      if (w.__framing) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await act();
  const at = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return w.__frames;
  });
  const deltas = at.slice(1).map((t, i) => t - at[i]!);
  return { fps: 1000 / median(deltas), worst: Math.max(...deltas), frames: deltas.length };
}

async function scrollFrames(page: Page) {
  const box = (await page.getByTestId('planner-timeline').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  return frames(page, async () => {
    for (let i = 0; i < 90; i++) {
      await page.mouse.wheel(0, i < 60 ? 150 : -150);
      await page.waitForTimeout(16);
    }
  });
}

async function dragFrames(page: Page) {
  await page.getByTestId('planner-timeline').evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(200);
  const box = (await page.getByTestId('planner-event').nth(2).boundingBox())!;
  const x = box.x + Math.min(20, box.width / 2);
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  const result = await frames(page, async () => {
    for (let i = 1; i <= 60; i++) {
      const f = i <= 30 ? i / 30 : (60 - i) / 30;
      await page.mouse.move(x + 240 * f, y + 120 * f);
      await page.waitForTimeout(16);
    }
  });
  await page.mouse.up(); // back where it was: nothing to save
  return result;
}

/** Another client moves a shown appointment an hour and back, `rounds` times; ms from socket to paint. */
async function liveChanges(page: Page, base: string, rounds: number) {
  await page.getByTestId('planner-timeline').evaluate((el) => el.scrollTo(0, 0));
  await page.waitForTimeout(300);
  const key = (await page.locator('[data-event-key]').first().getAttribute('data-event-key'))!;
  const [eventId, userId] = key.split(':').map(Number) as [number, number];
  const token = await adminToken(base);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const api = `${base}/api2/ServiceProvider/Scheduler/Events`;
  type Ev = { id: number; startDate: string; endDate: string; rowVersion: number };
  let event = ((await (await fetch(`${api}/${eventId}`, { headers })).json()) as { events: Ev[] }).events[0]!;
  const shift = (text: string, hours: number) => {
    const d = new Date(`${text.replace(' ', 'T')}Z`);
    d.setUTCHours(d.getUTCHours() + hours);
    return d.toISOString().slice(0, 19).replace('T', ' ');
  };
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const hours = i % 2 === 0 ? 1 : -1;
    const watch = page.evaluate(async (key) => {
      const whenPainted = (window as unknown as Painted).__whenPainted;
      const el = () => document.querySelector(`[data-event-key="${key}"]`);
      const before = el()?.getBoundingClientRect().left;
      const w = window as unknown as { __wsAt: number[]; __sentAt: number };
      w.__sentAt = performance.now();
      const t1 = await whenPainted(() => {
        const left = el()?.getBoundingClientRect().left;
        return left !== undefined && left !== before;
      });
      const received = w.__wsAt.find((t) => t >= w.__sentAt);
      return received === undefined ? Number.NaN : t1 - received;
    }, key);
    await page.waitForTimeout(50);
    const res = await fetch(`${api}/ChangeTimes`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({
        id: event.id,
        startDate: shift(event.startDate, hours),
        endDate: shift(event.endDate, hours),
        resourceIds: [userId],
        rowVersion: event.rowVersion,
      }),
    });
    if (!res.ok) throw new Error(`ChangeTimes answered ${res.status}: ${await res.text()}`);
    event = ((await res.json()) as { events: Ev[] }).events[0]!;
    times.push(await watch);
    await page.waitForTimeout(300);
  }
  return times;
}

/** 10,000 jobs clustered as the map does when an answer arrives: best of five after a warm-up. */
function clustering() {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  const data = Array.from({ length: 10_000 }, (_, i) => {
    const JobStatusId = 10 + 10 * (i % 4);
    return {
      Location: { Longitude: 5 + random() * 25, Latitude: 55 + random() * 14 },
      Jobs: [{ Id: i, JobStatusId, StatusColor: '#2196f3' }],
      Count: 1,
      JobStatusId,
      StatusColor: '#2196f3',
    };
  });
  new PlaceClusters(data).markers([-180, -85, 180, 85], 5);
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    new PlaceClusters(data).markers([0, 50, 35, 72], 5);
    times.push(performance.now() - start);
  }
  return Math.min(...times);
}

/** The map shown over the 5,000 placed jobs: from the NearbyJobs answer to the markers painted. */
async function markerPaint(browser: Browser, base: string, day: string) {
  const page = await signedInPage(browser, base, {
    PlannerScope: 'QDay',
    PlannerMapShow: false,
  });
  await page.goto(`${base}/portal/planner?date=${day}`);
  await page.getByTestId('planner-timeline').waitFor();
  let jobs = 0;
  page.on('response', async (res) => {
    if (!res.url().includes('maps/NearbyJobs')) return;
    const places = (await res.json().catch(() => [])) as { Count: number }[];
    jobs = Math.max(
      jobs,
      places.reduce((n, p) => n + p.Count, 0),
    );
  });
  const toggle = page
    .getByRole('toolbar', { name: 'Planner tools' })
    .getByRole('button', { name: 'Map', exact: true });
  const timed = page.evaluate(async () => {
    const whenPainted = (window as unknown as Painted).__whenPainted;
    performance.clearResourceTimings();
    const t0 = performance.now();
    const t1 = await whenPainted(
      () =>
        performance.getEntriesByType('resource').some((e) => e.name.includes('maps/NearbyJobs')) &&
        document.querySelectorAll('[data-testid=map-cluster],[data-testid=map-place]').length > 0,
    );
    const read = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('maps/NearbyJobs')) as PerformanceResourceTiming;
    return {
      fromAnswer: t1 - read.responseEnd,
      fromClick: t1 - t0,
      markers: document.querySelectorAll('[data-testid=map-cluster],[data-testid=map-place]').length,
    };
  });
  await toggle.click();
  const result = await timed;
  await page.context().close();
  return { ...result, jobs };
}

/** JS files (by name) a fresh signed-in page downloads while `visit` runs. */
async function chunksOf(browser: Browser, base: string, visit: (page: Page) => Promise<void>) {
  const page = await signedInPage(browser, base, { PlannerScope: 'QDay', PlannerMapShow: false });
  const names = new Set<string>();
  page.on('response', (res) => {
    const url = res.url();
    if (url.endsWith('.js')) names.add(url.slice(url.lastIndexOf('/') + 1));
  });
  await visit(page);
  await page.context().close();
  return names;
}

/**
 * The planner's chunks of the build: those whose source map lists planner code (src/features/planner/,
 * but for pages.ts, the route's lazy import in the shell) and the map's library (maplibre-gl).
 */
function plannerChunkNames(): Set<string> {
  const dir = join(import.meta.dirname, '../apps/web/dist/assets');
  const names = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.js.map'))) {
    const { sources } = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { sources: string[] };
    const planner = sources.some((s) => s.includes('/features/planner/') && !s.endsWith('/planner/pages.ts'));
    if (planner || file.startsWith('maplibre-gl-')) names.add(file.slice(0, -'.map'.length));
  }
  return names;
}

async function plannerChunks(browser: Browser, base: string) {
  const own = plannerChunkNames();
  const others = await chunksOf(browser, base, async (page) => {
    for (const path of ['/portal/', '/portal/dashboard/home', '/portal/job/list/10']) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    }
  });
  const opened = await chunksOf(browser, base, async (page) => {
    await page.goto(`${base}/portal/`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: 'Planner' }).first().click();
    await page.getByTestId('planner-timeline').waitFor();
    await page.waitForLoadState('networkidle');
  });
  return {
    own: [...own],
    leaked: [...others].filter((n) => own.has(n)),
    onOpen: [...opened].filter((n) => own.has(n)),
  };
}

async function sizeRows(page: Page, base: string, size: PlannerSize, monday: string, limit: number) {
  const rows: Row[] = [];
  const days = [0, 1, 2, 3, 4].map((d) => {
    const x = new Date(`${monday}T00:00:00Z`);
    x.setUTCDate(x.getUTCDate() + d);
    return x.toISOString().slice(0, 10);
  });
  // The planner's code and the rows (resources) once, on a day of the week before (no events read).
  const warm = new Date(`${monday}T00:00:00Z`);
  warm.setUTCDate(warm.getUTCDate() - 7);
  await page.goto(`${base}/portal/planner?date=${warm.toISOString().slice(0, 10)}`);
  await page.getByTestId('planner-timeline').waitFor();
  await page.waitForLoadState('networkidle');
  const paints: Awaited<ReturnType<typeof openDay>>[] = [];
  let nodes = 0;
  for (const day of days) {
    await leave(page);
    await page.waitForTimeout(300);
    paints.push(await openDay(page, day));
    await page.waitForLoadState('networkidle');
    nodes = Math.max(nodes, await domNodes(page));
  }
  const total = median(paints.map((p) => p.total));
  if (process.env.BENCH_PLANNER_PROFILE) await profileDay(page, days[0] ?? monday);
  rows.push({
    budget: `planner day view first paint, size ${size.name} (${size.technicians.toLocaleString('en')} technicians, ${size.appointments.toLocaleString('en')} appointments a week)`,
    limit: `≤ ${limit} ms`,
    measured: `median ${ms(total)} of 5 days (worst ${ms(Math.max(...paints.map((p) => p.total)))}; the day's read sent at ${ms(median(paints.map((p) => p.readStart)))}, answered in ${ms(median(paints.map((p) => p.read)))}, from its answer to paint ${ms(median(paints.map((p) => p.afterRead)))}; ${paints[0]?.events} event boxes drawn)`,
    ok: total <= limit,
  });
  const scroll = await scrollFrames(page);
  nodes = Math.max(nodes, await domNodes(page));
  const drag = await dragFrames(page);
  nodes = Math.max(nodes, await domNodes(page));
  const fpsOk = (f: { fps: number }) => f.fps >= 59;
  rows.push({
    budget: `planner timeline scroll (wheel), size ${size.name}`,
    limit: '60 fps',
    measured: `median ${scroll.fps.toFixed(0)} fps, worst frame ${ms(scroll.worst)} (${scroll.frames} frames)`,
    ok: fpsOk(scroll),
  });
  rows.push({
    budget: `planner event drag, size ${size.name}`,
    limit: '60 fps',
    measured: `median ${drag.fps.toFixed(0)} fps, worst frame ${ms(drag.worst)} (${drag.frames} frames)`,
    ok: fpsOk(drag),
  });
  // The week view draws many more events per row: the node count must hold there too.
  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QWeek')));
  await page.goto(`${base}/portal/planner?date=${monday}`);
  await page.getByTestId('planner-event').first().waitFor();
  await page.waitForLoadState('networkidle');
  nodes = Math.max(nodes, await domNodes(page));
  await page.evaluate(() => localStorage.setItem('PlannerScope', JSON.stringify('QDay')));
  rows.push({
    budget: `planner page DOM nodes, size ${size.name} (day and week view, scrolled, dragging)`,
    limit: '≤ 2,000',
    measured: `${nodes.toLocaleString('en')} at most`,
    ok: nodes <= 2_000,
  });
  return rows;
}

export async function plannerBudgetRows(port = Number(process.env.BENCH_PORT ?? 18_197)): Promise<Row[]> {
  const rows: Row[] = [];
  const name = `fp_bench_planner_${port}_${process.pid}`;
  if (!(await admin(`create database ${name}`)))
    return [
      {
        budget: 'planner budgets',
        limit: 'see issue 12',
        measured: 'not measured: no PostgreSQL reachable (BENCH_DATABASE_URL)',
        ok: null,
      },
    ];
  const url = databaseUrl(name);
  const where = { port, dataDir: mkdtempSync(join(tmpdir(), 'fp-bench-planner-')), databaseUrl: url };
  const base = `http://127.0.0.1:${port}`;
  const today = new Date().toISOString().slice(0, 10);
  const monday = mondayOf(today);
  let server: ServerProcess | null = null;
  let browser: Browser | null = null;
  const stopServer = async () => {
    if (!server) return;
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;
  };
  try {
    // The first start migrates and seeds the demo company; the bench's rows go in with the server down.
    server = (await startServer(where)).server;
    await stopServer();
    browser = await launch(ARGS);
    // BENCH_PLANNER_SIZES=L (or XL) measures one size only, to try a change quickly.
    const only = process.env.BENCH_PLANNER_SIZES?.split(',');
    const sizes = SIZES.filter((s) => !only || only.includes(s.name));
    for (const size of sizes) {
      const t0 = performance.now();
      const filled = await fillCompany(url, size, monday, size.name === 'L');
      console.log(
        `  size ${size.name}: ${filled.techs} bookable users, ${filled.appts} appointments in the week of ${monday} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      server = (await startServer(where)).server;
      const page = await signedInPage(browser, base, {
        PlannerScope: 'QDay',
        PlannerMapShow: false,
        LimitToWorkHours: true,
      });
      rows.push(...(await sizeRows(page, base, size, monday, size.name === 'L' ? 120 : 200)));
      if (size.name === 'XL') {
        await page.goto(`${base}/portal/planner?date=${monday}`);
        await page.getByTestId('planner-event').first().waitFor();
        await page.waitForLoadState('networkidle');
        const live = await liveChanges(page, base, 8);
        const m = median(live);
        rows.push({
          budget: 'planner live change painted, size XL (another client moves an appointment)',
          limit: '≤ 40 ms',
          measured: `median ${ms(m)}, worst ${ms(Math.max(...live))} of ${live.length}, from the socket message to the frame`,
          ok: m <= 40,
        });
        const chunks = await plannerChunks(browser, base);
        rows.push({
          budget: "planner's code loads only when the planner opens",
          limit: '0 planner chunks elsewhere',
          measured: `${chunks.leaked.length} of the planner's ${chunks.own.length} chunks downloaded by the landing page, home and job list${chunks.leaked.length ? ` (${chunks.leaked.join(', ')})` : ''}; opening the planner downloads ${chunks.onOpen.join(', ')}`,
          ok: chunks.onOpen.some((n) => n.startsWith('PlannerPage-')) && chunks.leaked.length === 0,
        });
      }
      await page.context().close();
      if (size !== sizes.at(-1)) await stopServer();
    }
    // The map is measured on the last size's server (still running; XL in a full run).
    if (!server) return rows;
    const cluster = clustering();
    rows.push({
      budget: 'map: 10,000 jobs clustered',
      limit: '≤ 15 ms',
      measured: `${cluster.toFixed(1)} ms (best of 5, in Node)`,
      ok: cluster <= 15,
    });
    await browser.close();
    browser = await launch(WEBGL_ARGS);
    const markers = await markerPaint(browser, base, monday);
    rows.push({
      budget: `map: ${PLACED_JOBS.toLocaleString('en')} markers painted (map panel shown)`,
      limit: '≤ 300 ms',
      measured: `${ms(markers.fromAnswer)} from the NearbyJobs answer (${markers.jobs.toLocaleString('en')} jobs, ${markers.markers} markers and clusters; ${ms(markers.fromClick)} from the Map click, map code loading included)`,
      ok: markers.fromAnswer <= 300 && markers.jobs >= PLACED_JOBS,
    });
  } finally {
    await browser?.close();
    await stopServer();
    await admin(`drop database if exists ${name} with (force)`);
  }
  return rows;
}

if (import.meta.main) {
  const rows = await plannerBudgetRows();
  // Timings on a busy machine run long: the load says how busy it was.
  console.log(
    `\nload average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
  );
  console.log('Budget | limit | measured | result');
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${verdict(r)}`);
  process.exitCode = rows.some((r) => r.ok === false) ? 1 : 0;
}
