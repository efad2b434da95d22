import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '../modules/common/db.ts';
import { type KeyScope, markWritten } from './idempotency.repository.ts';

/** The Idempotency-Key a creation call's handler runs under (decision 026), if it was given one. */
export const idempotencyContext = new AsyncLocalStorage<KeyScope>();

/**
 * Called by the outbox in every transaction that writes change events: when the request runs under an
 * Idempotency-Key, its key is marked written in that same transaction, so a key whose request died
 * before answering is known to have changed something (or not) and is never run twice.
 */
export async function markKeyWritten(tx: Executor) {
  const scope = idempotencyContext.getStore();
  if (scope) await markWritten(tx, scope);
}
