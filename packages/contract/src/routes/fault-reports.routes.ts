import { CUSTOMER_TYPES } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { FaultReportInput } from '../schemas/fault-reports.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { Job } from '../schemas/job.ts';

/**
 * A customer user's fault report (issue 32, decision 068). The catalogue's job/create is the staff's
 * (001 §6: New job is Admin and Technician); this call lets a customer user report a fault on one of
 * their company's machines and nothing else: the job's customer, delivery address, contact and type are
 * the server's, another company's machine answers 404.
 */
export const faultReportRoutes = {
  faultReportCreate: defineRoute({
    method: 'POST',
    path: sp('machine/:id/FaultReport'),
    summary:
      'Report a fault on one of the caller’s company’s machines (customer users): a new job for the machine’s customer, delivery address and machine, with the description as its customer comment.',
    access: users(CUSTOMER_TYPES, { permission: 'Module.Jobs' }),
    params: RecordIdParams,
    body: FaultReportInput,
    response: json(Job),
  }),
} as const;
