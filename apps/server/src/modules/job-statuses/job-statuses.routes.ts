import type { jobStatusAdminRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobStatusAdminService } from './job-statuses.service.ts';

/** The Admin's job statuses, sub-statuses, job types and priorities: parse, authorise, call, present. */
export function jobStatusAdminHandlers(svc: JobStatusAdminService): Handlers<typeof jobStatusAdminRoutes> {
  return {
    jobStatusChange: async (ctx) => svc.changeStatus(callerOf(ctx), ctx.body),
    jobSubStatusCreate: async (ctx) => svc.createSubStatus(callerOf(ctx), ctx.body),
    jobSubStatusChange: async (ctx) => svc.changeSubStatus(callerOf(ctx), ctx.body),
    jobSubStatusDelete: async (ctx) => svc.deleteSubStatus(callerOf(ctx), ctx.params.id),
    jobTypeChange: async (ctx) => svc.changeType(callerOf(ctx), ctx.body),
    jobPriorityChange: async (ctx) => svc.changePriority(callerOf(ctx), ctx.body),
  };
}
