import { afterEach, beforeEach, vi } from 'vitest';
import type { Call } from '../api/test-fetch.ts';
import { setTokens } from '../api/token-store.ts';
import { commandKinds } from './commands.ts';
import { Outbox } from './outbox.ts';
import { stopOutbox } from './state.ts';
import { openOutboxStore } from './store.ts';

/**
 * The set-up the command kinds' tests share (decisions 095, 099, 102): a signed-in user's outbox on the
 * device store (a new user per test), the device online or not (`device.online`), keys key-1, key-2 …
 * in the order made. Call `commandHarness()` once at the top of a test file (with the IndexedDB of
 * test/device-indexeddb.ts imported first).
 */
export const sp = (path: string) => `/api2/ServiceProvider/${path}`;
export const bodyOf = (call: Call) => JSON.parse(String(call.body)) as Record<string, unknown>;
export const keyOf = (call: Call) => call.headers.get('Idempotency-Key');

export const device = { online: true };
let keys = 0;
let userId = 1;

/** The test user's outbox, loaded from the device store (again: as after a reload). */
export async function outboxOf(): Promise<Outbox> {
  const store = await openOutboxStore(userId);
  const outbox = new Outbox(store, {
    kinds: commandKinds,
    isOnline: () => device.online,
    newKey: () => `key-${++keys}`,
  });
  await outbox.load();
  return outbox;
}

/** The test user (a new one per test, so no test sees another's store). */
export const testUserId = () => userId;

export function commandHarness(): void {
  beforeEach(() => {
    device.online = true;
    keys = 0;
    userId = Math.floor(Math.random() * 1e9);
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    stopOutbox();
    setTokens(null);
  });
}
