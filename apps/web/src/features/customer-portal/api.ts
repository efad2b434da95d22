import { type Api, JOB_STATUS, type RouteOutput } from '@fieldport/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** How many jobs of each kind the portal's landing page lists. */
const PORTAL_JOBS_SHOWN = 50;

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

/** The company's jobs of these statuses (the server scopes them to the caller's company). */
export function usePortalJobs(open: boolean, statusIds: readonly number[] | undefined) {
  return useQuery({
    queryKey: portalKeys.jobs(open, statusIds ?? []),
    enabled: statusIds !== undefined && statusIds.length > 0,
    queryFn: ({ signal }) =>
      callApi(
        'jobListFiltered',
        { body: { JobStatusIdList: [...(statusIds ?? [])], ItemsPerPage: PORTAL_JOBS_SHOWN } },
        { signal },
      ),
  });
}

/** The company's machines, by a search word (name, serial number, QR code). */
export function usePortalMachines(search: string) {
  return useQuery({
    queryKey: portalKeys.machines(search),
    queryFn: ({ signal }) =>
      callApi(
        'machineFiltered',
        { body: { SearchWord: search || null, IncludeInactive: false, ItemsPerPage: 100 } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
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
