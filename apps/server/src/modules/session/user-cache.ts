import type { UserRow } from './users.repository.ts';

/** How long a user's row is trusted without a change event: the backstop for a missed one. */
const TTL_MS = 60_000;
/** Users kept at most; the least recently read go first. */
const MAX_USERS = 20_000;

/**
 * The signed-in users' rows for the session check of every call (active, session version, type,
 * company), so that a call costs no query for it. A user's row is dropped when a change of the user
 * is committed (the outbox: at once in this process, through the live-event dispatcher in the others),
 * and read again after TTL_MS in any case. A read that started before a drop is not kept.
 */
export class UserCache {
  private readonly rows = new Map<number, { row: UserRow | null; at: number }>();
  private readonly generation = new Map<number, number>();
  private readonly load: (id: number) => Promise<UserRow | null>;
  private readonly now: () => number;

  constructor(load: (id: number) => Promise<UserRow | null>, now: () => number = Date.now) {
    this.load = load;
    this.now = now;
  }

  async get(id: number): Promise<UserRow | null> {
    const hit = this.rows.get(id);
    if (hit && this.now() - hit.at < TTL_MS) {
      // Most recently read last, so the oldest are the first to go.
      this.rows.delete(id);
      this.rows.set(id, hit);
      return hit.row;
    }
    const gen = this.generation.get(id) ?? 0;
    const row = await this.load(id);
    if ((this.generation.get(id) ?? 0) === gen) {
      this.rows.set(id, { row, at: this.now() });
      if (this.rows.size > MAX_USERS) this.rows.delete(this.rows.keys().next().value as number);
    }
    return row;
  }

  forget(id: number): void {
    this.rows.delete(id);
    this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
  }
}
