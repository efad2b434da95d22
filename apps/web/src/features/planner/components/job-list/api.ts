import type { JobListItem, JobListPage } from '@fieldport/contract';
import { JOB_LIST_MAX_PAGE_SIZE } from '@fieldport/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/client.ts';
import { appointmentPayload, type ParticipantRef } from '../../rules/appointment-payload.ts';
import { formatWallClock } from '../../rules/wall-clock.ts';

/** What the job list panel shows: the statuses (and sub-statuses), departments and the search. */
export interface JobPanelFilter {
  statuses: number[];
  subStatuses: number[];
  departments: number[];
  search: string;
}

/**
 * The panel's keys: under ['planner', 'jobs'], which a job or appointment change marks stale after
 * 700 ms (features/live-events/invalidation.ts).
 */
export const jobPanelKeys = {
  all: ['planner', 'jobs'] as const,
  list: (filter: JobPanelFilter) => ['planner', 'jobs', 'list', filter] as const,
  statuses: (departments: readonly number[]) => ['planner', 'jobs', 'statuses', departments] as const,
  job: (id: number) => ['planner', 'jobs', 'job', id] as const,
};

/** The sub-statuses of the chosen statuses only; 0 ('all of its status') goes as null (000 §7). */
function body(filter: JobPanelFilter) {
  return {
    Page: 1,
    ItemsPerPage: JOB_LIST_MAX_PAGE_SIZE,
    SearchWord: filter.search.trim() || null,
    JobStatusIdList: filter.statuses,
    JobSubStatusIdList: filter.subStatuses.length ? filter.subStatuses.map((s) => s || null) : null,
    OrderDepartmentIdList: filter.departments.length ? filter.departments : null,
  };
}

/** The jobs to plan (POST JobList/Filtered, up to 999, 000 §9). */
export function usePanelJobs(filter: JobPanelFilter) {
  return useQuery({
    queryKey: jobPanelKeys.list(filter),
    queryFn: ({ signal }) => callApi('jobListFiltered', { body: body(filter) }, { signal, silent: true }),
    placeholderData: (previous) => previous,
  });
}

/** Every status with its sub-statuses and their counts (JobStatus/GetAll), for the filter dialog. */
export function useStatusCounts(enabled: boolean, departments: readonly number[]) {
  return useQuery({
    queryKey: jobPanelKeys.statuses(departments),
    enabled,
    queryFn: ({ signal }) =>
      callApi(
        'jobStatusGetAll',
        { query: departments.length ? { OrderDepartmentFilter: departments.join(',') } : {} },
        { signal, silent: true },
      ),
  });
}

const jobQuery = (jobId: number) => ({
  queryKey: jobPanelKeys.job(jobId),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    callApi('jobGet', { params: { id: jobId } }, { signal, silent: true }),
  staleTime: 30_000,
});

/** A job's estimate in hours (GET job/{id}): the list items do not carry it. */
export async function fetchEstimate(client: QueryClient, jobId: number): Promise<number | null> {
  const job = await client.fetchQuery(jobQuery(jobId));
  return job.EstimatedTime ?? null;
}

/** The same estimate as a query, for a view that waits for it (the suggestions of a listed job). */
export function useJobEstimate(jobId: number) {
  const job = useQuery(jobQuery(jobId));
  return { ready: !job.isPending, hours: job.data?.EstimatedTime ?? null };
}

/** POST Appointment/create for a job on one user's row (type 1, a specified technician). */
export const createJobAppointment = (jobId: number, user: ParticipantRef, start: number, end: number) =>
  callApi('appointmentCreate', {
    body: appointmentPayload({
      start: formatWallClock(start),
      end: formatWallClock(end),
      jobId,
      participants: [user],
    }),
  });

/** Takes a planned job out of every cached panel list at once (it is no longer unplanned). */
export function removeFromLists(client: QueryClient, jobId: number): void {
  client.setQueriesData<JobListPage>({ queryKey: ['planner', 'jobs', 'list'] }, (page) =>
    page
      ? {
          ...page,
          Content: page.Content.filter((j: JobListItem) => j.Id !== jobId),
          TotalCount: Math.max(0, page.TotalCount - 1),
        }
      : page,
  );
}
