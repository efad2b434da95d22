import type { PlannerScope } from './scope-range.ts';
import { DAY, HOUR, startOfDay } from './wall-clock.ts';

/** A job without an estimate is planned for 2 hours (000 §4). */
const DEFAULT_ESTIMATE_HOURS = 2;
/** Outside day view a dropped job opens the appointment dialog for 24 hours (000 §4). */
const DIALOG_DURATION_MS = 24 * HOUR;

/** How long a job dropped in day view lasts: its estimate in hours, or the default when none or absurd. */
export function estimateMs(estimatedHours: number | null | undefined): number {
  const hours =
    typeof estimatedHours === 'number' && Number.isFinite(estimatedHours) && estimatedHours > 0
      ? estimatedHours
      : DEFAULT_ESTIMATE_HOURS;
  return Math.round(hours * HOUR);
}

/** Where a job lands: a snapped wall-clock time on a named user's row (rules/drop-target.ts). */
export interface PlanTarget {
  time: number;
  userId: number;
}

/**
 * What planning a job at a target does (000 §4): in day scope an appointment is created at once for
 * the job's estimate; in week or month scope the appointment dialog opens for 24 hours. No target (a
 * drop beside a time or a named user row) does nothing.
 */
export type PlanAction =
  | { kind: 'create'; jobId: number; userId: number; start: number; end: number }
  | { kind: 'dialog'; jobId: number; userId: number; start: number; end: number };

export function planDrop(
  scope: PlannerScope,
  jobId: number,
  target: PlanTarget | null,
  estimatedHours: number | null | undefined,
): PlanAction | null {
  if (!target) return null;
  const start = target.time;
  if (scope === 'QDay') {
    return { kind: 'create', jobId, userId: target.userId, start, end: start + estimateMs(estimatedHours) };
  }
  return { kind: 'dialog', jobId, userId: target.userId, start, end: start + DIALOG_DURATION_MS };
}

/**
 * The start a keyboard plan offers: on today, the next full hour from now; on another day, the start of
 * its work hours.
 */
export function suggestedStart(day: number, now: number, workStartHour: number): number {
  if (startOfDay(now) === startOfDay(day)) {
    const next = Math.floor(now / HOUR) * HOUR + HOUR;
    return next < startOfDay(day) + DAY ? next : startOfDay(day) + 23 * HOUR;
  }
  return startOfDay(day) + workStartHour * HOUR;
}

/**
 * A pointer at (clientX, clientY) as a point of the timeline body: x from the axis' start, y from the
 * first row's top, given the grid's box, its scroll and the sticky name column and header. Over the
 * names or the header it is null (no time there).
 */
export function bodyPoint(
  grid: { left: number; top: number; scrollLeft: number; scrollTop: number },
  nameWidth: number,
  headerHeight: number,
  clientX: number,
  clientY: number,
): { x: number; y: number } | null {
  const inX = clientX - grid.left;
  const inY = clientY - grid.top;
  if (inX < nameWidth || inY < headerHeight) return null;
  return { x: inX + grid.scrollLeft - nameWidth, y: inY + grid.scrollTop - headerHeight };
}

/** 'YYYY-MM-DDTHH:mm' of a wall-clock time, as the dialog route's start and end take it. */
export function routeTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16);
}

/** The job list's width in percent of the planner (000 §2: 10 to 45, 30 by default, 000 §9). */
export const JOB_LIST_MIN_WIDTH = 10;
export const JOB_LIST_MAX_WIDTH = 45;
const JOB_LIST_DEFAULT_WIDTH = 30;

/** A stored or dragged width kept within its limits; anything not a number is the default. */
export function clampWidth(width: unknown): number {
  if (typeof width !== 'number' || !Number.isFinite(width)) return JOB_LIST_DEFAULT_WIDTH;
  return Math.min(JOB_LIST_MAX_WIDTH, Math.max(JOB_LIST_MIN_WIDTH, Math.round(width)));
}
