// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import type { Job } from '@fieldport/contract';
import { describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../api/test-fetch.ts';
import { jobDetailsBody } from './job-details.ts';
import type { NewCommand } from './outbox.ts';
import { bodyOf, commandHarness, device, keyOf, outboxOf, sp } from './test-utils.ts';

/**
 * The job's own comment as an outbox command (decision 102): sent with its key on the job's RowVersion,
 * a lost answer applied once, a status change queued before it not undone by it, and a comment on a job
 * the office changed meanwhile a conflict with both comments whose Keep mine sends it on the office's job.
 */
const job = (over: Partial<Job> = {}) =>
  ({
    Id: 10,
    RowVersion: 4,
    DisplayName: 'Pump service',
    JobStatusId: 20,
    JobSubStatusId: null,
    JobTypeId: 1,
    JobPriorityId: 2,
    EstimatedTime: 1.5,
    NoInvoice: false,
    FirstLineComment: 'Key at the reception',
    InvoiceReference: '',
    OrderDepartmentId: null,
    StatusName: 'Open',
    SubStatusName: null,
    ...over,
  }) as Job;

const comment = (text: string, on: Job = job()): NewCommand => ({
  kind: 'jobComment',
  input: { jobId: 10, name: 'Comment', body: jobDetailsBody(on, { FirstLineComment: text }) },
  target: 'job:10',
  label: `Comment: ${text}`,
  rowVersion: on.RowVersion,
});
const status = (statusId: number): NewCommand => ({
  kind: 'jobStatus',
  input: { jobId: 10, statusId, subStatusId: null },
  target: 'job:10',
  label: String(statusId),
  rowVersion: 4,
});

commandHarness();

describe('the outbox’s job comment command', () => {
  it('a comment queued offline after a status change goes on the status’s answer and keeps the new status', async () => {
    let stored = job();
    const { calls } = mockFetch((call) => {
      if (call.url.includes('ChangeStatus')) {
        stored = job({ ...stored, JobStatusId: 30, RowVersion: stored.RowVersion + 1 });
        return json(200, stored);
      }
      const body = bodyOf(call);
      if (body.RowVersion !== stored.RowVersion) return json(409, { Message: 'Changed since.' });
      stored = job({ ...stored, ...body, RowVersion: stored.RowVersion + 1 });
      return json(200, stored);
    });
    device.online = false;
    const outbox = await outboxOf();
    await outbox.enqueue(status(30));
    await outbox.enqueue(comment('Dog on site'));
    await outbox.flush();
    expect(calls).toHaveLength(0);

    device.online = true;
    // Reloaded: the comment was kept on the device.
    await (await outboxOf()).flush();
    expect(calls.map((c) => [c.method, c.url.split('?')[0], keyOf(c)])).toEqual([
      ['PATCH', sp('Job/10/ChangeStatus'), 'key-1'],
      ['PATCH', sp('job/changedetails'), 'key-2'],
    ]);
    expect(bodyOf(calls[1]!)).toMatchObject({
      FirstLineComment: 'Dog on site',
      JobStatusId: 30,
      RowVersion: 5,
    });
    expect(stored).toMatchObject({ FirstLineComment: 'Dog on site', JobStatusId: 30, RowVersion: 6 });
    expect((await outboxOf()).list()).toEqual([]);
  });

  it('a comment whose answer was lost is sent again under its key and applied once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const applied = new Map<string, Job>();
    let lose = true;
    const { calls } = mockFetch((call) => {
      const key = keyOf(call)!;
      if (!applied.has(key)) applied.set(key, job({ ...bodyOf(call), RowVersion: 5 }));
      if (lose) {
        lose = false;
        throw new TypeError('Failed to fetch');
      }
      return json(200, applied.get(key));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(comment('Dog on site'));
    await outbox.flush();
    await vi.advanceTimersByTimeAsync(1000);
    await outbox.flush();
    expect(calls.map(keyOf)).toEqual(['key-1', 'key-1']);
    expect(applied.size).toBe(1);
    expect(outbox.list()).toEqual([]);
  });

  it('a comment on a job the office changed meanwhile is a conflict with both comments; Keep mine sends it on the office’s job', async () => {
    const sent: Call[] = [];
    // The office wrote its own comment and raised the priority.
    const office = job({ FirstLineComment: 'Call before', JobPriorityId: 3, RowVersion: 7 });
    mockFetch((call) => {
      if (call.url === sp('job/10')) return json(200, office);
      sent.push(call);
      if (bodyOf(call).RowVersion !== 7) return json(409, { Message: 'The job was changed since.' });
      return json(200, job({ ...bodyOf(call), RowVersion: 8 }));
    });
    const outbox = await outboxOf();
    await outbox.enqueue(comment('Dog on site'));
    await outbox.flush();
    expect(outbox.list().map((c) => [c.state, c.label, c.office?.rowVersion, c.office?.label])).toEqual([
      ['conflict', 'Comment: Dog on site', 7, 'Comment: Call before'],
    ]);

    await outbox.keepMine(outbox.list()[0]!.key);
    await outbox.flush();
    // The technician's comment on the office's job: the office's priority is kept.
    expect(bodyOf(sent[1]!)).toEqual({
      ...jobDetailsBody(office),
      FirstLineComment: 'Dog on site',
      RowVersion: 7,
    });
    expect(keyOf(sent[1]!)).toBe('key-2');
    expect(outbox.list()).toEqual([]);
  });
});
