import type { Api, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

export type DashboardHome = RouteOutput<Api['dashboardHome']>;
export type StatusCount = RouteOutput<Api['jobStatusGetAll']>[number];

/** Live events mark ['dashboard'] stale (features/live-events/invalidation.ts). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  home: ['dashboard', 'home'] as const,
  statuses: ['dashboard', 'statuses'] as const,
};

/** 000 §9: the job status map is read again every 60 s, beside the live events. */
const STATUS_REFRESH_MS = 60_000;

/** The landing page's figures (Dashboard/Home). */
export function useDashboardHome() {
  return useQuery({
    queryKey: dashboardKeys.home,
    queryFn: ({ signal }) => callApi('dashboardHome', {}, { signal, silent: true }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** The job statuses with their counts of the caller's jobs (JobStatus/GetAll). */
export function useStatusCounts() {
  return useQuery({
    queryKey: dashboardKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal, silent: true }),
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** This month's jobs' KPIs summed (kpi/summary), for the KPI card loaded after the first page. */
export function useKpiSummary() {
  return useQuery({
    queryKey: [...dashboardKeys.all, 'kpi'],
    queryFn: ({ signal }) => callApi('kpiSummary', { query: {} }, { signal, silent: true }),
    staleTime: STATUS_REFRESH_MS,
  });
}
