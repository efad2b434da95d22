import type { SchedulerData, SchedulerEvent } from '@fieldport/contract';
import { type QueryClient, type QueryKey, replaceEqualDeep } from '@tanstack/react-query';
import { DAY, parseWallClock } from './rules/wall-clock.ts';

/** Every cached range of the planner: `['planner', 'range', date1, date2]` (api.ts plannerKeys.range). */
export const RANGES_KEY = ['planner', 'range'] as const;

const NOTHING: SchedulerData = { events: [], assignments: [] };

/** Whether an event overlaps the days date1 to date2 (both included) of a range key, as the server picks. */
function inRange(event: SchedulerEvent, key: QueryKey): boolean {
  const from = parseWallClock(String(key[2]));
  const to = parseWallClock(String(key[3])) + DAY;
  return parseWallClock(event.startDate) < to && parseWallClock(event.endDate) > from;
}

/** The new state of one cached range, or the same object when none of these events concern it. */
function merged(data: SchedulerData, key: QueryKey, saved: SchedulerData, gone: ReadonlySet<number>) {
  const incoming = new Map(saved.events.filter((e) => inRange(e, key)).map((e) => [e.id, e] as const));
  const fresh = new Set(saved.events.map((e) => e.id));
  const touched = (id: number) => gone.has(id) || fresh.has(id);
  if (incoming.size === 0 && !data.events.some((e) => touched(e.id))) return data;
  const events: SchedulerEvent[] = [];
  // A changed event keeps its place (no reordering, no flicker); a new one goes last.
  for (const e of data.events) {
    if (gone.has(e.id)) continue;
    const next = incoming.get(e.id);
    if (next) {
      events.push(next);
      incoming.delete(e.id);
    } else if (!touched(e.id)) events.push(e);
  }
  events.push(...incoming.values());
  const kept = new Set(saved.events.filter((e) => inRange(e, key)).map((e) => e.id));
  const next = {
    events,
    assignments: [
      ...data.assignments.filter((a) => !fresh.has(a.eventId) && !gone.has(a.eventId)),
      ...saved.assignments.filter((a) => kept.has(a.eventId) && fresh.has(a.eventId)),
    ],
  };
  shared.add(next);
  return next;
}

/** The ranges `merged` made: they share every unchanged event with the range before already. */
const shared = new WeakSet<object>();

/**
 * The range query's structural sharing: a read range shares what did not change with the cached one
 * (TanStack's default), but a merged one is taken as it is: comparing its 16,000 events again would
 * cost more than the merge itself (4 ms of a 40 ms budget at XL).
 */
export const shareRange = (old: unknown, next: unknown): unknown =>
  typeof next === 'object' && next !== null && shared.has(next) ? next : replaceEqualDeep(old, next);

/**
 * Puts events as the server now has them into every cached range of the planner they overlap, and takes
 * them out of those they no longer overlap; `gone` events (deleted) leave every range. The one way an
 * event gets into the cache besides reading a range: a saved move (mergeSaved), a live change
 * (live-merge.ts), a delete. A range not concerned keeps its very object, so nothing of it redraws. A
 * range being read as this happens is read again: its answer may predate the change.
 */
export function putEvents(client: QueryClient, saved: SchedulerData, gone: Iterable<number> = []): void {
  const goneIds = new Set(gone);
  if (saved.events.length === 0 && goneIds.size === 0) return;
  for (const [key, data] of client.getQueriesData<SchedulerData>({ queryKey: RANGES_KEY })) {
    if (!data) continue;
    const next = merged(data, key, saved, goneIds);
    if (next === data) continue;
    client.setQueryData(key, next);
    if (client.getQueryState(key)?.fetchStatus === 'fetching')
      void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** Takes events out of every cached range (deleted). */
export const dropEvents = (client: QueryClient, ids: Iterable<number>): void =>
  putEvents(client, NOTHING, ids);

/** The ids of the cached events of a job, in any range. */
export function cachedEventsOfJob(client: QueryClient, jobId: number): Set<number> {
  const ids = new Set<number>();
  for (const [, data] of client.getQueriesData<SchedulerData>({ queryKey: RANGES_KEY }))
    for (const e of data?.events ?? []) if (e.jobId === jobId) ids.add(e.id);
  return ids;
}

/** Whether any range of the planner is cached (no planner opened: nothing to merge into). */
export const hasCachedRanges = (client: QueryClient): boolean =>
  client.getQueriesData<SchedulerData>({ queryKey: RANGES_KEY }).some(([, data]) => data !== undefined);
