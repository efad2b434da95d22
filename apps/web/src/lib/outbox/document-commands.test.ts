// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../api/test-fetch.ts';
import type { NewCommand, StoredFile } from './outbox.ts';
import { openOutboxStore } from './store.ts';
import { commandHarness, device, keyOf, outboxOf, sp, testUserId } from './test-utils.ts';

/**
 * A job's photo as an outbox command (decision 102): its bytes kept on the device until sent, through a
 * reload; uploaded once under its key (a lost answer sent again under the same key); a refused one kept
 * with the server's message, and its bytes gone once it is applied or discarded.
 */
const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const photo = (id: string, text = 'JPEG bytes'): [NewCommand, StoredFile[]] => [
  {
    kind: 'jobDocument',
    input: {
      jobId: 10,
      fileId: id,
      name: `${id}.jpg`,
      type: 'image/jpeg',
      size: text.length,
      categoryId: 5,
      publish: false,
    },
    target: 'job:10',
    label: `${id}.jpg`,
    rowVersion: null,
  },
  [{ id, name: `${id}.jpg`, type: 'image/jpeg', bytes: bytes(text) }],
];
const sentFile = async (call: Call) => {
  const file = (call.body as FormData).get('Files') as File;
  return { name: file.name, type: file.type, text: await file.text() };
};
const kept = async (id: string) => {
  const store = await openOutboxStore(testUserId());
  try {
    return await store.file(id);
  } finally {
    store.close();
  }
};
const doc = (id: number, name: string) => ({ Id: id, Name: name, FileName: name });

commandHarness();

describe('the outbox’s photo command', () => {
  it('a photo taken offline is kept with its bytes through a reload, uploaded with its key when online, and then gone from the device', async () => {
    const { calls } = mockFetch(() => json(200, [doc(1, 'pump.jpg')]));
    device.online = false;
    const outbox = await outboxOf();
    await outbox.enqueue(...photo('pump', 'JPEG of the pump'));
    await outbox.flush();
    expect(calls).toHaveLength(0);
    expect(await kept('pump')).toMatchObject({ name: 'pump.jpg', type: 'image/jpeg' });

    device.online = true;
    const reloaded = await outboxOf();
    expect(reloaded.list().map((c) => [c.kind, c.label, c.state])).toEqual([
      ['jobDocument', 'pump.jpg', 'waiting'],
    ]);
    await reloaded.flush();
    expect(calls.map((c) => [c.method, c.url, keyOf(c)])).toEqual([
      ['POST', `${sp('jobdocuments/10')}?toCustomer=false`, 'key-1'],
    ]);
    expect(await sentFile(calls[0]!)).toEqual({
      name: 'pump.jpg',
      type: 'image/jpeg',
      text: 'JPEG of the pump',
    });
    expect((calls[0]!.body as FormData).get('DocumentTypeId')).toBe('5');
    expect(reloaded.list()).toEqual([]);
    expect(await kept('pump')).toBeUndefined();
  });

  it('a photo whose answer was lost is sent again under its key and stored once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stored = new Map<string, object>();
    let lose = true;
    const { calls } = mockFetch((call) => {
      const key = keyOf(call)!;
      if (!stored.has(key)) stored.set(key, [doc(stored.size + 1, 'pump.jpg')]);
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, stored.get(key));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(...photo('pump'));
    await outbox.flush();
    // Still on the device after the lost answer: the second send carries the same bytes.
    expect(await kept('pump')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.flush();
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(await sentFile(calls[1]!)).toMatchObject({ text: 'JPEG bytes' });
    expect(stored.size).toBe(1);
    expect(outbox.list()).toEqual([]);
  });

  it('a file the server refuses is kept with its message and Discard drops its bytes', async () => {
    const message = 'notes.exe cannot be uploaded: documents may be PDF, PNG, JPEG.';
    mockFetch(() => json(400, { Message: message }));
    const outbox = await outboxOf();
    await outbox.enqueue(...photo('notes'));
    await outbox.flush();
    expect(outbox.list().map((c) => [c.state, c.message])).toEqual([['refused', message]]);
    expect(await kept('notes')).toBeTruthy();

    await outbox.discard(outbox.list()[0]!.key);
    expect(outbox.list()).toEqual([]);
    expect(await kept('notes')).toBeUndefined();
  });
});
