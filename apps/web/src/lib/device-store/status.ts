import { useSyncExternalStore } from 'react';

/**
 * What the screens show of the device store (decision 094), apart from its code (which loads after the
 * first page): the records a screen showed from the store because the server could not be reached,
 * each with when it was read (its "as of"), and whether the store is full.
 */
let served: ReadonlyMap<string, number> = new Map();
let full = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

/** A record shown from the store (read at `savedAt`), or, null, read from the server again. */
export function setServed(key: string, savedAt: number | null): void {
  if (savedAt === null ? !served.has(key) : served.get(key) === savedAt) return;
  const next = new Map(served);
  if (savedAt === null) next.delete(key);
  else next.set(key, savedAt);
  served = next;
  emit();
}

export function setFull(value: boolean): void {
  if (full === value) return;
  full = value;
  emit();
}

/** The store closed (sign-out, another user): nothing is shown from it. */
export function resetStatus(): void {
  if (served.size === 0 && !full) return;
  served = new Map();
  full = false;
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * When the oldest of the records a screen shows from the store was read (ms since 1970), or null when it
 * shows none (it read the server). `keys` are the store keys the screen reads.
 */
export function useStoredAsOf(keys: readonly string[]): number | null {
  const map = useSyncExternalStore(subscribe, () => served);
  let oldest: number | null = null;
  for (const key of keys) {
    const at = map.get(key);
    if (at !== undefined && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest;
}

/** Whether the store refused a record for its size limit (the screens say so; new photos should wait). */
export const deviceStoreFull = (): boolean => full;

export function useDeviceStoreFull(): boolean {
  return useSyncExternalStore(subscribe, () => full);
}

const subscribeOnline = (l: () => void) => {
  window.addEventListener('online', l);
  window.addEventListener('offline', l);
  return () => {
    window.removeEventListener('online', l);
    window.removeEventListener('offline', l);
  };
};

/** Whether the device says it is online (the browser's online and offline events). */
export function useDeviceOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false);
}
