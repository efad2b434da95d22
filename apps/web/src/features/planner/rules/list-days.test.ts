import type { SchedulerData, SchedulerEvent } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { countsByUser, type ListToggles, listDays } from './list-days.ts';
import { parseWallClock as at, DAY, formatWallClock } from './wall-clock.ts';

const event = (
  id: number,
  start: string,
  end: string,
  extra: Partial<SchedulerEvent> = {},
): SchedulerEvent => ({
  id,
  name: `Visit ${id}`,
  jobId: id * 10,
  jobTypeId: 1,
  jobTypeName: 'Service',
  jobStatusId: 20,
  jobStatusName: 'Planned',
  address: null,
  appointmentType: 1,
  isAbsence: false,
  startDate: start,
  endDate: end,
  rowVersion: 1,
  ...extra,
});
const ada = { id: 1, name: 'Ada', departmentId: null, type: 2 };
const bo = { id: 2, name: 'Bo', departmentId: null, type: 2 };
const off: ListToggles = { showAsJobs: false, hideCompleted: false, hideAbsence: false };
const week = { from: at('2026-03-02'), to: at('2026-03-02') + 3 * DAY };
const data: SchedulerData = {
  events: [
    event(3, '2026-03-03T13:00:00', '2026-03-03T14:00:00'),
    event(1, '2026-03-02T08:00:00', '2026-03-02T10:00:00'),
    event(2, '2026-03-02T11:00:00', '2026-03-02T12:00:00', { jobStatusId: 50, jobStatusName: 'Completed' }),
    event(4, '2026-03-03T08:00:00', '2026-03-03T09:00:00', {
      jobId: null,
      isAbsence: true,
      jobStatusId: null,
    }),
    event(5, '2026-03-03T15:00:00', '2026-03-03T16:00:00', { jobId: 30 }),
  ],
  assignments: [
    { eventId: 1, resourceId: 1 },
    { eventId: 2, resourceId: 2 },
    { eventId: 3, resourceId: 1 },
    { eventId: 3, resourceId: 2 },
    { eventId: 4, resourceId: 2 },
    { eventId: 5, resourceId: 2 },
  ],
};
const ids = (days: ReturnType<typeof listDays>) => days.map((d) => d.items.map((i) => i.event.id));

describe('list mode days (000 §2)', () => {
  it('groups the appointments per day of the range, earliest first, empty days included', () => {
    const days = listDays(data, [ada, bo], week, null, off);
    expect(days.map((d) => formatWallClock(d.day).slice(0, 10))).toEqual([
      '2026-03-02',
      '2026-03-03',
      '2026-03-04',
    ]);
    expect(ids(days)).toEqual([[1, 2], [4, 3, 5], []]);
    expect(days[1]?.items[1]?.participants.map((p) => p.name)).toEqual(['Ada', 'Bo']);
  });

  it('shows one user’s appointments when a resource is chosen', () => {
    expect(ids(listDays(data, [ada, bo], week, 1, off))).toEqual([[1], [3], []]);
  });

  it('hides completed jobs (status 50 or above) and absences by their toggles', () => {
    expect(ids(listDays(data, [ada, bo], week, null, { ...off, hideCompleted: true }))).toEqual([
      [1],
      [4, 3, 5],
      [],
    ]);
    expect(ids(listDays(data, [ada, bo], week, null, { ...off, hideAbsence: true }))).toEqual([
      [1, 2],
      [3, 5],
      [],
    ]);
  });

  it('shows a job’s appointments of a day as one line as jobs, from its first start to its last end', () => {
    const days = listDays(data, [ada, bo], week, null, { ...off, showAsJobs: true });
    expect(ids(days)).toEqual([[1, 2], [4, 3], []]);
    const job = days[1]?.items[1];
    expect(job).toMatchObject({ count: 2, start: at('2026-03-03T13:00'), end: at('2026-03-03T16:00') });
    expect(job?.participants.map((p) => p.name)).toEqual(['Ada', 'Bo']);
  });

  it('leaves out users not shown (hidden or of other departments)', () => {
    expect(ids(listDays(data, [ada], week, null, off))).toEqual([[1], [3], []]);
  });

  it('counts each user’s appointments after the toggles', () => {
    expect([...countsByUser(data, [ada, bo], off)]).toEqual([
      [1, 2],
      [2, 4],
    ]);
    expect(countsByUser(data, [ada, bo], { ...off, hideAbsence: true, hideCompleted: true }).get(2)).toBe(2);
    expect(countsByUser(undefined, [ada], off).get(1)).toBe(0);
  });
});
