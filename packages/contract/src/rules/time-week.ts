/**
 * The week time report's rules (decision 046): weeks start on Monday (spec README), hours are summed
 * in thousandths so three-decimal hours add up exactly, and a day holds at most 24 hours.
 */

/** At most this many hours a user can report on one day. */
export const MAX_HOURS_PER_DAY = 24;

const DAY_MS = 86_400_000;
const utc = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday of the week a day (YYYY-MM-DD…) falls in. */
export function weekStartOf(date: string): string {
  const ms = utc(date);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return iso(ms - weekday * DAY_MS);
}

/** A day `n` days after `date`. */
export const dayPlus = (date: string, n: number): string => iso(utc(date) + n * DAY_MS);

/** The seven days of the week starting on `monday`. */
export const weekDays = (monday: string): string[] => Array.from({ length: 7 }, (_, i) => dayPlus(monday, i));

/** The index of a day in its week: Monday 0 … Sunday 6. */
export const weekdayIndex = (date: string): number => (new Date(utc(date)).getUTCDay() + 6) % 7;

/** Hours in thousandths: sums of three-decimal hours stay exact as whole numbers. */
export const toThousandths = (hours: number | string): number => Math.round(Number(hours) * 1000);

/** The exact sum of hours. */
export const sumHours = (hours: readonly (number | string)[]): number =>
  hours.reduce<number>((s, h) => s + toThousandths(h), 0) / 1000;

/** Whether a day's hours, with `adding` more, stay within 24. */
export const fitsInDay = (dayHours: number | string, adding: number | string): boolean =>
  toThousandths(dayHours) + toThousandths(adding) <= MAX_HOURS_PER_DAY * 1000;

/** The ISO week number of a day (the week with the year's first Thursday is week 1). */
export function isoWeek(date: string): number {
  const ms = utc(date);
  const thursday = ms + (3 - weekdayIndex(date)) * DAY_MS;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return Math.floor((thursday - yearStart) / DAY_MS / 7) + 1;
}
