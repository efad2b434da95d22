import {
  insertChangeLog,
  type LoggedChange,
  type NewChangeLog,
} from '../change-logs/change-logs.repository.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { type ChangeType, type Emit, recordEvent } from '../common/outbox.ts';
import type { JobRow } from './job.repository.ts';

/**
 * Writes a job's change: the history line (JobHistory, with the machine for a sub-job) and the job
 * change event, which carries the parent job's id (002 §7.22), in the change's transaction. Nothing is
 * written when nothing changed. Inside changeWithEvents pass its `emit`, and the event is written with
 * the change's others, last; without it (the job record's own transactions) it is written at once.
 */
export async function logJobChange(
  tx: Executor,
  caller: Caller,
  job: JobRow,
  action: NewChangeLog['action'],
  changes: LoggedChange[],
  opts: { changeType?: ChangeType; description?: string; emit?: Emit } = {},
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
  const event = {
    entity: 'job',
    entityId: parentId,
    changeType: opts.changeType ?? (action === 'New' && job.parentId === null ? 'New' : 'Change'),
    userId: caller.user.id,
    payload: { JobId: parentId, ...(job.parentId === null ? {} : { MachineJobId: job.id }), Action: action },
  } as const;
  if (opts.emit) opts.emit(event);
  else await recordEvent(tx, event);
}
