import type { logRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { LogService } from './logs.service.ts';

/** The Admin's event, SMS and task logs and the test mail (002 §7.12, 001 §2.4): parse, call, present. */
export function logHandlers(svc: LogService): Handlers<typeof logRoutes> {
  return {
    eventLogs: async (ctx) => svc.events(ctx.query),
    smsLogs: async (ctx) => svc.sms(ctx.query),
    taskLogs: async (ctx) => svc.tasks(ctx.query),
    settingsTestEmail: async (ctx) => svc.testEmail(callerOf(ctx), ctx.body),
  };
}
