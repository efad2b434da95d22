import { describe, expect, it } from 'vitest';
import {
  dayPlus,
  fitsInDay,
  isoWeek,
  sumHours,
  weekDays,
  weekdayIndex,
  weekStartOf,
} from '../src/rules/time-week.ts';

describe('the time report week', () => {
  it('starts on Monday', () => {
    expect(weekStartOf('2026-03-04')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-02T08:00:00')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-09')).toBe('2026-03-09');
    expect(weekDays('2026-03-02')).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
    ]);
    expect(weekdayIndex('2026-03-08')).toBe(6);
    expect(dayPlus('2026-02-27', 2)).toBe('2026-03-01');
  });

  it('crosses months and years and knows the ISO week', () => {
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2026-03-04')).toBe(10);
    expect(isoWeek('2027-01-01')).toBe(53);
  });

  it('sums hours exactly and keeps a day within 24 hours', () => {
    expect(sumHours([0.1, 0.2, '7.125'])).toBe(7.425);
    expect(fitsInDay(20, 4)).toBe(true);
    expect(fitsInDay(20, '4.001')).toBe(false);
    expect(fitsInDay(0, 25)).toBe(false);
  });
});
