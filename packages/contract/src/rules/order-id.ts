export const PARTS_JOB_TYPE = 3;

/**
 * 000 §5: a job with no parent and a type other than 3 needs an OrderId; a child of a type other
 * than 3 needs one containing 'L'. Otherwise the job is flagged 'Malformed Order Id'.
 */
export function isOrderIdWellFormed(job: {
  ParentId: number | null;
  JobTypeId: number;
  OrderId: string | null;
}): boolean {
  if (job.JobTypeId === PARTS_JOB_TYPE) return true;
  const orderId = job.OrderId?.trim() ?? '';
  if (orderId === '') return false;
  return job.ParentId == null ? true : orderId.includes('L');
}

/**
 * The standalone order-id rule (spec README): a parent job gets the number `n`; a child gets its
 * parent's order id plus 'L' and its number `n` under the parent; parts jobs (type 3) get none.
 */
export function orderIdFor(
  jobTypeId: number,
  parent: { orderId: string | null } | null,
  n: number,
): string | null {
  if (jobTypeId === PARTS_JOB_TYPE) return null;
  return parent ? `${parent.orderId ?? ''}L${n}` : String(n);
}

/** A job's number and name as every screen shows it (000 §5): 'order id – name', the name without one. */
export const jobTitle = (job: { OrderId: string | null; DisplayName: string }) =>
  job.OrderId ? `${job.OrderId} – ${job.DisplayName}` : job.DisplayName;
