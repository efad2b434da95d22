import type { leadRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { LeadService } from './leads.service.ts';

/** Leads and lead types (002 §7.11) and the conversion of a lead (ours, decision 050). */
export function leadHandlers(svc: LeadService): Handlers<typeof leadRoutes> {
  return {
    leadToggleFeature: async (ctx) => svc.toggleFeature(callerOf(ctx)),
    leadFiltered: async (ctx) => svc.filtered(ctx.query),
    leadGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    leadCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    leadChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    leadDelete: async (ctx) => svc.delete(callerOf(ctx), ctx.params.id),
    leadConvert: async (ctx) => svc.convert(callerOf(ctx), ctx.params.id, ctx.body),
    leadTypeList: async () => svc.types(),
    leadTypeFiltered: async (ctx) => svc.typesFiltered(ctx.query),
    leadTypeGet: async (ctx) => svc.type(callerOf(ctx), ctx.params.id),
    leadTypeCreate: async (ctx) => svc.createType(callerOf(ctx), ctx.body),
    leadTypeChange: async (ctx) => svc.changeType(callerOf(ctx), ctx.body),
    leadTypeDelete: async (ctx) => svc.deleteType(callerOf(ctx), ctx.params.id),
  };
}
