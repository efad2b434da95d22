import { insertChangeLog, type LoggedChange, type NewChangeLog } from '../change-logs/change-logs.api.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import type { ChangeType, Emit, FormerOwner } from '../common/outbox.ts';
import type { JobRow } from './job-record.repository.ts';

/**
 * Writes a job's change: the history line (JobHistory, with the machine for a sub-job) and the job
 * change event, which carries the parent job's id (002 §7.22), through the `emit` of the change's
 * changeWithEvents, so it is written with the change's other events, last. Nothing is written when
 * nothing changed.
 */
export async function logJobChange(
  tx: Executor,
  caller: Caller,
  job: JobRow,
  action: NewChangeLog['action'],
  changes: LoggedChange[],
  opts: { changeType?: ChangeType; description?: string; emit: Emit; formerOwner?: FormerOwner },
) {
  if (changes.length === 0) return;
  const parentId = job.parentId ?? job.id;
  await insertChangeLog(tx, {
    entity: job.parentId === null ? 'Job' : 'SubJob',
    entityId: job.id,
    action,
    customerId: job.customerId,
    machineId: job.parentId === null ? null : job.machineId,
    jobId: parentId,
    description: opts.description ?? job.displayName,
    changes,
    user: caller.user,
  });
  opts.emit({
    entity: 'job',
    entityId: parentId,
    changeType: opts.changeType ?? (action === 'New' && job.parentId === null ? 'New' : 'Change'),
    userId: caller.user.id,
    payload: { JobId: parentId, ...(job.parentId === null ? {} : { MachineJobId: job.id }), Action: action },
    ...(opts.formerOwner ? { formerOwner: opts.formerOwner } : {}),
  });
}
