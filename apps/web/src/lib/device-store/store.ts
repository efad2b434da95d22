import { deleteDB, type IDBPDatabase, openDB } from 'idb';

/**
 * The technician's work on the device (issue 31.3 and 31.5, decision 094): the server's answers to this
 * user, one IndexedDB database per user (`fp-device-<userId>`, as the outbox's `fp-outbox-<userId>`),
 * each record under its key with the time it was read and its size. The database names its user and
 * schema version in a meta record: a store of another user, of another version or with a record not
 * of its shape is never read, but discarded and read again from the server.
 */
export const DEVICE_SCHEMA_VERSION = 1;
export const deviceDbName = (userId: number) => `fp-device-${userId}`;

const META = 'meta';
const RECORDS = 'records';
const META_ID = 'meta';

interface StoredRecord {
  key: string;
  value: unknown;
  /** When the server gave it (ms since 1970). */
  savedAt: number;
  /** Its JSON's UTF-8 size, counted against the store's limit. */
  bytes: number;
}

interface Meta {
  id: typeof META_ID;
  userId: number;
  schemaVersion: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const idOf = (key: string, prefix: string): number | null => {
  if (!key.startsWith(prefix)) return null;
  const id = Number(key.slice(prefix.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** Whether a value has the shape its key promises (a job's record is that job, a list is a list). */
function validValue(key: string, value: unknown): boolean {
  if (key === 'visits')
    return (
      isObject(value) &&
      typeof value.from === 'string' &&
      typeof value.to === 'string' &&
      Array.isArray(value.list)
    );
  if (key === 'van')
    return (
      isObject(value) && (value.store === null || isObject(value.store)) && Array.isArray(value.articles)
    );
  for (const prefix of ['job:', 'checklist:']) {
    const id = idOf(key, prefix);
    if (id !== null) return isObject(value) && value.Id === id;
  }
  for (const prefix of ['subjobs:', 'checklists:', 'timecodes:'])
    if (idOf(key, prefix) !== null) return Array.isArray(value);
  return false;
}

const validRecord = (r: unknown): r is StoredRecord =>
  isObject(r) &&
  typeof r.key === 'string' &&
  typeof r.savedAt === 'number' &&
  Number.isFinite(r.savedAt) &&
  typeof r.bytes === 'number' &&
  r.bytes >= 0 &&
  validValue(r.key, r.value);

const encoder = new TextEncoder();
const sizeOf = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

export interface DeviceStore {
  readonly userId: number;
  get(key: string): Promise<StoredRecord | undefined>;
  /** Keeps the value; false (and the store full) when it would pass the limit. */
  put(key: string, value: unknown, savedAt: number): Promise<boolean>;
  keys(): Promise<string[]>;
  remove(keys: readonly string[]): Promise<void>;
  usage(): { bytes: number; maxBytes: number; full: boolean };
  /** Clears the full mark (a new round of reads starts). */
  resetFull(): void;
  close(): void;
}

/** A record or the store itself was not what this app wrote: the store is discarded. */
export class DeviceStoreCorrupt extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeviceStoreCorrupt';
  }
}

async function openRaw(userId: number): Promise<IDBPDatabase> {
  const db = await openDB(deviceDbName(userId), DEVICE_SCHEMA_VERSION, {
    upgrade(d, _old, _new, tx) {
      // An older version's stores are not read: the store starts again empty.
      for (const name of [...d.objectStoreNames]) d.deleteObjectStore(name);
      d.createObjectStore(META, { keyPath: 'id' });
      d.createObjectStore(RECORDS, { keyPath: 'key' });
      void tx.objectStore(META).put({ id: META_ID, userId, schemaVersion: DEVICE_SCHEMA_VERSION });
    },
    // Another tab's sign-out deletes the database: this tab lets go of it.
    blocking() {
      db.close();
    },
  });
  return db;
}

/** The meta record and every record, checked; throws DeviceStoreCorrupt when anything is off. */
async function check(db: IDBPDatabase, userId: number): Promise<number> {
  if (!db.objectStoreNames.contains(META) || !db.objectStoreNames.contains(RECORDS))
    throw new DeviceStoreCorrupt('missing object stores');
  const meta = (await db.get(META, META_ID)) as Meta | undefined;
  if (!meta || meta.userId !== userId || meta.schemaVersion !== DEVICE_SCHEMA_VERSION)
    throw new DeviceStoreCorrupt('another user or schema version');
  let bytes = 0;
  for (const r of (await db.getAll(RECORDS)) as unknown[]) {
    if (!validRecord(r)) throw new DeviceStoreCorrupt('a record not of its shape');
    bytes += r.bytes;
  }
  return bytes;
}

/**
 * Opens the user's store. A store that is not this user's, of another schema version, unreadable or
 * with a record not of its shape is deleted and opened again empty (`discarded`).
 */
export async function openDeviceStore(
  userId: number,
  maxBytes: number,
): Promise<{ store: DeviceStore; discarded: boolean }> {
  let db: IDBPDatabase | null = null;
  let bytes = 0;
  let discarded = false;
  try {
    db = await openRaw(userId);
    bytes = await check(db, userId);
  } catch {
    db?.close();
    await deleteDB(deviceDbName(userId));
    db = await openRaw(userId);
    bytes = 0;
    discarded = true;
  }
  const opened = db;
  let full = false;
  // Writes one after the other, so the running total is each one's.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  const store: DeviceStore = {
    userId,
    async get(key) {
      const r = (await opened.get(RECORDS, key)) as unknown;
      if (r === undefined) return undefined;
      if (!validRecord(r) || r.key !== key) throw new DeviceStoreCorrupt(`record ${key}`);
      return r;
    },
    put: (key, value, savedAt) =>
      serial(async () => {
        const size = sizeOf(value);
        const old = (await opened.get(RECORDS, key)) as StoredRecord | undefined;
        const next = bytes - (old?.bytes ?? 0) + size;
        if (next > maxBytes) {
          full = true;
          return false;
        }
        await opened.put(RECORDS, { key, value, savedAt, bytes: size } satisfies StoredRecord);
        bytes = next;
        return true;
      }),
    keys: async () => (await opened.getAllKeys(RECORDS)).map(String),
    remove: (keys) =>
      serial(async () => {
        const tx = opened.transaction(RECORDS, 'readwrite');
        for (const key of keys) {
          const old = (await tx.store.get(key)) as StoredRecord | undefined;
          if (!old) continue;
          await tx.store.delete(key);
          bytes -= old.bytes;
        }
        await tx.done;
      }),
    usage: () => ({ bytes, maxBytes, full }),
    resetFull() {
      full = false;
    },
    close: () => opened.close(),
  };
  return { store, discarded };
}

/** Empties a user's device store (sign-out). */
export function deleteDeviceStore(userId: number): Promise<void> {
  return deleteDB(deviceDbName(userId));
}
