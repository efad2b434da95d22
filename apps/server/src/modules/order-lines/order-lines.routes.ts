import type { orderLineRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobTimeService } from './job-time.service.ts';
import type { OrderLineService } from './order-lines.service.ts';
import type { PartsService } from './parts.service.ts';

/** A job's parts (002 §7.17), hours (§7.20) and order lines (§7.16): parse, authorise, call, present. */
export function orderLineHandlers(
  parts: PartsService,
  time: JobTimeService,
  lines: OrderLineService,
): Handlers<typeof orderLineRoutes> {
  return {
    partLookup: async (ctx) => parts.lookup(callerOf(ctx), ctx.query),
    jobParts: async (ctx) => parts.ofJob(callerOf(ctx), ctx.params.id),
    jobPart: async (ctx) => parts.line(callerOf(ctx), ctx.params.id),
    customerPrice: async (ctx) => parts.customerPrice(callerOf(ctx), ctx.params.customerId, ctx.query),
    partAdd: async (ctx) => parts.add(callerOf(ctx), ctx.body),
    partUpdate: async (ctx) => parts.update(callerOf(ctx), ctx.body),
    jobTime: async (ctx) => time.ofJob(callerOf(ctx), ctx.params.jobId),
    jobTimeLine: async (ctx) => time.line(callerOf(ctx), ctx.params.id),
    timeReportArticles: async (ctx) => time.articles(callerOf(ctx), ctx.query.jobId),
    timeAdd: async (ctx) => time.add(callerOf(ctx), ctx.body),
    timeUpdate: async (ctx) => time.update(callerOf(ctx), ctx.body),
    orderLineGet: async (ctx) => lines.line(callerOf(ctx), ctx.params.id),
    orderLinesOfJob: async (ctx) => lines.jobView(callerOf(ctx), ctx.params.jobId),
    orderLineAdd: async (ctx) => lines.add(callerOf(ctx), ctx.params.jobId, ctx.body),
    orderLineChange: async (ctx) => lines.change(callerOf(ctx), ctx.params.jobId, ctx.params.id, ctx.body),
    orderLineRemove: async (ctx) => lines.remove(callerOf(ctx), ctx.params.id),
  };
}
