import { asUtc, deadlineLevel } from '../job-time.ts';

/**
 * The priority deadline of an existing job (000 §9), as New job shows it for a new one: due
 * DueAfterHours after it was created (wall-clock time in the company's zone), with the level of the
 * job list: 'error' when passed, 'warning' within the last 24 hours, null when not due (completed).
 */
export function jobDeadline(
  job: { CreatedDate: string; JobStatusId: number },
  dueAfterHours: number | null | undefined,
  now: Date,
  timeZone: string,
): { due: string; level: 'error' | 'warning' | null } | null {
  if (dueAfterHours == null) return null;
  const due = new Date(asUtc(job.CreatedDate).getTime() + dueAfterHours * 3_600_000)
    .toISOString()
    .slice(0, 19);
  return { due, level: deadlineLevel({ ...job, DueAfterHours: dueAfterHours }, now, timeZone) };
}
