import type { kpiRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { KpiService } from './kpi.service.ts';

/** KPIs (002 §7.11): parse, authorise, call, present. */
export function kpiHandlers(svc: KpiService): Handlers<typeof kpiRoutes> {
  return {
    kpiOfJob: async (ctx) => svc.ofJob(callerOf(ctx), ctx.params.id),
    kpiOptions: async (ctx) => svc.options(callerOf(ctx), ctx.params.id),
    kpiChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    kpiSummary: async (ctx) => svc.summary(callerOf(ctx), ctx.query.month),
  };
}
