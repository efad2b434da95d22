// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../api/test-fetch.ts';
import type { NewCommand } from './outbox.ts';
import { bodyOf, commandHarness, device, keyOf, outboxOf, sp } from './test-utils.ts';

/**
 * A sub-job's comment and a counter reading as outbox commands (decision 099): sent in order under
 * their keys, a lost answer applied once, a comment on an old version a conflict with both sides whose
 * Keep mine sends the comment on the office's sub-job, a reading refused by a rule kept with the message.
 */

const subJobBody = {
  CustomerComment: 'Leaks oil',
  TechnicianComment: '',
  InvoiceComment: '',
  WarrentyTypeId: null,
  RepairPlaceId: 3,
  JobCategoryId: null,
  SupplierFailureCodeId: null,
  NoInvoice: false,
};
const comment = (text: string, rowVersion: number): NewCommand => ({
  kind: 'subJobComment',
  input: {
    jobId: 10,
    subJobId: 11,
    field: 'TechnicianComment',
    name: 'Technician comment',
    body: { ...subJobBody, TechnicianComment: text },
  },
  target: 'job:10',
  label: `Technician comment: ${text}`,
  rowVersion,
});
const reading = (value: string): NewCommand => ({
  kind: 'counterReading',
  input: {
    jobId: null,
    machineId: 40,
    body: { CounterId: 41, Value: value, ReadingDate: '2026-11-29T08:12', IsMeterChange: false },
  },
  target: 'machine:40',
  label: `Engine hours: ${value}`,
  rowVersion: null,
});
const subJob = (over: object = {}) => ({
  Id: 11,
  ParentId: 10,
  ...subJobBody,
  RowVersion: 4,
  ...over,
});

commandHarness();

describe('the outbox’s comment and counter reading commands', () => {
  it('sends a comment and a reading queued offline in order, each with its key; two comments of one sub-job go on the version the first was answered with', async () => {
    let version = 4;
    const { calls } = mockFetch((call) => {
      if (call.url.startsWith(sp('MachineJob/change/'))) {
        version++;
        return json(200, subJob({ ...bodyOf(call), RowVersion: version }));
      }
      return json(200, { Id: 41, LastValue: 1250.5, ReadingCount: 3 });
    });
    device.online = false;
    const outbox = await outboxOf();
    await outbox.enqueue(comment('Replaced the seal', 4));
    await outbox.enqueue(reading('1250,5'));
    await outbox.enqueue(comment('Replaced the seal and the filter', 4));
    await outbox.flush();
    expect(calls).toHaveLength(0);

    device.online = true;
    await (await outboxOf()).flush();
    expect(calls.map((c) => [c.method, c.url, keyOf(c)])).toEqual([
      ['PATCH', sp('MachineJob/change/11'), 'key-1'],
      ['PUT', sp('Counter/Machine'), 'key-2'],
      ['PATCH', sp('MachineJob/change/11'), 'key-3'],
    ]);
    expect(bodyOf(calls[0]!)).toEqual({
      ...subJobBody,
      TechnicianComment: 'Replaced the seal',
      RowVersion: 4,
    });
    expect(bodyOf(calls[1]!)).toEqual({
      CounterId: 41,
      Value: '1250,5',
      ReadingDate: '2026-11-29T08:12',
      IsMeterChange: false,
    });
    // The technician's own earlier comment is no conflict: the second goes on the first's answer.
    expect(bodyOf(calls[2]!)).toMatchObject({
      TechnicianComment: 'Replaced the seal and the filter',
      RowVersion: 5,
    });
    expect((await outboxOf()).list()).toEqual([]);
  });

  it('a reading whose answer was lost is sent again under its key and put once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const applied = new Map<string, object>();
    let lose = true;
    const { calls } = mockFetch((call) => {
      const key = keyOf(call)!;
      if (!applied.has(key)) applied.set(key, { Id: 41, LastValue: 1250.5, ReadingCount: applied.size + 1 });
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, applied.get(key));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(reading('1250,5'));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.flush();
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(applied.size).toBe(1);
    expect(outbox.list()).toEqual([]);
  });

  it('a comment on a sub-job the office changed meanwhile is a conflict with both comments; Keep mine sends it on the office’s sub-job', async () => {
    const sent: Call[] = [];
    // The office wrote its own comment and chose another repair place.
    const office = subJob({ TechnicianComment: 'Wait for the part', RepairPlaceId: 5, RowVersion: 7 });
    mockFetch((call) => {
      if (call.url === sp('job/10/subjobs')) return json(200, [office]);
      sent.push(call);
      if (bodyOf(call).RowVersion !== 7)
        return json(409, { Message: 'The record was changed by someone else since you opened it.' });
      return json(200, subJob({ ...bodyOf(call), RowVersion: 8 }));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(comment('Replaced the seal', 4));
    await outbox.flush();
    expect(outbox.list().map((c) => [c.state, c.office?.rowVersion, c.office?.label])).toEqual([
      ['conflict', 7, 'Technician comment: Wait for the part'],
    ]);

    await outbox.keepMine(outbox.list()[0]!.key);
    await outbox.flush();
    // The technician's comment on the office's sub-job: the office's repair place is kept.
    expect(bodyOf(sent[1]!)).toEqual({
      ...subJobBody,
      RepairPlaceId: 5,
      TechnicianComment: 'Replaced the seal',
      RowVersion: 7,
    });
    expect(keyOf(sent[1]!)).toBe('key-2');
    expect(outbox.list()).toEqual([]);
  });

  it('a reading refused by a rule (lower than the one before) is kept with the server’s message, not a conflict, not sent again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const message = 'The reading is lower than the one before it.';
    const { calls } = mockFetch(() =>
      json(400, { Message: message, Errors: [{ Field: 'Value', Message: message }] }),
    );
    const outbox = await outboxOf();
    await outbox.enqueue(reading('12'));
    await outbox.enqueue(reading('1300'));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(120_000);
    await outbox.flush();
    // The machine's later reading waits behind the refused one.
    expect(calls).toHaveLength(1);
    expect(outbox.list().map((c) => [c.state, c.message])).toEqual([
      ['refused', message],
      ['waiting', null],
    ]);
  });
});
