import { describe, expect, it } from 'vitest';
import { buildAxis } from './axis.ts';
import { dropTarget } from './drop-target.ts';
import { panelStatuses, plannableStatuses, sameIds, toggleId } from './job-panel-filter.ts';
import { bodyPoint, clampWidth, estimateMs, planDrop, routeTime, suggestedStart } from './plan-drop.ts';
import type { TimelineRow } from './rows.ts';
import { HOUR, parseWallClock } from './wall-clock.ts';

const at = (s: string) => parseWallClock(s);
const rows: TimelineRow[] = [
  { kind: 'group', key: 'g', by: 'type', value: 2 },
  { kind: 'user', key: 'u7', resource: { id: 7, name: 'Ada', departmentId: null, type: 2 } },
  { kind: 'user', key: 'u8', resource: { id: 8, name: '  ', departmentId: null, type: 2 } },
];

describe('planning a dropped job', () => {
  it('lasts the job’s estimate in day scope, 2 hours without one', () => {
    const target = { time: at('2026-03-02T10:15'), userId: 7 };
    expect(planDrop('QDay', 5, target, 3.5)).toEqual({
      kind: 'create',
      jobId: 5,
      userId: 7,
      start: at('2026-03-02T10:15'),
      end: at('2026-03-02T13:45'),
    });
    expect(planDrop('QDay', 5, target, null)?.end).toBe(at('2026-03-02T12:15'));
    expect(estimateMs(0)).toBe(2 * HOUR);
    expect(estimateMs(-1)).toBe(2 * HOUR);
    expect(estimateMs(Number.NaN)).toBe(2 * HOUR);
    expect(estimateMs(0.25)).toBe(HOUR / 4);
  });

  it('opens the dialog for 24 hours in week and month scope, whatever the estimate', () => {
    const target = { time: at('2026-03-04T09:00'), userId: 7 };
    for (const scope of ['QWeek', 'QMonth'] as const) {
      expect(planDrop(scope, 5, target, 3)).toEqual({
        kind: 'dialog',
        jobId: 5,
        userId: 7,
        start: at('2026-03-04T09:00'),
        end: at('2026-03-05T09:00'),
      });
    }
    expect(routeTime(at('2026-03-05T09:00'))).toBe('2026-03-05T09:00');
  });

  it('does nothing without a time and a named user row', () => {
    const axis = buildAxis('QDay', at('2026-03-02'), true, { startHour: 8, endHour: 17 });
    expect(planDrop('QDay', 5, dropTarget(axis, rows, 10, 10), 1)).toBeNull(); // a group heading
    expect(planDrop('QDay', 5, dropTarget(axis, rows, 10, 120), 1)).toBeNull(); // an unnamed user
    expect(planDrop('QDay', 5, dropTarget(axis, rows, -5, 60), 1)).toBeNull(); // before the axis
    expect(planDrop('QDay', 5, dropTarget(axis, rows, 10, 400), 1)).toBeNull(); // below the rows
    // 24 px a quarter: 2 hours and 13 px in is 10:00 and a bit, snapped to 10:15.
    const target = dropTarget(axis, rows, 8 * 24 + 13, 60);
    expect(planDrop('QDay', 5, target, 1)).toMatchObject({ userId: 7, start: at('2026-03-02T10:15') });
  });

  it('finds the body point under the pointer, none over the names or the headers', () => {
    const grid = { left: 100, top: 50, scrollLeft: 300, scrollTop: 40 };
    expect(bodyPoint(grid, 200, 60, 350, 200)).toEqual({ x: 350, y: 130 });
    expect(bodyPoint(grid, 200, 60, 250, 200)).toBeNull();
    expect(bodyPoint(grid, 200, 60, 350, 90)).toBeNull();
  });
});

describe('the keyboard plan’s start', () => {
  it('is the next full hour today and the work start on another day', () => {
    const day = at('2026-03-02');
    expect(suggestedStart(day, at('2026-03-02T10:20'), 8)).toBe(at('2026-03-02T11:00'));
    expect(suggestedStart(day, at('2026-03-02T23:30'), 8)).toBe(at('2026-03-02T23:00'));
    expect(suggestedStart(day, at('2026-03-01T10:20'), 8)).toBe(at('2026-03-02T08:00'));
  });
});

describe('the job list panel’s width and filter', () => {
  it('keeps the width within 10 to 45 percent, 30 when unreadable', () => {
    expect(clampWidth(5)).toBe(10);
    expect(clampWidth(60)).toBe(45);
    expect(clampWidth(27.4)).toBe(27);
    expect(clampWidth('x')).toBe(30);
  });

  it('offers only statuses below 70 and falls back to unplanned jobs', () => {
    const all = [
      { Id: 70, SortOrder: 1 },
      { Id: 20, SortOrder: 3 },
      { Id: 10, SortOrder: 2 },
      { Id: 100, SortOrder: 0 },
    ];
    expect(panelStatuses(all).map((s) => s.Id)).toEqual([10, 20]);
    expect(plannableStatuses([20, 70, 110])).toEqual([20]);
    expect(plannableStatuses([70])).toEqual([10]);
    expect(plannableStatuses([])).toEqual([10]);
    expect(toggleId([1, 2], 2)).toEqual([1]);
    expect(toggleId([1], 2)).toEqual([1, 2]);
    expect(sameIds([1, 2], [2, 1])).toBe(true);
    expect(sameIds([1], [1, 2])).toBe(false);
  });
});
