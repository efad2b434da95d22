import { AFTER_FIRST_PAGE_MS } from '../after-first-page.ts';
import { setDeviceStoreOwner } from './active.ts';

/**
 * The session's two hooks of the device store (decision 094), the only part of it in the first
 * download: its start for a staff user once the first page has settled (the store, its reads and the
 * `idb` package load then, as the outbox's runner does), and its emptying at sign-out.
 */
let loaded: Promise<typeof import('./state.ts')> | null = null;
const load = () => {
  loaded ??= import('./state.ts');
  return loaded;
};

/** Starts keeping the user's work on the device after the first page; returns the stop. */
export function startDeviceStoreAfterFirstPage(userId: number, timeZone: string): () => void {
  setDeviceStoreOwner({ userId, timeZone });
  let stopped = false;
  const timer = setTimeout(
    () =>
      void load().then((m) => {
        if (!stopped) m.startDeviceStore(userId, timeZone);
      }),
    AFTER_FIRST_PAGE_MS,
  );
  return () => {
    stopped = true;
    clearTimeout(timer);
    setDeviceStoreOwner(null);
    void loaded?.then((m) => m.stopDeviceStore());
  };
}

/** Sign-out: the user's device store is deleted (issue 31.5). */
export async function clearDeviceStore(userId: number): Promise<void> {
  setDeviceStoreOwner(null);
  await (await load()).clearDeviceStore(userId);
}
