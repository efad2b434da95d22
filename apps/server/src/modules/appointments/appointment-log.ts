import { insertChangeLog, type LoggedChange } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { type AppointmentRow, findJobForPlanning } from './appointments.repository.ts';

/** The fields an appointment's log line compares. */
const logged = (a: AppointmentRow) => ({
  Subject: a.subject,
  JobId: a.jobId,
  StartTime: a.startTime,
  EndTime: a.endTime,
  Type: a.type,
});

/**
 * Writes an appointment's change log line (Log/AppointmentLogs) in the change's transaction: under its
 * job and the job's customer (so a partner sees only their customers' lines); an absence has neither.
 * Nothing is written when nothing changed.
 */
export async function logAppointmentChange(
  tx: Executor,
  caller: Caller,
  action: 'New' | 'Change' | 'Delete',
  before: AppointmentRow | null,
  after: AppointmentRow,
) {
  const now = logged(after);
  const changes: LoggedChange[] =
    action === 'New'
      ? created(now)
      : action === 'Delete'
        ? diff(now, Object.fromEntries(Object.keys(now).map((k) => [k, null])))
        : diff(logged(before ?? after), now);
  if (changes.length === 0) return;
  const job = after.jobId ? await findJobForPlanning(tx, after.jobId) : null;
  await insertChangeLog(tx, {
    entity: 'Appointment',
    entityId: after.id,
    action,
    customerId: job?.customerId ?? null,
    jobId: after.jobId,
    description: after.subject,
    changes,
    user: caller.user,
  });
}
