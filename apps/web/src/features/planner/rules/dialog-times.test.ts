import { describe, expect, it } from 'vitest';
import {
  defaultDuration,
  moveStart,
  newTimes,
  nextFullHour,
  settleEnd,
  snapClock,
  snapStart,
} from './dialog-times.ts';
import { formatWallClock, HOUR, parseWallClock } from './wall-clock.ts';

const at = (s: string) => parseWallClock(s);
const show = (t: { start: number; end: number }) => [formatWallClock(t.start), formatWallClock(t.end)];

describe('appointment dialog times (000 §4)', () => {
  it('starts a new appointment at the next full hour', () => {
    expect(formatWallClock(nextFullHour(at('2026-03-02T09:10')))).toBe('2026-03-02T10:00:00');
    expect(formatWallClock(nextFullHour(at('2026-03-02T10:00')))).toBe('2026-03-02T11:00:00');
    expect(formatWallClock(nextFullHour(at('2026-03-02T23:59')))).toBe('2026-03-03T00:00:00');
  });

  it('lasts the job’s estimate, or 1 hour without one', () => {
    expect(defaultDuration(2.5)).toBe(2.5 * HOUR);
    expect(defaultDuration(null)).toBe(HOUR);
    expect(defaultDuration(0)).toBe(HOUR);
    expect(show(newTimes(at('2026-03-02T09:10'), 3))).toEqual(['2026-03-02T10:00:00', '2026-03-02T13:00:00']);
    expect(show(newTimes(at('2026-03-02T09:10'), undefined))).toEqual([
      '2026-03-02T10:00:00',
      '2026-03-02T11:00:00',
    ]);
  });

  it('takes an asked start and end (a drop in the planner), the start on the 5-minute grid', () => {
    const asked = { start: at('2026-03-04T08:02'), end: at('2026-03-04T12:00') };
    expect(show(newTimes(at('2026-03-02T09:10'), 2, asked))).toEqual([
      '2026-03-04T08:00:00',
      '2026-03-04T12:00:00',
    ]);
    // An end before the asked start is left for the estimate.
    expect(show(newTimes(0, 2, { start: at('2026-03-04T08:00'), end: at('2026-03-04T07:00') }))).toEqual([
      '2026-03-04T08:00:00',
      '2026-03-04T10:00:00',
    ]);
  });

  it('moves the start in 5-minute steps', () => {
    expect(formatWallClock(snapStart(at('2026-03-02T09:07')))).toBe('2026-03-02T09:05:00');
    expect(formatWallClock(snapStart(at('2026-03-02T09:08')))).toBe('2026-03-02T09:10:00');
  });

  it('keeps the duration when the start moves', () => {
    const times = { start: at('2026-03-02T09:00'), end: at('2026-03-02T10:30') };
    expect(show(moveStart(times, at('2026-03-02T13:00')))).toEqual([
      '2026-03-02T13:00:00',
      '2026-03-02T14:30:00',
    ]);
    expect(show(moveStart(times, at('2026-03-05T23:00')))).toEqual([
      '2026-03-05T23:00:00',
      '2026-03-06T00:30:00',
    ]);
  });

  it('moves an end before the start to the next day', () => {
    const start = at('2026-03-02T22:00');
    expect(formatWallClock(settleEnd(start, at('2026-03-02T02:00')))).toBe('2026-03-03T02:00:00');
    expect(formatWallClock(settleEnd(start, at('2026-03-02T22:00')))).toBe('2026-03-03T22:00:00');
    expect(formatWallClock(settleEnd(start, at('2026-03-02T23:00')))).toBe('2026-03-02T23:00:00');
  });
});

describe('snapClock', () => {
  it('shows a typed time as it will be saved: on the 5-minute grid, within the day', () => {
    expect(snapClock('10:07')).toBe('10:05');
    expect(snapClock('10:08')).toBe('10:10');
    expect(snapClock('09:58')).toBe('10:00');
    expect(snapClock('23:59')).toBe('23:55');
    expect(snapClock('')).toBe('');
  });
});
