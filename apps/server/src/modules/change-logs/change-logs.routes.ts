import type { changeLogRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ChangeLogService } from './change-logs.service.ts';

export function changeLogHandlers(svc: ChangeLogService): Handlers<typeof changeLogRoutes> {
  return {
    customerLogs: async (ctx) => svc.list(callerOf(ctx), 'customer', ctx.query),
    machineLogs: async (ctx) => svc.list(callerOf(ctx), 'machine', ctx.query),
    appointmentLogs: async (ctx) => svc.list(callerOf(ctx), 'appointment', ctx.query),
  };
}
