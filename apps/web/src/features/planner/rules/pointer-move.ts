import { type TimeAxis, timeAt, xOf } from './axis.ts';
import type { EventPlace } from './keyboard-move.ts';
import { ROW_HEIGHT, type TimelineRow } from './rows.ts';
import { MIN_DURATION_MS, snap } from './snapping.ts';

export type DragMode = 'move' | 'resize';

/**
 * The place a pointer drag of dx, dy pixels takes an event to, snapped to 15 minutes: a move keeps the
 * duration and may change the user row (only onto a user's row), a resize changes the end (at least 15
 * minutes long). Null when the drag ends off the axis or off a user row.
 */
export function pointerMove(
  axis: TimeAxis,
  rows: readonly TimelineRow[],
  place: EventPlace,
  mode: DragMode,
  dx: number,
  dy: number,
): EventPlace | null {
  if (mode === 'resize') {
    const at = timeAt(axis, Math.min(axis.width, Math.max(0, xOf(axis, place.end) + dx)));
    if (at === null) return null;
    const end = Math.max(place.start + MIN_DURATION_MS, snap(at));
    return { ...place, end };
  }
  const at = timeAt(axis, xOf(axis, place.start) + dx);
  if (at === null) return null;
  const start = snap(at);
  const rowIndex = place.rowIndex + Math.round(dy / ROW_HEIGHT);
  if (rows[rowIndex]?.kind !== 'user') return null;
  return { start, end: start + (place.end - place.start), rowIndex };
}

/** Whether a place differs from where the event was. */
export const placeChanged = (a: EventPlace, b: EventPlace): boolean =>
  a.start !== b.start || a.end !== b.end || a.rowIndex !== b.rowIndex;
