import { PDF, type statusLinkRoutes } from '@fieldport/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ReportFile } from '../reports/reports.service.ts';
import type { StatusLinkService } from './status-links.service.ts';

/** Downloaded under its translated name; made from the job as it is now, never from a cache. */
function attachment(reply: FastifyReply, file: ReportFile) {
  reply
    .header('content-disposition', contentDisposition('attachment', file.fileName))
    .header('cache-control', 'no-store');
  return { contentType: PDF, data: file.data };
}

/** The customer's status link (decision 072): parse, call, present. */
export function statusLinkHandlers(svc: StatusLinkService): Handlers<typeof statusLinkRoutes> {
  return {
    statusPage: async (ctx) => {
      ctx.reply.header('cache-control', 'no-store');
      return svc.page(ctx.lang, ctx.params.token);
    },
    statusReport: async (ctx) => attachment(ctx.reply, await svc.report(ctx.lang, ctx.params.token)),
    appointmentOnMyWay: async (ctx) => svc.onMyWay(callerOf(ctx), ctx.params.id),
    appointmentPosition: async (ctx) => svc.position(callerOf(ctx), ctx.params.id, ctx.body),
    jobStatusLinkRevoke: async (ctx) => svc.revoke(callerOf(ctx), ctx.params.id),
  };
}
