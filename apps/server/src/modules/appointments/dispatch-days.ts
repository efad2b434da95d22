import { hoursOnWeekday, isoWeekday, workTimeText } from '@fieldport/contract';
import type { Point } from './dispatch.policy.ts';
import { DAY_MINUTES } from './dispatch.policy.ts';
import type * as plans from './dispatch.repository.ts';

/* A plan's days as wall-clock texts and minutes since a day's midnight (the solver's time axis). */

const MINUTE = 60_000;

export const asUtc = (text: string) => Date.parse(`${text.replace(' ', 'T').slice(0, 19)}Z`);
export const addDays = (day: string, n: number) =>
  new Date(asUtc(`${day} 00:00:00`) + n * DAY_MINUTES * MINUTE).toISOString().slice(0, 10);
/** The end of a day as a wall-clock text: the next midnight, or the day's last second in the year 9999. */
export const endOf = (day: string) => {
  const next = addDays(day, 1);
  return /^\d{4}-/.test(next) ? `${next} 00:00:00` : `${day} 23:59:59`;
};
/** Minutes since `day`'s midnight of a wall-clock text. */
export const minutesIn = (day: string, text: string) =>
  Math.round((asUtc(text) - asUtc(`${day} 00:00:00`)) / MINUTE);
export const wallClock = (day: string, minutes: number) =>
  new Date(asUtc(`${day} 00:00:00`) + Math.round(minutes) * MINUTE).toISOString().slice(0, 19);
export const hhmm = (day: string, minutes: number) => wallClock(day, minutes).slice(11, 16);
export const placeOf = (r: { latitude: number | null; longitude: number | null }): Point | null =>
  r.latitude === null || r.longitude === null ? null : { latitude: r.latitude, longitude: r.longitude };
export const hoursText = (load: number) => (Math.round((load / 60) * 4) / 4).toString();

export type PlanUser = Awaited<ReturnType<typeof plans.planUsers>>[number];
/** A technician's day in a plan: the solver's technician index is its index in the plan's list. */
export type Vehicle = { user: PlanUser; day: number; start: number; end: number };

/**
 * A user's working hours on day d of a plan starting on `first`, in minutes since that day's midnight:
 * the weekday's own (decision 100), else their usual own (decision 097), else the company's, side by side;
 * an off weekday is an empty day at the company's start (only fixed stops).
 */
export function userHours(u: PlanUser, first: string, d: number, work: { start: number; end: number }) {
  const hours = hoursOnWeekday(u, isoWeekday(addDays(first, d)), work);
  return hours ? { ...hours, off: false } : { start: work.start, end: work.start, own: true, off: true };
}

/** The hours as the suggestions' reason shows them: "07:00–12:00", or null on an off weekday. */
export const hoursTexts = (h: { start: number; end: number; off: boolean }) =>
  h.off ? null : { start: workTimeText(h.start), end: workTimeText(h.end) };
