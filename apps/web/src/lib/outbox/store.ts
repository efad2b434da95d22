import { deleteDB, openDB } from 'idb';
import type { OutboxCommand, OutboxStore, StoredFile } from './outbox.ts';

/**
 * The outbox's commands in IndexedDB, one database per user (issue 31.5): another user who signs in
 * on the same device never sees them, and sign-out deletes the database.
 */
const STORE = 'commands';
/** The files the commands send (a photo taken offline, decision 102), until they are applied or dropped. */
const FILES = 'files';
const outboxDbName = (userId: number) => `fp-outbox-${userId}`;

export async function openOutboxStore(userId: number): Promise<OutboxStore & { close(): void }> {
  const db = await openDB(outboxDbName(userId), 2, {
    upgrade(d, old) {
      if (old < 1) d.createObjectStore(STORE, { keyPath: 'key' });
      if (old < 2) d.createObjectStore(FILES, { keyPath: 'id' });
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
    putFile: async (file) => {
      await db.put(FILES, file);
    },
    file: (id) => db.get(FILES, id) as Promise<StoredFile | undefined>,
    removeFiles: async (ids) => {
      for (const id of ids) await db.delete(FILES, id);
    },
    close: () => db.close(),
  };
}

/** Empties a user's device store (sign-out). */
export function deleteOutboxStore(userId: number): Promise<void> {
  return deleteDB(outboxDbName(userId));
}
