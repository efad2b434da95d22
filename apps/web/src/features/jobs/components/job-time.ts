import { priorityDeadline, toLocalDateTime } from '@fieldport/contract';

/** A job can still be completed below status 50 (000 §4); only such jobs are due. */
const COMPLETED_STATUS = 50;

/** Whether a job created at this wall-clock time (the company's zone) was created today there. */
export function createdToday(createdDate: string, now: Date, timeZone: string): boolean {
  return createdDate.slice(0, 10) === toLocalDateTime(now, timeZone).slice(0, 10);
}

/** A wall-clock time read as if it were UTC: differences between two of them are true durations. */
export const asUtc = (wall: string) => new Date(`${wall}Z`);

/**
 * The priority deadline of an open job (000 §9): 'error' when DueAfterHours have passed since it was
 * created, 'warning' within the last 24 of them, null when it has no priority or is completed.
 */
export function deadlineLevel(
  job: { DueAfterHours: number | null; CreatedDate: string; JobStatusId: number },
  now: Date,
  timeZone: string,
): 'error' | 'warning' | null {
  if (job.DueAfterHours === null || job.JobStatusId >= COMPLETED_STATUS) return null;
  const { level } = priorityDeadline(
    job.DueAfterHours,
    asUtc(job.CreatedDate),
    asUtc(toLocalDateTime(now, timeZone)),
  );
  return level === 'ok' ? null : level;
}

/** Time since a job was created (000 §9): whole days, or hours when under one day. */
export function jobAge(
  createdDate: string,
  now: Date,
  timeZone: string,
): { days: number } | { hours: number } {
  const hours = Math.max(
    0,
    Math.floor((asUtc(toLocalDateTime(now, timeZone)).getTime() - asUtc(createdDate).getTime()) / 3_600_000),
  );
  return hours < 24 ? { hours } : { days: Math.floor(hours / 24) };
}
