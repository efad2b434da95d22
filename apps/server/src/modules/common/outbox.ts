import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { eventLog } from '../../db/schema/index.ts';
import type { Executor, Tx } from './db.ts';
import { markKeyWritten } from './idempotency-context.ts';

export type ChangeType = 'New' | 'Change' | 'Delete';

/** The channel the live-event hub listens on; a NOTIFY is delivered when its transaction commits. */
export const EVENTS_CHANNEL = 'fieldport_events';

/**
 * One lock for every transaction that writes events, held until commit: ids are then committed in
 * their order, so the hub reading `id > last` never passes over an id another transaction has not
 * committed yet (a gap it would never look back at).
 */
const EVENT_ORDER_LOCK = 7_301_013;

/** One change event: what changed (entity and id), how, by whom, and what the clients need to know. */
export interface ChangeEvent {
  entity: string;
  entityId: number | string;
  changeType: ChangeType;
  userId: number | null;
  payload?: object;
  /**
   * The company that saw the record before this change gave it to another (a customer's new partner
   * company, a machine moved to another customer): the live-event hub tells that company's open
   * screens the record is gone from them. Kept beside the payload, never sent (live-events/wire.ts).
   */
  formerOwner?: FormerOwner;
}

/** A record's company before a change: its customer and the partner company that served it. */
export interface FormerOwner {
  customerId: number | null;
  partnerCompanyId: number | null;
}
/** Where the former owner is kept in the event's stored payload. */
export const FORMER_OWNER_KEY = 'FormerOwner';

/** Announces a change event of the running change; the outbox helper writes it when the change is done. */
export type Emit = (event: ChangeEvent) => void;

/**
 * The one way to write a change (ENGINEERING.md, decision 019): runs `work` in a transaction and
 * writes the change events it emitted last in that transaction, after the change's own row locks, so
 * the event-order lock is held as briefly as possible. Nothing emitted, nothing written (a change that
 * changed nothing stays silent); `work` throwing rolls back the change and its events together.
 *
 *     const id = await changeWithEvents(db, async (tx, emit) => {
 *       const row = await repo.insertGroup(tx, values);
 *       emit({ entity: 'customerGroup', entityId: row.id, changeType: 'New', userId: caller.user.id });
 *       return row.id;
 *     });
 */
export async function changeWithEvents<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  const events: ChangeEvent[] = [];
  const result = await db.transaction(async (tx) => {
    events.length = 0;
    const value = await work(tx, (event) => {
      events.push(event);
    });
    await recordEvents(tx, events);
    return value;
  });
  // The change is committed whatever a listener does: one that throws must not turn it into an error.
  if (events.length > 0)
    for (const listener of committed) {
      try {
        listener(events);
      } catch {
        // A cache that could not drop its entry still expires it (UserCache: a minute at most).
      }
    }
  return result;
}

type CommittedListener = (events: readonly ChangeEvent[]) => void;
const committed = new Set<CommittedListener>();

/**
 * Calls `listener` with the events of every change this process commits, as soon as it is committed
 * (before its caller is answered): what this process keeps in memory about a record (the session
 * check's users) is dropped at once. Other processes hear of it from the outbox. Answers the unsubscribe.
 */
export function onCommitted(listener: CommittedListener): () => void {
  committed.add(listener);
  return () => committed.delete(listener);
}

/**
 * Writes change events in the mutation's transaction (outbox, ENGINEERING.md): the live-event hub
 * reads event_log, so a committed change is never lost and a rolled-back one never announced. Takes
 * the event-order lock and queues the NOTIFY (delivered at commit), then inserts the events in their
 * order. Use changeWithEvents; this is for code that is handed a transaction it does not own.
 */
export async function recordEvents(tx: Executor, events: readonly ChangeEvent[]) {
  if (events.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(${sql.raw(String(EVENT_ORDER_LOCK))}), pg_notify(${EVENTS_CHANNEL}, '')`,
  );
  await tx.insert(eventLog).values(
    events.map((e) => ({
      entity: e.entity,
      entityId: String(e.entityId),
      changeType: e.changeType,
      userId: e.userId,
      payload: e.formerOwner ? { ...e.payload, [FORMER_OWNER_KEY]: e.formerOwner } : (e.payload ?? {}),
    })),
  );
  // A creation call with an Idempotency-Key: its key says, in this transaction, that it wrote (decision 026).
  await markKeyWritten(tx);
}

/** One change event written in `tx` (see recordEvents). */
export const recordEvent = (tx: Executor, e: ChangeEvent) => recordEvents(tx, [e]);
