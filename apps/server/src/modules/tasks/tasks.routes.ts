import type { taskRoutes } from '@fieldport/contract';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ExportService } from './exports.service.ts';
import type { TaskService } from './tasks.service.ts';

/** Background tasks (002 §7.19) and exports (§7.7): parse, authorise, call, present. */
export function taskHandlers(svc: TaskService, exports: ExportService): Handlers<typeof taskRoutes> {
  return {
    taskList: async (ctx) => svc.list(callerOf(ctx)),
    taskPlans: async (ctx) => svc.plans(callerOf(ctx)),
    taskPlanDisable: async (ctx) => svc.setPlan(callerOf(ctx), ctx.params.name, false),
    taskPlanActivate: async (ctx) => svc.setPlan(callerOf(ctx), ctx.params.name, true),
    taskCancelWait: async (ctx) => svc.cancelWaiting(callerOf(ctx), ctx.params.id),
    taskRestart: async (ctx) => svc.restart(callerOf(ctx), ctx.params.taskId),
    exportMachines: async (ctx) => exports.startMachineExport(callerOf(ctx), ctx.body),
    exportStart: async (ctx) => exports.startExport(callerOf(ctx), ctx.body),
    exportList: async (ctx) => exports.list(callerOf(ctx)),
    exportFile: async (ctx) => {
      const file = await exports.file(callerOf(ctx), ctx.query.displayedExportDate);
      ctx.reply.header('content-disposition', contentDisposition('attachment', file.fileName));
      return { contentType: file.contentType, data: file.data };
    },
    exportDelete: async (ctx) => exports.remove(callerOf(ctx), ctx.query.displayedExportDate),
  };
}
