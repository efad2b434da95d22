import { hasOrderOnJob, type serverMessage } from '@fieldport/contract';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { type RefusalStatus, recordNotFound, translatedRefusal } from '../common/errors.ts';
import { jobPolicy } from '../jobs/job-record.policy.ts';
import { findJob, findVisibleJob, type JobRow } from '../jobs/jobs.api.ts';

/** A job the caller may see and its order's parent job (itself for a parent). */
export interface OrderOf {
  job: JobRow;
  parent: JobRow;
  hasOrder: boolean;
}

/** The order of a job (parent or sub-job) in the caller's scope; another company's answers 404. */
export async function orderOf(db: Executor, caller: Caller, jobId: number, lock = false): Promise<OrderOf> {
  const job = await findVisibleJob(db, jobId, caller.user, lock);
  if (!job) throw recordNotFound(caller, 'object_job', jobId);
  const parent = job.parentId === null ? job : await findJob(db, job.parentId, undefined, lock);
  if (!parent) throw recordNotFound(caller, 'object_job', jobId);
  return {
    job,
    parent,
    hasOrder: hasOrderOnJob({ OrderId: parent.orderId, JobTypeId: parent.jobTypeId }),
  };
}

const lineRefusal = (
  caller: Caller,
  status: RefusalStatus,
  key: Parameters<typeof serverMessage>[0],
  field?: string,
) => translatedRefusal(caller.lang, status, key, {}, field || undefined);

/** The order's lines may change: an approved, closed or deleted job keeps them as they are (409). */
export function assertOpen(caller: Caller, o: { parent: JobRow; job: JobRow }) {
  if (!jobPolicy.mayChange(o.parent)) throw lineRefusal(caller, 409, 'job_locked');
  if (jobPolicy.isGone(o.job)) throw lineRefusal(caller, 409, 'sub_job_deleted');
  if (!jobPolicy.mayChange(o.job)) throw lineRefusal(caller, 409, 'job_locked');
}

/**
 * A machine sub-job of a job with an order that is open to change, which a line may be put on: a job
 * without an order, or a parent job, answers 400; a locked one 409.
 */
export async function writableSubJob(db: Executor, caller: Caller, jobId: number, field = 'JobId') {
  const o = await orderOf(db, caller, jobId);
  if (!o.hasOrder) throw lineRefusal(caller, 400, 'order_line_no_order', field);
  if (o.job.parentId === null) throw lineRefusal(caller, 400, 'order_line_sub_job_required', field);
  assertOpen(caller, o);
  return o;
}

export const orderLineRefusal = lineRefusal;
