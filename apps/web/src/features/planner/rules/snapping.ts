import { MINUTE } from './wall-clock.ts';

/** The planner's resolution: moves and resizes land on 15-minute steps (000 §2). */
const SNAP_MINUTES = 15;
export const SNAP_MS = SNAP_MINUTES * MINUTE;

/** A wall-clock time rounded to the nearest step. */
export const snap = (ms: number, step = SNAP_MS): number => Math.round(ms / step) * step;

/** The shortest an event can be resized to: one step. */
export const MIN_DURATION_MS = SNAP_MINUTES * MINUTE;
