import type { labelReportRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { LabelReportService } from './label-reports.service.ts';
import { readLabelUpload } from './label-upload.ts';

/** The QR label's fault form (decision 070): parse, call, present. */
export function labelReportHandlers(svc: LabelReportService): Handlers<typeof labelReportRoutes> {
  return {
    labelPage: async (ctx) => svc.page(ctx.lang, ctx.params.token),
    labelReport: async (ctx) =>
      svc.report(ctx.lang, ctx.params.token, ctx.req.ip, () => readLabelUpload(ctx.req)),
    labelMachine: async (ctx) => svc.machineOf(callerOf(ctx), ctx.params.token),
  };
}
