import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Executor } from './db.ts';
import { type KeyScope, markWritten } from './idempotency.repository.ts';

/**
 * The Idempotency-Key a creation call's handler runs under (decision 026), if it was given one: claimed
 * before the handler (`scope` set), or, for a multipart call, by the handler once it has read the body
 * (`claim`, through `claimIdempotencyKey`).
 */
export interface KeyClaim {
  scope: KeyScope | null;
  claim?: (bodyHash: string) => Promise<void>;
}

export const idempotencyContext = new AsyncLocalStorage<KeyClaim>();

/** The first answer, given again to a repeat that a multipart handler found: sent by the error handler. */
export class IdempotentReplay extends Error {
  readonly answer: { statusCode: number; body: string; contentType: string | null };
  constructor(answer: IdempotentReplay['answer']) {
    super('idempotent replay');
    this.answer = answer;
  }
}

export const replayOf = (answer: IdempotentReplay['answer']) => new IdempotentReplay(answer);

/**
 * Called by a multipart creation call once it has read its body and before it writes: under an
 * Idempotency-Key the key is claimed for that body's hash (the parts as read, so the boundary a browser
 * chooses anew for every send does not count). A repeat of an answered request throws its first answer
 * (`IdempotentReplay`); other input under the same key is a 422. Without a key it does nothing.
 */
export async function claimIdempotencyKey(parts: readonly (string | Buffer | null)[]) {
  const claim = idempotencyContext.getStore();
  if (!claim?.claim || claim.scope) return;
  const hash = createHash('sha256');
  for (const part of parts) {
    const bytes = part === null ? Buffer.alloc(0) : Buffer.isBuffer(part) ? part : Buffer.from(part);
    hash.update(`${bytes.length}:`).update(bytes);
  }
  await claim.claim(hash.digest('base64url'));
}

/**
 * Called by the outbox in every transaction that writes change events: when the request runs under an
 * Idempotency-Key, its key is marked written in that same transaction, so a key whose request died
 * before answering is known to have changed something (or not) and is never run twice.
 */
export async function markKeyWritten(tx: Executor) {
  const scope = idempotencyContext.getStore()?.scope;
  if (scope) await markWritten(tx, scope);
}
