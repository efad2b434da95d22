import { DAY, HOUR, MINUTE } from './wall-clock.ts';

/** The appointment dialog's start moves in steps of 5 minutes (000 §4). */
export const START_STEP = 5 * MINUTE;

/** A new appointment starts at the next full hour after now (wall-clock ms). */
export const nextFullHour = (now: number): number => Math.floor(now / HOUR) * HOUR + HOUR;

/** A new appointment lasts the job's estimate in hours, else 1 hour (000 §4). */
export function defaultDuration(estimateHours: number | null | undefined): number {
  return estimateHours && estimateHours > 0 ? Math.round(estimateHours * HOUR) : HOUR;
}

/** A start on the 5-minute grid (the nearest step). */
export const snapStart = (ms: number): number => Math.round(ms / START_STEP) * START_STEP;

/** A time of day as typed ("10:07") on the 5-minute grid ("10:05"); not a time: as it was. */
export function snapClock(value: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!m) return value;
  const minutes = Math.min(24 * 60 - START_STEP / MINUTE, Number(m[1]) * 60 + Number(m[2]));
  const snapped = (Math.round((minutes * MINUTE) / START_STEP) * START_STEP) / MINUTE;
  const clamped = Math.min(snapped, 24 * 60 - START_STEP / MINUTE);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

/** The times of a new appointment: at the next full hour for the estimate, or as asked for. */
export function newTimes(
  now: number,
  estimateHours: number | null | undefined,
  asked?: { start?: number; end?: number },
) {
  const start =
    asked?.start !== undefined && !Number.isNaN(asked.start) ? snapStart(asked.start) : nextFullHour(now);
  const askedEnd = asked?.end;
  const end =
    askedEnd !== undefined && !Number.isNaN(askedEnd) && askedEnd > start
      ? askedEnd
      : start + defaultDuration(estimateHours);
  return { start, end };
}

/** Moving the start keeps the duration: the end moves with it (000 §4). */
export function moveStart(times: { start: number; end: number }, start: number) {
  const snapped = snapStart(start);
  return { start: snapped, end: snapped + Math.max(0, times.end - times.start) };
}

/** An end at or before the start is read as the next day's (000 §4): a night shift past midnight. */
export function settleEnd(start: number, end: number): number {
  let next = end;
  while (next <= start) next += DAY;
  return next;
}
