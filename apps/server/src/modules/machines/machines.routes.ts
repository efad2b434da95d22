import type { machineRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { MachineService } from './machines.service.ts';

/** Machines (002 §7.14): parse, authorise (the guard and the scope), call, present. */
export function machineHandlers(svc: MachineService): Handlers<typeof machineRoutes> {
  return {
    machineSearch: async (ctx) => svc.search(callerOf(ctx), ctx.query),
    machineFiltered: async (ctx) => svc.filtered(callerOf(ctx), ctx.body),
    machineGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    machineCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    machineChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    machineBulkPartialUpdate: async (ctx) => svc.bulk(callerOf(ctx), ctx.body),
    machineChangeOwner: async (ctx) => svc.changeOwner(callerOf(ctx), ctx.params.id, ctx.body),
    machineChangeOwnerAll: async (ctx) =>
      svc.changeOwnerAll(callerOf(ctx), ctx.params.fromId, ctx.params.toId),
    machineChangeModelInfo: async (ctx) => svc.changeModelInfo(callerOf(ctx), ctx.params.id, ctx.body),
    machinePerformance: async (ctx) => svc.performance(callerOf(ctx), ctx.params.id),
    machineContract: async (ctx) => svc.contract(callerOf(ctx), ctx.params.id),
    machineGetActiveState: async (ctx) => svc.activeState(callerOf(ctx), ctx.params.id),
    machineToggleActiveState: async (ctx) => svc.toggleActive(callerOf(ctx), ctx.params.id),
  };
}
