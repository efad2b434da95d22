import type { orderRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { InvoiceService } from './invoice.service.ts';
import type { OrderService } from './orders.service.ts';

/** Orders and invoice preparation (002 §7.16): parse, authorise, call, present. */
export function orderHandlers(orders: OrderService, invoices: InvoiceService): Handlers<typeof orderRoutes> {
  return {
    orderJobs: async (ctx) => orders.jobs(callerOf(ctx), ctx.params.id),
    orderTotal: async (ctx) => orders.total(callerOf(ctx), ctx.params.id),
    orderOfJob: async (ctx) => orders.options(callerOf(ctx), ctx.params.id),
    orderOptionsChange: async (ctx) => orders.changeOptions(callerOf(ctx), ctx.params.jobId, ctx.query),
    invoiceGet: async (ctx) => invoices.invoice(callerOf(ctx), ctx.params.jobId),
    invoiceArticle: async (ctx) => invoices.article(callerOf(ctx), ctx.query),
    invoiceMove: async (ctx) => invoices.move(callerOf(ctx), ctx.body),
    invoiceLink: async (ctx) => invoices.link(callerOf(ctx), ctx.body),
    invoiceUpdate: async (ctx) => invoices.update(callerOf(ctx), ctx.body),
    invoiceDelete: async (ctx) => invoices.remove(callerOf(ctx), ctx.body.Id),
  };
}
