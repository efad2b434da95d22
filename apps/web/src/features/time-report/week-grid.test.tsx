// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import type { UserWeek } from './api.ts';
import { RowList } from './components/RowList.tsx';
import { WeekGrid } from './components/WeekGrid.tsx';

const DAYS = [
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
  '2026-11-27',
  '2026-11-28',
  '2026-11-29',
];
const week = {
  UserId: 5,
  UserName: 'Tess Tester',
  WeeklyHours: 37.5,
  TotalHours: 2,
  DayTotals: [0, 0, 0, 0, 0, 0, 2],
  Approved: false,
  ApprovedAt: null,
  ApprovedByName: null,
  Rows: [
    {
      Kind: 'Internal',
      Id: 1,
      UserId: 5,
      WorkDate: '2026-11-29',
      Hours: 2,
      ArticleNumber: 'ARBEID',
      Description: 'Workshop and internal work',
      Comment: '',
      JobId: null,
      ParentJobId: null,
      OrderId: null,
      JobName: null,
      Locked: false,
      RowVersion: 1,
    },
  ],
} as unknown as UserWeek;

const headings = () =>
  within(screen.getAllByRole('row')[0]!)
    .getAllByRole('columnheader')
    .map((c) => c.textContent);

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the week grid’s headings and the rows (issue 35)', () => {
  it('names each day with its day and month in Chinese, not a date cut after the year', async () => {
    await setLanguage('zh-CN');
    render(<WeekGrid week={week} days={DAYS} />);
    expect(headings()).toEqual([
      '工单或活动',
      '周一11月23日',
      '周二11月24日',
      '周三11月25日',
      '周四11月26日',
      '周五11月27日',
      '周六11月28日',
      '周日11月29日',
      '合计',
    ]);
  });

  it('keeps the job’s column 12 rem (192 px) wide and the days’ headings on their lines', () => {
    render(<WeekGrid week={week} days={DAYS} />);
    expect(headings().slice(1, 3)).toEqual(['Mon23.11', 'Tue24.11']);
    const [job, monday] = within(screen.getAllByRole('row')[0]!).getAllByRole('columnheader');
    expect(getComputedStyle(job!).minWidth).toBe('192px');
    expect(getComputedStyle(monday!).whiteSpace).toBe('nowrap');
  });

  it('gives a row’s hours with the language’s own unit', async () => {
    await setLanguage('no');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RowList rows={week.Rows} onEdit={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('29.11.2026 · 2 t · Ingen jobb')).toBeTruthy();
  });
});
