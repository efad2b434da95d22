import type { projectRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ProjectService } from './projects.service.ts';

/** Projects (002 §7.18). */
export function projectHandlers(svc: ProjectService): Handlers<typeof projectRoutes> {
  return {
    projectToggleFeature: async (ctx) => svc.toggleFeature(callerOf(ctx)),
    projectList: async () => svc.list(),
    projectFiltered: async (ctx) => svc.filtered(ctx.query),
    projectGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    projectCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    projectChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    projectDelete: async (ctx) => svc.delete(callerOf(ctx), ctx.params.id),
  };
}
