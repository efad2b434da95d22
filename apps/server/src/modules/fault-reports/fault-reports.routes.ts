import type { faultReportRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { FaultReportService } from './fault-reports.service.ts';

/** A customer user's fault report (decision 068): parse, authorise, call, present. */
export function faultReportHandlers(svc: FaultReportService): Handlers<typeof faultReportRoutes> {
  return {
    faultReportCreate: async (ctx) => svc.report(callerOf(ctx), ctx.params.id, ctx.body),
  };
}
