import { describe, expect, it } from 'vitest';
import type { TimeRow } from './api.ts';
import { balanceOf, gridLines, hoursText } from './week.ts';

const row = (over: Partial<TimeRow>): TimeRow => ({
  Kind: 'Job',
  Id: 1,
  UserId: 5,
  WorkDate: '2026-03-02',
  Hours: 1,
  ArticleNumber: 'T-1',
  Description: 'Service hour',
  Comment: '',
  JobId: 12,
  ParentJobId: 11,
  OrderId: '10001',
  JobName: 'Pump service',
  Locked: false,
  RowVersion: 1,
  ...over,
});

describe('the week grid', () => {
  it('groups rows by job and article, sums each day exactly, jobs before internal rows', () => {
    const lines = gridLines([
      row({
        Kind: 'Internal',
        Id: 9,
        JobId: null,
        OrderId: null,
        JobName: null,
        ArticleNumber: 'T-9',
        Description: 'Travel',
        Hours: 0.5,
      }),
      row({ Id: 1, Hours: 0.1 }),
      row({ Id: 2, Hours: 0.2 }),
      row({ Id: 3, WorkDate: '2026-03-08', Hours: 2 }),
      row({ Id: 4, JobId: 13, OrderId: '10002', JobName: 'Lift', WorkDate: '2026-03-03', Hours: 7.5 }),
    ]);
    expect(lines.map((l) => [l.title, l.days, l.total])).toEqual([
      ['10001 · Pump service', [0.3, 0, 0, 0, 0, 0, 2], 2.3],
      ['10002 · Lift', [0, 7.5, 0, 0, 0, 0, 0], 7.5],
      ['Travel', [0.5, 0, 0, 0, 0, 0, 0], 0.5],
    ]);
  });

  it('compares the week with the employment and writes hours in the language', () => {
    expect(balanceOf(40, 37.5)).toBe(2.5);
    expect(balanceOf(30.25, 37.5)).toBe(-7.25);
    expect(hoursText(7.5, 'no')).toBe('7,5');
    expect(hoursText(7.5, 'en')).toBe('7.5');
  });
});
