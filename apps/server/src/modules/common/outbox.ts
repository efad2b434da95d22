import { eventLog } from '../../db/schema/index.ts';
import type { Executor } from './db.ts';

export type ChangeType = 'New' | 'Change' | 'Delete';

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
  await tx.insert(eventLog).values({
    entity: e.entity,
    entityId: String(e.entityId),
    changeType: e.changeType,
    userId: e.userId,
    payload: e.payload ?? {},
  });
}
