import { PDF, type reportRoutes } from '@fieldport/contract';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ReportService } from './reports.service.ts';

/**
 * The job's printable documents (002 §7.10): shown inline under their translated name, so a new tab
 * opens them in the browser's viewer and saving keeps the name.
 */
export function reportHandlers(svc: ReportService): Handlers<typeof reportRoutes> {
  return {
    serviceReport: async (ctx) => {
      const file = await svc.serviceReport(callerOf(ctx), ctx.params.jobId);
      ctx.reply.header('content-disposition', contentDisposition('inline', file.fileName));
      return { contentType: PDF, data: file.data };
    },
    hazardAnalysis: async (ctx) => {
      const file = await svc.hazardAnalysis(callerOf(ctx), ctx.params.jobId);
      ctx.reply.header('content-disposition', contentDisposition('inline', file.fileName));
      return { contentType: PDF, data: file.data };
    },
    serviceReportLink: async (ctx) => svc.serviceReportLink(callerOf(ctx), ctx.params.id),
  };
}
