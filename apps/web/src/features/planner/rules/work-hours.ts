import { parseWorkHour } from '@fieldport/contract';

/**
 * 000 §9: when limited, the day runs from work start to work end plus one hour, Monday to Friday; 8:00
 * to 20:00 when the company has no (valid) work hours.
 */
const DEFAULT_WORK_START = 8;
const DEFAULT_WORK_END = 20;
const WORK_DAYS_PER_WEEK = 5;

/** The hours of a day the timeline shows: [start, end) in hours from midnight. */
export interface DayWindow {
  startHour: number;
  endHour: number;
}

/**
 * The day window: the whole day, or (limited) the company's work start to its work end plus one hour,
 * 8:00 to 20:00 when the settings do not say (or say nonsense). Starts are floored and ends ceiled to
 * whole hours, so the hour headers stay whole.
 */
export function dayWindow(limit: boolean, workStart?: string, workEnd?: string): DayWindow {
  if (!limit) return { startHour: 0, endHour: 24 };
  const start = workStart ? parseWorkHour(workStart) : null;
  const end = workEnd ? parseWorkHour(workEnd) : null;
  if (start === null || end === null || end <= start) {
    return { startHour: DEFAULT_WORK_START, endHour: DEFAULT_WORK_END };
  }
  return { startHour: Math.floor(start), endHour: Math.min(24, Math.ceil(end) + 1) };
}

/** Whether a day (Monday 0 … Sunday 6) is shown: when limited, Monday to Friday only. */
export const isShownWeekday = (weekday: number, limit: boolean): boolean =>
  !limit || weekday < WORK_DAYS_PER_WEEK;
