import type { PlannerScope } from '../../rules/scope-range.ts';
import { DAY, formatDay, startOfDay, startOfWeek } from '../../rules/wall-clock.ts';

/** Working days a week proposal covers: Monday to Friday (the company has no work-day setting). */
const WORK_DAYS = 5;

/**
 * The days a proposal covers for the shown scope (issue 30): the shown day; or for a week the shown
 * week's working days from today on (days already past are not planned); null when none is left or
 * the scope (a month) offers no proposal.
 */
export function proposalRange(
  scope: PlannerScope,
  date: number,
  now: number,
): { date: string; endDate: string } | null {
  if (scope === 'QDay') return { date: formatDay(date), endDate: formatDay(date) };
  if (scope !== 'QWeek') return null;
  const monday = startOfWeek(date);
  const last = monday + (WORK_DAYS - 1) * DAY;
  const first = Math.max(monday, startOfDay(now));
  if (first > last) return null;
  return { date: formatDay(first), endDate: formatDay(last) };
}
