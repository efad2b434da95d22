import { PARTS_JOB_TYPE } from './order-id.ts';

/**
 * Swapping a job's customer removes all its machine sub-jobs and cannot be undone (000 §4): while it
 * has any, the swap needs the user's confirmation. The server refuses an unconfirmed swap then too.
 */
export const swapCustomerNeedsConfirmation = (subJobCount: number): boolean => subJobCount > 0;

/** Whether an unconfirmed or confirmed swap may go on. */
export const maySwapCustomer = (subJobCount: number, confirmed: boolean): boolean =>
  confirmed || !swapCustomerNeedsConfirmation(subJobCount);

/**
 * The job view's parts and invoice tabs (001 §2.8) need an order on the job: disabled, with the
 * 'no order on job' hint, when it has no order id or is a parts job (type 3).
 */
export const hasOrderOnJob = (job: { OrderId: string | null; JobTypeId: number }): boolean =>
  !!job.OrderId && job.JobTypeId !== PARTS_JOB_TYPE;
