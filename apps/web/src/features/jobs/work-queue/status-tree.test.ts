import type { JobStatusWithCount } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import {
  acceptsDrop,
  buildStatusGroups,
  changeStatusQuery,
  countForFilter,
  dragPayload,
  groupOfFilter,
  readDragPayload,
  workQueueCount,
} from './status-tree.ts';

const status = (
  Id: number,
  Name: string,
  Count: number,
  SortOrder: number,
  SubStatuses: { Id: number; Name: string; Count: number }[] = [],
): JobStatusWithCount => ({
  Id,
  Name,
  Color: '#123456',
  Icon: 'Build',
  SortOrder,
  RowVersion: 1,
  Count,
  CountCapped: Count >= 10_000,
  SubStatuses: SubStatuses.map((s) => ({
    ...s,
    ParentId: Id,
    SetsOnMyWay: false,
    RowVersion: 1,
    CountCapped: false,
  })),
});

const STATUSES = [
  status(30, 'In progress', 4, 3, [{ Id: 5, Name: 'Waiting for parts', Count: 1 }]),
  status(10, 'New', 12, 1),
  status(20, 'Planned', 3, 2, [
    { Id: 2, Name: 'Booked', Count: 2 },
    { Id: 3, Name: 'Confirmed with customer', Count: 1 },
  ]),
  status(70, 'Approved', 8, 7),
  status(110, 'Deleted', 2, 9),
  status(100, 'Closed', 10_000, 8),
];
const groups = buildStatusGroups(STATUSES);

describe('the status groups of the Jobs menu', () => {
  it('lists the statuses in their order with their sub-statuses, counts and list filters; deleted jobs are no group', () => {
    expect(groups.map((g) => [g.name, g.count, g.filter])).toEqual([
      ['New', 12, 'status-10-0'],
      ['Planned', 3, 'status-20-0'],
      ['In progress', 4, 'status-30-0'],
      ['Approved', 8, 'status-70-0'],
      ['Closed', 10_000, 'status-100-0'],
    ]);
    expect(groups[1]!.children.map((c) => [c.name, c.count, c.filter, c.statusId])).toEqual([
      ['Booked', 2, 'status-20-2', 20],
      ['Confirmed with customer', 1, 'status-20-3', 20],
    ]);
    expect(groups.find((g) => g.statusId === 100)!.capped).toBe(true);
  });

  it("a route's count: the status's or the sub-status's; none for my, parts or an unknown status", () => {
    expect(countForFilter(groups, 'status-20-0')).toBe(3);
    expect(countForFilter(groups, 'status-20-3')).toBe(1);
    expect(countForFilter(groups, 'status-20-9')).toBeUndefined();
    expect(countForFilter(groups, 'status-40-0')).toBeUndefined();
    expect(countForFilter(groups, 'my')).toBeUndefined();
    expect(groupOfFilter(groups, 'status-30-5')!.name).toBe('Waiting for parts');
    expect(workQueueCount(groups)).toBe(12);
  });
});

describe('a drop onto a status', () => {
  const planned = groups[1]!;
  const booked = planned.children[0]!;
  const approved = groups.find((g) => g.statusId === 70)!;
  const job = { Id: 7, JobStatusId: 10, JobSubStatusId: null };

  it('is accepted by a status or sub-status below 70 other than the one the job is in', () => {
    expect(acceptsDrop(planned, job)).toBe(true);
    expect(acceptsDrop(booked, job)).toBe(true);
    expect(acceptsDrop(groups[0]!, job)).toBe(false);
    expect(acceptsDrop(planned, { ...job, JobStatusId: 20, JobSubStatusId: 2 })).toBe(true);
    expect(acceptsDrop(booked, { ...job, JobStatusId: 20, JobSubStatusId: 2 })).toBe(false);
  });

  it('is refused by approved and closed (their own calls) and for a job already approved', () => {
    expect(approved.droppable).toBe(false);
    expect(acceptsDrop(approved, job)).toBe(false);
    expect(acceptsDrop(planned, { ...job, JobStatusId: 70 })).toBe(false);
  });

  it('sends the status with the sub-status, or 0 for none', () => {
    expect(changeStatusQuery(booked)).toEqual({ jobStatusId: 20, jobSubStatusId: 2 });
    expect(changeStatusQuery(planned)).toEqual({ jobStatusId: 20, jobSubStatusId: 0 });
  });

  it('reads back the dragged job, and nothing from data that is not one', () => {
    expect(readDragPayload(dragPayload({ ...job, JobSubStatusId: 3 }))).toEqual({
      ...job,
      JobSubStatusId: 3,
    });
    expect(readDragPayload('plain text')).toBeNull();
    expect(readDragPayload('{"Id":"7","JobStatusId":10}')).toBeNull();
    expect(readDragPayload('{"Id":7,"JobStatusId":10,"JobSubStatusId":-1}')).toBeNull();
  });
});
