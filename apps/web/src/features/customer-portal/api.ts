import { type Api, JOB_STATUS, type RouteOutput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../components/paged-list/index.ts';
import { callApi } from '../../lib/api/client.ts';

export type PortalJob = RouteOutput<Api['jobListFiltered']>['Content'][number];
export type PortalMachine = RouteOutput<Api['machineFiltered']>['Content'][number];

/** Live job and machine events mark ['jobs'] and ['machines'] stale; the portal's keys sit under them. */
const portalKeys = {
  statuses: ['jobs', 'portal', 'statuses'] as const,
  jobs: (open: boolean, ids: readonly number[]) => ['jobs', 'portal', open ? 'open' : 'done', ids] as const,
  machines: (search: string) => ['machines', 'portal', 'list', search] as const,
  machine: (id: number) => ['machines', 'portal', 'one', id] as const,
  priorities: ['jobs', 'portal', 'priorities'] as const,
};

/** The job statuses the caller sees: open ones are below completed, done ones completed to closed. */
export function usePortalStatuses() {
  return useQuery({
    queryKey: portalKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal }),
    select: (all) => ({
      open: all.filter((s) => s.Id < JOB_STATUS.Completed).map((s) => s.Id),
      done: all.filter((s) => s.Id >= JOB_STATUS.Completed && s.Id < JOB_STATUS.Deleted).map((s) => s.Id),
    }),
  });
}

/** The company's jobs of these statuses, page by page (the server scopes them to the caller's company). */
export function usePortalJobs(open: boolean, statusIds: readonly number[] | undefined) {
  return usePagedList(
    portalKeys.jobs(open, statusIds ?? []),
    (Page, ItemsPerPage, signal) =>
      callApi(
        'jobListFiltered',
        { body: { JobStatusIdList: [...(statusIds ?? [])], Page, ItemsPerPage } },
        { signal },
      ),
    statusIds !== undefined && statusIds.length > 0,
  );
}

/** The company's active machines by a search word (name, serial number, QR code), page by page. */
export function usePortalMachines(search: string) {
  return usePagedList(portalKeys.machines(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'machineFiltered',
      { body: { SearchWord: search || null, IncludeInactive: false, Page, ItemsPerPage } },
      { signal },
    ),
  );
}

export function usePortalMachine(id: number) {
  return useQuery({
    queryKey: portalKeys.machine(id),
    queryFn: ({ signal }) => callApi('machineGet', { params: { id } }, { signal }),
  });
}

/** The job priorities: how urgent a fault is. */
export function usePriorities() {
  return useQuery({
    queryKey: portalKeys.priorities,
    queryFn: ({ signal }) => callApi('jobPriorityList', {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Reports a fault on a machine once (Idempotency-Key), then the job lists are read again. */
export function useReportFault(machineId: number, idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { Description: string; JobPriorityId: number }) =>
      callApi('faultReportCreate', { params: { id: machineId }, body }, { idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
