import type { dashboardRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { DashboardService } from './dashboard.service.ts';

/** The dashboard (001 §2.7). */
export function dashboardHandlers(svc: DashboardService): Handlers<typeof dashboardRoutes> {
  return {
    dashboardHome: async (ctx) => svc.home(callerOf(ctx)),
  };
}
