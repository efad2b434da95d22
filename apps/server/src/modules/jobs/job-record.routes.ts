import type { jobRecordRoutes, machineJobRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobRecordService } from './job-record.service.ts';
import type { MachineJobService } from './machine-jobs.service.ts';

/** One job and its machine sub-jobs (002 §7.10, the swaps of §7.6): parse, authorise, call, present. */
export function jobRecordHandlers(
  svc: JobRecordService,
  lines: MachineJobService,
): Handlers<typeof jobRecordRoutes & typeof machineJobRoutes> {
  return {
    jobGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    jobGetOldFormat: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    jobSubJobs: async (ctx) => svc.subJobs(callerOf(ctx), ctx.params.id),
    jobCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    jobChangeDetails: async (ctx) => svc.changeDetails(callerOf(ctx), ctx.body),
    jobChangeStatus: async (ctx) =>
      svc.changeStatus(
        callerOf(ctx),
        ctx.params.id,
        ctx.query.jobStatusId,
        ctx.query.jobSubStatusId,
        ctx.query.rowVersion,
      ),
    jobApprove: async (ctx) => svc.approve(callerOf(ctx), ctx.params.id),
    jobDelete: async (ctx) => svc.remove(callerOf(ctx), ctx.params.id),
    jobSwapCustomer: async (ctx) =>
      svc.swapCustomer(callerOf(ctx), ctx.params.jobId, ctx.params.customerId, ctx.query.confirm ?? false),
    jobInvoiceCustomer: async (ctx) =>
      svc.setInvoiceCustomer(callerOf(ctx), ctx.params.id, ctx.query.customerId, ctx.query.contactId),
    jobSwapAddress: async (ctx) => svc.swapAddress(callerOf(ctx), ctx.params.jobId, ctx.params.id),
    jobSwapContact: async (ctx) => svc.swapContact(callerOf(ctx), ctx.params.jobId, ctx.params.id),
    jobHistory: async (ctx) => svc.history(callerOf(ctx), ctx.params.id),
    machineJobGet: async (ctx) => lines.get(callerOf(ctx), ctx.params.id),
    machineJobBulkAdd: async (ctx) => lines.add(callerOf(ctx), ctx.body.ParentId, ctx.body.Machines),
    machineJobAddToParent: async (ctx) =>
      (await lines.add(callerOf(ctx), ctx.params.parentId, [ctx.body]))[0]!,
    machineJobTransfer: async (ctx) => lines.transfer(callerOf(ctx), ctx.params.id, ctx.params.machineId),
    machineJobChange: async (ctx) => lines.changeLine(callerOf(ctx), ctx.params.id, ctx.body),
    machineJobFlag: async (ctx) => lines.flag(callerOf(ctx), ctx.params.id, ctx.query.value),
    machineJobRemove: async (ctx) => lines.remove(callerOf(ctx), ctx.params.id),
  };
}
