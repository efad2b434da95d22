import type { departmentRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { DepartmentService } from './departments.service.ts';

/** Departments and the firm list (002 §7.7). */
export function departmentHandlers(svc: DepartmentService): Handlers<typeof departmentRoutes> {
  return {
    departmentFiltered: async (ctx) => svc.filtered(ctx.query),
    departmentSearch: async (ctx) => svc.search(ctx.query.searchQuery),
    departmentGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    departmentCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    departmentChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    firm: async () => svc.firms(),
  };
}
