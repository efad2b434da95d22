// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { DEVICE_STORE_MAX_BYTES } from '@fieldport/contract';
import { renderHook } from '@testing-library/react';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { json, mockFetch } from '../api/test-fetch.ts';
import { setTokens } from '../api/token-store.ts';
import { emitLiveChange } from '../live-changes.ts';
import { setDeviceStoreOwner } from './active.ts';
import { STORE_KEYS, type StoredVisits } from './keys.ts';
import { readThrough } from './read.ts';
import { clearDeviceStore, startDeviceStoreAfterFirstPage } from './session.ts';
import { startDeviceStore, stopDeviceStore, syncNow } from './state.ts';
import { deviceStoreFull, useStoredAsOf } from './status.ts';
import { DEVICE_SCHEMA_VERSION, deviceDbName, openDeviceStore } from './store.ts';
import { syncAll } from './sync.ts';

const TODAY = '2026-11-24';
const ZONE = 'Europe/Oslo';

const appointment = (id: number, jobId: number, start: string) => ({
  Id: id,
  Subject: `Visit ${id}`,
  AppointmentDate: start.slice(0, 10),
  StartTime: start,
  EndTime: start.replace(/T\d\d/, 'T23'),
  JobId: jobId,
  Type: 1,
  IsAbsence: false,
  Participants: [],
  RowVersion: 1,
  Job: { Id: jobId, DisplayName: `Job ${jobId}`, CustomerName: 'Customer' },
});

/** The server as a technician `userId` reads it: their visits, jobs, checklists, time codes and van. */
function server(userId: number, visits: () => unknown[]) {
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    const path = url.pathname.replace('/api2/ServiceProvider/', '');
    const q = url.searchParams;
    if (path === 'Appointment/DateRange/') return json(200, visits());
    let m = /^job\/(\d+)$/.exec(path);
    if (m) return json(200, { Id: Number(m[1]), DisplayName: `Job ${m[1]}`, RowVersion: 1 });
    m = /^job\/(\d+)\/subjobs$/.exec(path);
    if (m) return json(200, [{ Id: 900 + Number(m[1]), Machine: { Id: 1, Name: 'Boiler' } }]);
    if (path === 'checklist/list')
      return json(200, [
        { Id: 70 + Number(q.get('jobId')), Complete: false },
        { Id: 80 + Number(q.get('jobId')), Complete: true },
      ]);
    if (path === 'checklist/') return json(200, { Id: Number(q.get('entryId')), Fields: [{ Id: 1 }] });
    if (path === 'time/time-report-articles') return json(200, [{ ArticleId: 5, Name: 'Work' }]);
    if (path === 'Store/GetAll')
      return json(200, [
        { Id: 1, StoreType: 1, UserId: null, IsActive: true },
        { Id: 8, StoreType: 2, UserId: userId + 1, IsActive: true },
        { Id: 9, StoreType: 2, UserId: userId, IsActive: true },
      ]);
    if (path === 'Store/StoreArticles/9')
      return json(200, { Content: [{ ArticleId: 3, ArticleName: 'Filter', Quantity: 4 }], TotalCount: 1 });
    return json(404, { Message: `no ${path}` });
  });
}

const offline = () =>
  mockFetch(() => {
    throw new TypeError('Failed to fetch');
  });

let userId = 1;
beforeEach(() => {
  // Each test has a database of its own.
  userId = Math.floor(Math.random() * 1e9);
  setTokens({ accessToken: 'A1', refreshToken: 'R1' });
});
afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await clearDeviceStore(userId);
  setTokens(null);
});

async function storedValue(key: string, user = userId) {
  const { store } = await openDeviceStore(user, DEVICE_STORE_MAX_BYTES);
  const record = await store.get(key);
  store.close();
  return record?.value;
}

describe('the device store', () => {
  it("keeps the technician's visits with their jobs, sub-jobs, checklists to fill, time codes and van", async () => {
    let visits = [appointment(1, 101, `${TODAY}T08:00:00`), appointment(2, 102, `${TODAY}T12:00:00`)];
    const { calls } = server(userId, () => visits);
    const { store } = await openDeviceStore(userId, DEVICE_STORE_MAX_BYTES);
    await syncAll(store, TODAY, 3);

    const range = new URL(calls[0]!.url, 'http://x').searchParams;
    expect(Object.fromEntries(range)).toEqual({
      date1: TODAY,
      date2: '2026-11-27',
      includeJob: 'true',
      mine: 'true',
    });
    expect(((await store.get(STORE_KEYS.visits))!.value as StoredVisits).list.map((v) => v.Id)).toEqual([
      1, 2,
    ]);
    expect((await store.get(STORE_KEYS.job(101)))?.value).toMatchObject({ Id: 101 });
    expect((await store.get(STORE_KEYS.subJobs(102)))?.value).toEqual([
      { Id: 1002, Machine: { Id: 1, Name: 'Boiler' } },
    ]);
    expect((await store.get(STORE_KEYS.timeCodes(101)))?.value).toEqual([{ ArticleId: 5, Name: 'Work' }]);
    // The checklist still to fill is kept with its fields; the complete one only in the list.
    expect((await store.get(STORE_KEYS.checklist(171)))?.value).toEqual({ Id: 171, Fields: [{ Id: 1 }] });
    expect(await store.get(STORE_KEYS.checklist(181))).toBeUndefined();
    // Their own van, not a colleague's.
    expect((await store.get(STORE_KEYS.van))?.value).toMatchObject({
      store: { Id: 9 },
      articles: [{ ArticleId: 3, ArticleName: 'Filter', Quantity: 4 }],
    });
    expect(calls.some((c) => c.url.includes('StoreArticles/8'))).toBe(false);

    // A visit taken off them: its job's records go from the device.
    visits = [appointment(2, 102, `${TODAY}T12:00:00`)];
    await syncAll(store, TODAY, 3);
    expect(await store.get(STORE_KEYS.job(101))).toBeUndefined();
    expect(await store.get(STORE_KEYS.checklist(171))).toBeUndefined();
    expect((await store.keys()).toSorted()).toEqual(
      [
        'checklist:172',
        'checklists:102',
        'job:102',
        'subjobs:102',
        'timecodes:102',
        'van',
        'visits',
      ].toSorted(),
    );
    store.close();
  });

  it('holds no more than its limit and says it is full, keeping what it had', async () => {
    const { store } = await openDeviceStore(userId, 200);
    expect(await store.put(STORE_KEYS.job(1), { Id: 1, Note: 'x'.repeat(100) }, 1)).toBe(true);
    expect(store.usage().full).toBe(false);
    expect(await store.put(STORE_KEYS.job(2), { Id: 2, Note: 'y'.repeat(100) }, 2)).toBe(false);
    expect(store.usage()).toMatchObject({ full: true, maxBytes: 200 });
    expect(store.usage().bytes).toBeLessThanOrEqual(200);
    expect(await store.get(STORE_KEYS.job(2))).toBeUndefined();
    expect((await store.get(STORE_KEYS.job(1)))?.value).toMatchObject({ Id: 1 });
    // Replacing a record counts its new size only.
    expect(await store.put(STORE_KEYS.job(1), { Id: 1, Note: 'z'.repeat(120) }, 3)).toBe(true);
    store.close();
  });

  it('discards a store of another user, of another schema version or with a record not of its shape', async () => {
    // A database under this user's name that says it is another user's.
    const foreign = await openDB(deviceDbName(userId), DEVICE_SCHEMA_VERSION, {
      upgrade(d) {
        d.createObjectStore('meta', { keyPath: 'id' });
        d.createObjectStore('records', { keyPath: 'key' });
      },
    });
    await foreign.put('meta', { id: 'meta', userId: userId + 1, schemaVersion: DEVICE_SCHEMA_VERSION });
    await foreign.put('records', { key: 'job:5', value: { Id: 5 }, savedAt: 1, bytes: 9 });
    foreign.close();
    let opened = await openDeviceStore(userId, DEVICE_STORE_MAX_BYTES);
    expect(opened.discarded).toBe(true);
    expect(await opened.store.get('job:5')).toBeUndefined();
    opened.store.close();

    // A record under a job's key that is another job (written by something else than this app).
    const raw = await openDB(deviceDbName(userId), DEVICE_SCHEMA_VERSION);
    await raw.put('records', { key: 'job:5', value: { Id: 6 }, savedAt: 1, bytes: 9 });
    raw.close();
    opened = await openDeviceStore(userId, DEVICE_STORE_MAX_BYTES);
    expect(opened.discarded).toBe(true);
    expect(await opened.store.keys()).toEqual([]);
    opened.store.close();

    // A newer schema version than this app's.
    await (await openDB(deviceDbName(userId), DEVICE_SCHEMA_VERSION + 1)).close();
    opened = await openDeviceStore(userId, DEVICE_STORE_MAX_BYTES);
    expect(opened.discarded).toBe(true);
    await opened.store.put('job:5', { Id: 5 }, 1);
    opened.store.close();
    // Its own, again: kept.
    opened = await openDeviceStore(userId, DEVICE_STORE_MAX_BYTES);
    expect(opened.discarded).toBe(false);
    expect((await opened.store.get('job:5'))?.value).toEqual({ Id: 5 });
    opened.store.close();
  });

  it('reads a discarded store again from the server', async () => {
    const foreign = await openDB(deviceDbName(userId), DEVICE_SCHEMA_VERSION, {
      upgrade(d) {
        d.createObjectStore('meta', { keyPath: 'id' });
        d.createObjectStore('records', { keyPath: 'key' });
      },
    });
    await foreign.put('meta', { id: 'meta', userId: 4242, schemaVersion: DEVICE_SCHEMA_VERSION });
    await foreign.put('records', {
      key: 'job:5',
      value: { Id: 5, Secret: 'another user' },
      savedAt: 1,
      bytes: 9,
    });
    foreign.close();
    const { calls } = server(userId, () => [appointment(1, 101, `${TODAY}T08:00:00`)]);
    startDeviceStore(userId, ZONE);
    await syncNow();
    stopDeviceStore();
    expect(calls.some((c) => c.url.includes('Appointment/DateRange'))).toBe(true);
    expect(await storedValue('job:5')).toBeUndefined();
    expect(await storedValue(STORE_KEYS.job(101))).toMatchObject({ Id: 101 });
  });

  it('serves a kept read when the server cannot be reached, and only the user’s own', async () => {
    setDeviceStoreOwner({ userId, timeZone: ZONE });
    server(userId, () => []);
    const online = await readThrough(
      STORE_KEYS.job(101),
      () => Promise.resolve({ Id: 101, Name: 'from the server' }),
      { keep: true },
    );
    expect(online).toEqual({ Id: 101, Name: 'from the server' });
    // The write to the device follows the answer.
    await vi.waitFor(async () => expect(await storedValue(STORE_KEYS.job(101))).toBeDefined());

    offline();
    const unreachable = () =>
      Promise.reject(new ApiError({ status: 0, body: null, kind: 'network', method: 'GET', url: 'job/101' }));
    expect(await readThrough(STORE_KEYS.job(101), unreachable)).toEqual({ Id: 101, Name: 'from the server' });
    const asOf = renderHook(() => useStoredAsOf([STORE_KEYS.job(101)]));
    expect(asOf.result.current).toBeGreaterThan(0);
    // The session's start after the first page (an offline start: the read came first) keeps it.
    startDeviceStore(userId, ZONE);
    asOf.rerender();
    expect(asOf.result.current).toBeGreaterThan(0);
    asOf.unmount();
    // A job the device does not keep: the failure stands.
    await expect(readThrough(STORE_KEYS.job(102), unreachable)).rejects.toBeInstanceOf(ApiError);
    // A refusal from the server is not hidden behind the kept answer.
    const refused = () =>
      Promise.reject(new ApiError({ status: 404, body: null, kind: 'http', method: 'GET', url: 'job/101' }));
    await expect(readThrough(STORE_KEYS.job(101), refused)).rejects.toMatchObject({ status: 404 });

    // Another user on the device (or none) reads nothing of it.
    setDeviceStoreOwner({ userId: userId + 1, timeZone: ZONE });
    await expect(readThrough(STORE_KEYS.job(101), unreachable)).rejects.toBeInstanceOf(ApiError);
    await clearDeviceStore(userId + 1);
    setDeviceStoreOwner(null);
    await expect(readThrough(STORE_KEYS.job(101), unreachable)).rejects.toBeInstanceOf(ApiError);
  });

  it('says it is full when the reads pass its limit', async () => {
    setDeviceStoreOwner({ userId, timeZone: ZONE });
    // The session's store has the contract's limit: a job far larger fills it.
    const huge = { Id: 7, Notes: 'n'.repeat(DEVICE_STORE_MAX_BYTES) };
    await readThrough(STORE_KEYS.job(7), () => Promise.resolve(huge), { keep: true });
    await vi.waitFor(() => expect(deviceStoreFull()).toBe(true));
    expect(await storedValue(STORE_KEYS.job(7))).toBeUndefined();
  });

  it('is read again on a live event of the work, and emptied at sign-out', async () => {
    const { calls } = server(userId, () => [appointment(1, 101, `${TODAY}T08:00:00`)]);
    startDeviceStore(userId, ZONE);
    const jobReads = () => calls.filter((c) => c.url.endsWith('/job/101')).length;
    // Its first round of reads ends with the van's articles.
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('StoreArticles/9'))).toBe(true));
    await syncNow();
    const before = jobReads();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    emitLiveChange({ Sequence: 1, Entity: 'job', EntityId: '101', ChangeType: 'Change' });
    // Another user's job is not theirs: not read.
    emitLiveChange({ Sequence: 2, Entity: 'job', EntityId: '555', ChangeType: 'Change' });
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(jobReads()).toBe(before + 1));
    expect(calls.some((c) => c.url.endsWith('/job/555'))).toBe(false);
    vi.useRealTimers();

    await clearDeviceStore(userId);
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).not.toContain(deviceDbName(userId));
  });

  it('starts for the session only after the first page, and stops with it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = server(userId, () => []);
    const stop = startDeviceStoreAfterFirstPage(userId, ZONE);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_500);
    vi.useRealTimers();
    await vi.waitFor(() => expect(calls.some((c) => c.url.includes('Appointment/DateRange'))).toBe(true));
    stop();
  });
});
