import {
  languageOf,
  type MachineJobChangeInput,
  type MachineLineInput,
  type SubJob,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor, Tx } from '../common/db.ts';
import type { DomainEvents } from '../common/domain-events.ts';
import { recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { assertJobCurrent, assertOpen, checkReferences, jobConflict } from './job-checks.ts';
import { logJobChange } from './job-log.ts';
import { jobPolicy } from './job-record.policy.ts';
import { loggedSubJobFields, presentSubJob } from './job-record.presenter.ts';
import * as repo from './job-record.repository.ts';
import type { JobRecordService } from './job-record.service.ts';

type LineInput = z.output<typeof MachineLineInput>;
type ChangeInput = z.output<typeof MachineJobChangeInput>;

/**
 * Machine sub-jobs (002 §7.10): added on machines of the job's customer, changed, moved to another
 * machine, flagged and removed (status 110). A job keeps one machine at least; an approved, closed or
 * deleted job's sub-jobs stay as they are.
 */
export class MachineJobService {
  // events: a removed sub-job's order lines give their parts back (decision 096).
  private readonly deps: { db: Db; settings: SettingsService; jobs: JobRecordService; events: DomainEvents };
  constructor(deps: { db: Db; settings: SettingsService; jobs: JobRecordService; events: DomainEvents }) {
    this.deps = deps;
  }

  async get(caller: Caller, id: number, db: Executor = this.deps.db): Promise<SubJob> {
    const row = await this.visibleSubJob(caller, id, db);
    return presentSubJob(row, languageOf(caller.lang));
  }

  async add(caller: Caller, parentId: number, lines: LineInput[]): Promise<SubJob[]> {
    const parent = await this.deps.jobs.visibleParent(caller, parentId);
    await checkReferences(caller, this.deps.db, { lines });
    const names = await this.deps.jobs.machinesOf(caller, this.deps.db, parent.customerId ?? 0, lines);
    const global = await this.deps.settings.global();
    // The sub-jobs, their history lines and events are written by the job record's addLines.
    const ids = await changeWithEvents(this.deps.db, async (tx, emit) => {
      const locked = (await repo.findJob(tx, parentId, undefined, true))!;
      assertOpen(caller, locked);
      const existing = await repo.subJobCount(tx, parentId);
      const added = await this.deps.jobs.addLines(
        tx,
        emit,
        caller,
        locked,
        lines,
        names,
        existing,
        global.DefaultJobCategoryId,
      );
      return added.map((s) => s.id);
    });
    return Promise.all(ids.map((id) => this.get(caller, id)));
  }

  async transfer(caller: Caller, id: number, machineId: number): Promise<SubJob> {
    const sub = await this.visibleSubJob(caller, id);
    const names = await this.deps.jobs.machinesOf(caller, this.deps.db, sub.job.customerId ?? 0, [
      { MachineId: machineId },
    ]);
    return this.change(caller, id, 'Transfer', () => ({ machineId, displayName: names.get(machineId)! }));
  }

  async changeLine(caller: Caller, id: number, input: ChangeInput): Promise<SubJob> {
    await this.visibleSubJob(caller, id);
    await checkReferences(caller, this.deps.db, { lines: [input] });
    return this.change(
      caller,
      id,
      'Change',
      () => ({
        customerComment: input.CustomerComment,
        technicianComment: input.TechnicianComment,
        invoiceComment: input.InvoiceComment,
        warrantyTypeId: input.WarrentyTypeId ?? null,
        repairPlaceId: input.RepairPlaceId ?? null,
        jobCategoryId: input.JobCategoryId ?? null,
        supplierFailureCodeId: input.SupplierFailureCodeId ?? null,
        noInvoice: input.NoInvoice,
      }),
      input.RowVersion,
    );
  }

  async flag(caller: Caller, id: number, value: number): Promise<SubJob> {
    await this.visibleSubJob(caller, id);
    return this.change(caller, id, 'Change', () => ({ flag: value }));
  }

  /** Status 110 for the sub-job; the last machine of a job stays. */
  async remove(caller: Caller, id: number): Promise<SubJob> {
    const sub = await this.visibleSubJob(caller, id);
    return this.change(caller, id, 'Delete', async (tx, emit) => {
      const left = await repo.subJobsOf(tx, sub.job.parentId!);
      if (left.length <= 1) throw jobConflict(caller, 'last_machine');
      await this.deps.events.raise(tx, emit, 'machineJobsRemoved', { jobIds: [id], userId: caller.user.id });
      return { jobStatusId: jobPolicy.deletedStatus };
    });
  }

  /** A sub-job the caller may see, not removed. */
  private async visibleSubJob(caller: Caller, id: number, db: Executor = this.deps.db) {
    const job = await repo.findVisibleJob(db, id, caller.user);
    if (!job || job.parentId === null) throw recordNotFound(caller, 'object_machine_job', id);
    const row = await repo.findSubJob(db, id);
    if (!row || jobPolicy.isGone(row.job)) throw recordNotFound(caller, 'object_machine_job', id);
    return row;
  }

  /** Changes a sub-job under its parent's lock, so two changes of one job never interleave. */
  private async change(
    caller: Caller,
    id: number,
    action: 'Change' | 'Transfer' | 'Delete',
    values: (tx: Tx, emit: Emit) => Partial<repo.NewJobRow> | Promise<Partial<repo.NewJobRow>>,
    rowVersion?: number,
  ): Promise<SubJob> {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const before = (await repo.findJob(tx, id, undefined))!;
      const parent = (await repo.findJob(tx, before.parentId!, undefined, true))!;
      assertOpen(caller, parent);
      const current = (await repo.findJob(tx, id, undefined, true))!;
      if (jobPolicy.isGone(current)) throw jobConflict(caller, 'sub_job_deleted');
      assertJobCurrent(caller, current, rowVersion);
      const after = await repo.updateJob(tx, id, await values(tx, emit));
      await logJobChange(
        tx,
        caller,
        after,
        action,
        diff(loggedSubJobFields(current), loggedSubJobFields(after)),
        { description: after.displayName, emit },
      );
    });
    const row = await repo.findSubJob(this.deps.db, id);
    return presentSubJob(row!, languageOf(caller.lang));
  }
}
