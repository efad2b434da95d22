import { type PlannerScope, scopeRange } from './scope-range.ts';
import { DAY, HOUR, MINUTE, weekdayMondayFirst } from './wall-clock.ts';
import { type DayWindow, isShownWeekday } from './work-hours.ts';

/** One shown day on the time axis: the part of it shown (its window) and where it is drawn. */
interface AxisDay {
  /** Midnight of the day. */
  day: number;
  /** The shown part of the day, [start, end) in wall-clock ms. */
  start: number;
  end: number;
  /** Its left edge and width in pixels. */
  x: number;
  width: number;
}

/** The time axis of the timeline: the shown days side by side (a day view has one). */
export interface TimeAxis {
  scope: PlannerScope;
  days: AxisDay[];
  /** Pixels per millisecond. */
  scale: number;
  width: number;
}

/** Pixels of 15 minutes in day view (its resolution), of a day in week view and in month view. */
export const QUARTER_PX = 24;
export const WEEK_DAY_PX = 180;
const MONTH_DAY_PX = 60;

function pixelsPerMs(scope: PlannerScope, window: DayWindow): number {
  const dayMs = (window.endHour - window.startHour) * HOUR;
  if (scope === 'QDay') return QUARTER_PX / (15 * MINUTE);
  return (scope === 'QWeek' ? WEEK_DAY_PX : MONTH_DAY_PX) / dayMs;
}

/**
 * The axis of a scope and date: its days (Monday to Friday only when limited to work hours, never in
 * day view: the chosen day is always shown), each cut to the day window.
 */
export function buildAxis(scope: PlannerScope, date: number, limit: boolean, window: DayWindow): TimeAxis {
  const { from, to } = scopeRange(scope, date);
  const scale = pixelsPerMs(scope, window);
  const days: AxisDay[] = [];
  let x = 0;
  for (let day = from; day < to; day += DAY) {
    if (scope !== 'QDay' && !isShownWeekday(weekdayMondayFirst(day), limit)) continue;
    const start = day + window.startHour * HOUR;
    const end = day + window.endHour * HOUR;
    const width = Math.round((end - start) * scale);
    days.push({ day, start, end, x, width });
    x += width;
  }
  return { scope, days, scale, width: x };
}

/** Where a time is drawn; a time outside the shown parts sits at the edge of the next shown part. */
export function xOf(axis: TimeAxis, ms: number): number {
  for (const d of axis.days) {
    if (ms < d.start) return d.x;
    if (ms <= d.end) return d.x + (ms - d.start) * axis.scale;
  }
  return axis.width;
}

/** The time at a pixel of the axis; null outside it. */
export function timeAt(axis: TimeAxis, x: number): number | null {
  if (x < 0 || x > axis.width) return null;
  for (const d of axis.days) {
    if (x <= d.x + d.width) return d.start + (x - d.x) / axis.scale;
  }
  return null;
}

/** An event's box on its row: null when none of it is in a shown part of the axis. */
export function eventGeometry(
  axis: TimeAxis,
  start: number,
  end: number,
): { left: number; width: number } | null {
  const left = xOf(axis, start);
  const right = xOf(axis, end);
  if (right - left < 1) return null;
  return { left, width: right - left };
}
