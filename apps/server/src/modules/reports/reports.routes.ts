import { PDF, type reportRoutes } from '@fieldport/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobSignatureService } from './job-signature.service.ts';
import type { ReportFile, ReportService } from './reports.service.ts';

/**
 * A report shown inline under its translated name, so a new tab opens it in the browser's viewer and
 * saving keeps the name; made from the job as it is now, so never given from the browser's cache.
 */
function inline(reply: FastifyReply, file: ReportFile) {
  reply
    .header('content-disposition', contentDisposition('inline', file.fileName))
    .header('cache-control', 'no-cache');
  return { contentType: PDF, data: file.data };
}

/** The job's printable documents (002 §7.10): parse, authorise, call, present. */
export function reportHandlers(
  svc: ReportService,
  signatures: JobSignatureService,
): Handlers<typeof reportRoutes> {
  return {
    serviceReport: async (ctx) => inline(ctx.reply, await svc.serviceReport(callerOf(ctx), ctx.params.jobId)),
    hazardAnalysis: async (ctx) =>
      inline(ctx.reply, await svc.hazardAnalysis(callerOf(ctx), ctx.params.jobId)),
    serviceReportLink: async (ctx) => svc.serviceReportLink(callerOf(ctx), ctx.params.id),
    jobSignatureSave: async (ctx) => signatures.save(callerOf(ctx), ctx.params.id, ctx.body),
  };
}
