/**
 * Dispatch (issue 12 and 30, decisions 039 and 063) as pure rules: what a job takes, how its priority
 * weighs, which appointments an optimised day may move, the plan's places and the solver's travel matrix,
 * and a technician's hours widened to reach their fixed stops. Times are minutes since midnight of the
 * plan's first day (the company's wall clock).
 */
import { JOB_STATUS } from '@fieldport/contract';
import type { FixedStop, TravelMatrix } from '@fieldport/dispatch';

export const DAY_MINUTES = 24 * 60;
/** A job without an estimate takes 2 hours (000 §9, the drop duration). */
const DEFAULT_MINUTES = 120;

export interface Point {
  latitude: number;
  longitude: number;
}

/** A job's estimate in whole quarter hours (at least one); 2 hours when unknown. */
export function minutesOf(estimate: string | null): number {
  const hours = estimate === null ? Number.NaN : Number(estimate);
  return hours > 0 ? Math.max(15, Math.ceil((hours * 60) / 15) * 15) : DEFAULT_MINUTES;
}

/**
 * The solver's priority of a job from its priority's DueAfterHours: the sooner due, the higher (one job
 * of a higher priority outweighs any number of lower ones); a job without a priority is the lowest.
 */
export const priorityOf = (dueAfterHours: number | null): number =>
  dueAfterHours === null ? 0 : 10_000 - dueAfterHours;

export type FixedReason = 'absence' | 'started' | 'shared' | 'outside';

/**
 * Why an appointment stays where it is when its technician's day is optimised, or null when it may move:
 * an absence; a job started, completed or locked (status from in progress, 30, on); an appointment others
 * take part in too; one that runs past the day.
 */
export function fixedBecause(
  stop: {
    jobId: number | null;
    jobStatusId: number | null;
    participants: number;
    start: number;
    end: number;
  },
  day: { start: number; end: number },
): FixedReason | null {
  if (stop.jobId === null) return 'absence';
  if ((stop.jobStatusId ?? JOB_STATUS.InProgress) >= JOB_STATUS.InProgress) return 'started';
  if (stop.participants > 1) return 'shared';
  if (stop.start < day.start || stop.end > day.end) return 'outside';
  return null;
}

/**
 * The places of a plan, each point once (to about a metre). `nowhere` is the place of a technician with
 * neither a home nor a main office: it travels nothing to and from every other place.
 */
export class Places {
  readonly points: Point[] = [];
  private readonly byKey = new Map<string, number>();
  private nowhereAt = -1;

  of(p: Point | null): number | null {
    if (!p) return null;
    const key = `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;
    let i = this.byKey.get(key);
    if (i === undefined) {
      i = this.points.length;
      this.points.push(p);
      this.byKey.set(key, i);
    }
    return i;
  }

  nowhere(): number {
    if (this.nowhereAt < 0) {
      this.nowhereAt = this.points.length;
      this.points.push({ latitude: 0, longitude: 0 });
    }
    return this.nowhereAt;
  }

  get nowhereIndex(): number | null {
    return this.nowhereAt < 0 ? null : this.nowhereAt;
  }
}

/**
 * The solver's travel from a table in seconds and metres: durations in whole minutes rounded up (so every
 * start the plan gives is a whole minute and includes all of the drive), distances in km; the nowhere
 * place travels nothing.
 */
export function travelMatrix(
  table: { size: number; durationSeconds: Float64Array; distanceMeters: Float64Array },
  nowhere: number | null,
): TravelMatrix {
  const { size } = table;
  const duration = new Float64Array(size * size);
  const distance = new Float64Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      if (a === b || a === nowhere || b === nowhere) continue;
      const i = a * size + b;
      duration[i] = Math.ceil(table.durationSeconds[i]! / 60 - 1e-9);
      distance[i] = table.distanceMeters[i]! / 1000;
    }
  }
  return { size, duration, distance };
}

/**
 * A technician's day: the work hours, widened where a fixed stop lies outside them, by the drive from the
 * start place before it and back to the end place after it (so the day is never broken by what is already
 * booked).
 */
export function dayHours(
  work: { start: number; end: number },
  fixed: readonly FixedStop[],
  travel: TravelMatrix | ((from: number, to: number) => number),
  from: number,
  to: number,
): { earliest: number; latest: number } {
  const leg =
    typeof travel === 'function' ? travel : (a: number, b: number) => travel.duration[a * travel.size + b]!;
  let earliest = work.start;
  let latest = work.end;
  for (const f of fixed) {
    earliest = Math.min(earliest, f.start - leg(from, f.place));
    latest = Math.max(latest, f.start + f.duration + leg(f.place, to));
  }
  return { earliest, latest };
}

/** The driving a stop at `place` between `before` and `after` adds: minutes and km. */
export function detour(
  travel: TravelMatrix,
  before: number,
  place: number,
  after: number,
): { minutes: number; km: number } {
  const n = travel.size;
  return {
    minutes:
      travel.duration[before * n + place]! +
      travel.duration[place * n + after]! -
      travel.duration[before * n + after]!,
    km:
      travel.distance[before * n + place]! +
      travel.distance[place * n + after]! -
      travel.distance[before * n + after]!,
  };
}

/** Km to one decimal. */
export const km1 = (km: number) => Math.round(km * 10) / 10;
