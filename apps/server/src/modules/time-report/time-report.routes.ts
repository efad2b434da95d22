import type { timeReportRoutes } from '@fieldport/contract';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { HeavyWork } from '../common/heavy-work.ts';
import { weekWorkbook } from './time-report.export.ts';
import type { TimeReportService } from './time-report.service.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The week time report, employment and vans (002 §7.20, §7.21): parse, authorise, call, present. */
export function timeReportHandlers(
  svc: TimeReportService,
  heavy: HeavyWork,
): Handlers<typeof timeReportRoutes> {
  return {
    timeReportGet: async (ctx) => svc.week(callerOf(ctx), ctx.query),
    timeReportAddRow: async (ctx) => svc.addRow(callerOf(ctx), ctx.body),
    timeReportUpdateRow: async (ctx) => svc.updateRow(callerOf(ctx), ctx.body),
    timeReportDeleteRow: async (ctx) => svc.deleteRow(callerOf(ctx), ctx.query),
    // A workbook is heavy work: made in the bounded pool, within the caller's share (decision 059).
    timeReportExport: async (ctx) => {
      const { report, data } = await heavy.run(ctx.user.id, async () => {
        const report = await svc.week(callerOf(ctx), ctx.body);
        return { report, data: await weekWorkbook(report, ctx.lang) };
      });
      ctx.reply.header(
        'content-disposition',
        contentDisposition('attachment', `time-report-${report.WeekStart}.xlsx`),
      );
      return { contentType: XLSX, data };
    },
    timeArticleDescription: async () => svc.timeArticles(),
    timeReportApprove: async (ctx) => svc.approve(callerOf(ctx), ctx.body),
    employment: async (ctx) => svc.employment(callerOf(ctx), ctx.query.UserId),
    employmentChange: async (ctx) => svc.changeEmployment(callerOf(ctx), ctx.body),
    vehicleList: async (ctx) => svc.vehicles(callerOf(ctx)),
  };
}
