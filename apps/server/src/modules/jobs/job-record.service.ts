import {
  type Job,
  type JobChangeInput,
  type JobCreateInput,
  languageOf,
  type MachineLineInput,
  orderIdFor,
  PARTS_JOB_TYPE,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import { presentChangeLog } from '../change-logs/change-logs.service.ts';
import { created, diff } from '../change-logs/diff.ts';
import { type Caller, userIdOf } from '../common/caller.ts';
import type { Executor, Tx } from '../common/db.ts';
import type { DomainEvents } from '../common/domain-events.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { customerScope } from '../common/scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertJobCurrent, assertOpen, checkReferences, checkStatus, jobConflict } from './job-checks.ts';
import { logJobChange } from './job-log.ts';
import { jobPolicy } from './job-record.policy.ts';
import {
  loggedIds,
  loggedJobFields,
  loggedSubJobFields,
  namedChanges,
  presentJob,
  presentSubJob,
} from './job-record.presenter.ts';
import * as repo from './job-record.repository.ts';
import { jobScope } from './job-scope.ts';
import { type JobMessages, jobStatusWritten, writeJobStatus } from './job-status.ts';

type CreateInput = z.output<typeof JobCreateInput>;
type ChangeInput = z.output<typeof JobChangeInput>;
type LineInput = z.output<typeof MachineLineInput>;

export interface JobRecordDeps {
  db: Db;
  /** Removed machine sub-jobs are told to the order lines, which give their parts back (decision 096). */
  events: DomainEvents;
  settings: SettingsService;
  clock: Clock;
  messages?: JobMessages;
  /** A sub-status that sets out sets the caller's appointment On my way (status-links, decision 085). */
  travel?: TravelHook;
}

/** What a job's new sub-status sets in motion, in the change that wrote it (decision 085). */
export interface TravelHook {
  subStatusSet(tx: Executor, emit: Emit, caller: Caller, jobId: number, subStatusId: number): Promise<void>;
}

/** One job: reading it, creating it with its machines, and what is done to it (000 §4, §5). */
export class JobRecordService {
  private readonly deps: JobRecordDeps;
  constructor(deps: JobRecordDeps) {
    this.deps = deps;
  }

  /** The job as the caller may see it (another company's answers 404). */
  async get(caller: Caller, id: number, db: Executor = this.deps.db): Promise<Job> {
    // One statement: the job read with its scope, its sub-jobs and appointments nested in it.
    const [found, global] = await Promise.all([
      repo.findJobView(db, id, jobScope(caller.user)),
      this.deps.settings.global(),
    ]);
    if (!found) throw recordNotFound(caller, 'object_job', id);
    const { job, ctx, subJobs, appointments } = found;
    return presentJob(job, ctx, subJobs, appointments, {
      now: this.deps.clock.now(),
      timeZone: global.TimeZone,
      lang: languageOf(caller.lang),
    });
  }

  async subJobs(caller: Caller, id: number) {
    const job = await repo.findJob(this.deps.db, id, jobScope(caller.user));
    if (!job) throw recordNotFound(caller, 'object_job', id);
    return (await repo.subJobsOf(this.deps.db, job.id)).map((s) => presentSubJob(s, languageOf(caller.lang)));
  }

  /**
   * Creates a job with its machine lines. `alsoIn`, when given, runs in the same transaction after the
   * job is written (a record that must exist exactly when the job does, as a checklist field's
   * follow-up link): its throwing rolls the job back too.
   */
  async create(
    caller: Caller,
    input: CreateInput,
    alsoIn?: (tx: Tx, emit: Emit, jobId: number) => Promise<void>,
  ): Promise<Job> {
    const db = this.deps.db;
    const customer = await repo.findCustomerOf(db, input.CustomerId, customerScope(caller.user));
    if (!customer) throw fieldNotFound(caller, 'CustomerId', 'object_customer', input.CustomerId);
    await this.checkCustomerParts(
      caller,
      db,
      input.CustomerId,
      input.CustomerDeliveryAddress,
      input.ContactPersonId,
    );
    await checkStatus(caller, db, input.JobStatusId, input.JobSubStatusId);
    await checkReferences(caller, db, { ...input, lines: input.Machines });
    const machines = await this.machinesOf(caller, db, input.CustomerId, input.Machines);
    const global = await this.deps.settings.global();
    const id = await changeWithEvents(db, async (tx, emit) => {
      const parent = await repo.insertJob(tx, {
        ...this.detailValues(input),
        // Parts jobs get no order id, and take no number (spec README).
        orderId: input.JobTypeId === PARTS_JOB_TYPE ? null : String(await repo.nextOrderNumber(tx)),
        displayName: input.DisplayName || machines.get(input.Machines[0]!.MachineId)!,
        customerId: input.CustomerId,
        contactPersonId: input.ContactPersonId,
        deliveryAddressId: input.CustomerDeliveryAddress,
        createdBy: userIdOf(caller.user),
      });
      await logJobChange(tx, caller, parent, 'New', created(loggedJobFields(parent)), { emit });
      await this.addLines(tx, emit, caller, parent, input.Machines, machines, 0, global.DefaultJobCategoryId);
      await alsoIn?.(tx, emit, parent.id);
      await this.deps.messages?.created(tx, emit, parent);
      return parent.id;
    });
    this.deps.messages?.wake();
    return this.get(caller, id);
  }

  async changeDetails(caller: Caller, input: ChangeInput): Promise<Job> {
    const db = this.deps.db;
    const visible = await repo.findJob(db, input.Id, jobScope(caller.user));
    if (!visible) throw recordNotFound(caller, 'object_job', input.Id);
    await checkStatus(caller, db, input.JobStatusId, input.JobSubStatusId);
    await checkReferences(caller, db, input);
    await changeWithEvents(db, async (tx, emit) => {
      const before = (await repo.findJob(tx, input.Id, undefined, true))!;
      assertOpen(caller, before);
      assertJobCurrent(caller, before, input.RowVersion);
      let after = await repo.updateJob(tx, before.id, this.detailValues(input));
      if (before.parentId === null) {
        // A parts job that becomes another type needs the order id it never had (spec README).
        // Its machine jobs get theirs too: the parent's plus L and their number, in the order they came.
        if (after.orderId === null && after.jobTypeId !== PARTS_JOB_TYPE) {
          after = await repo.updateJob(tx, after.id, { orderId: String(await repo.nextOrderNumber(tx)) });
          await repo.numberSubJobs(tx, after.id, after.orderId!);
        }
        await repo.updateSubJobs(tx, before.id, {
          jobStatusId: after.jobStatusId,
          jobTypeId: after.jobTypeId,
          jobPriorityId: after.jobPriorityId,
          orderDepartmentId: after.orderDepartmentId,
        });
      }
      await logJobChange(tx, caller, after, 'Change', diff(loggedJobFields(before), loggedJobFields(after)), {
        emit,
      });
      // The status is one of the details: a job completed or confirmed here sends what it sends anywhere.
      await jobStatusWritten(tx, emit, this.deps.messages, before, after);
      await this.subStatusMoved(tx, emit, caller, before, after);
    });
    this.deps.messages?.wake();
    return this.get(caller, input.Id);
  }

  /** ChangeStatus and drops on a status group: below 70 only; the sub-jobs follow the parent. */
  async changeStatus(
    caller: Caller,
    id: number,
    statusId: number,
    subStatusId: number | null,
    rowVersion?: number,
  ): Promise<Job> {
    const job = await this.visibleParent(caller, id);
    await checkStatus(caller, this.deps.db, statusId, subStatusId, 'jobStatusId');
    await this.setStatus(
      caller,
      job.id,
      { jobStatusId: statusId, jobSubStatusId: subStatusId },
      'ChangeStatus',
      (j) => {
        assertOpen(caller, j);
        assertJobCurrent(caller, j, rowVersion);
      },
    );
    return this.get(caller, id);
  }

  /** 50 to 69 becomes 70 (000 §4). */
  async approve(caller: Caller, id: number): Promise<Job> {
    const job = await this.visibleParent(caller, id);
    await this.setStatus(
      caller,
      job.id,
      { jobStatusId: jobPolicy.approvedStatus, jobSubStatusId: null },
      'Approve',
      (j) => {
        if (!jobPolicy.mayApprove(j)) throw jobConflict(caller, 'job_not_approveable');
      },
    );
    return this.get(caller, id);
  }

  /** Deleting sets 110 on the job and its sub-jobs; the record stays for the history. */
  async remove(caller: Caller, id: number): Promise<Job> {
    const job = await this.visibleParent(caller, id);
    await this.setStatus(
      caller,
      job.id,
      { jobStatusId: jobPolicy.deletedStatus, jobSubStatusId: null },
      'Delete',
      (j) => {
        if (!jobPolicy.mayDelete(j)) throw jobConflict(caller, 'job_not_deletable');
      },
    );
    return this.get(caller, id);
  }

  /**
   * Another customer, at its default address and contact; every sub-job is removed (000 §4), so while
   * the job has any the caller must have confirmed it (`confirmed`): without, 409 and nothing changes.
   */
  async swapCustomer(caller: Caller, jobId: number, customerId: number, confirmed = false): Promise<Job> {
    await this.visibleParent(caller, jobId);
    const customer = await repo.findCustomerOf(this.deps.db, customerId, customerScope(caller.user));
    if (!customer) throw recordNotFound(caller, 'object_customer', customerId);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = (await repo.findJob(tx, jobId, undefined, true))!;
      assertOpen(caller, before);
      if (before.customerId === customerId) return;
      const subJobs = await repo.subJobsOf(tx, jobId);
      if (!jobPolicy.maySwapCustomer(subJobs.length, confirmed))
        throw jobConflict(caller, 'swap_customer_needs_confirmation', { count: subJobs.length });
      const removed = await repo.updateSubJobs(tx, jobId, { jobStatusId: jobPolicy.deletedStatus });
      await this.deps.events.raise(tx, emit, 'machineJobsRemoved', {
        jobIds: removed.map((s) => s.id),
        userId: caller.user.id,
      });
      const after = await repo.updateJob(tx, jobId, {
        customerId,
        deliveryAddressId: customer.defaultDeliveryAddressId,
        contactPersonId: customer.defaultCustomerPersonId,
      });
      const changes = diff(loggedJobFields(before), loggedJobFields(after));
      if (removed.length)
        changes.push({ Field: 'RemovedMachineJobs', OldValue: String(removed.length), NewValue: '0' });
      // The old customer's users (and its partner) are told the job is gone from their screens.
      const old = before.customerId ? await repo.findCustomerOf(tx, before.customerId, undefined) : null;
      await logJobChange(tx, caller, after, 'ChangeCustomer', changes, {
        emit,
        formerOwner: { customerId: before.customerId, partnerCompanyId: old?.partnerCompanyId ?? null },
      });
    });
    return this.get(caller, jobId);
  }

  /**
   * Order/Job/{id}/InvoiceCustomer: who the job is invoiced to and the contact there; the customer must
   * be one the caller may see (another company's answers 404) and the contact one of its contacts (400).
   */
  async setInvoiceCustomer(caller: Caller, jobId: number, customerId: number, contactId: number) {
    await this.visibleParent(caller, jobId);
    const customer = await repo.findCustomerOf(this.deps.db, customerId, customerScope(caller.user));
    if (!customer) throw recordNotFound(caller, 'object_customer', customerId);
    if (!(await repo.contactOfCustomer(this.deps.db, customerId, contactId)))
      throw fieldRefusal(caller, 'contactId', 'contact_not_of_invoice_customer', { id: contactId });
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = (await repo.findJob(tx, jobId, undefined, true))!;
      assertOpen(caller, before);
      const after = await repo.updateJob(tx, jobId, {
        invoiceCustomerId: customerId,
        invoiceContactId: contactId,
      });
      await logJobChange(tx, caller, after, 'Change', diff(loggedJobFields(before), loggedJobFields(after)), {
        emit,
      });
    });
    return this.get(caller, jobId);
  }

  async swapAddress(caller: Caller, jobId: number, addressId: number): Promise<Job> {
    return this.swapPart(caller, jobId, async (tx, job) => {
      if (!job.customerId || !(await repo.addressOfCustomer(tx, job.customerId, addressId)))
        throw recordNotFound(caller, 'object_address', addressId);
      return { deliveryAddressId: addressId };
    });
  }

  async swapContact(caller: Caller, jobId: number, contactId: number): Promise<Job> {
    return this.swapPart(caller, jobId, async (tx, job) => {
      if (!job.customerId || !(await repo.contactOfCustomer(tx, job.customerId, contactId)))
        throw recordNotFound(caller, 'object_contact', contactId);
      return { contactPersonId: contactId };
    });
  }

  async history(caller: Caller, id: number) {
    const job = await repo.findJob(this.deps.db, id, jobScope(caller.user));
    if (!job) throw recordNotFound(caller, 'object_job', id);
    const [rows, global] = await Promise.all([
      repo.jobHistory(this.deps.db, job.parentId ?? job.id),
      this.deps.settings.global(),
    ]);
    const lines = rows.map((r) => presentChangeLog(r, global.TimeZone));
    // A customer's or partner's reader sees only the names of the job's own customer.
    const own = jobScope(caller.user) === undefined ? undefined : (job.customerId ?? 0);
    const named = await repo.loggedIdRows(this.deps.db, loggedIds(lines.flatMap((l) => l.Changes)), own);
    const lang = languageOf(caller.lang);
    return lines.map((l) => ({ ...l, Changes: namedChanges(l.Changes, named, lang) }));
  }

  /** Adds sub-jobs numbered after the `existing` ones; the default job category fills a missing one. */
  async addLines(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    parent: repo.JobRow,
    lines: LineInput[],
    machineNames: Map<number, string>,
    existing: number,
    defaultCategoryId: number,
  ) {
    const added: repo.JobRow[] = [];
    for (const [i, line] of lines.entries()) {
      const sub = await repo.insertJob(tx, {
        parentId: parent.id,
        orderId: orderIdFor(parent.jobTypeId, parent, existing + i + 1),
        displayName: machineNames.get(line.MachineId)!,
        machineId: line.MachineId,
        jobStatusId: parent.jobStatusId,
        jobTypeId: parent.jobTypeId,
        jobPriorityId: parent.jobPriorityId,
        customerId: parent.customerId,
        contactPersonId: parent.contactPersonId,
        deliveryAddressId: parent.deliveryAddressId,
        orderDepartmentId: parent.orderDepartmentId,
        customerComment: line.CustomerComment,
        warrantyTypeId: line.WarrentyTypeId ?? null,
        repairPlaceId: line.RepairPlaceId ?? null,
        jobCategoryId: line.JobCategoryId ?? (defaultCategoryId > 0 ? defaultCategoryId : null),
        supplierFailureCodeId: line.SupplierFailureCodeId ?? null,
        createdBy: userIdOf(caller.user),
      });
      await logJobChange(tx, caller, sub, 'New', created(loggedSubJobFields(sub)), {
        description: sub.displayName,
        emit,
      });
      added.push(sub);
    }
    return added;
  }

  /** The machines of the lines, which must belong to the customer: their names by id. */
  async machinesOf(caller: Caller, db: Executor, customerId: number, lines: { MachineId: number }[]) {
    const wanted = [...new Set(lines.map((l) => l.MachineId))];
    const found = await repo.machinesOfCustomer(db, customerId, wanted);
    const names = new Map(found.map((m) => [m.id, m.name]));
    const missing = wanted.find((id) => !names.has(id));
    if (missing !== undefined)
      throw fieldRefusal(caller, 'Machines', 'machine_not_of_customer', { id: missing });
    return names;
  }

  /** A parent job the caller may see; a sub-job's id is refused (its parent carries the status). */
  async visibleParent(caller: Caller, id: number) {
    const job = await repo.findJob(this.deps.db, id, jobScope(caller.user));
    if (!job) throw recordNotFound(caller, 'object_job', id);
    if (job.parentId !== null) throw jobConflict(caller, 'parent_job_required');
    return job;
  }

  private async setStatus(
    caller: Caller,
    id: number,
    status: { jobStatusId: number; jobSubStatusId: number | null },
    action: 'ChangeStatus' | 'Approve' | 'Delete',
    allowed: (job: repo.JobRow) => void = (job) => assertOpen(caller, job),
  ) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = (await repo.findJob(tx, id, undefined, true))!;
      allowed(before);
      const { after, subJobs } = await writeJobStatus(tx, emit, caller, before, status, {
        action,
        messages: this.deps.messages,
      });
      await this.subStatusMoved(tx, emit, caller, before, after);
      if (action === 'Delete')
        await this.deps.events.raise(tx, emit, 'machineJobsRemoved', {
          jobIds: subJobs.map((s) => s.id),
          userId: caller.user.id,
        });
    });
    this.deps.messages?.wake();
  }

  /** A parent job's sub-status that changed: what it sets in motion (the travelling one sets out). */
  private async subStatusMoved(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    before: repo.JobRow,
    after: repo.JobRow,
  ) {
    if (after.parentId !== null || after.jobSubStatusId === null) return;
    if (after.jobSubStatusId === before.jobSubStatusId) return;
    await this.deps.travel?.subStatusSet(tx, emit, caller, after.id, after.jobSubStatusId);
  }

  private async swapPart(
    caller: Caller,
    jobId: number,
    change: (tx: Executor, job: repo.JobRow) => Promise<Partial<repo.NewJobRow>>,
  ) {
    await this.visibleParent(caller, jobId);
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = (await repo.findJob(tx, jobId, undefined, true))!;
      assertOpen(caller, before);
      const values = await change(tx, before);
      const after = await repo.updateJob(tx, jobId, values);
      await repo.updateSubJobs(tx, jobId, values);
      await logJobChange(tx, caller, after, 'Change', diff(loggedJobFields(before), loggedJobFields(after)), {
        emit,
      });
    });
    return this.get(caller, jobId);
  }

  private async checkCustomerParts(
    caller: Caller,
    db: Executor,
    customerId: number,
    addressId: number,
    contactId: number,
  ) {
    if (!(await repo.addressOfCustomer(db, customerId, addressId)))
      throw fieldNotFound(caller, 'CustomerDeliveryAddress', 'object_address', addressId);
    if (!(await repo.contactOfCustomer(db, customerId, contactId)))
      throw fieldNotFound(caller, 'ContactPersonId', 'object_contact', contactId);
  }

  private detailValues(input: CreateInput | ChangeInput) {
    return {
      displayName: input.DisplayName,
      jobStatusId: input.JobStatusId,
      jobSubStatusId: input.JobSubStatusId ?? null,
      jobTypeId: input.JobTypeId,
      jobPriorityId: input.JobPriorityId,
      estimatedTime: input.EstimatedTime === null ? null : String(input.EstimatedTime),
      noInvoice: input.NoInvoice,
      firstLineComment: input.FirstLineComment,
      invoiceReference: input.InvoiceReference,
      orderDepartmentId: input.OrderDepartmentId ?? null,
    };
  }
}
