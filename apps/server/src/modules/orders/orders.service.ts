import type { OrderJob, OrderOptions, OrderOptionsQuery, OrderTotal } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { fieldNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { assertCurrent } from '../common/row-version.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { findJob, updateJob } from '../jobs/jobs.api.ts';
import { assertOpen, type OrderOf, orderOf } from '../order-lines/order-access.ts';
import * as lines from '../order-lines/order-lines.api.ts';
import { presentLine } from '../order-lines/order-lines.presenter.ts';
import { countLines, totalsOf } from './order-totals.ts';
import { departmentExists, projectExists } from './orders.repository.ts';

/** An order's lines and sub-jobs, counted. */
async function countedOrder(db: Db, order: OrderOf) {
  const [subJobs, rows] = order.hasOrder
    ? await Promise.all([lines.subJobsOfOrder(db, order.parent.id), lines.linesOfOrder(db, order.parent.id)])
    : [[], []];
  const noInvoice = new Set(subJobs.filter((s) => s.noInvoice).map((s) => s.id));
  return { subJobs, counted: countLines(rows, noInvoice, order.parent.noInvoice, false) };
}

/** Orders (002 §7.16): a job's order, its jobs, totals and options. */
export class OrderService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  /** The parent first, then its machine sub-jobs, each with its counted total. */
  async jobs(caller: Caller, jobId: number): Promise<OrderJob[]> {
    const order = await orderOf(this.db, caller, jobId);
    const { subJobs, counted } = await countedOrder(this.db, order);
    const p = order.parent;
    const ofJob = (id: number) => counted.filter((l) => l.row.line.jobId === id);
    return [
      {
        JobId: p.id,
        ParentJobId: null,
        IsParent: true,
        OrderId: p.orderId,
        DisplayName: p.displayName,
        MachineId: null,
        MachineName: '',
        JobStatusId: p.jobStatusId,
        NoInvoice: p.noInvoice,
        LineCount: counted.length,
        TotalAmountExclVat: Number(totalsOf(counted).exclVat),
      },
      ...subJobs.map((s) => ({
        JobId: s.id,
        ParentJobId: p.id,
        IsParent: false,
        OrderId: s.orderId,
        DisplayName: s.displayName,
        MachineId: s.machineId,
        MachineName: s.machineName ?? '',
        JobStatusId: s.jobStatusId,
        NoInvoice: s.noInvoice,
        LineCount: ofJob(s.id).length,
        TotalAmountExclVat: Number(totalsOf(ofJob(s.id)).exclVat),
      })),
    ];
  }

  async total(caller: Caller, jobId: number): Promise<OrderTotal> {
    const order = await orderOf(this.db, caller, jobId);
    const { subJobs, counted } = await countedOrder(this.db, order);
    const all = totalsOf(counted);
    return {
      JobId: order.parent.id,
      OrderId: order.parent.orderId,
      OrderDetails: counted.map((l) => presentLine(l.row, caller)),
      TotalDiscount: Number(all.discount),
      TotalAmountExclVat: Number(all.exclVat),
      SubJobs: subJobs.map((s) => {
        const t = totalsOf(counted.filter((l) => l.row.line.jobId === s.id));
        return {
          JobId: s.id,
          NoInvoice: s.noInvoice,
          TotalDiscount: Number(t.discount),
          TotalAmountExclVat: Number(t.exclVat),
        };
      }),
    };
  }

  async options(caller: Caller, jobId: number): Promise<OrderOptions> {
    const order = await orderOf(this.db, caller, jobId);
    return this.present(order);
  }

  /**
   * Only the options sent change: department, project, invoice reference and the service manager's
   * comment on the order's parent; NoInvoice on the job in the path (the parent or one sub-job).
   */
  async changeOptions(
    caller: Caller,
    jobId: number,
    q: z.output<typeof OrderOptionsQuery>,
  ): Promise<OrderOptions> {
    await changeWithEvents(this.db, async (tx, emit) => {
      const order = await orderOf(tx, caller, jobId, true);
      assertOpen(caller, order);
      const p = order.parent;
      assertCurrent(caller, p, q.RowVersion, 'job_changed_since');
      if (q.DepartmentId) {
        if (!(await departmentExists(tx, q.DepartmentId)))
          throw fieldNotFound(caller, 'DepartmentId', 'object_department', q.DepartmentId);
      }
      if (q.ProjectId && q.ProjectId !== p.projectId && !(await projectExists(tx, q.ProjectId)))
        throw fieldNotFound(caller, 'ProjectId', 'object_project', q.ProjectId);
      const parentValues: Parameters<typeof updateJob>[2] = {};
      const changes: { Field: string; OldValue: string | null; NewValue: string | null }[] = [];
      const set = <
        K extends 'orderDepartmentId' | 'projectId' | 'invoiceReference' | 'serviceManagerComment',
      >(
        field: string,
        key: K,
        value: (typeof p)[K] | undefined,
      ) => {
        if (value === undefined || value === p[key]) return;
        parentValues[key] = value;
        changes.push({
          Field: field,
          OldValue: p[key] === null ? null : String(p[key]),
          NewValue: value === null ? null : String(value),
        });
      };
      set('DepartmentId', 'orderDepartmentId', q.DepartmentId);
      set('ProjectId', 'projectId', q.ProjectId);
      set('InvoiceReference', 'invoiceReference', q.InvoiceReference);
      set('ServiceManagerComment', 'serviceManagerComment', q.ServiceManagerComment);
      const target = order.job;
      const noInvoiceOnParent =
        target.id === p.id && q.NoInvoice !== undefined && q.NoInvoice !== p.noInvoice;
      if (noInvoiceOnParent) {
        parentValues.noInvoice = q.NoInvoice!;
        changes.push({ Field: 'NoInvoice', OldValue: String(p.noInvoice), NewValue: String(q.NoInvoice) });
      }
      if (changes.length > 0) {
        await updateJob(tx, p.id, parentValues);
        await logJobChange(tx, caller, p, 'Change', changes, { emit });
      }
      if (target.id !== p.id && q.NoInvoice !== undefined && q.NoInvoice !== target.noInvoice) {
        await updateJob(tx, target.id, { noInvoice: q.NoInvoice });
        const field = [
          { Field: 'NoInvoice', OldValue: String(target.noInvoice), NewValue: String(q.NoInvoice) },
        ];
        await logJobChange(tx, caller, target, 'Change', field, { emit });
        changes.push(...field);
      }
      if (changes.length > 0)
        emit({
          entity: 'order',
          entityId: p.id,
          changeType: 'Change',
          userId: caller.user.id,
          payload: { JobId: p.id, MachineJobId: target.id === p.id ? null : target.id },
        });
    });
    return this.options(caller, jobId);
  }

  private async present(order: OrderOf): Promise<OrderOptions> {
    const p = (await findJob(this.db, order.parent.id, undefined)) ?? order.parent;
    const subJobs = order.hasOrder ? await lines.subJobsOfOrder(this.db, p.id) : [];
    return {
      JobId: p.id,
      OrderId: p.orderId,
      DepartmentId: p.orderDepartmentId,
      ProjectId: p.projectId,
      InvoiceReference: p.invoiceReference,
      ServiceManagerComment: p.serviceManagerComment,
      NoInvoice: p.noInvoice,
      InvoiceCustomerId: p.invoiceCustomerId,
      SubJobs: subJobs.map((s) => ({ JobId: s.id, NoInvoice: s.noInvoice })),
      RowVersion: p.rowVersion,
    };
  }
}
