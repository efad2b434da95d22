import { addMonths, DAY, startOfDay, startOfMonth, startOfWeek } from './wall-clock.ts';

/** The planner's scopes (PlannerScope, 000 §3). */
export type PlannerScope = 'QDay' | 'QWeek' | 'QMonth';
export const PLANNER_SCOPES: readonly PlannerScope[] = ['QDay', 'QWeek', 'QMonth'];

/** The days a scope shows around a date: [from, to), midnight to midnight in wall-clock ms. */
export interface DayRange {
  from: number;
  to: number;
}

/** The day, the week (Monday first) or the month of the date. */
export function scopeRange(scope: PlannerScope, date: number): DayRange {
  if (scope === 'QDay') return { from: startOfDay(date), to: startOfDay(date) + DAY };
  if (scope === 'QWeek') return { from: startOfWeek(date), to: startOfWeek(date) + 7 * DAY };
  const from = startOfMonth(date);
  return { from, to: addMonths(from, 1) };
}

/** The date field stepped by a day, a week or a month (000 §2), forwards (1) or back (-1). */
export function stepDate(scope: PlannerScope, date: number, direction: 1 | -1): number {
  if (scope === 'QDay') return startOfDay(date) + direction * DAY;
  if (scope === 'QWeek') return startOfDay(date) + direction * 7 * DAY;
  return addMonths(date, direction);
}
