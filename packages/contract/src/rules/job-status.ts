/** The status ids that carry rules (spec README, 000 §4); the names of the others are the company's. */
export const JOB_STATUS = {
  New: 10,
  /** Ours, not the documents': a new job gets it with its first appointment and loses it with its last. */
  Planned: 20,
  /** Ours: from here a job has started, and dispatch leaves its appointments where they are. */
  InProgress: 30,
  Completed: 50,
  /** From here the job view shows the approved banner. */
  ApprovedBanner: 60,
  Approved: 70,
  Closed: 100,
  Deleted: 110,
} as const;

/** A deleted job (110) stays for its history; it is offered no delete, and a deleted sub-job no change. */
export const isDeleted = (statusId: number): boolean => statusId === JOB_STATUS.Deleted;

/** Below 50 a job can be completed (000 §4). */
export const isCompleteable = (statusId: number): boolean => statusId < JOB_STATUS.Completed;

/** From 50 to 69 a job can be approved (000 §4). */
export const isApproveable = (statusId: number): boolean =>
  statusId >= JOB_STATUS.Completed && statusId < JOB_STATUS.Approved;

/** The approve action shows from 50 on and is enabled only while the job is approveable (000 §4). */
export const showsApproveAction = (statusId: number): boolean => statusId >= JOB_STATUS.Completed;

/** An approved, closed or deleted job is kept as it is (invoicing may rest on it): below 70 it is open to change. */
export const isOpen = (statusId: number): boolean => statusId < JOB_STATUS.Approved;

/**
 * Whether a job may be deleted. The documents leave it to the server ('only when the server says it is
 * deletable'): ours says an approved, closed or deleted job stays, since invoicing may rest on it.
 */
export const isDeletable = (statusId: number): boolean => statusId < JOB_STATUS.Approved;

/**
 * The statuses a job may be set to through ChangeStatus or a drop on a status group: those below 70,
 * the ones the status filter offers (000 §4). Approving, closing and deleting have calls of their own.
 */
export const isSettableStatus = (statusId: number): boolean => statusId < JOB_STATUS.Approved;

/** New appointments cannot be made from the preview at 70 or above (000 §2). */
export const canPlan = (statusId: number): boolean => statusId < JOB_STATUS.Approved;

/** The banner a job view shows above status 60 (000 §2): deleted, closed, or approved. */
export function statusBanner(statusId: number): 'deleted' | 'closed' | 'approved' | null {
  if (statusId === JOB_STATUS.Deleted) return 'deleted';
  if (statusId === JOB_STATUS.Closed) return 'closed';
  return statusId > JOB_STATUS.ApprovedBanner ? 'approved' : null;
}
