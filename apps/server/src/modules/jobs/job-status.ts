import { diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import type { Emit } from '../common/outbox.ts';
import { logJobChange } from './job-log.ts';
import { loggedJobFields } from './job-record.presenter.ts';
import * as repo from './job-record.repository.ts';

/**
 * The job's e-mails and texts (modules/job-messages): queued in the job's own change, so a change
 * that rolls back sends nothing and one that commits sends once; written and sent by the task worker.
 */
export interface JobMessages {
  /** In the creating change, after the job is written: newjob (and what its first status sends). */
  created(tx: Executor, emit: Emit, job: repo.JobRow): Promise<void>;
  /** In the change that moved a parent job's status from `before`'s (null: created at it) to `after`'s. */
  statusMoved(tx: Executor, emit: Emit, before: repo.JobRow | null, after: repo.JobRow): Promise<void>;
  /** After the change committed: the worker takes the queued messages at once. */
  wake(): void;
}

/**
 * Every writer of a parent job's status calls this in its change, after the row is written: the
 * messages of the move are queued there, once (decision 055).
 * A sub-job, or a change that left the status as it was, moves nothing.
 */
export async function jobStatusWritten(
  tx: Executor,
  emit: Emit,
  messages: JobMessages | undefined,
  before: repo.JobRow,
  after: repo.JobRow,
) {
  if (!messages || after.parentId !== null || before.jobStatusId === after.jobStatusId) return;
  await messages.statusMoved(tx, emit, before, after);
}

/**
 * The one way a parent job is given a status of its own (ChangeStatus and the work queue's drop,
 * approving, deleting, planning and unplanning): the row, its sub-jobs following it, the history line
 * with its event, and the messages the move sends. Answers the job and the sub-jobs that followed.
 */
export async function writeJobStatus(
  tx: Executor,
  emit: Emit,
  caller: Caller,
  before: repo.JobRow,
  status: { jobStatusId: number; jobSubStatusId: number | null },
  opts: { action: 'ChangeStatus' | 'Approve' | 'Delete'; messages: JobMessages | undefined },
) {
  const after = await repo.updateJob(tx, before.id, status);
  const subJobs = await repo.updateSubJobs(tx, before.id, { jobStatusId: status.jobStatusId });
  await logJobChange(tx, caller, after, opts.action, diff(loggedJobFields(before), loggedJobFields(after)), {
    changeType: opts.action === 'Delete' ? 'Delete' : 'Change',
    emit,
  });
  await jobStatusWritten(tx, emit, opts.messages, before, after);
  return { after, subJobs };
}
