/**
 * The planner counts time as wall-clock milliseconds: a 'YYYY-MM-DDTHH:mm:ss' of the company's time zone
 * read as if it were UTC. Days are then always 24 hours long (no summer-time jumps), and the times go
 * back to the server exactly as they came.
 */
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm[:ss]' to wall-clock ms; NaN when malformed. */
export function parseWallClock(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  if (!m) return Number.NaN;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1) as string[];
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Wall-clock ms to 'YYYY-MM-DDTHH:mm:ss'. */
export function formatWallClock(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}`;
}

/** Wall-clock ms to its day, 'YYYY-MM-DD'. */
export const formatDay = (ms: number): string => formatWallClock(ms).slice(0, 10);

/** The start (midnight) of the day of a wall-clock time. */
export const startOfDay = (ms: number): number => Math.floor(ms / DAY) * DAY;

/** Day of the week with Monday 0 … Sunday 6 (the planner's week starts Monday, 000 §2). */
export const weekdayMondayFirst = (ms: number): number => (new Date(ms).getUTCDay() + 6) % 7;

/** The Monday of the week of a wall-clock time. */
export const startOfWeek = (ms: number): number => startOfDay(ms) - weekdayMondayFirst(ms) * DAY;

/** The first day of the month of a wall-clock time. */
export function startOfMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The same day `months` months on (the last day of a shorter month when the day is not in it). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(startOfDay(ms));
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const days = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)).getUTCDate();
  return first + (Math.min(d.getUTCDate(), days) - 1) * DAY;
}

/** The ISO week number of a wall-clock day (the week headers). */
export function isoWeek(ms: number): number {
  const thursday = startOfWeek(ms) + 3 * DAY;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - yearStart) / DAY / 7) + 1;
}
