import type { SchedulerEvent } from '@fieldport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { changeTimes, mergeSaved } from './api.ts';

/** An event's times and rows as last asked for, while its save runs. */
export interface PendingChange {
  start: number;
  end: number;
  resourceIds: number[];
}

export interface ChangeRequest {
  event: SchedulerEvent;
  start: number;
  end: number;
  resourceIds: number[];
}

/**
 * Moves and resizes, saved at once (Scheduler/Events/ChangeTimes with the row version read). While a
 * save runs the event shows at its new place as loading and takes no further change; a saved one goes
 * into the cached ranges, a refused one (a newer version elsewhere: the server's sync message shows)
 * returns to its place and the range is read again.
 */
export function useEventChanges(onSettled: (request: ChangeRequest, ok: boolean) => void) {
  const client = useQueryClient();
  const [pending, setPending] = useState<ReadonlyMap<number, PendingChange>>(new Map());

  const forget = useCallback((id: number) => {
    setPending((map) => {
      const next = new Map(map);
      next.delete(id);
      return next;
    });
  }, []);

  const change = useCallback(
    (request: ChangeRequest) => {
      const { event, start, end, resourceIds } = request;
      setPending((map) => new Map(map).set(event.id, { start, end, resourceIds }));
      changeTimes({ event, start, end, resourceIds }).then(
        (saved) => {
          mergeSaved(client, saved);
          forget(event.id);
          onSettled(request, true);
        },
        () => {
          forget(event.id);
          void client.invalidateQueries({ queryKey: ['planner', 'range'] });
          onSettled(request, false);
        },
      );
    },
    [client, forget, onSettled],
  );

  return { pending, change };
}
