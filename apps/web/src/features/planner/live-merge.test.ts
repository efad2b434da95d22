import type { LiveChangeEvent, SchedulerData, SchedulerEvent } from '@fieldport/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { mergeSaved, plannerKeys } from './api.ts';
import { createLiveMerge } from './live-merge.ts';

const MONDAY = plannerKeys.range('2026-03-02', '2026-03-02');
const WEEK = plannerKeys.range('2026-03-02', '2026-03-08');
const NEXT_WEEK = plannerKeys.range('2026-03-09', '2026-03-15');

const ev = (id: number, day: string, over: Partial<SchedulerEvent> = {}): SchedulerEvent => ({
  id,
  name: `Job ${id}`,
  jobId: id * 10,
  jobTypeId: 2,
  jobTypeName: 'Repair',
  jobStatusId: 20,
  jobStatusName: 'Planned',
  address: null,
  appointmentType: 1,
  isAbsence: false,
  startDate: `${day}T09:00:00`,
  endDate: `${day}T11:00:00`,
  rowVersion: 1,
  ...over,
});
const data = (...events: SchedulerEvent[]): SchedulerData => ({
  events,
  assignments: events.map((e) => ({ eventId: e.id, resourceId: 1 })),
});
const change = (Entity: string, EntityId: number, ChangeType: LiveChangeEvent['ChangeType'], extra = {}) => ({
  Sequence: 1,
  Entity,
  EntityId: String(EntityId),
  ChangeType,
  ...extra,
});

/** A planner with Monday, its week and the next week cached; the server answers `now` for reads. */
function planner(now: Record<number, SchedulerData | null>) {
  const client = new QueryClient();
  client.setQueryData(MONDAY, data(ev(1, '2026-03-02'), ev(2, '2026-03-02')));
  client.setQueryData(WEEK, data(ev(1, '2026-03-02'), ev(2, '2026-03-02'), ev(3, '2026-03-04')));
  client.setQueryData(NEXT_WEEK, data(ev(4, '2026-03-10')));
  const read = vi.fn(async (id: number) => now[id] ?? null);
  const frames: (() => void)[] = [];
  const onChange = createLiveMerge({ client, read, schedule: (run) => frames.push(run) });
  /** The next animation frame, and the reads it started answered. */
  const frame = async () => {
    for (const run of frames.splice(0)) run();
    await new Promise((r) => setTimeout(r, 0));
  };
  const ids = (key: readonly unknown[]) => client.getQueryData<SchedulerData>(key)?.events.map((e) => e.id);
  return { client, read, onChange, frame, ids };
}

describe('live appointment and job changes merged into the cached planner ranges', () => {
  it('a new appointment goes into the ranges it overlaps, with its assignment; another range is untouched', async () => {
    const p = planner({ 5: data(ev(5, '2026-03-02', { startDate: '2026-03-02T13:00:00' })) });
    const nextWeek = p.client.getQueryData(NEXT_WEEK);
    p.onChange(change('appointment', 5, 'New', { JobId: 50 }));
    await p.frame();
    expect(p.read).toHaveBeenCalledWith(5);
    expect(p.ids(MONDAY)).toEqual([1, 2, 5]);
    expect(p.ids(WEEK)).toEqual([1, 2, 3, 5]);
    expect(p.client.getQueryData<SchedulerData>(MONDAY)?.assignments).toContainEqual({
      eventId: 5,
      resourceId: 1,
    });
    expect(p.client.getQueryData(NEXT_WEEK)).toBe(nextWeek);
  });

  it('a changed appointment replaces the cached one in its place; the other events keep their objects', async () => {
    const renamed = ev(1, '2026-03-02', { name: 'Pump repair', rowVersion: 2 });
    const p = planner({ 1: { events: [renamed], assignments: [{ eventId: 1, resourceId: 2 }] } });
    const two = p.client.getQueryData<SchedulerData>(MONDAY)?.events[1];
    p.onChange(change('appointment', 1, 'Change'));
    await p.frame();
    const monday = p.client.getQueryData<SchedulerData>(MONDAY);
    expect(monday?.events.map((e) => e.name)).toEqual(['Pump repair', 'Job 2']);
    expect(monday?.events[1]).toBe(two);
    expect(monday?.assignments).toEqual([
      { eventId: 2, resourceId: 1 },
      { eventId: 1, resourceId: 2 },
    ]);
  });

  it('an appointment moved to another week leaves the ranges it no longer overlaps and joins its new one', async () => {
    const p = planner({ 2: data(ev(2, '2026-03-11')) });
    p.onChange(change('appointment', 2, 'Change'));
    await p.frame();
    expect(p.ids(MONDAY)).toEqual([1]);
    expect(p.ids(WEEK)).toEqual([1, 3]);
    expect(p.ids(NEXT_WEEK)).toEqual([4, 2]);
    expect(p.client.getQueryData<SchedulerData>(WEEK)?.assignments.map((a) => a.eventId)).toEqual([1, 3]);
  });

  it('a deleted appointment leaves every range without a read; one gone before its read (404) too', async () => {
    const p = planner({});
    p.onChange(change('appointment', 1, 'Delete'));
    p.onChange(change('appointment', 3, 'Change'));
    await p.frame();
    expect(p.read).toHaveBeenCalledTimes(1);
    expect(p.read).toHaveBeenCalledWith(3);
    expect(p.ids(MONDAY)).toEqual([2]);
    expect(p.ids(WEEK)).toEqual([2]);
  });

  it("a burst in one frame reads each appointment once and writes each range once; a delete wins over the burst's earlier change", async () => {
    const p = planner({ 1: data(ev(1, '2026-03-03')), 5: data(ev(5, '2026-03-05')) });
    const writes = vi.fn();
    p.client
      .getQueryCache()
      .subscribe((e) => e.type === 'updated' && e.action.type === 'success' && writes());
    for (let i = 0; i < 20; i++) p.onChange(change('appointment', 1, 'Change'));
    p.onChange(change('appointment', 5, 'New'));
    p.onChange(change('appointment', 2, 'Change'));
    p.onChange(change('appointment', 2, 'Delete'));
    expect(p.read).not.toHaveBeenCalled();
    await p.frame();
    expect(p.read.mock.calls.map(([id]) => id).sort()).toEqual([1, 5]);
    expect(p.ids(MONDAY)).toEqual([]);
    expect(p.ids(WEEK)).toEqual([1, 3, 5]);
    // The delete (one write to each of the two ranges), then the reads' answers (one write each).
    expect(writes).toHaveBeenCalledTimes(4);
  });

  it('an answer overtaken by a later change of the same event is not written over the newer one', async () => {
    const p = planner({});
    let answerFirst: (d: SchedulerData) => void = () => {};
    p.read.mockImplementationOnce(() => new Promise((r) => (answerFirst = r)));
    p.read.mockImplementationOnce(async () => data(ev(1, '2026-03-04', { name: 'Newest' })));
    p.onChange(change('appointment', 1, 'Change'));
    await p.frame();
    p.onChange(change('appointment', 1, 'Change'));
    await p.frame();
    answerFirst(data(ev(1, '2026-03-02', { name: 'Older' })));
    await new Promise((r) => setTimeout(r, 0));
    expect(p.client.getQueryData<SchedulerData>(WEEK)?.events.find((e) => e.id === 1)?.name).toBe('Newest');
    expect(p.ids(MONDAY)).toEqual([2]);
  });

  it("a job change reads only that job's cached events again, not the range", async () => {
    const p = planner({ 3: data(ev(3, '2026-03-04', { jobStatusName: 'Started', jobStatusId: 30 })) });
    p.onChange(change('job', 30, 'Change', { JobId: 30, jobId: 30 }));
    p.onChange(change('job', 999, 'Change', { JobId: 999 }));
    await p.frame();
    expect(p.read.mock.calls).toEqual([[3]]);
    expect(p.client.getQueryData<SchedulerData>(WEEK)?.events[2]?.jobStatusName).toBe('Started');
  });

  it('with no planner range cached, nothing is read', async () => {
    const client = new QueryClient();
    const read = vi.fn(async () => null);
    const frames: (() => void)[] = [];
    createLiveMerge({ client, read, schedule: (run) => frames.push(run) })(change('appointment', 1, 'New'));
    for (const run of frames) run();
    expect(read).not.toHaveBeenCalled();
  });

  it('a saved move goes through the same merge: out of the ranges it left, into those it reached', () => {
    const p = planner({});
    mergeSaved(p.client, data(ev(1, '2026-03-10')));
    expect(p.ids(MONDAY)).toEqual([2]);
    expect(p.ids(WEEK)).toEqual([2, 3]);
    expect(p.ids(NEXT_WEEK)).toEqual([4, 1]);
  });
});
