// npm run bench:dispatch-xl: a week proposal for the XL company (issue 30: 2,000 technicians, 4,000
// unplanned jobs, within 60 s) through the same large-plan solver the server's background task runs
// (`solveRegions`, decision 066), on a generated company spread over southern Norway: each technician a
// home, a week of 5 working days of 08:00–16:00 with two fixed appointments a day, some skills and one
// of 8 departments; jobs of 1–3 hours, a third with a window, a tenth with a deadline, some needing a
// skill. The travel is the server's default estimate (straight line × 1.3 at 60 km/h, whole minutes up).
// Every technician's day is checked by the solver's own checker (`checkPlan`) over that day's places,
// and every job must be placed once or reported unplaced. DISPATCH_XL_LIMIT_MS sets the solver's time
// (default the server's 40,000 ms).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkPlan,
  type FixedStop,
  haversineKm,
  type Job,
  type LatLon,
  matrixFrom,
  solveRegions,
  type Technician,
} from '@fieldport/dispatch';
import type { Row } from './row.ts';

const BUDGET_MS = 60_000;
const DAY = 24 * 60;

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generated XL week: 2,000 technicians × 5 days, 4,000 jobs, places as points. */
export function xlWeek(users = 2000, jobCount = 4000, days = 5) {
  const r = rng(30);
  const points: LatLon[] = [];
  // Towns: most work is near a few dozen towns, as in a real company.
  const towns = Array.from({ length: 40 }, () => ({ lat: 58.2 + r() * 5, lon: 5.5 + r() * 6 }));
  const town = () => towns[Math.floor(r() * towns.length)]!;
  const near = (spread: number, t = town()): LatLon => ({
    lat: t.lat + (r() - 0.5) * spread,
    lon: t.lon + (r() - 0.5) * spread * 2,
  });
  const place = (p: LatLon) => points.push(p) - 1;
  const SKILLS = ['gas', 'electric', 'cooling', 'lift'];
  const technicians: Technician[] = [];
  for (let u = 0; u < users; u++) {
    const homeTown = town();
    const home = place(near(0.6, homeTown));
    const department = String(u % 8);
    const skills = SKILLS.filter(() => r() < 0.3);
    for (let d = 0; d < days; d++) {
      const fixed: FixedStop[] = [];
      for (const at of [9 * 60, 13 * 60])
        if (r() < 0.8)
          fixed.push({
            id: `a${u}:${d}:${at}`,
            place: place(near(0.4, homeTown)),
            start: d * DAY + at + Math.floor(r() * 4) * 15,
            duration: 60,
          });
      technicians.push({
        id: `${u}:${d}`,
        start: home,
        end: home,
        earliest: d * DAY + 7 * 60,
        latest: d * DAY + 17 * 60,
        department,
        skills,
        fixed,
      });
    }
  }
  const jobs: Job[] = [];
  for (let j = 0; j < jobCount; j++) {
    const duration = 60 + Math.floor(r() * 9) * 15;
    const d = Math.floor(r() * days);
    const w = r();
    jobs.push({
      id: String(j),
      place: place(near(0.8)),
      duration,
      windows: w < 0.33 ? [{ start: d * DAY + 8 * 60, end: d * DAY + 12 * 60 }] : [],
      deadline: w > 0.9 ? d * DAY + 16 * 60 : null,
      departments: r() < 0.7 ? [String(j % 8)] : [],
      skills: r() < 0.25 ? [SKILLS[Math.floor(r() * SKILLS.length)]!] : [],
      priority: Math.floor(r() * 3),
    });
  }
  return { technicians, jobs, points };
}

/** The server's default travel between places: straight line × 1.3 at 60 km/h, minutes rounded up. */
const travelOf = (points: readonly LatLon[]) => (places: readonly number[]) =>
  matrixFrom(places.length, (a, b) => {
    const km = haversineKm(points[places[a]!]!, points[places[b]!]!) * 1.3;
    return { distance: km, duration: Math.ceil((km / 60) * 60 - 1e-9) };
  });

export async function dispatchXlRows(log: (line: string) => void = console.log): Promise<Row[]> {
  const limit = Number(process.env.DISPATCH_XL_LIMIT_MS ?? 40_000);
  const { technicians, jobs, points } = xlWeek();
  const travel = travelOf(points);
  const started = performance.now();
  const plan = await solveRegions({ technicians, jobs, points, travel }, { timeLimitMs: limit, seed: 1 });
  const ms = performance.now() - started;
  // Checked day by day with the solver's checker, over each day's own places; then every job once.
  const errors: string[] = [];
  const techs = new Map(technicians.map((t) => [t.id, t]));
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const seen = new Map<string, number>();
  for (const u of plan.unplaced) seen.set(u.id, (seen.get(u.id) ?? 0) + 1);
  for (const route of plan.routes) {
    const t = techs.get(route.technician)!;
    const mine = route.stops.filter((s) => s.kind === 'job').map((s) => byId.get(s.id)!);
    for (const j of mine) seen.set(j.id, (seen.get(j.id) ?? 0) + 1);
    const places = [
      ...new Set([t.start, t.end, ...(t.fixed ?? []).map((f) => f.place), ...mine.map((j) => j.place!)]),
    ];
    const at = new Map(places.map((p, i) => [p, i]));
    const local = (p: number) => at.get(p)!;
    const problem = {
      technicians: [
        {
          ...t,
          start: local(t.start),
          end: local(t.end),
          fixed: (t.fixed ?? []).map((f) => ({ ...f, place: local(f.place) })),
        },
      ],
      jobs: mine.map((j) => ({ ...j, place: local(j.place!) })),
      travel: travel(places),
    };
    const solution = {
      ...plan,
      unplaced: [],
      routes: [{ ...route, stops: route.stops.map((s) => ({ ...s, place: local(s.place) })) }],
    };
    for (const v of checkPlan(problem, solution))
      errors.push(`${v.technician ?? ''} ${v.id ?? ''} ${v.problem}`);
  }
  for (const j of jobs) if (seen.get(j.id) !== 1) errors.push(`${j.id} placed ${seen.get(j.id) ?? 0} times`);
  const placed = jobs.length - plan.unplaced.length;
  const reasons = new Map<string, number>();
  for (const u of plan.unplaced) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  log(
    `XL week: ${technicians.length / 5} technicians × 5 days, ${jobs.length} jobs, ${plan.regions} regions: ` +
      `${placed} placed, ${plan.unplaced.length} unplaced (${[...reasons].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}), ` +
      `${Math.round(plan.travelDistance)} km, ${(ms / 1000).toFixed(1)} s, check ${errors.length === 0 ? 'ok' : errors.slice(0, 3).join('; ')}`,
  );
  return [
    {
      budget: 'XL week proposal (2,000 technicians, 4,000 jobs): time',
      limit: `≤ ${BUDGET_MS / 1000} s`,
      measured: `${(ms / 1000).toFixed(1)} s (${plan.regions} regions, ${placed} placed)`,
      ok: ms <= BUDGET_MS,
    },
    {
      budget: 'XL week proposal: every day passes the checker, every job once',
      limit: '0 faults',
      measured: `${errors.length} faults`,
      ok: errors.length === 0,
    },
  ];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const rows = await dispatchXlRows();
  console.log('\nBudget | limit | measured | result');
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
}
