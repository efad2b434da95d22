import { languageOf, type stockRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { StockChangesService } from './stock-changes.service.ts';
import type { StoresService } from './stores.service.ts';

/** Stores, inventory and common parts with the van's stock (002 §7.17): parse, authorise, call, present. */
export function stockHandlers(
  stores: StoresService,
  changes: StockChangesService,
): Handlers<typeof stockRoutes> {
  return {
    storeGetAll: async (ctx) => stores.all(languageOf(ctx.lang)),
    storesWithStock: async (ctx) => stores.withStock(callerOf(ctx), ctx.params.article),
    storeArticles: async (ctx) => stores.storeArticles(callerOf(ctx), ctx.params.id, ctx.query),
    storeArticlesSet: async (ctx) => changes.setAssortment(callerOf(ctx), ctx.body),
    pickingList: async (ctx) => stores.pickingList(callerOf(ctx), ctx.query.Days),
    storeMoveStock: async (ctx) => changes.moveBetween(callerOf(ctx), ctx.body),
    storeReceiveStock: async (ctx) => changes.receive(callerOf(ctx), ctx.body),
    inventoryMovements: async (ctx) => stores.movements(languageOf(ctx.lang), ctx.query),
    inventoryCount: async (ctx) => changes.count(callerOf(ctx), ctx.body),
    inventoryLookup: async (ctx) => stores.lookup(languageOf(ctx.lang), ctx.params.query),
    myCommonPartsOfModel: async (ctx) => stores.commonPartsOfModel(callerOf(ctx), ctx.params.id),
    myCommonPartsOfMachineJob: async (ctx) => stores.commonPartsOfMachineJob(callerOf(ctx), ctx.params.id),
  };
}
