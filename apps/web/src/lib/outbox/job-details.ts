import type { Job } from '@fieldport/contract';
import type { JobCommentInput } from './inputs.ts';

/**
 * The body of PATCH job/changedetails for a job as read, with `change` over it: the call carries every
 * detail, so a change of one is the job as read with that one changed (without the RowVersion, which a
 * command carries apart, decision 095).
 */
export function jobDetailsBody(job: Job, change: Partial<Job> = {}): JobCommentInput['body'] {
  const next = { ...job, ...change };
  return {
    Id: job.Id,
    DisplayName: next.DisplayName,
    JobStatusId: next.JobStatusId,
    JobSubStatusId: next.JobSubStatusId,
    JobTypeId: next.JobTypeId,
    JobPriorityId: next.JobPriorityId ?? 0,
    EstimatedTime: next.EstimatedTime ?? '',
    NoInvoice: next.NoInvoice,
    FirstLineComment: next.FirstLineComment,
    InvoiceReference: next.InvoiceReference,
    OrderDepartmentId: next.OrderDepartmentId,
  };
}

/** The job's comment command's input on `job` (the office's after a conflict, the answer of an earlier change). */
export function jobCommentOn(job: Job, input: JobCommentInput): JobCommentInput {
  return { ...input, body: jobDetailsBody(job, { FirstLineComment: input.body.FirstLineComment }) };
}
