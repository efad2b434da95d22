import { NEARBY_CLUSTER_ABOVE } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../../lib/api/client.ts';

/** The map's reads (002 §7.15), under ['planner'] so live job events mark the markers stale. */
const mapKeys = {
  statuses: ['planner', 'map', 'statuses'] as const,
  nearby: (circle: NearbyCircle | null, statusIds: readonly number[]) =>
    ['planner', 'map', 'nearby', circle, statusIds] as const,
  route: (userId: number, date: string, order: string) =>
    ['planner', 'map', 'route', userId, date, order] as const,
};

export interface NearbyCircle {
  Origin: { Longitude: number; Latitude: number };
  Radius: number;
}

/** The job statuses for the marker status filter (JobStatus/GetAll). */
export function useMarkerStatuses() {
  return useQuery({
    queryKey: mapKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal }),
    staleTime: 5 * 60_000,
    select: (list) => list.map((s) => ({ id: s.Id, name: s.Name })),
  });
}

/**
 * The jobs of the visible area (maps/NearbyJobs) for the chosen statuses; the previous answer stays on
 * the map while the next one loads. A live job change marks it stale (['planner']).
 */
export function useNearbyJobs(circle: NearbyCircle | null, statusIds: readonly number[]) {
  return useQuery({
    queryKey: mapKeys.nearby(circle, statusIds),
    enabled: circle !== null && statusIds.length > 0,
    queryFn: ({ signal }) =>
      callApi(
        'mapsNearbyJobs',
        {
          body: {
            ...(circle as NearbyCircle),
            JobListFilter: { JobStatusIdList: [...statusIds] },
            ClusterAbove: NEARBY_CLUSTER_ABOVE,
          },
        },
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

/**
 * A user's route on a day (maps/RoutePlan), from their home or the office; `order`: appointment ids to
 * drive in that order (the optimised day). A failure shows no route (000 §7), quietly.
 */
export function useRoutePlan(route: { userId: number; date: string; order?: readonly number[] } | null) {
  const order = route?.order?.join(',') ?? '';
  return useQuery({
    queryKey: mapKeys.route(route?.userId ?? 0, route?.date ?? '', order),
    enabled: route !== null,
    retry: false,
    queryFn: ({ signal }) =>
      callApi(
        'mapsRoutePlan',
        { query: { userId: route?.userId ?? 0, date: route?.date ?? '', ...(order ? { order } : {}) } },
        { signal, silent: true },
      ),
  });
}
