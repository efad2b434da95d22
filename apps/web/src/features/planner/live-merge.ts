import type { LiveChangeEvent, SchedulerData } from '@fieldport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { cachedEventsOfJob, dropEvents, hasCachedRanges, putEvents, RANGES_KEY } from './range-cache.ts';

export interface LiveMergeOptions {
  client: QueryClient;
  /** One event as the server now has it (Scheduler/Events/{id}); null when it is gone (404). */
  read(id: number): Promise<SchedulerData | null>;
  /** Runs once the events received together are in: the next task in the browser. */
  schedule(run: () => void): void;
}

const idOf = (v: unknown): number | null => {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The planner's live changes merged into its cached ranges in place (issue 12, decision 041), instead of
 * every open planner reading all its shown days again on each change. An appointment's New or Change
 * reads that one event and puts it where it now belongs, a Delete takes it out; a job's change (its
 * name, status, priority show on its events) reads that job's cached events again. The events received
 * together (before the next task) go together: each event read once, the answers written in one go.
 */
export function createLiveMerge(o: LiveMergeOptions) {
  /** What the events received together ask for each event: read it again, or take it out. */
  let queued = new Map<number, 'read' | 'drop'>();
  let scheduled = false;
  /** The latest ask of each event: an answer to an older one (overtaken by a later change) is dropped. */
  const latest = new Map<number, number>();
  let asks = 0;

  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = new Map();
    // No planner opened: nothing cached to merge into, and nothing to read.
    if (!hasCachedRanges(o.client)) return;
    const drop: number[] = [];
    const reads: { id: number; ask: number }[] = [];
    for (const [id, what] of batch) {
      const ask = ++asks;
      latest.set(id, ask);
      if (what === 'drop') drop.push(id);
      else reads.push({ id, ask });
    }
    dropEvents(o.client, drop);
    if (reads.length === 0) return;
    void Promise.allSettled(reads.map((r) => o.read(r.id))).then((answers) => {
      const saved: SchedulerData = { events: [], assignments: [] };
      const gone: number[] = [];
      let failed = false;
      answers.forEach((answer, i) => {
        const { id, ask } = reads[i] as { id: number; ask: number };
        if (latest.get(id) !== ask) return;
        latest.delete(id);
        if (answer.status === 'rejected') failed = true;
        else if (answer.value === null) gone.push(id);
        else {
          saved.events.push(...answer.value.events);
          saved.assignments.push(...answer.value.assignments);
        }
      });
      putEvents(o.client, saved, gone);
      // A read that failed (not a 404): the shown ranges are read again, as before live merging.
      if (failed) void o.client.invalidateQueries({ queryKey: RANGES_KEY });
    });
  };

  const ask = (id: number, what: 'read' | 'drop') => {
    queued.set(id, what);
    if (scheduled) return;
    scheduled = true;
    o.schedule(flush);
  };

  /** One change event of the hub; those of other entities are not the planner's to merge. */
  return (e: LiveChangeEvent): void => {
    if (e.Entity === 'appointment') {
      const id = idOf(e.EntityId);
      if (id) ask(id, e.ChangeType === 'Delete' ? 'drop' : 'read');
    } else if (e.Entity === 'job') {
      const jobId = idOf(e.JobId ?? e.jobId ?? e.EntityId);
      if (!jobId) return;
      for (const id of cachedEventsOfJob(o.client, jobId)) if (queued.get(id) !== 'drop') ask(id, 'read');
    }
  };
}
