// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../api/test-fetch.ts';
import { getTokens, setTokens } from '../api/token-store.ts';
import { commandKinds } from './commands.ts';
import { type NewCommand, Outbox } from './outbox.ts';
import { clearOutbox, queueCommand, startOutbox, stopOutbox } from './state.ts';
import { openOutboxStore } from './store.ts';

const REFRESH = '/api2/token/refresh';
const STATUS = /^\/api2\/ServiceProvider\/Job\/(\d+)\/ChangeStatus\?(.*)$/;
const JOB = /^\/api2\/ServiceProvider\/job\/(\d+)$/;

/** 'On my way' on job `jobId`, read at `rowVersion`. */
const onMyWay = (jobId: number, rowVersion = 3): NewCommand => ({
  kind: 'jobStatus',
  input: { jobId, statusId: 30, subStatusId: 4 },
  target: `job:${jobId}`,
  label: 'In progress · Travelling',
  rowVersion,
});

interface Sent {
  jobId: number;
  query: URLSearchParams;
  key: string | null;
  bearer: string | null;
}
const sentOf = (url: string, headers: Headers): Sent | null => {
  const m = STATUS.exec(url);
  if (!m) return null;
  return {
    jobId: Number(m[1]),
    query: new URLSearchParams(m[2]),
    key: headers.get('Idempotency-Key'),
    bearer: headers.get('Authorization'),
  };
};
const jobAnswer = (id: number, over: object = {}) => ({
  Id: id,
  RowVersion: 4,
  StatusName: 'In progress',
  SubStatusName: 'Travelling',
  ...over,
});

let online = true;
let keys = 0;
let userId = 1;
async function outboxOf(user = userId) {
  const store = await openOutboxStore(user);
  const outbox = new Outbox(store, {
    kinds: commandKinds,
    isOnline: () => online,
    newKey: () => `key-${++keys}`,
  });
  await outbox.load();
  return { outbox, store };
}

beforeEach(() => {
  online = true;
  keys = 0;
  // Each test has a database of its own.
  userId = Math.floor(Math.random() * 1e9);
  setTokens({ accessToken: 'A1', refreshToken: 'R1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  stopOutbox();
  setTokens(null);
});

describe('the field outbox', () => {
  it('keeps commands queued offline and sends them in order, one at a time, with their key and version', async () => {
    let inFlight = 0;
    const sent: Sent[] = [];
    mockFetch(async (call) => {
      const s = sentOf(call.url, call.headers)!;
      inFlight++;
      expect(inFlight).toBe(1);
      sent.push(s);
      await Promise.resolve();
      inFlight--;
      return json(200, jobAnswer(s.jobId));
    });
    online = false;
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11, 3));
    await outbox.enqueue(onMyWay(12, 7));
    await outbox.enqueue({ ...onMyWay(11, 4), input: { jobId: 11, statusId: 50, subStatusId: null } });
    await outbox.flush();
    expect(sent).toHaveLength(0);
    expect(outbox.list().map((c) => c.state)).toEqual(['waiting', 'waiting', 'waiting']);

    // Kept on the device: the page opens again and finds them.
    const reopened = (await outboxOf()).outbox;
    expect(reopened.list().map((c) => c.key)).toEqual(['key-1', 'key-2', 'key-3']);

    online = true;
    await reopened.flush();
    expect(sent.map((s) => [s.jobId, s.key, s.query.get('jobStatusId'), s.query.get('rowVersion')])).toEqual([
      [11, 'key-1', '30', '3'],
      [12, 'key-2', '30', '7'],
      [11, 'key-3', '50', '4'],
    ]);
    expect(sent[0]!.query.get('jobSubStatusId')).toBe('4');
    expect(sent[2]!.query.get('jobSubStatusId')).toBe('0');
    expect(reopened.list()).toEqual([]);
    expect((await outboxOf()).outbox.list()).toEqual([]);
  });

  it('tries again after a lost network or a busy server, waiting longer each time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers: (() => Response)[] = [
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => json(503, { Message: 'Busy' }),
      () => json(200, jobAnswer(11)),
    ];
    const { calls } = mockFetch(() => answers[calls.length - 1]!());
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11));
    await outbox.flush();
    expect(calls).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({ state: 'waiting', attempts: 1 });

    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await outbox.flush();
    expect(calls).toHaveLength(2);
    expect(outbox.list()[0]).toMatchObject({ state: 'waiting', attempts: 2 });

    // The second failure in a row waits two seconds.
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await outbox.flush();
    expect(calls).toHaveLength(3);
    expect(outbox.list()).toEqual([]);
    // The same command each time: one key.
    expect(new Set(calls.map((c) => c.headers.get('Idempotency-Key')))).toEqual(new Set(['key-1']));
  });

  it('offline after a failure, it waits for the network instead of a timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch(() => {
      online = false;
      throw new TypeError('Failed to fetch');
    });
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toHaveLength(1);
    expect(outbox.list()[0]!.state).toBe('waiting');
  });

  it('a command the server applied but whose answer was lost is applied once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server: applies a key once and answers its first answer to a repeat (decision 026).
    const applied = new Map<string, object>();
    let changes = 0;
    let lose = true;
    mockFetch((call) => {
      const s = sentOf(call.url, call.headers)!;
      let answer = applied.get(s.key!);
      if (!answer) {
        changes++;
        answer = jobAnswer(s.jobId, { RowVersion: 4 + changes });
        applied.set(s.key!, answer);
      }
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, answer);
    });
    const { outbox } = await outboxOf();
    const seen: unknown[] = [];
    outbox.onApplied((_c, answer) => seen.push(answer));
    await outbox.enqueue(onMyWay(11));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.flush();
    expect(changes).toBe(1);
    expect(outbox.list()).toEqual([]);
    expect(seen).toEqual([jobAnswer(11, { RowVersion: 5 })]);
  });

  it('a command on an old version becomes a conflict with both sides; later ones of that job wait, others go', async () => {
    const sent: Sent[] = [];
    mockFetch((call) => {
      if (JOB.test(call.url))
        return json(200, jobAnswer(11, { RowVersion: 9, StatusName: 'Completed', SubStatusName: null }));
      const s = sentOf(call.url, call.headers)!;
      sent.push(s);
      if (s.jobId === 11 && s.query.get('rowVersion') === '3')
        return json(409, { Message: 'The job was changed by someone else since you opened it.' });
      return json(200, jobAnswer(s.jobId));
    });
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11, 3));
    await outbox.enqueue({ ...onMyWay(11, 3), input: { jobId: 11, statusId: 50, subStatusId: null } });
    await outbox.enqueue(onMyWay(12, 1));
    await outbox.flush();
    expect(sent.map((s) => s.jobId)).toEqual([11, 12]);
    expect(outbox.list()).toHaveLength(2);
    expect(outbox.list()[0]).toMatchObject({
      state: 'conflict',
      label: 'In progress · Travelling',
      message: 'The job was changed by someone else since you opened it.',
      office: { rowVersion: 9, label: 'Completed' },
    });
    expect(outbox.list()[1]!.state).toBe('waiting');

    // Nothing is sent again by itself.
    await outbox.flush();
    expect(sent).toHaveLength(2);

    // Keep mine: sent again on the office's version, under a new key; then the held one behind it.
    await outbox.keepMine(outbox.list()[0]!.key);
    await outbox.flush();
    expect(sent.slice(2).map((s) => [s.jobId, s.query.get('rowVersion'), s.key])).toEqual([
      [11, '9', 'key-4'],
      [11, '3', 'key-2'],
    ]);
    // The second was based on the old version too.
    expect(outbox.list()).toHaveLength(1);
    expect(outbox.list()[0]!.state).toBe('conflict');
    // Take the office's: the command is dropped and nothing more is sent.
    await outbox.discard(outbox.list()[0]!.key);
    await outbox.flush();
    expect(outbox.list()).toEqual([]);
    expect(sent).toHaveLength(4);
  });

  it('a command a business rule refuses is kept with the server’s message and not sent again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch((call) =>
      STATUS.exec(call.url)![1] === '11'
        ? json(400, { Message: 'The sub-status does not belong to the status In progress.' })
        : json(404, { Message: 'There is no job 12.' }),
    );
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11));
    await outbox.enqueue(onMyWay(12));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    await outbox.flush();
    expect(calls).toHaveLength(2);
    expect(outbox.list().map((c) => [c.state, c.message])).toEqual([
      ['refused', 'The sub-status does not belong to the status In progress.'],
      ['refused', 'There is no job 12.'],
    ]);
    // Kept for correction on the device.
    expect((await outboxOf()).outbox.list().map((c) => c.state)).toEqual(['refused', 'refused']);
  });

  it('an expired access token is renewed before the command is sent again', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    const sent: Sent[] = [];
    const { calls } = mockFetch((call) => {
      if (call.url === REFRESH)
        return json(200, { access_token: 'new', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900 });
      const s = sentOf(call.url, call.headers)!;
      sent.push(s);
      return s.bearer === 'Bearer new' ? json(200, jobAnswer(11)) : json(401, { Message: 'Expired' });
    });
    const { outbox } = await outboxOf();
    await outbox.enqueue(onMyWay(11));
    await outbox.flush();
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api2/ServiceProvider/Job/11/ChangeStatus',
      REFRESH,
      '/api2/ServiceProvider/Job/11/ChangeStatus',
    ]);
    expect(sent.map((s) => [s.bearer, s.key])).toEqual([
      ['Bearer old', 'key-1'],
      ['Bearer new', 'key-1'],
    ]);
    expect(getTokens()).toEqual({ accessToken: 'new', refreshToken: 'R2' });
    expect(outbox.list()).toEqual([]);
  });

  it('is kept per user, and emptied at sign-out', async () => {
    mockFetch(() => json(200, {}));
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      const first = userId;
      const second = userId + 1;
      await startOutbox(first);
      await queueCommand(onMyWay(11));
      await startOutbox(second);
      expect((await outboxOf(second)).outbox.list()).toEqual([]);
      expect((await outboxOf(first)).outbox.list().map((c) => c.input.jobId)).toEqual([11]);

      await clearOutbox(first);
      expect((await outboxOf(first)).outbox.list()).toEqual([]);
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
  });
});
