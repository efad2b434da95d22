import { describe, expect, it } from 'vitest';
import { addMonths, nextDue, runningTotals } from '../../src/modules/agreements/agreements.policy.ts';
import { readingRefusal } from '../../src/modules/counters/counters.policy.ts';

const terms = {
  startDate: '2026-01-15',
  intervalMonths: 6 as number | null,
  lastServiceDate: null as string | null,
  counterInterval: null as number | null,
  lastServiceCounter: null as number | null,
};

describe('next visit of a service agreement', () => {
  it('adds months, keeping to the month’s last day', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
  });

  it('by date: the start first, then every interval after the last visit', () => {
    expect(nextDue(terms, null)).toEqual({ dueDate: '2026-01-15', dueBy: 'Date', dueAtCounter: null });
    expect(nextDue({ ...terms, lastServiceDate: '2026-01-15' }, null)?.dueDate).toBe('2026-07-15');
  });

  it('by counter: when the total reaches the interval, estimated from the daily use before', () => {
    const t = { ...terms, intervalMonths: null, counterInterval: 500, lastServiceCounter: 1000 };
    const state = { total: 1400, lastReadDate: '2026-03-01', dailyRate: 20 };
    expect(nextDue(t, state)).toEqual({ dueDate: '2026-03-06', dueBy: 'Counter', dueAtCounter: 1500 });
    expect(nextDue(t, { ...state, total: 1600 })?.dueDate).toBe('2026-03-01');
    expect(nextDue(t, { ...state, dailyRate: null })).toBeNull();
  });

  it('the earlier of date and counter', () => {
    const t = { ...terms, lastServiceDate: '2026-01-15', counterInterval: 500, lastServiceCounter: 0 };
    expect(nextDue(t, { total: 100, lastReadDate: '2026-02-01', dailyRate: 100 })?.dueBy).toBe('Counter');
    expect(nextDue(t, { total: 100, lastReadDate: '2026-02-01', dailyRate: 1 })).toMatchObject({
      dueBy: 'Date',
      dueDate: '2026-07-15',
      dueAtCounter: 500,
    });
  });

  it('no visit after the agreement’s end: its last day still counts', () => {
    const t = { ...terms, lastServiceDate: '2026-01-15' };
    expect(nextDue({ ...t, endDate: '2026-07-15' }, null)?.dueDate).toBe('2026-07-15');
    expect(nextDue({ ...t, endDate: '2026-07-14' }, null)).toBeNull();
    expect(nextDue({ ...t, endDate: null }, null)?.dueDate).toBe('2026-07-15');
    // By counter too: the estimated day past the end is none.
    const c = { ...terms, intervalMonths: null, counterInterval: 500, lastServiceCounter: 1000 };
    const state = { total: 1400, lastReadDate: '2026-03-01', dailyRate: 20 };
    expect(nextDue({ ...c, endDate: '2026-03-05' }, state)).toBeNull();
  });

  it('counts a new meter on from the old one’s last value', () => {
    expect(
      runningTotals([
        { value: 100, isMeterChange: false },
        { value: 900, isMeterChange: false },
        { value: 5, isMeterChange: true },
        { value: 50, isMeterChange: false },
      ]),
    ).toEqual([100, 900, 905, 950]);
  });
});

describe('a counter reading', () => {
  it('may not be lower than the one before unless a meter change, nor higher than a later one', () => {
    expect(readingRefusal(9, false, { value: 10 }, null)).toEqual({
      key: 'reading_below_previous',
      previous: 10,
    });
    expect(readingRefusal(9, true, { value: 10 }, null)).toBeNull();
    expect(readingRefusal(30, false, { value: 10 }, { value: 20, isMeterChange: false })).toEqual({
      key: 'reading_above_next',
      next: 20,
    });
    expect(readingRefusal(30, false, { value: 10 }, { value: 2, isMeterChange: true })).toBeNull();
    expect(readingRefusal(10, false, { value: 10 }, null)).toBeNull();
  });
});
