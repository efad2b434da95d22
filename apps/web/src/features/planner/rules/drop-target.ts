import { type TimeAxis, timeAt } from './axis.ts';
import { ROW_HEIGHT, type TimelineRow } from './rows.ts';
import { snap } from './snapping.ts';

/** Where something dropped on the timeline lands: a snapped time on a user's row. */
export interface DropTarget {
  time: number;
  userId: number;
  rowIndex: number;
}

/**
 * The time and user under a point of the timeline's body (x from the axis' start, y from the first
 * row's top): a drop counts only over a time and a named user row (000 §4), else null. The job-list
 * panel and event moves use it alike.
 */
export function dropTarget(
  axis: TimeAxis,
  rows: readonly TimelineRow[],
  x: number,
  y: number,
): DropTarget | null {
  const time = timeAt(axis, x);
  if (time === null || y < 0) return null;
  const rowIndex = Math.floor(y / ROW_HEIGHT);
  const row = rows[rowIndex];
  if (row?.kind !== 'user' || !row.resource.name.trim()) return null;
  return { time: snap(time), userId: row.resource.id, rowIndex };
}
