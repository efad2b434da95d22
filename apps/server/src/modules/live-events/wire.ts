import { LIVE_SERVER_EVENTS, type LiveChangeEvent, type LiveChangeType } from '@fieldport/contract';
import { FORMER_OWNER_KEY } from '../common/outbox.ts';
import type { EventRow } from './live-events.repository.ts';

/** Change events go out under their entity's name (002 §7.22); task status changes as `tasks`. */
export const eventNameOf = (entity: string): string =>
  entity === 'task' ? LIVE_SERVER_EVENTS.tasks : entity;

/** The event's own fields, without what is kept for the hub alone (the former owner). */
const fieldsOf = (e: EventRow): Record<string, unknown> => {
  const { [FORMER_OWNER_KEY]: _former, ...fields } = e.payload as Record<string, unknown>;
  return fields;
};

/** The event as clients get it: the entity's own fields, then ours (which win on a clash). */
export const toWire = (e: EventRow): LiveChangeEvent => ({
  ...fieldsOf(e),
  // 002 §7.22: the job change event carries jobId (as written there), besides the payload's JobId.
  ...('JobId' in (e.payload as object) ? { jobId: (e.payload as { JobId: unknown }).JobId } : {}),
  Sequence: e.id,
  Entity: e.entity,
  EntityId: e.entityId,
  ChangeType: e.changeType as LiveChangeType,
});

/**
 * What the company that lost a record (its former owner) is told: the record is gone from its view, a
 * Delete with the record's name and nothing of its new company (none of its fields, nor who has it now).
 */
export const removalWire = (e: EventRow): LiveChangeEvent => {
  const jobId = (e.payload as { JobId?: unknown }).JobId;
  return {
    ...(jobId === undefined ? {} : { JobId: jobId, jobId }),
    Sequence: e.id,
    Entity: e.entity,
    EntityId: e.entityId,
    ChangeType: 'Delete',
  };
};
