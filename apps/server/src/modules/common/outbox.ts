import { sql } from 'drizzle-orm';
import { eventLog } from '../../db/schema/index.ts';
import type { Executor } from './db.ts';

export type ChangeType = 'New' | 'Change' | 'Delete';

/** The channel the live-event hub listens on; a NOTIFY is delivered when its transaction commits. */
export const EVENTS_CHANNEL = 'fieldport_events';

/**
 * One lock for every transaction that writes events, held until commit: ids are then committed in
 * their order, so the hub reading `id > last` never passes over an id another transaction has not
 * committed yet (a gap it would never look back at).
 */
const EVENT_ORDER_LOCK = 7_301_013;

/**
 * Writes the change event in the mutation's transaction (outbox, ENGINEERING.md): the live-event hub
 * reads event_log, so a committed change is never lost and a rolled-back one never announced.
 */
export async function recordEvent(
  tx: Executor,
  e: {
    entity: string;
    entityId: number | string;
    changeType: ChangeType;
    userId: number | null;
    payload?: object;
  },
) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(EVENT_ORDER_LOCK))}), pg_notify(${EVENTS_CHANNEL}, '')`,
  );
  await tx.insert(eventLog).values({
    entity: e.entity,
    entityId: String(e.entityId),
    changeType: e.changeType,
    userId: e.userId,
    payload: e.payload ?? {},
  });
}
