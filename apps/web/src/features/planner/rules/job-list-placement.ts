import type { Preferences } from '../../../lib/preferences.ts';

export type JobListPlacement = Preferences['PlannerJobListPlacement'];

/** Where the planner's job list can sit (000 §9): beside the schedule, above it or below it. */
export const JOB_LIST_PLACEMENTS: readonly JobListPlacement[] = ['side', 'top', 'bottom'];

/** The job list's height above or below the schedule (000 §9: 222 px, the horizontal layout). */
export const JOB_LIST_PANEL_HEIGHT = 222;

/** A stored placement as one the planner knows; anything else (an old or edited value) is beside. */
export function jobListPlacement(value: unknown): JobListPlacement {
  return JOB_LIST_PLACEMENTS.includes(value as JobListPlacement) ? (value as JobListPlacement) : 'side';
}
