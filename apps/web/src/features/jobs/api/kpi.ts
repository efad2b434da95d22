import type { KpiChangeInput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { jobKeys } from './jobs.ts';

/** A job's KPIs (002 §7.11) and the service manager's settings, under the job's own key (its change event refreshes them). */
const kpiKeys = {
  of: (jobId: number) => [...jobKeys.all, 'kpi', jobId] as const,
  options: (jobId: number) => [...jobKeys.all, 'kpi', jobId, 'options'] as const,
};

export const useJobKpi = (jobId: number) =>
  useQuery({
    queryKey: kpiKeys.of(jobId),
    queryFn: ({ signal }) => callApi('kpiOfJob', { params: { id: jobId } }, { signal, silent: true }),
  });

export const useKpiOptions = (jobId: number, enabled: boolean) =>
  useQuery({
    queryKey: kpiKeys.options(jobId),
    enabled,
    queryFn: ({ signal }) => callApi('kpiOptions', { params: { id: jobId } }, { signal, silent: true }),
  });

/** PATCH KPI/job: the service manager's first-time fix, leaving out, reason. */
export function useChangeKpi(jobId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<KpiChangeInput, 'JobId'>) =>
      callApi('kpiChange', { body: { ...body, JobId: jobId } }, { notify: true }),
    onSuccess: (kpi) => {
      client.setQueryData(kpiKeys.of(jobId), kpi);
      return client.invalidateQueries({ queryKey: kpiKeys.options(jobId) });
    },
  });
}
