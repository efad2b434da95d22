import { describe, expect, it } from 'vitest';
import { buildAxis, eventGeometry, openingScroll, QUARTER_PX, timeAt, WEEK_DAY_PX, xOf } from './axis.ts';
import { dropTarget } from './drop-target.ts';
import { keyboardMove } from './keyboard-move.ts';
import { assignLanes } from './lanes.ts';
import { pointerMove } from './pointer-move.ts';
import { type Resource, ROW_HEIGHT, timelineRows } from './rows.ts';
import { scopeRange, stepDate } from './scope-range.ts';
import { snap } from './snapping.ts';
import { timingState } from './timing.ts';
import { parseWallClock as at, formatDay, formatWallClock, isoWeek, startOfWeek } from './wall-clock.ts';
import { dayWindow } from './work-hours.ts';

const day = (ms: number) => formatDay(ms);
const time = (ms: number | null) => (ms === null ? null : formatWallClock(ms).slice(11, 16));

describe('snapping', () => {
  it('rounds to the nearest 15 minutes', () => {
    expect(time(snap(at('2026-03-02T10:07')))).toBe('10:00');
    expect(time(snap(at('2026-03-02T10:08')))).toBe('10:15');
    expect(time(snap(at('2026-03-02T23:53')))).toBe('00:00');
  });
});

describe('work-hour window', () => {
  it('runs from work start to work end plus one hour when limited', () => {
    expect(dayWindow(true, '07:00', '16:00')).toEqual({ startHour: 7, endHour: 17 });
    expect(dayWindow(true, '07:30', '15:45')).toEqual({ startHour: 7, endHour: 17 });
  });
  it('is the whole day unlimited, and 8 to 20 without valid settings', () => {
    expect(dayWindow(false, '07:00', '16:00')).toEqual({ startHour: 0, endHour: 24 });
    expect(dayWindow(true, undefined, undefined)).toEqual({ startHour: 8, endHour: 20 });
    expect(dayWindow(true, '16:00', '07:00')).toEqual({ startHour: 8, endHour: 20 });
    expect(dayWindow(true, 'x', '16:00')).toEqual({ startHour: 8, endHour: 20 });
  });
});

describe('week days and ranges', () => {
  it('starts weeks on Monday', () => {
    expect(day(startOfWeek(at('2026-03-01')))).toBe('2026-02-23'); // a Sunday
    expect(day(startOfWeek(at('2026-03-02T12:00')))).toBe('2026-03-02'); // a Monday
    expect(isoWeek(at('2026-03-02'))).toBe(10);
    expect(isoWeek(at('2027-01-01'))).toBe(53);
  });
  it('gives the day, week and month of a date', () => {
    const r = (s: 'QDay' | 'QWeek' | 'QMonth') => {
      const { from, to } = scopeRange(s, at('2026-03-04T15:00'));
      return [day(from), day(to)];
    };
    expect(r('QDay')).toEqual(['2026-03-04', '2026-03-05']);
    expect(r('QWeek')).toEqual(['2026-03-02', '2026-03-09']);
    expect(r('QMonth')).toEqual(['2026-03-01', '2026-04-01']);
  });
  it('steps by a day, a week or a month', () => {
    expect(day(stepDate('QDay', at('2026-03-04'), 1))).toBe('2026-03-05');
    expect(day(stepDate('QWeek', at('2026-03-04'), -1))).toBe('2026-02-25');
    expect(day(stepDate('QMonth', at('2026-01-31'), 1))).toBe('2026-02-28');
  });
  it('shows Monday to Friday only when limited to work hours, outside day view', () => {
    const w = dayWindow(true, '07:00', '16:00');
    expect(buildAxis('QWeek', at('2026-03-04'), true, w).days.map((d) => day(d.day))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
    ]);
    expect(buildAxis('QWeek', at('2026-03-04'), false, dayWindow(false)).days).toHaveLength(7);
    expect(buildAxis('QDay', at('2026-03-07'), true, w).days).toHaveLength(1); // a Saturday still shows
    expect(buildAxis('QMonth', at('2026-03-04'), false, dayWindow(false)).days).toHaveLength(31);
  });
});

describe('timing state', () => {
  const s = at('2026-03-02T10:00');
  const e = at('2026-03-02T12:00');
  it('is upcoming before the start, in progress until the end, then past', () => {
    expect(timingState(at('2026-03-02T09:59'), s, e)).toBe('upcoming');
    expect(timingState(s, s, e)).toBe('inProgress');
    expect(timingState(at('2026-03-02T11:59'), s, e)).toBe('inProgress');
    expect(timingState(e, s, e)).toBe('past');
  });
});

describe('event geometry', () => {
  const axis = buildAxis('QDay', at('2026-03-02'), true, { startHour: 7, endHour: 17 });
  it('places events by time at 15-minute resolution', () => {
    expect(axis.width).toBe(40 * QUARTER_PX);
    expect(eventGeometry(axis, at('2026-03-02T08:00'), at('2026-03-02T09:30'))).toEqual({
      left: 4 * QUARTER_PX,
      width: 6 * QUARTER_PX,
    });
  });
  it('cuts events at the window and leaves out those outside it', () => {
    expect(eventGeometry(axis, at('2026-03-02T05:00'), at('2026-03-02T07:30'))).toEqual({
      left: 0,
      width: 2 * QUARTER_PX,
    });
    expect(eventGeometry(axis, at('2026-03-02T18:00'), at('2026-03-02T19:00'))).toBeNull();
  });
  it('maps pixels back to times, across the days of a week', () => {
    const week = buildAxis('QWeek', at('2026-03-04'), true, { startHour: 7, endHour: 17 });
    expect(formatWallClock(timeAt(week, WEEK_DAY_PX * 2 + WEEK_DAY_PX / 2)!)).toBe('2026-03-04T12:00:00');
    expect(xOf(week, at('2026-03-07T10:00'))).toBe(week.width); // Saturday is not shown
    expect(timeAt(week, -1)).toBeNull();
  });
});

const resources: Resource[] = [
  { id: 1, name: 'Ada', departmentId: 2, type: 2 },
  { id: 2, name: 'Bo', departmentId: 1, type: 3 },
  { id: 3, name: 'Cy', departmentId: null, type: 2 },
];

describe('rows', () => {
  it('leaves out hidden users and those of other departments', () => {
    const rows = timelineRows(resources, { groupBy: 'none', hidden: [2], departments: [] });
    expect(rows.map((r) => r.key)).toEqual(['u1', 'u3']);
    expect(
      timelineRows(resources, { groupBy: 'none', hidden: [], departments: [1] }).map((r) => r.key),
    ).toEqual(['u2']);
  });
  it('groups by user type and by department, without department last', () => {
    expect(
      timelineRows(resources, { groupBy: 'type', hidden: [], departments: [] }).map((r) => r.key),
    ).toEqual(['gtype2', 'u1', 'u3', 'gtype3', 'u2']);
    expect(
      timelineRows(resources, { groupBy: 'department', hidden: [], departments: [] }).map((r) => r.key),
    ).toEqual(['gdepartment1', 'u2', 'gdepartment2', 'u1', 'gdepartmentnull', 'u3']);
  });
});

describe('moves', () => {
  const rows = timelineRows(resources, { groupBy: 'type', hidden: [], departments: [] });
  const axis = buildAxis('QDay', at('2026-03-02'), true, { startHour: 7, endHour: 17 });
  const place = { start: at('2026-03-02T10:00'), end: at('2026-03-02T11:00'), rowIndex: 1 };
  it('moves by 15 minutes and to the neighbouring user rows with the arrow keys, skipping headings', () => {
    expect(time(keyboardMove(place, 'ArrowRight', false, rows)!.start)).toBe('10:15');
    expect(time(keyboardMove(place, 'ArrowLeft', false, rows)!.end)).toBe('10:45');
    expect(keyboardMove(place, 'ArrowDown', false, rows)!.rowIndex).toBe(2);
    expect(keyboardMove({ ...place, rowIndex: 2 }, 'ArrowDown', false, rows)!.rowIndex).toBe(4);
    expect(keyboardMove(place, 'ArrowUp', false, rows)).toBeNull();
    expect(keyboardMove(place, 'Enter', false, rows)).toBeNull();
  });
  it('resizes with Shift, never below 15 minutes', () => {
    expect(time(keyboardMove(place, 'ArrowRight', true, rows)!.end)).toBe('11:15');
    const short = { ...place, end: at('2026-03-02T10:15') };
    expect(keyboardMove(short, 'ArrowLeft', true, rows)).toBeNull();
  });
  it('snaps pointer moves and resizes to 15 minutes, onto user rows only', () => {
    const moved = pointerMove(axis, rows, place, 'move', QUARTER_PX * 2 + 5, ROW_HEIGHT + 10);
    expect([time(moved!.start), time(moved!.end), moved!.rowIndex]).toEqual(['10:30', '11:30', 2]);
    expect(pointerMove(axis, rows, place, 'move', 0, 2 * ROW_HEIGHT)).toBeNull(); // a heading
    const resized = pointerMove(axis, rows, place, 'resize', -QUARTER_PX * 10, 0);
    expect(time(resized!.end)).toBe('10:15');
  });
  it('finds a drop target only over a time and a named user row', () => {
    const target = dropTarget(axis, rows, QUARTER_PX * 13 + 3, ROW_HEIGHT + 20);
    expect(target && [time(target.time), target.userId]).toEqual(['10:15', 1]);
    expect(dropTarget(axis, rows, 10, 5)).toBeNull(); // the heading
    expect(dropTarget(axis, rows, axis.width + 1, ROW_HEIGHT)).toBeNull();
    expect(dropTarget(axis, rows, 10, ROW_HEIGHT * 20)).toBeNull();
  });
});

describe('lanes', () => {
  it('gives overlapping events their own lanes and lone ones the whole row', () => {
    const laid = assignLanes([
      { start: 0, end: 10 },
      { start: 5, end: 15 },
      { start: 10, end: 12 },
      { start: 20, end: 30 },
    ]);
    expect(laid.map((l) => [l.item.start, l.lane, l.lanes])).toEqual([
      [0, 0, 2],
      [5, 1, 2],
      [10, 0, 2],
      [20, 0, 1],
    ]);
  });
});

describe('the axis fitted to the timeline’s width (issue 35.1)', () => {
  const w = { startHour: 7, endHour: 17 };
  it('draws the work hours of a day across the width, ending at the end of the work day', () => {
    const axis = buildAxis('QDay', at('2026-03-02'), true, w, 900);
    expect(axis.width).toBe(900);
    expect(xOf(axis, at('2026-03-02T17:00'))).toBe(900);
    expect(formatWallClock(timeAt(axis, 450)!)).toBe('2026-03-02T12:00:00');
  });
  it('shares the width among the week’s shown days, Friday included', () => {
    const axis = buildAxis('QWeek', at('2026-03-04'), true, w, 1000);
    expect(axis.days.map((d) => d.width)).toEqual([200, 200, 200, 200, 200]);
    expect(axis.width).toBeLessThanOrEqual(1000);
  });
  it('keeps a day legible where the width is too small, and scrolls instead', () => {
    expect(buildAxis('QDay', at('2026-03-02'), true, w, 200).width).toBe(40 * 12);
    expect(buildAxis('QWeek', at('2026-03-04'), true, w, 300).days[0]!.width).toBe(110);
    expect(buildAxis('QDay', at('2026-03-02'), true, w, 5000).width).toBe(40 * 48);
  });
});

describe('where the timeline opens (issue 35.1)', () => {
  it('opens the month view on the chosen day’s week, the day and week views at their start', () => {
    const month = buildAxis('QMonth', at('2026-03-18'), false, { startHour: 0, endHour: 24 });
    // Wednesday 18 March: its week starts on Monday 16 March, the 16th day of the month.
    expect(openingScroll(month, at('2026-03-18'))).toBe(15 * month.days[0]!.width);
    // Sunday 1 March: its week began in February, so the month opens at its start.
    expect(openingScroll(month, at('2026-03-01'))).toBe(0);
    expect(
      openingScroll(
        buildAxis('QWeek', at('2026-03-18'), true, { startHour: 7, endHour: 17 }),
        at('2026-03-18'),
      ),
    ).toBe(0);
  });
});
