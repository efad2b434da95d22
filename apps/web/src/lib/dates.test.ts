import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from './dates.ts';

describe('today in the company’s time zone', () => {
  it('is already the next day in Oslo between midnight and 01:00, while UTC still has the day before', () => {
    const halfPastMidnightInOslo = new Date('2026-11-28T23:30:00Z');
    expect(todayIn('Europe/Oslo', halfPastMidnightInOslo)).toBe('2026-11-29');
    expect(todayIn('UTC', halfPastMidnightInOslo)).toBe('2026-11-28');
  });

  it('is still the day before in New York after midnight UTC, and summer time moves the border', () => {
    expect(todayIn('America/New_York', new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-28');
    expect(todayIn('Europe/Oslo', new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayIn('Europe/Oslo', new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });
});

describe('days on the calendar', () => {
  it('adds days across a month and a year', () => {
    expect(addDays('2026-11-29', 3)).toBe('2026-12-02');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
