import type { JobListFilter, JobListItem, JobListPage } from '@fieldport/contract';
import { LIST_INITIAL_RENDER } from '@fieldport/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

export type { JobListItem, JobListPage };

/** What a jobs tab narrows the list by: one customer's jobs, or those with a sub-job on one machine. */
export type JobTabFilter = Pick<JobListFilter, 'CustomerId' | 'MachineId'>;

export const jobKeys = {
  all: ['jobs'] as const,
  list: (filter: JobTabFilter) => ['jobs', 'list', filter] as const,
};

/**
 * The job list (POST JobList/Filtered), 50 jobs a page (001 §9: the first 50 render, the next page
 * loads at 90 percent scroll). TotalCountCapped means the total is at least TotalCount.
 */
export function useJobList(filter: JobTabFilter, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: jobKeys.list(filter),
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'jobListFiltered',
        { body: { ...filter, Page: pageParam, ItemsPerPage: LIST_INITIAL_RENDER } },
        { signal, silent: true },
      ),
    getNextPageParam: (last: JobListPage, pages: JobListPage[]) => {
      const loaded = pages.reduce((n, p) => n + p.Content.length, 0);
      const more =
        last.Content.length === LIST_INITIAL_RENDER && (last.TotalCountCapped || loaded < last.TotalCount);
      return more ? pages.length + 1 : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.Content);
  const last = pages.at(-1);
  return {
    ...query,
    items,
    total: last?.TotalCount ?? 0,
    totalCapped: last?.TotalCountCapped ?? false,
  };
}
