import {
  isApproveable,
  isCompleteable,
  isDeletable,
  isDeleted,
  isOpen,
  isSettableStatus,
  JOB_STATUS,
  maySwapCustomer,
} from '@fieldport/contract';

/** A job as far as its rules go: its status. */
type JobState = { jobStatusId: number };

/**
 * What may be done to a job by its status (000 §4). The rules the web shows too are the contract's
 * (`rules/job-status.ts`); the job services ask them here, by action, and turn a no into their 409.
 */
export const jobPolicy = {
  /** Details, swaps, machine sub-jobs: below 70 (an approved, closed or deleted job is kept as it is). */
  mayChange: (job: JobState) => isOpen(job.jobStatusId),
  /** Below 50. */
  mayComplete: (job: JobState) => isCompleteable(job.jobStatusId),
  /** From 50 to 69. */
  mayApprove: (job: JobState) => isApproveable(job.jobStatusId),
  /** Below 70: invoicing may rest on an approved job. */
  mayDelete: (job: JobState) => isDeletable(job.jobStatusId),
  /** The statuses ChangeStatus, create and change may give: below 70; approving and deleting have calls of their own. */
  maySetStatus: (statusId: number) => isSettableStatus(statusId),
  /** A deleted sub-job is gone for its parent: not shown, not changed. */
  isGone: (job: JobState) => isDeleted(job.jobStatusId),
  /** Swapping the customer removes every sub-job: while there are any, only when confirmed. */
  maySwapCustomer: (subJobCount: number, confirmed: boolean) => maySwapCustomer(subJobCount, confirmed),
  /** The status approving gives. */
  approvedStatus: JOB_STATUS.Approved,
  /** The status deleting gives a job and its sub-jobs; the record stays for the history. */
  deletedStatus: JOB_STATUS.Deleted,
} as const;
