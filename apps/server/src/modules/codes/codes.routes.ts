import type { codeRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { CodeService } from './codes.service.ts';
import type { SupportLogService } from './support-log.service.ts';

/** Repair codes, failure codes (002 §7.18) and a job's support log (§7.12): parse, authorise, call, present. */
export function codeHandlers(svc: CodeService, notes: SupportLogService): Handlers<typeof codeRoutes> {
  return {
    repairCodeList: async (ctx) => svc.repairCodes(ctx.query.IncludeInactive),
    repairCodeFiltered: async (ctx) => svc.repairCodesPage(ctx.query),
    repairCodeGet: async (ctx) => svc.repairCode(callerOf(ctx), ctx.params.id),
    repairCodeAdd: async (ctx) => svc.addRepairCode(callerOf(ctx), ctx.query.code, ctx.query.description),
    repairCodeChange: async (ctx) => svc.changeRepairCode(callerOf(ctx), ctx.body),
    repairCodeRemove: async (ctx) => svc.removeRepairCode(callerOf(ctx), ctx.params.id),
    failureCodeFiltered: async (ctx) => svc.failureCodesPage(ctx.query),
    failureCodeList: async (ctx) => svc.failureCodes(ctx.query.IncludeInactive),
    failureCodesOfSupplier: async (ctx) =>
      svc.failureCodesOf(callerOf(ctx), ctx.params.id, ctx.query.IncludeInactive),
    failureCodeGet: async (ctx) => svc.failureCode(callerOf(ctx), ctx.params.id),
    failureCodeAdd: async (ctx) => svc.addFailureCode(callerOf(ctx), ctx.body),
    failureCodeChange: async (ctx) => svc.changeFailureCode(callerOf(ctx), ctx.params.id, ctx.body),
    failureCodeRemove: async (ctx) => svc.removeFailureCode(callerOf(ctx), ctx.params.id),
    supportLogOfJob: async (ctx) => notes.ofJob(callerOf(ctx), ctx.params.id),
    supportLogAdd: async (ctx) => notes.add(callerOf(ctx), ctx.body.JobId, ctx.body.Text),
    supportLogChange: async (ctx) =>
      notes.change(callerOf(ctx), ctx.body.Id, ctx.body.Text, ctx.body.RowVersion),
  };
}
