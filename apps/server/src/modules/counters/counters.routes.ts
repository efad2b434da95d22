import type { counterRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { CounterService } from './counters.service.ts';

/** Counters (002 §7.5): parse, authorise (the guard and the scope), call, present. */
export function counterHandlers(svc: CounterService): Handlers<typeof counterRoutes> {
  return {
    counterFiltered: async (ctx) => svc.filtered(callerOf(ctx), ctx.query),
    counterOfMachine: async (ctx) => svc.ofMachine(callerOf(ctx), ctx.params.id),
    counterHistory: async (ctx) => svc.history(callerOf(ctx), ctx.params.id, ctx.query),
    counterGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    counterCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    counterChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    counterReadingAdd: async (ctx) => svc.putReading(callerOf(ctx), ctx.body),
    counterDelete: async (ctx) => svc.remove(callerOf(ctx), ctx.query),
  };
}
