import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { jobKeys } from '../api/jobs.ts';
import { buildStatusGroups, changeStatusQuery, type StatusGroup } from './status-tree.ts';

/** 000 §2: the status counts are read again every 60 s, and at once after a job event (live events). */
const STATUS_GROUPS_REFRESH_MS = 60_000;

/** Under the jobs' keys: a job's writes (which invalidate jobKeys.all) refresh the counts too. */
export const statusGroupKeys = {
  all: ['jobs', 'status-groups'] as const,
  of: (departments: readonly number[]) => ['jobs', 'status-groups', departments] as const,
};

/**
 * The Jobs menu's status groups with their counts (JobStatus/GetAll), of the departments the user
 * stored as the job list's default (JobListFilterOrderDepartmentDefault, 000 §3).
 */
export function useStatusGroups(enabled = true) {
  const [departments] = usePreference('JobListFilterOrderDepartmentDefault');
  return useQuery({
    queryKey: statusGroupKeys.of(departments),
    enabled,
    queryFn: ({ signal }) =>
      callApi(
        'jobStatusGetAll',
        { query: departments.length ? { OrderDepartmentFilter: departments.join(',') } : {} },
        { signal, silent: true },
      ),
    select: buildStatusGroups,
    refetchInterval: STATUS_GROUPS_REFRESH_MS,
  });
}

/**
 * Moves a job to a status group (PATCH Job/{id}/ChangeStatus): on success the lists and the counts
 * read again; a refusal (an unknown status, a sub-status of another, an approved job) shows the
 * server's message and changes nothing, so the item stays where it was.
 */
export function useMoveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { jobId: number; group: StatusGroup }) =>
      callApi(
        'jobChangeStatus',
        { params: { id: v.jobId }, query: changeStatusQuery(v.group) },
        { notify: true },
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: jobKeys.all }),
        client.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
