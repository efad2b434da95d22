import { commandKinds } from './commands.ts';
import { Outbox } from './outbox.ts';
import { openOutboxStore } from './store.ts';

/** One user's outbox on their device store, loaded; the part of the outbox the first download leaves out. */
export async function openOutbox(userId: number): Promise<{ outbox: Outbox; close(): void }> {
  const store = await openOutboxStore(userId);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const outbox = new Outbox(store, {
    kinds: commandKinds,
    // Two tabs of one user send one at a time; a command the other tab sent is replayed by its key.
    exclusive: locks
      ? (run) => locks.request(`fp-outbox-${userId}`, run) as unknown as Promise<void>
      : undefined,
  });
  await outbox.load();
  return {
    outbox,
    close: () => {
      outbox.stop();
      store.close();
    },
  };
}
