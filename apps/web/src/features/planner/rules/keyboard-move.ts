import { neighbourUserRow, type TimelineRow } from './rows.ts';
import { MIN_DURATION_MS, SNAP_MS } from './snapping.ts';

/** An event's place: its times and the row it is on. */
export interface EventPlace {
  start: number;
  end: number;
  rowIndex: number;
}

/**
 * The place an arrow key moves a focused event to (000 §2, keyboard): Left/Right 15 minutes earlier
 * or later, Up/Down to the previous or next user's row, Shift+Left/Right shorter or longer by 15
 * minutes (never under 15). Null for other keys and for moves that go nowhere.
 */
export function keyboardMove(
  place: EventPlace,
  key: string,
  shift: boolean,
  rows: readonly TimelineRow[],
): EventPlace | null {
  if (shift && (key === 'ArrowLeft' || key === 'ArrowRight')) {
    const end = place.end + (key === 'ArrowRight' ? SNAP_MS : -SNAP_MS);
    return end - place.start < MIN_DURATION_MS ? null : { ...place, end };
  }
  if (shift) return null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const delta = key === 'ArrowRight' ? SNAP_MS : -SNAP_MS;
    return { ...place, start: place.start + delta, end: place.end + delta };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const rowIndex = neighbourUserRow(rows, place.rowIndex, key === 'ArrowDown' ? 1 : -1);
    return rowIndex === null ? null : { ...place, rowIndex };
  }
  return null;
}
