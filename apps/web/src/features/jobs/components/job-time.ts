import { priorityDeadline } from '@fieldport/contract';

/** A job can still be completed below status 50 (000 §4); only such jobs are due. */
const COMPLETED_STATUS = 50;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as the wall clock of a time zone, YYYY-MM-DDTHH:mm:ss (the wire form of dates). */
export function wallClock(instant: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f.format(instant).replace(' ', 'T');
}

/** Whether a job created at this wall-clock time (the company's zone) was created today there. */
export function createdToday(createdDate: string, now: Date, timeZone: string): boolean {
  return createdDate.slice(0, 10) === wallClock(now, timeZone).slice(0, 10);
}

/** A wall-clock time read as if it were UTC: differences between two of them are true durations. */
const asUtc = (wall: string) => new Date(`${wall}Z`);

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
    asUtc(wallClock(now, timeZone)),
  );
  return level === 'ok' ? null : level;
}
