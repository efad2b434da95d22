import type { Api, JobListFilter, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';
import { STORE_KEYS } from '../../../lib/device-store/keys.ts';
import { readThrough } from '../../../lib/device-store/read.ts';

/**
 * What a list narrows the jobs by: one customer's, those with a sub-job on one machine (the tabs), or
 * the job list's filter (my, parts, a status and sub-status) with the types, priorities and departments
 * chosen beside its search (job-list-filters.ts), or the words searched for (SearchResults).
 */
export type JobTabFilter = Pick<
  JobListFilter,
  | 'SearchWord'
  | 'CustomerId'
  | 'MachineId'
  | 'AssignedToMe'
  | 'JobStatusIdList'
  | 'JobSubStatusIdList'
  | 'JobTypeIdList'
  | 'JobPriorityIdList'
  | 'OrderDepartmentIdList'
  | 'Deadline'
  | 'SetToStatusThisWeek'
>;

export const jobKeys = {
  all: ['jobs'] as const,
  /** A page size other than the usual 50 is part of the key: its pages do not mix with the others. */
  list: (filter: JobTabFilter, pageSize?: number) =>
    pageSize ? (['jobs', 'list', filter, pageSize] as const) : (['jobs', 'list', filter] as const),
  job: (id: number) => ['jobs', 'job', id] as const,
  history: (id: number) => ['jobs', 'history', id] as const,
};

export type Job = RouteOutput<Api['jobGet']>;

/**
 * One job (GET job/{id}); a missing or foreign one answers 404. A job the device keeps (a visit's, from
 * Today) is shown from the device when the server cannot be reached (decision 094).
 */
export function useJob(id: number | null) {
  return useQuery({
    queryKey: jobKeys.job(id ?? 0),
    enabled: id !== null && id > 0,
    queryFn: ({ signal }) =>
      readThrough(STORE_KEYS.job(id!), () =>
        callApi('jobGet', { params: { id: id! } }, { signal, silent: true }),
      ),
  });
}

export function useJobHistory(id: number) {
  return useQuery({
    queryKey: jobKeys.history(id),
    queryFn: ({ signal }) => callApi('jobHistory', { params: { id } }, { signal }),
  });
}

/**
 * The job list (POST JobList/Filtered), 50 jobs a page (001 §9: the first 50 render, the next page
 * loads at 90 percent scroll). TotalCountCapped means the total is at least TotalCount.
 */
export function useJobList(filter: JobTabFilter, enabled = true, pageSize?: number) {
  return usePagedList(
    jobKeys.list(filter, pageSize),
    (Page, ItemsPerPage, signal) =>
      callApi('jobListFiltered', { body: { ...filter, Page, ItemsPerPage } }, { signal, silent: true }),
    enabled,
    pageSize,
  );
}
