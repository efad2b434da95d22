/** A start that failed (the socket code did not load, or the first handshake) is tried again after this. */
export const START_RETRY_MS = 3_000;
/** 002 §4: every 3 s for the first 2 minutes of a lost connection, then every 60 s. */
const FAST_RETRY_MS = 3_000;
const FAST_RETRY_PERIOD_MS = 120_000;
const SLOW_RETRY_MS = 60_000;

/** How long to wait before the next attempt, given how long the connection has been lost. */
export function reconnectDelay(lostForMs: number): number {
  return lostForMs < FAST_RETRY_PERIOD_MS ? FAST_RETRY_MS : SLOW_RETRY_MS;
}
