import type { Db } from '../../db/database.ts';
import { type EventRow, eventsAfter, lastEventId } from './live-events.repository.ts';

/** Rows read at a time from the outbox. */
const BATCH = 500;
/** The most a reconnecting client is replayed; beyond this it is told to read everything again. */
export const CATCH_UP_MAX = 1_000;
/** The safety net under NOTIFY: a lost notification (or listening connection) delays an event by this at most. */
const POLL_MS = 1_000;

export interface Delivery {
  /** Sends one event to whoever may see it. */
  send(e: EventRow): Promise<void>;
  log(msg: string, err: unknown): void;
}

/**
 * Reads the outbox (event_log) in sequence order and hands each event on once. Everything runs in one
 * serial chain — the reads after a wake-up and each reconnecting client's catch-up — so a client's
 * replay ends exactly where live delivery to it begins: no gap, no event twice.
 */
export class Dispatcher {
  private cursor = 0;
  private chain: Promise<void> = Promise.resolve();
  private pumpQueued = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly db: Db;
  private readonly delivery: Delivery;

  constructor(db: Db, delivery: Delivery) {
    this.db = db;
    this.delivery = delivery;
  }

  /** Starts after the events already written: those are for catch-up, not live delivery. */
  async start(): Promise<void> {
    this.cursor = await lastEventId(this.db);
    this.timer = setInterval(() => this.wake(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.chain;
  }

  /** The last sequence handed on. */
  get sequence(): number {
    return this.cursor;
  }

  /**
   * Resolves once every event up to `sequence` is handed on here (and so observed by this process's
   * kept answers, settings and sessions), or after `timeoutMs`: a client that saw an event through
   * another process reads nothing older than it here (X-Live-Sequence).
   */
  async reach(sequence: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.cursor < sequence && !this.stopped && Date.now() < deadline) {
      this.wake();
      await this.chain;
      if (this.cursor < sequence) await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** New events may be committed: read them (one read for any number of wake-ups meanwhile). */
  wake(): void {
    if (this.pumpQueued || this.stopped) return;
    this.pumpQueued = true;
    this.enqueue(async () => {
      this.pumpQueued = false;
      await this.pump();
    });
  }

  /**
   * Replays to one client what it missed after `since`, up to the live cursor, then calls `joined`
   * in the same turn of the chain, so live delivery continues from exactly there. More than
   * CATCH_UP_MAX missed answers `reload` instead of the events.
   */
  catchUp(
    since: number | null,
    replay: (events: EventRow[]) => Promise<void>,
    joined: (sync: { sequence: number; reload: boolean }) => void,
  ): Promise<void> {
    return this.enqueue(async () => {
      const upTo = this.cursor;
      if (since === null || since >= upTo) return joined({ sequence: upTo, reload: false });
      const missed = await eventsAfter(this.db, since, CATCH_UP_MAX + 1, upTo);
      if (missed.length > CATCH_UP_MAX) return joined({ sequence: upTo, reload: true });
      await replay(missed);
      joined({ sequence: upTo, reload: false });
    });
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.chain
      .then(work)
      .catch((err: unknown) => this.delivery.log('live events: dispatch failed', err));
    this.chain = next;
    return next;
  }

  private async pump(): Promise<void> {
    for (;;) {
      const rows = await eventsAfter(this.db, this.cursor, BATCH);
      for (const row of rows) {
        await this.delivery.send(row);
        this.cursor = row.id;
      }
      if (rows.length < BATCH || this.stopped) return;
    }
  }
}
