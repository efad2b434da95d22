// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { type Call, json, mockFetch } from '../api/test-fetch.ts';
import type { NewCommand } from './outbox.ts';
import { startOutbox, stopOutbox, submitCommand } from './state.ts';
import { bodyOf, commandHarness, device, keyOf, outboxOf, sp, testUserId } from './test-utils.ts';

/**
 * The outbox's line and answer commands (decision 095): hours, parts from the van and checklist answers
 * go in order under their keys, a lost answer is applied once, a change on an old version becomes a
 * conflict with both sides, a refusal is kept with the server's messages and can be corrected and sent
 * again; a form learns the fate of its write at once while online.
 */

const hours = (quantity: string, jobId = 10): NewCommand => ({
  kind: 'timeAdd',
  input: {
    jobId,
    body: { JobId: jobId + 1, ArticleNumber: 'T1', Quantity: quantity, WorkDate: '2026-11-29' },
  },
  target: `job:${jobId}`,
  label: `${quantity} h · 2026-11-29 · T1 Workshop hour`,
  rowVersion: null,
});
const part = (quantity: string, jobId = 10): NewCommand => ({
  kind: 'partAdd',
  input: { jobId, body: { JobId: jobId + 1, ArticleNumber: 'F-100', Quantity: quantity, StoreId: 7 } },
  target: `job:${jobId}`,
  label: `${quantity} pcs · F-100 Filter`,
  rowVersion: null,
});
const timeChange = (rowVersion: number): NewCommand => ({
  kind: 'timeChange',
  input: { jobId: 10, body: { Id: 500, Quantity: '2', WorkDate: '2026-11-29', ArticleNumber: 'T1' } },
  target: 'job:10',
  label: '2 h · 2026-11-29 · T1 Workshop hour',
  rowVersion,
});
const partChange = (rowVersion: number): NewCommand => ({
  kind: 'partChange',
  input: { jobId: 10, body: { Id: 600, Quantity: '3', StoreId: 7 } },
  target: 'job:10',
  label: '3 pcs · F-100 Filter',
  rowVersion,
});
const answer = (value: number, rowVersion: number): NewCommand => ({
  kind: 'checklistAnswer',
  input: { jobId: 10, checklistId: 30, body: { Id: 300, Value: value } },
  target: 'job:10',
  label: `Pressure: ${value}`,
  rowVersion,
});
const line = (id: number, over: object = {}) => ({
  Id: id,
  RowVersion: 4,
  Quantity: 1,
  Unit: 'h',
  ArticleNumber: 'T1',
  Description: 'Workshop hour',
  WorkDate: '2026-11-28',
  ...over,
});

commandHarness();

describe('the outbox’s line and answer commands', () => {
  it('sends hours, parts and answers queued offline in order, each with its key, and a change with its RowVersion', async () => {
    const { calls } = mockFetch(() => json(200, { Id: 1, RowVersion: 5, Value: 7 }));
    device.online = false;
    const outbox = await outboxOf();
    await outbox.enqueue(hours('1.5'));
    await outbox.enqueue(part('2'));
    await outbox.enqueue(timeChange(3));
    await outbox.enqueue(partChange(8));
    await outbox.enqueue(answer(7, 2));
    await outbox.flush();
    expect(calls).toHaveLength(0);

    device.online = true;
    await (await outboxOf()).flush();
    expect(calls.map((c) => [c.method, c.url, keyOf(c)])).toEqual([
      ['POST', sp('time/add'), 'key-1'],
      ['POST', sp('parts/add-part'), 'key-2'],
      ['POST', sp('time/detail/update'), 'key-3'],
      ['POST', sp('parts/update-part'), 'key-4'],
      ['PATCH', sp('checklist/field/'), 'key-5'],
    ]);
    expect(bodyOf(calls[0]!)).toEqual({
      JobId: 11,
      ArticleNumber: 'T1',
      Quantity: '1.5',
      WorkDate: '2026-11-29',
    });
    expect(bodyOf(calls[1]!)).toEqual({ JobId: 11, ArticleNumber: 'F-100', Quantity: '2', StoreId: 7 });
    expect(bodyOf(calls[2]!)).toMatchObject({ Id: 500, Quantity: '2', RowVersion: 3 });
    expect(bodyOf(calls[3]!)).toMatchObject({ Id: 600, Quantity: '3', RowVersion: 8 });
    expect(bodyOf(calls[4]!)).toEqual({ Id: 300, Value: 7, RowVersion: 2 });
    expect((await outboxOf()).list()).toEqual([]);
  });

  it('a part whose answer was lost is sent again under its key and taken from the van once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // The server: applies a key once (the van's stock moves then) and answers a repeat with the first answer.
    const applied = new Map<string, object>();
    let van = 10;
    let lose = true;
    const { calls } = mockFetch((call) => {
      const key = keyOf(call)!;
      if (!applied.has(key)) {
        van -= Number(bodyOf(call).Quantity);
        applied.set(key, line(900, { Quantity: 2, Unit: 'pcs' }));
      }
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, applied.get(key));
    });
    const outbox = await outboxOf();
    const seen: unknown[] = [];
    outbox.onApplied((_c, a) => seen.push(a));
    await outbox.enqueue(part('2'));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.flush();
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(van).toBe(8);
    expect(seen).toEqual([line(900, { Quantity: 2, Unit: 'pcs' })]);
    expect(outbox.list()).toEqual([]);
  });

  it('a time line or answer changed by the office meanwhile becomes a conflict with both sides; Keep mine sends it on the office’s version', async () => {
    const sent: Call[] = [];
    mockFetch((call) => {
      if (call.url === sp('time/job-time/500')) return json(200, line(500, { RowVersion: 9, Quantity: 4 }));
      if (call.url.startsWith(sp('checklist/?entryId=30')))
        return json(200, { Id: 30, Fields: [{ Id: 300, Label: 'Pressure', Value: 6, RowVersion: 5 }] });
      sent.push(call);
      const version = bodyOf(call).RowVersion;
      if (version === 3 || version === 2)
        return json(409, { Message: 'The record was changed by someone else since you opened it.' });
      return json(200, line(500));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(timeChange(3));
    await outbox.enqueue(answer(7, 2));
    await outbox.enqueue(hours('1', 20));
    await outbox.flush();
    // The job's later command waits behind its conflict; another job's goes.
    expect(sent.map((c) => c.url)).toEqual([sp('time/detail/update'), sp('time/add')]);
    expect(outbox.list().map((c) => [c.state, c.office])).toEqual([
      ['conflict', { rowVersion: 9, label: '4 h · 2026-11-28 · T1 Workshop hour' }],
      ['waiting', null],
    ]);
    expect(outbox.list()[0]!.message).toBe('The record was changed by someone else since you opened it.');

    await outbox.keepMine(outbox.list()[0]!.key);
    await outbox.flush();
    expect(bodyOf(sent[2]!)).toMatchObject({ Id: 500, RowVersion: 9 });
    expect(keyOf(sent[2]!)).toBe('key-4');
    // The answer was based on an old version too: its own conflict, with the office's answer.
    expect(outbox.list().map((c) => [c.kind, c.state, c.office])).toEqual([
      ['checklistAnswer', 'conflict', { rowVersion: 5, label: 'Pressure: 6' }],
    ]);
  });

  it('a part the van lacks (409 on a new line) is refused with the server’s messages, not a conflict, and not sent again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = mockFetch(() =>
      json(409, {
        Message: 'Only 1 pcs of F-100 in Van 3.',
        Errors: [{ Field: 'Quantity', Message: 'Only 1 pcs of F-100 in Van 3.' }],
      }),
    );
    const outbox = await outboxOf();
    await outbox.enqueue(part('2'));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    await outbox.flush();
    expect(calls).toHaveLength(1);
    expect(outbox.list()[0]).toMatchObject({
      state: 'refused',
      message: 'Only 1 pcs of F-100 in Van 3.',
      errors: [{ Field: 'Quantity', Message: 'Only 1 pcs of F-100 in Van 3.' }],
      office: null,
    });
  });

  it('a refused command corrected is sent again in its place under a new key, and the job’s later ones follow', async () => {
    const sent: Call[] = [];
    mockFetch((call) => {
      sent.push(call);
      if (call.url === sp('time/add') && bodyOf(call).Quantity === '30')
        return json(400, {
          Message: 'At most 24 hours a day.',
          Errors: [{ Field: 'Quantity', Message: 'At most 24 hours a day.' }],
        });
      return json(200, line(501));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(hours('30'));
    await outbox.enqueue(part('1'));
    await outbox.flush();
    expect(sent).toHaveLength(1);
    const refused = outbox.list()[0]!;
    expect(refused.state).toBe('refused');

    // Only a refused command is edited: a waiting one is left as it is.
    expect(await outbox.edit(outbox.list()[1]!.key, { input: part('5').input, label: 'x' })).toBeNull();
    const edited = await outbox.edit(refused.key, {
      input: hours('3').input,
      label: '3 h · 2026-11-29 · T1 Workshop hour',
    });
    expect(edited).toMatchObject({
      state: 'waiting',
      key: 'key-3',
      seq: refused.seq,
      message: null,
      errors: null,
    });
    await outbox.flush();
    expect(sent.slice(1).map((c) => [c.url, keyOf(c), bodyOf(c).Quantity])).toEqual([
      [sp('time/add'), 'key-3', '3'],
      [sp('parts/add-part'), 'key-2', '1'],
    ]);
    expect(outbox.list()).toEqual([]);
    // Kept on the device while it waited: the edit survives a reload.
    expect((await outboxOf()).list()).toEqual([]);
  });

  it('a form’s write: applied at once online, kept while offline, and a refusal thrown back to the form with its field messages', async () => {
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    let refuse = false;
    const { calls } = mockFetch(() =>
      refuse
        ? json(400, { Message: 'Bad', Errors: [{ Field: 'Quantity', Message: 'At most 24 hours a day.' }] })
        : json(200, line(502)),
    );
    await startOutbox(testUserId());
    const direct = vi.fn(async () => 'direct');
    const done = await submitCommand(hours('1'), direct);
    expect(done).toEqual({ applied: true, answer: line(502) });
    expect(keyOf(calls[0]!)).toBeTruthy();

    refuse = true;
    const refused = await submitCommand(hours('30'), direct).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).body?.Errors).toEqual([
      { Field: 'Quantity', Message: 'At most 24 hours a day.' },
    ]);

    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    try {
      const kept = await submitCommand(hours('2'), direct);
      expect(kept).toMatchObject({
        applied: false,
        kept: { state: 'waiting', label: '2 h · 2026-11-29 · T1 Workshop hour' },
      });
      expect(calls).toHaveLength(2);
      expect(direct).not.toHaveBeenCalled();
    } finally {
      Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    }
    // Without a device store (signed out, a customer user), the form calls the server directly.
    stopOutbox();
    expect(await submitCommand(hours('1'), direct)).toEqual({ applied: true, answer: 'direct' });
  });

  it('the technician’s own earlier change of a record is no conflict: the later one goes on the version the first was answered with', async () => {
    const sent: Call[] = [];
    let version = 3;
    mockFetch((call) => {
      sent.push(call);
      // A new line does not change the job's version.
      if (call.url === sp('time/add')) return json(200, line(501));
      const asked = call.url.includes('ChangeStatus')
        ? Number(new URL(call.url, 'http://x').searchParams.get('rowVersion'))
        : bodyOf(call).RowVersion;
      if (asked !== version) return json(409, { Message: 'Changed since.' });
      version++;
      return json(200, { ...line(500), RowVersion: version, StatusName: 'In progress', SubStatusName: null });
    });
    device.online = false;
    const outbox = await outboxOf();
    const status = (statusId: number): NewCommand => ({
      kind: 'jobStatus',
      input: { jobId: 10, statusId, subStatusId: null },
      target: 'job:10',
      label: String(statusId),
      rowVersion: 3,
    });
    await outbox.enqueue(status(30));
    await outbox.enqueue(hours('1'));
    await outbox.enqueue(status(50));
    device.online = true;
    await outbox.flush();
    expect(sent.map((c) => c.url.split('?')[0])).toEqual([
      sp('Job/10/ChangeStatus'),
      sp('time/add'),
      sp('Job/10/ChangeStatus'),
    ]);
    expect(new URL(sent[2]!.url, 'http://x').searchParams.get('rowVersion')).toBe('4');
    expect(outbox.list()).toEqual([]);
  });
});
