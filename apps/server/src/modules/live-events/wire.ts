import { LIVE_SERVER_EVENTS, type LiveChangeEvent, type LiveChangeType } from '@fieldport/contract';
import type { EventRow } from './live-events.repository.ts';

/** Change events go out under their entity's name (002 §7.22); task status changes as `tasks`. */
export const eventNameOf = (entity: string): string =>
  entity === 'task' ? LIVE_SERVER_EVENTS.tasks : entity;

/** The event as clients get it: the entity's own fields, then ours (which win on a clash). */
export const toWire = (e: EventRow): LiveChangeEvent => ({
  ...(e.payload as object),
  // 002 §7.22: the job change event carries jobId (as written there), besides the payload's JobId.
  ...('JobId' in (e.payload as object) ? { jobId: (e.payload as { JobId: unknown }).JobId } : {}),
  Sequence: e.id,
  Entity: e.entity,
  EntityId: e.entityId,
  ChangeType: e.changeType as LiveChangeType,
});
