import { type FaultReportInput, JobCreateInput } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Tx } from '../common/db.ts';
import { fieldRefusal, recordNotFound } from '../common/errors.ts';
import type { Emit } from '../common/outbox.ts';
import type { JobRecordService } from '../jobs/job-record.service.ts';
import * as repo from './fault-reports.repository.ts';

/** A fault report's job is a repair (the built-in job type 2, reference-data.ts). */
export const FAULT_REPORT_JOB_TYPE = 2;
/** Its first estimate, in hours, until the office plans it. */
export const FAULT_REPORT_ESTIMATE = 1;

/** What else the report writes in the job's transaction (the label form's photos and its count). */
type AlsoIn = (tx: Tx, emit: Emit, jobId: number) => Promise<void>;

interface Deps {
  db: Db;
  jobs: JobRecordService;
}

/**
 * A customer user's fault report (issue 32, decision 068): a new, unplanned job for one machine of the
 * caller's company, made by the job service with the machine's customer, delivery address and the
 * customer's contact; the description is the machine line's customer comment. A machine outside the
 * caller's scope is not found, whatever its id. The QR label's public form (decision 070) reports through
 * here as the label's reporter, a caller of the machine's customer.
 */
export class FaultReportService {
  private readonly deps: Deps;
  constructor(deps: Deps) {
    this.deps = deps;
  }

  async report(caller: Caller, machineId: number, input: FaultReportInput, alsoIn?: AlsoIn) {
    const parties = await repo.partiesOfMachine(this.deps.db, machineId, caller.user);
    if (!parties?.customerId) throw recordNotFound(caller, 'object_machine', machineId);
    if (!parties.contactId || !parties.addressId)
      throw fieldRefusal(caller, 'Description', 'fault_report_no_contact');
    const job = JobCreateInput.parse({
      DisplayName: parties.machineName,
      CustomerId: parties.customerId,
      ContactPersonId: parties.contactId,
      CustomerDeliveryAddress: parties.addressId,
      JobTypeId: FAULT_REPORT_JOB_TYPE,
      JobPriorityId: input.JobPriorityId,
      EstimatedTime: FAULT_REPORT_ESTIMATE,
      Machines: [{ MachineId: machineId, CustomerComment: input.Description }],
    });
    return this.deps.jobs.create(caller, job, alsoIn);
  }
}
