import { DEPARTMENT_LIST_PAGE_SIZE, type SchedulerData, type SchedulerEvent } from '@fieldport/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, callApi } from '../../lib/api/client.ts';
import { onLiveChange } from '../../lib/live-changes.ts';
import { createLiveMerge } from './live-merge.ts';
import { putEvents, shareRange } from './range-cache.ts';
import { formatDay, formatWallClock } from './rules/wall-clock.ts';

/**
 * Live appointment and job events go into the shown ranges in place (usePlannerLiveMerge); the ranges no
 * screen shows, the job panel and the map are marked stale (features/live-events/invalidation.ts).
 */
export const plannerKeys = {
  all: ['planner'] as const,
  resources: ['planner', 'resources'] as const,
  departments: ['planner', 'departments'] as const,
  range: (from: string, to: string) => ['planner', 'range', from, to] as const,
  travel: (from: string, to: string) => ['planner', 'travel', from, to] as const,
  priorities: ['planner', 'priorities'] as const,
};

/** The rows: the bookable users (Scheduler/Resources). */
export function useResources() {
  return useQuery({
    queryKey: plannerKeys.resources,
    queryFn: ({ signal }) => callApi('schedulerResources', {}, { signal }),
  });
}

/** The department names, for the department headings. */
export function useDepartmentNames(enabled: boolean) {
  return useQuery({
    queryKey: plannerKeys.departments,
    enabled,
    queryFn: ({ signal }) =>
      callApi(
        'departmentFiltered',
        { query: { Page: 1, ItemsPerPage: DEPARTMENT_LIST_PAGE_SIZE } },
        { signal, silent: true },
      ),
    select: (page) => new Map(page.Content.map((d) => [d.Id, d.Name] as const)),
  });
}

/** The days [from, to) of a range as Scheduler/DateRange takes them (both days included). */
const rangeQuery = (from: number, to: number) => ({ date1: formatDay(from), date2: formatDay(to - 1) });

/** The read of the events of the shown days and who they are assigned to (Scheduler/DateRange). */
const rangeOptions = (from: number, to: number) => {
  const query = rangeQuery(from, to);
  return queryOptions({
    queryKey: plannerKeys.range(query.date1, query.date2),
    queryFn: ({ signal }) => callApi('schedulerDateRange', { query }, { signal }),
  });
};

/** The events of the shown days and who they are assigned to. */
export function useSchedulerRange(from: number, to: number) {
  return useQuery({
    ...rangeOptions(from, to),
    placeholderData: (previous) => previous,
    structuralSharing: shareRange,
  });
}

/**
 * Starts the first range's read while the planner first renders, not after it commits (useQuery's
 * read starts in an effect): it goes out some 40 ms sooner, the first paint's largest part
 * (bench/planner.ts).
 */
export function useRangeReadAtOnce(from: number, to: number) {
  const client = useQueryClient();
  useState(() => void client.prefetchQuery(rangeOptions(from, to)));
}

/** A move or resize to save: new times, and the rows it is on. */
export interface TimeChange {
  event: SchedulerEvent;
  start: number;
  end: number;
  resourceIds: number[];
}

/** PATCH Scheduler/Events/ChangeTimes with the row version read: a stale one is refused (409). */
export const changeTimes = (change: TimeChange) =>
  callApi('schedulerChangeTimes', {
    body: {
      id: change.event.id,
      startDate: formatWallClock(change.start),
      endDate: formatWallClock(change.end),
      resourceIds: change.resourceIds,
      rowVersion: change.event.rowVersion,
    },
  });

/** Puts a saved event's new state into every cached range it overlaps, at once (range-cache.ts). */
export const mergeSaved = (client: QueryClient, saved: SchedulerData): void => putEvents(client, saved);

/** One event as the server now has it (Scheduler/Events/{id}); null when it is gone. */
async function readEvent(id: number): Promise<SchedulerData | null> {
  try {
    return await callApi('schedulerEvent', { params: { id } }, { silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * Shows an appointment this screen has just made: reads its event and puts it into the cached ranges,
 * instead of reading the shown days again (thousands of events at a large company's size).
 */
export async function showNewEvent(client: QueryClient, id: number): Promise<void> {
  const data = await readEvent(id);
  if (data) putEvents(client, data);
}

/**
 * While the planner is shown, the hub's appointment and job changes go into its cached ranges in place
 * (live-merge.ts), those received together at a time; the live client then leaves its shown ranges alone.
 */
export function usePlannerLiveMerge(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      onLiveChange(
        // The next task, not the next frame: a frame's wait (up to 16 ms) is on the change's way to its
        // paint (40 ms, bench/planner.ts); the events already received still go together.
        createLiveMerge({ client, read: readEvent, schedule: (run) => setTimeout(run, 0) }),
      ),
    [client],
  );
}

/**
 * The drive before each appointment of the shown days and whether it is reachable in time
 * (Scheduler/Travel, decision 065): day and week views only (the read takes at most 7 days).
 */
export function useTravelBoard(from: number, to: number, enabled: boolean) {
  const query = rangeQuery(from, to);
  return useQuery({
    queryKey: plannerKeys.travel(query.date1, query.date2),
    enabled,
    queryFn: ({ signal }) => callApi('schedulerTravel', { query }, { signal, silent: true }),
    placeholderData: (previous) => previous,
  });
}

/** The job priorities' names, for the colour legend when colouring by priority. */
export function usePriorityNames(enabled: boolean) {
  return useQuery({
    queryKey: plannerKeys.priorities,
    enabled,
    queryFn: ({ signal }) => callApi('jobPriorityList', {}, { signal, silent: true }),
    select: (list) => new Map(list.map((p) => [p.Id, p.Name] as const)),
    staleTime: 5 * 60_000,
  });
}
