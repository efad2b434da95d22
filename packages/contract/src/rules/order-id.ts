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
