/**
 * Dispatch suggestions (issue 12, AutoDispatch, decision 039) as pure rules: a user's day as booked
 * stretches of minutes, the travel from the stop before a time to a job, the ranking of free users and
 * the greedy day plan. Times are minutes since midnight of the chosen day (company wall clock).
 */

export interface Point {
  latitude: number;
  longitude: number;
}

/** A booked stretch of a user's day; `at` is where it happens when known. */
export interface Stop {
  start: number;
  end: number;
  at: Point | null;
  name: string;
}

/** A free user to rank: their stops that day. */
export interface Candidate<U> {
  user: U;
  name: string;
  stops: Stop[];
}

/** Why a user ranks where they do: the leg before the job and the load that day. */
export interface Ranking<U> {
  user: U;
  rank: number;
  travelKm: number | null;
  /** The previous stop's name, or null for the main office. */
  from: string | null;
  loadMinutes: number;
}

const EARTH_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function kmBetween(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes booked that day (overlapping stretches counted once each: a person does one thing at a time). */
const loadOf = (stops: Stop[]) => stops.reduce((sum, s) => sum + Math.max(0, s.end - s.start), 0);

/**
 * The leg to a job starting at `start`: from the last placed stop that ends by then, else from the
 * main office; null km when the job, or every place before it, is unknown.
 */
export function legTo(
  stops: Stop[],
  start: number,
  job: Point | null,
  office: Point | null,
): { km: number | null; from: string | null } {
  const before = stops.filter((s) => s.end <= start && s.at).sort((a, b) => b.end - a.end)[0];
  const origin = before?.at ?? office;
  if (!job || !origin) return { km: null, from: before?.name ?? null };
  return { km: Math.round(kmBetween(origin, job) * 10) / 10, from: before?.name ?? null };
}

/**
 * Free users ranked for a job starting at `start`: shortest known travel first (unknown travel last),
 * then the lighter day, then by name. Rank 1 is the best.
 */
export function rankCandidates<U>(
  candidates: Candidate<U>[],
  start: number,
  job: Point | null,
  office: Point | null,
): Ranking<U>[] {
  return candidates
    .map((c) => {
      const leg = legTo(c.stops, start, job, office);
      return { c, travelKm: leg.km, from: leg.from, loadMinutes: loadOf(c.stops) };
    })
    .sort(
      (a, b) =>
        (a.travelKm ?? Number.POSITIVE_INFINITY) - (b.travelKm ?? Number.POSITIVE_INFINITY) ||
        a.loadMinutes - b.loadMinutes ||
        a.c.name.localeCompare(b.c.name),
    )
    .map((r, i) => ({
      user: r.c.user,
      rank: i + 1,
      travelKm: r.travelKm,
      from: r.from,
      loadMinutes: r.loadMinutes,
    }));
}

/** The earliest start in [dayStart, dayEnd) at or after `from`, on the quarter hour, where `minutes` fit between the stops. */
export function earliestGap(
  stops: Stop[],
  minutes: number,
  window: { start: number; end: number },
): number | null {
  const quarter = (m: number) => Math.ceil(m / 15) * 15;
  let at = quarter(window.start);
  for (const s of [...stops].sort((a, b) => a.start - b.start)) {
    if (s.end <= at) continue;
    if (s.start >= at + minutes) break;
    at = quarter(s.end);
  }
  return at + minutes <= window.end ? at : null;
}

/** An unplanned job to place: its length and place; `departmentId` keeps it to that department's users when it has any. */
export interface PlanJob<J> {
  job: J;
  minutes: number;
  at: Point | null;
  departmentId: number | null;
}

export interface PlanUser<U> extends Candidate<U> {
  departmentId: number | null;
}

export interface Placement<J, U> {
  job: J;
  user: U;
  start: number;
  end: number;
  travelKm: number | null;
  from: string | null;
  loadMinutes: number;
}

/**
 * A day plan, greedily in the jobs' order: each job goes to the user who has room for it within the
 * work hours (around their stops and what the plan gave them already) and ranks best there (travel from
 * the stop before, then load, then the earlier start); a job of a department goes to that department's
 * users when it has any. Jobs nobody has room for are left out.
 */
export function proposePlan<J, U>(
  jobs: PlanJob<J>[],
  users: PlanUser<U>[],
  window: { start: number; end: number },
  office: Point | null,
  jobName: (job: J) => string,
): { placed: Placement<J, U>[]; unplaced: J[] } {
  const days = users.map((u) => ({ ...u, stops: [...u.stops] }));
  const placed: Placement<J, U>[] = [];
  const unplaced: J[] = [];
  for (const job of jobs) {
    const own = days.filter((u) => job.departmentId !== null && u.departmentId === job.departmentId);
    const pool = own.length ? own : days;
    const options = pool.flatMap((u) => {
      const start = earliestGap(u.stops, job.minutes, window);
      if (start === null) return [];
      const leg = legTo(u.stops, start, job.at, office);
      return [{ u, start, leg, load: loadOf(u.stops) }];
    });
    options.sort(
      (a, b) =>
        (a.leg.km ?? Number.POSITIVE_INFINITY) - (b.leg.km ?? Number.POSITIVE_INFINITY) ||
        a.load - b.load ||
        a.start - b.start ||
        a.u.name.localeCompare(b.u.name),
    );
    const best = options[0];
    if (!best) {
      unplaced.push(job.job);
      continue;
    }
    placed.push({
      job: job.job,
      user: best.u.user,
      start: best.start,
      end: best.start + job.minutes,
      travelKm: best.leg.km,
      from: best.leg.from,
      loadMinutes: best.load,
    });
    best.u.stops.push({
      start: best.start,
      end: best.start + job.minutes,
      at: job.at,
      name: jobName(job.job),
    });
  }
  return { placed, unplaced };
}
