import { type PlannerScope, scopeRange } from './scope-range.ts';
import { DAY, HOUR, MINUTE, startOfWeek, weekdayMondayFirst } from './wall-clock.ts';
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

/**
 * The narrowest and widest a shown day is drawn when the view is fitted to its width (issue 35.1): a
 * quarter hour of a day between 12 and 48 px, a day of a week between 110 and 400 px, a day of a month
 * between 40 and 120 px. Narrower than that the view scrolls; its events show as compact chips.
 */
const FIT: Record<PlannerScope, (quarters: number) => { min: number; max: number }> = {
  QDay: (quarters) => ({ min: 12 * quarters, max: 48 * quarters }),
  QWeek: () => ({ min: 110, max: 400 }),
  QMonth: () => ({ min: 40, max: 120 }),
};

/** The pixels of one shown day: fitted to the width when it is known, else the scope's own. */
function dayPixels(scope: PlannerScope, window: DayWindow, shownDays: number, fitWidth?: number): number {
  const quarters = ((window.endHour - window.startHour) * HOUR) / (15 * MINUTE);
  if (!fitWidth || fitWidth <= 0 || shownDays === 0)
    return scope === 'QDay' ? QUARTER_PX * quarters : scope === 'QWeek' ? WEEK_DAY_PX : MONTH_DAY_PX;
  const { min, max } = FIT[scope](quarters);
  return Math.min(max, Math.max(min, Math.floor(fitWidth / shownDays)));
}

/**
 * The axis of a scope and date: its days (Monday to Friday only when limited to work hours, never in
 * day view: the chosen day is always shown), each cut to the day window. Given the width the days are
 * drawn in (`fitWidth`), they share it, within the limits above: the work hours of a day, or the week's
 * days, fill the screen instead of running off it.
 */
export function buildAxis(
  scope: PlannerScope,
  date: number,
  limit: boolean,
  window: DayWindow,
  fitWidth?: number,
): TimeAxis {
  const { from, to } = scopeRange(scope, date);
  const shown: number[] = [];
  for (let day = from; day < to; day += DAY)
    if (scope === 'QDay' || isShownWeekday(weekdayMondayFirst(day), limit)) shown.push(day);
  const dayWidth = dayPixels(scope, window, shown.length, fitWidth);
  const scale = dayWidth / ((window.endHour - window.startHour) * HOUR);
  const days: AxisDay[] = shown.map((day, i) => ({
    day,
    start: day + window.startHour * HOUR,
    end: day + window.endHour * HOUR,
    x: i * dayWidth,
    width: dayWidth,
  }));
  return { scope, days, scale, width: days.length * dayWidth };
}

/**
 * Where the timeline opens scrolled to (issue 35.1): the month view on the chosen day's week, so the
 * week the dispatcher came from is in sight; the day and week views at their start.
 */
export const openingScroll = (axis: TimeAxis, chosen: number): number =>
  axis.scope === 'QMonth' ? xOf(axis, startOfWeek(chosen)) : 0;

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
