/** 'hh:mm' to decimal hours (000 §5); null when malformed. */
export function parseWorkHour(value: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const hours = Number(m[1]);
  const minutes = Number(m[2]);
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours + minutes / 60;
}

/** Work-hour values are shown rounded to the nearest quarter hour. */
export const roundToQuarterHour = (hours: number): number => Math.round(hours * 4) / 4;

/** Minutes rounded to the nearest increment (default 15, 001 §5). */
export const roundMinutes = (minutes: number, increment = 15): number =>
  Math.round(minutes / increment) * increment;

/** 'hh:mm' to whole minutes since midnight (a user's own working hours, decision 097); null when malformed. */
export function workTimeMinutes(value: string): number | null {
  const hours = parseWorkHour(value);
  return hours === null ? null : Math.round(hours * 60);
}

/** Minutes since midnight as "HH:mm" (1440: "24:00"). */
export const workTimeText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A weekday's own working hours on a user (decision 100): ISO weekday 1 (Monday) … 7 (Sunday); off, or
 * start and end in minutes since midnight where set (null: the user's usual hours on that side).
 */
export interface WorkDayHours {
  weekday: number;
  off: boolean;
  start: number | null;
  end: number | null;
}

/** A user's working hours: the usual pair (decision 097) and the weekdays that differ (decision 100). */
export interface UserWorkHours {
  workStart: number | null;
  workEnd: number | null;
  workDays?: readonly WorkDayHours[] | null | undefined;
}

/**
 * A user's hours on a weekday (ISO 1–7), in minutes since midnight: the weekday's own where it has them,
 * else the user's usual hours, else the company's, side by side; null when the weekday is off. `own`
 * says whether anything of the user's own applied (else it is the company's day). Never inverted: an
 * end before the start is an empty day.
 */
export function hoursOnWeekday(
  user: UserWorkHours,
  weekday: number,
  company: { start: number; end: number },
): { start: number; end: number; own: boolean } | null {
  const day = user.workDays?.find((d) => d.weekday === weekday);
  if (day?.off) return null;
  const ownStart = day?.start ?? user.workStart;
  const ownEnd = day?.end ?? user.workEnd;
  const start = ownStart ?? company.start;
  return { start, end: Math.max(start, ownEnd ?? company.end), own: ownStart !== null || ownEnd !== null };
}

/** The ISO weekday (1 Monday … 7 Sunday) of a "yyyy-MM-dd" day. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.slice(0, 10).split('-').map(Number) as [number, number, number];
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}
