import { eventGeometry, type TimeAxis } from './axis.ts';
import { dropTarget } from './drop-target.ts';
import { planDrop } from './plan-drop.ts';
import { ROW_HEIGHT, type TimelineRow } from './rows.ts';
import type { PlannerScope } from './scope-range.ts';

/** The ghost box shown while dragging, in the timeline body's pixels (x from the axis' start). */
export interface IndicatorBox {
  left: number;
  top: number;
  width: number;
}

/** The box of [start, end) on a row: null when none of it is on the shown axis. */
export function indicatorBox(
  axis: TimeAxis,
  start: number,
  end: number,
  rowIndex: number,
): IndicatorBox | null {
  const box = eventGeometry(axis, start, end);
  return box && { left: box.left, top: rowIndex * ROW_HEIGHT, width: box.width };
}

/**
 * Where a job dragged over a point of the body would land, as a box: at the snapped start on a named
 * user's row, as long as the drop will create it (the job's estimate, 2 hours when unknown, in day
 * view; a day in week or month view). Null over no valid target (rules/drop-target.ts).
 */
export function jobDropBox(
  axis: TimeAxis,
  rows: readonly TimelineRow[],
  scope: PlannerScope,
  point: { x: number; y: number } | null,
  estimatedHours: number | null | undefined,
): IndicatorBox | null {
  const target = point && dropTarget(axis, rows, point.x, point.y);
  const action = planDrop(scope, 0, target, estimatedHours);
  return action && target ? indicatorBox(axis, action.start, action.end, target.rowIndex) : null;
}
