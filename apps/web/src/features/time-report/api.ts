import type { Api, RouteInput, RouteOutput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

type TimeReport = RouteOutput<Api['timeReportGet']>;
export type UserWeek = TimeReport['Users'][number];
export type TimeRow = UserWeek['Rows'][number];
export type AddRowInput = RouteInput<Api['timeReportAddRow']>['body'];
export type UpdateRowInput = RouteInput<Api['timeReportUpdateRow']>['body'];

/** Every answer of the time report sits under ['time-report']: its live event refreshes them all. */
const timeReportKeys = {
  all: ['time-report'] as const,
  week: (weekStart: string, userId: number | null) => ['time-report', 'week', weekStart, userId] as const,
  articles: ['time-report', 'articles'] as const,
  employment: ['time-report', 'employment'] as const,
};

/** A week's report: one user's (`userId`), the caller's own (null, not office), or the office's all. */
export function useWeek(weekStart: string, userId: number | null) {
  return useQuery({
    queryKey: timeReportKeys.week(weekStart, userId),
    queryFn: ({ signal }) =>
      callApi(
        'timeReportGet',
        { query: { WeekStart: weekStart, ...(userId !== null ? { UserId: userId } : {}) } },
        { signal },
      ),
  });
}

export function useTimeArticles() {
  return useQuery({
    queryKey: timeReportKeys.articles,
    queryFn: ({ signal }) => callApi('timeArticleDescription', {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

function useReadAgain() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: timeReportKeys.all }),
      // Job rows are the jobs' time lines: their parts tabs read again too.
      client.invalidateQueries({ queryKey: ['jobs', 'order'] }),
    ]);
}

export function useAddRow() {
  const onSuccess = useReadAgain();
  return useMutation({
    /** `key`: one per dialog opened, so a repeated send of the same row is kept once. */
    mutationFn: ({ body, key }: { body: AddRowInput; key: string }) =>
      callApi('timeReportAddRow', { body }, { notify: true, silent: true, idempotencyKey: key }),
    onSuccess,
  });
}

export function useUpdateRow() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: UpdateRowInput) =>
      callApi('timeReportUpdateRow', { body }, { notify: true, silent: true }),
    onSuccess,
  });
}

export function useDeleteRow() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (row: { Kind: TimeRow['Kind']; Id: number }) =>
      callApi('timeReportDeleteRow', { query: row }, { notify: true }),
    onSuccess,
  });
}

export function useApproveWeek() {
  const onSuccess = useReadAgain();
  return useMutation({
    mutationFn: (body: { UserId: number; WeekStart: string; Approved: boolean }) =>
      callApi('timeReportApprove', { body }, { notify: true }),
    onSuccess,
  });
}

/** Saves the week as a workbook (the file needs the bearer token, so it comes as a Blob). */
export async function downloadWeek(weekStart: string, userId: number | null): Promise<void> {
  const blob = await callApi('timeReportExport', {
    body: { WeekStart: weekStart, ...(userId !== null ? { UserId: userId } : {}) },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `time-report-${weekStart}.xlsx`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
