import type { partnerCompanyRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { PartnerCompanyService } from './partner-companies.service.ts';

/** Partner companies (002 §7.18). */
export function partnerCompanyHandlers(svc: PartnerCompanyService): Handlers<typeof partnerCompanyRoutes> {
  return {
    partnerCompanyToggleFeature: async (ctx) => svc.toggleFeature(callerOf(ctx)),
    partnerCompanyList: async (ctx) => svc.list(callerOf(ctx)),
    partnerCompanyFiltered: async (ctx) => svc.filtered(callerOf(ctx), ctx.query),
    partnerCompanyGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    partnerCompanyCreate: async (ctx) => svc.create(callerOf(ctx), ctx.body),
    partnerCompanyChange: async (ctx) => svc.change(callerOf(ctx), ctx.body),
    partnerCompanyDelete: async (ctx) => svc.delete(callerOf(ctx), ctx.params.id),
  };
}
