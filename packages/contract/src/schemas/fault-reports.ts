import { z } from 'zod';
import { FIELD_MESSAGES, RefId } from './fields.ts';

const M = FIELD_MESSAGES;

/** The most a fault report's description holds: a machine line's customer comment (job.ts). */
export const FAULT_REPORT_MAX_LENGTH = 4000;

/**
 * machine/{id}/FaultReport (issue 32, decision 068): what a customer user reports of one of their
 * company's machines. The description becomes the new job's customer comment; the urgency is one of
 * the job priorities (`jobpriority`).
 */
export const FaultReportInput = z.object({
  Description: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .max(FAULT_REPORT_MAX_LENGTH, M.max(FAULT_REPORT_MAX_LENGTH)),
  JobPriorityId: RefId,
});
export type FaultReportInput = z.input<typeof FaultReportInput>;
