import { deleteDB, openDB } from 'idb';
import type { OutboxCommand, OutboxStore } from './outbox.ts';

/**
 * The outbox's commands in IndexedDB, one database per user (issue 31.5): another user who signs in
 * on the same device never sees them, and sign-out deletes the database.
 */
const STORE = 'commands';
const outboxDbName = (userId: number) => `fp-outbox-${userId}`;

export async function openOutboxStore(userId: number): Promise<OutboxStore & { close(): void }> {
  const db = await openDB(outboxDbName(userId), 1, {
    upgrade(d) {
      d.createObjectStore(STORE, { keyPath: 'key' });
    },
    // Another tab's sign-out deletes the database: this tab lets go of it.
    blocking() {
      db.close();
    },
  });
  return {
    all: () => db.getAll(STORE) as Promise<OutboxCommand[]>,
    put: async (command) => {
      await db.put(STORE, command);
    },
    remove: (key) => db.delete(STORE, key),
    close: () => db.close(),
  };
}

/** Empties a user's device store (sign-out). */
export function deleteOutboxStore(userId: number): Promise<void> {
  return deleteDB(outboxDbName(userId));
}
