import { type jobRoutes, languageOf } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobListService } from './job-list.service.ts';

/** The job list and the job lookups (002 §7.10): parse, authorise (the guard and the scope), call, present. */
export function jobHandlers(svc: JobListService): Handlers<typeof jobRoutes> {
  return {
    jobListFiltered: async (ctx) => svc.filtered(callerOf(ctx), ctx.body),
    jobStatusGetAll: async (ctx) => svc.statusesWithCounts(callerOf(ctx), ctx.query.OrderDepartmentFilter),
    jobStatusFiltered: async (ctx) => svc.statuses(languageOf(ctx.lang), ctx.query),
    jobSubStatusFiltered: async (ctx) => svc.subStatuses(languageOf(ctx.lang), ctx.query),
    jobSubStatusByStatus: async (ctx) => svc.subStatusesOf(callerOf(ctx), ctx.params.id),
    jobTypeList: async (ctx) => svc.types(languageOf(ctx.lang)),
    jobPriorityList: async (ctx) => svc.priorities(languageOf(ctx.lang)),
  };
}
