import { describe, expect, it } from 'vitest';
import { buildAxis } from './axis.ts';
import { indicatorBox, jobDropBox } from './drop-indicator.ts';
import type { TimelineRow } from './rows.ts';
import { parseWallClock } from './wall-clock.ts';

const at = (s: string) => parseWallClock(s);
const rows: TimelineRow[] = [
  { kind: 'group', key: 'g', by: 'type', value: 2 },
  { kind: 'user', key: 'u7', resource: { id: 7, name: 'Ada', departmentId: null, type: 2 } },
  { kind: 'user', key: 'u8', resource: { id: 8, name: '  ', departmentId: null, type: 2 } },
];
// Day view from 06:00: 96 px an hour; rows of 50 px.
const day = buildAxis('QDay', at('2026-03-02'), false, { startHour: 6, endHour: 18 });
// Week view of work days 08–16: 180 px a day.
const week = buildAxis('QWeek', at('2026-03-02'), true, { startHour: 8, endHour: 16 });

describe('the drop indicator while a job is dragged', () => {
  it('sits at the snapped start on the row under the pointer, as long as the job’s estimate', () => {
    // 10:07 snaps to 10:00 (4 hours after 06:00: 384 px); Ada's row is the second (top 50).
    const x = 4 * 96 + 7 * 1.6;
    expect(jobDropBox(day, rows, 'QDay', { x, y: 60 }, 1.5)).toEqual({ left: 384, top: 50, width: 144 });
    // 10:08 snaps to 10:15.
    expect(jobDropBox(day, rows, 'QDay', { x: x + 1.6, y: 99 }, 1.5)?.left).toBe(384 + 24);
  });

  it('is 2 hours long for a job without an estimate', () => {
    expect(jobDropBox(day, rows, 'QDay', { x: 384, y: 60 }, null)).toEqual({
      left: 384,
      top: 50,
      width: 192,
    });
  });

  it('is a day long in week view', () => {
    // Tuesday 12:00 to Wednesday 12:00.
    expect(jobDropBox(week, rows, 'QWeek', { x: 270, y: 60 }, 3)).toEqual({ left: 270, top: 50, width: 180 });
  });

  it('shows nowhere over a group row, a user without a name, beside the axis or the body', () => {
    expect(jobDropBox(day, rows, 'QDay', { x: 384, y: 10 }, 1)).toBeNull();
    expect(jobDropBox(day, rows, 'QDay', { x: 384, y: 110 }, 1)).toBeNull();
    expect(jobDropBox(day, rows, 'QDay', { x: 384, y: 160 }, 1)).toBeNull();
    expect(jobDropBox(day, rows, 'QDay', { x: day.width + 1, y: 60 }, 1)).toBeNull();
    expect(jobDropBox(day, rows, 'QDay', null, 1)).toBeNull();
  });

  it('is cut at the end of the shown axis, and absent for a time wholly outside it', () => {
    expect(indicatorBox(day, at('2026-03-02T17:00'), at('2026-03-02T19:00'), 1)).toEqual({
      left: 11 * 96,
      top: 50,
      width: 96,
    });
    expect(indicatorBox(day, at('2026-03-03T09:00'), at('2026-03-03T10:00'), 1)).toBeNull();
  });
});
