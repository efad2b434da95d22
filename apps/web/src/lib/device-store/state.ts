import {
  DEVICE_STORE_DAYS_AHEAD,
  DEVICE_STORE_MAX_BYTES,
  type LiveChangeEvent,
  toLocalDateTime,
} from '@fieldport/contract';
import { ApiError } from '../api/client.ts';
import { onLiveChange } from '../live-changes.ts';
import { deviceStoreOwner } from './active.ts';
import { resetStatus, setFull, setServed } from './status.ts';
import { type DeviceStore, DeviceStoreCorrupt, deleteDeviceStore, openDeviceStore } from './store.ts';
import { syncAll, syncJob, syncVan } from './sync.ts';

/**
 * The signed-in technician's device store at run time (decision 094): opened for a staff user after the
 * first page, read again from the server while online (at its start, on each 'online' event and on the
 * live events of their work), written through by the screens' own reads, and read in their place when
 * the server cannot be reached. Which keys a screen showed from the store, and since when, is kept here
 * for its "as of" line.
 */

/** After a live event, the store waits this long for more before reading again (one read for a burst). */
export const LIVE_SYNC_DEBOUNCE_MS = 2_000;

interface Opened {
  userId: number;
  timeZone: string;
  store: Promise<DeviceStore>;
}

let opened: Opened | null = null;
let stopLive: (() => void) | null = null;
let syncing: Promise<void> | null = null;
let again = false;

const deviceOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;
const companyToday = (timeZone: string) => toLocalDateTime(new Date(), timeZone).slice(0, 10);

/** The user's store, opened once; a corrupt or foreign one is discarded and read again (when online). */
function storeOf(userId: number, timeZone: string): Promise<DeviceStore> | null {
  if (typeof indexedDB === 'undefined') return null;
  if (opened?.userId === userId) return opened.store;
  closeStore();
  const store = openDeviceStore(userId, DEVICE_STORE_MAX_BYTES).then(({ store: s, discarded }) => {
    if (discarded && deviceOnline()) void syncNow();
    return s;
  });
  opened = { userId, timeZone, store };
  return store;
}

function closeStore() {
  const was = opened;
  opened = null;
  void was?.store.then((s) => s.close()).catch(() => undefined);
  resetStatus();
}

/** The store was found corrupt while in use: it is deleted and opened again empty. */
async function discard(userId: number): Promise<void> {
  if (opened?.userId !== userId) return;
  const timeZone = opened.timeZone;
  closeStore();
  await deleteDeviceStore(userId);
  storeOf(userId, timeZone);
}

/** Reads the technician's work again (one round at a time; a call meanwhile asks for one more). */
export function syncNow(): Promise<void> {
  if (syncing) {
    again = true;
    return syncing;
  }
  const run = async () => {
    do {
      again = false;
      const o = opened;
      if (!o || !deviceOnline()) return;
      const store = await o.store;
      try {
        await syncAll(store, companyToday(o.timeZone), DEVICE_STORE_DAYS_AHEAD);
      } catch (err) {
        // Offline or refused: what is kept stays, and the next event or 'online' tries again.
        if (err instanceof DeviceStoreCorrupt) await discard(o.userId);
      }
      setFull(store.usage().full);
    } while (again);
  };
  syncing = run().finally(() => {
    syncing = null;
  });
  return syncing;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
function later(what: string, work: () => Promise<unknown>) {
  clearTimeout(timers.get(what));
  timers.set(
    what,
    setTimeout(() => {
      timers.delete(what);
      if (deviceOnline()) void work().catch(() => undefined);
    }, LIVE_SYNC_DEBOUNCE_MS),
  );
}

async function keptJobIds(): Promise<Set<number>> {
  const store = await opened?.store;
  const ids = new Set<number>();
  for (const key of (await store?.keys()) ?? []) {
    const m = /^job:(\d+)$/.exec(key);
    if (m) ids.add(Number(m[1]));
  }
  return ids;
}

/**
 * A live event of the technician's work: an appointment (one may have been given to them or moved), a
 * job they keep (its status, contact, checklists), a customer (their name and addresses), an article
 * (a stock movement, their van's too) is read again after a quiet spell; other events are not theirs.
 */
async function onChange(e: LiveChangeEvent) {
  const o = opened;
  if (!o) return;
  const store = () => o.store;
  switch (e.Entity) {
    case 'appointment':
    case 'customer':
      later('all', syncNow);
      return;
    case 'job': {
      const id = Number(e.JobId ?? e.jobId ?? e.EntityId);
      if ((await keptJobIds()).has(id))
        later(`job:${id}`, async () => {
          await syncJob(await store(), id);
          setFull((await store()).usage().full);
        });
      return;
    }
    case 'article':
      later('van', async () => syncVan(await store()));
      return;
    default:
  }
}

const onOnline = () => void syncNow();

/** Opens the user's store and reads their work from the server (the session, after the first page). */
export function startDeviceStore(userId: number, timeZone: string): void {
  if (opened?.userId === userId && stopLive) return;
  // A screen's read may have opened this user's store already (an offline start): it stays open.
  stopLive?.();
  stopLive = null;
  if (!storeOf(userId, timeZone)) return;
  window.addEventListener('online', onOnline);
  const unlisten = onLiveChange((e) => void onChange(e));
  stopLive = () => {
    unlisten();
    window.removeEventListener('online', onOnline);
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  };
  void syncNow();
}

/** Stops reading and closes the store (its records stay on the device for the same user). */
export function stopDeviceStore(): void {
  stopLive?.();
  stopLive = null;
  closeStore();
}

/** Sign-out: the user's store is deleted (issue 31.5). */
export async function clearDeviceStore(userId: number): Promise<void> {
  stopDeviceStore();
  await deleteDeviceStore(userId);
}

/** Whether a failure is the server not being reached (rather than its answer). */
const unreachable = (err: unknown) =>
  err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout');

/**
 * A screen's read of the technician's work through the store (read.ts loads this on first use): online, the server's answer (written to
 * the store when `keep`, or when the store already keeps that record); when the server cannot be
 * reached, the stored answer instead, and the key is marked as shown from the store (its "as of").
 * Without a store (signed out, a customer or partner user, no IndexedDB) it is the plain read.
 */
export async function readThrough<T>(
  key: string,
  read: () => Promise<T>,
  options: { keep?: boolean } = {},
): Promise<T> {
  const owner = deviceStoreOwner();
  const pending = owner ? storeOf(owner.userId, owner.timeZone) : null;
  let value: T;
  try {
    value = await read();
  } catch (err) {
    if (!pending || !unreachable(err)) throw err;
    const store = await pending.catch(() => null);
    const record = await store?.get(key).catch(async (e: unknown) => {
      if (e instanceof DeviceStoreCorrupt && owner) await discard(owner.userId);
      return undefined;
    });
    if (!record) throw err;
    setServed(key, record.savedAt);
    return record.value as T;
  }
  setServed(key, null);
  if (pending) {
    void pending
      .then(async (store) => {
        if (options.keep || (await store.get(key)) !== undefined) {
          await store.put(key, value, Date.now());
          setFull(store.usage().full);
        }
      })
      .catch(() => undefined);
  }
  return value;
}
