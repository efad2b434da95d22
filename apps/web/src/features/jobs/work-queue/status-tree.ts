import { isSettableStatus, JOB_STATUS, type JobStatusWithCount } from '@fieldport/contract';
import { parseJobFilter, statusFilter } from '../../../lib/routing/job-filter.ts';

/**
 * A status group of the Jobs menu (000 §2, 001 §2.2): a status, or one of its sub-statuses, with the
 * JobList filter it opens and how many of the caller's parent jobs it holds.
 */
export interface StatusGroup {
  /** 'status-10-0' for a status, 'status-10-2' for its sub-status 2: the JobList filter it opens. */
  filter: string;
  statusId: number;
  /** Null for the status itself. */
  subStatusId: number | null;
  name: string;
  color: string;
  icon: string;
  count: number;
  /** The count is a lower bound (JOB_COUNT_CAP). */
  capped: boolean;
  /** Whether a job dropped here takes this status (below 70, 000 §4). */
  droppable: boolean;
  children: StatusGroup[];
}

/**
 * The menu's status groups from JobStatus/GetAll: in the statuses' order, each with its sub-statuses.
 * Deleted jobs (110) are no work queue and are left out.
 */
export function buildStatusGroups(statuses: readonly JobStatusWithCount[]): StatusGroup[] {
  return [...statuses]
    .filter((s) => s.Id !== JOB_STATUS.Deleted)
    .sort((a, b) => a.SortOrder - b.SortOrder || a.Id - b.Id)
    .map((s) => {
      const droppable = isSettableStatus(s.Id);
      const base = { statusId: s.Id, color: s.Color, icon: s.Icon, droppable };
      return {
        ...base,
        filter: statusFilter(s.Id),
        subStatusId: null,
        name: s.Name,
        count: s.Count,
        capped: s.CountCapped,
        children: s.SubStatuses.map((sub) => ({
          ...base,
          filter: statusFilter(s.Id, sub.Id),
          subStatusId: sub.Id,
          name: sub.Name,
          count: sub.Count,
          capped: sub.CountCapped,
          children: [],
        })),
      };
    });
}

/** The group a JobList filter value opens ('status-10-0', 'status-10-2'), or null (my, parts, an unknown status). */
export function groupOfFilter(groups: readonly StatusGroup[], value: string | null | undefined) {
  const f = parseJobFilter(value);
  if (f?.kind !== 'status') return null;
  const status = groups.find((g) => g.statusId === f.statusId);
  if (!status || f.subStatusId === 0) return status ?? null;
  return status.children.find((c) => c.subStatusId === f.subStatusId) ?? null;
}

/** The count a JobList filter's menu item shows (its badge), or undefined when it has none. */
export function countForFilter(groups: readonly StatusGroup[], value: string | null | undefined) {
  return groupOfFilter(groups, value)?.count;
}

/** The Jobs menu's own badge: the new, unplanned jobs (status 10, the list's default queue). */
export const WORK_QUEUE_COUNT = 'JobNew';
export const workQueueCount = (groups: readonly StatusGroup[]) =>
  countForFilter(groups, statusFilter(JOB_STATUS.New));

/** What a dragged job carries (the drag's data under JOB_DRAG_TYPE), and what a drop reads back. */
export interface DraggedJob {
  Id: number;
  JobStatusId: number;
  JobSubStatusId: number | null;
}
export const JOB_DRAG_TYPE = 'application/x-fieldport-job';

export const dragPayload = (job: DraggedJob): string =>
  JSON.stringify({ Id: job.Id, JobStatusId: job.JobStatusId, JobSubStatusId: job.JobSubStatusId });

/** The dragged job of a drop, or null when the data is not a job of ours. */
export function readDragPayload(data: string): DraggedJob | null {
  try {
    const v = JSON.parse(data) as Partial<DraggedJob>;
    const id = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
    if (!id(v.Id) || !id(v.JobStatusId)) return null;
    if (v.JobSubStatusId != null && !id(v.JobSubStatusId)) return null;
    return { Id: v.Id!, JobStatusId: v.JobStatusId!, JobSubStatusId: v.JobSubStatusId ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether a job may be dropped on a group (000 §4): a status below 70 (approving, closing and deleting
 * have calls of their own), and not the one it is in already. A job of a status of 70 or more is kept
 * as it is, as the server says.
 */
export function acceptsDrop(group: StatusGroup, job: DraggedJob): boolean {
  if (!group.droppable || !isSettableStatus(job.JobStatusId)) return false;
  return !(group.statusId === job.JobStatusId && group.subStatusId === (job.JobSubStatusId ?? null));
}

/** The ChangeStatus query of a drop on a group: the status, and the sub-status or 0 for none. */
export const changeStatusQuery = (group: StatusGroup) => ({
  jobStatusId: group.statusId,
  jobSubStatusId: group.subStatusId ?? 0,
});
