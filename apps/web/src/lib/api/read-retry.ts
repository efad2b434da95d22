import { ApiError } from './client.ts';

/** How often a read is tried again when the server was busy or could not be reached. */
const TRANSIENT_RETRIES = 3;
/** The longest wait between two tries, whatever the server asks. */
const LONGEST_WAIT_MS = 10_000;

/** A failure that may not happen again: the server busy or stopping (503), the network, a timeout. */
function transient(err: ApiError): boolean {
  return err.status === 503 || err.kind === 'network' || err.kind === 'timeout';
}

/**
 * Whether the signed-in app's reads try again after `failures` failed tries (TanStack Query's `retry`):
 * up to three times when the failure may pass (a server under load answers 503 with Retry-After,
 * decision 059), never for an answer that would be the same again (4xx), once for anything else.
 */
export function retryRead(failures: number, err: unknown): boolean {
  if (!(err instanceof ApiError)) return failures < 1;
  if (transient(err)) return failures < TRANSIENT_RETRIES;
  if (err.status >= 400 && err.status < 500) return false;
  return failures < 1;
}

/** How long before the next try: what the server asked for (Retry-After), else 1, 2, 4 … seconds. */
export function readRetryDelay(failures: number, err: unknown): number {
  if (err instanceof ApiError && err.retryAfterMs !== null)
    return Math.min(err.retryAfterMs, LONGEST_WAIT_MS);
  return Math.min(1000 * 2 ** failures, LONGEST_WAIT_MS);
}
