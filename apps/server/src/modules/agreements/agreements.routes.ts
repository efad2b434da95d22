import type { contractRoutes, serviceAgreementRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ContractTypeService } from './contract-types.service.ts';
import type { ContractService } from './contracts.service.ts';
import type { NextOrderService } from './next-orders.service.ts';
import type { ServiceAgreementService } from './service-agreements.service.ts';

/** Contracts, service agreements and next orders (002 §7.5): parse, authorise, call, present. */
export function agreementHandlers(
  contracts: ContractService,
  contractTypes: ContractTypeService,
  agreements: ServiceAgreementService,
  nextOrders: NextOrderService,
): Handlers<typeof contractRoutes & typeof serviceAgreementRoutes> {
  return {
    contractTypeMap: async (ctx) => contracts.typeMap(callerOf(ctx)),
    contractTypeList: async (ctx) => contractTypes.list(callerOf(ctx)),
    contractTypeCreate: async (ctx) => contractTypes.create(callerOf(ctx), ctx.body),
    contractTypeChange: async (ctx) => contractTypes.change(callerOf(ctx), ctx.params.id, ctx.body),
    contractTypeDelete: async (ctx) => contractTypes.remove(callerOf(ctx), ctx.params.id),
    contractFiltered: async (ctx) => contracts.filtered(callerOf(ctx), ctx.query),
    contractGet: async (ctx) => contracts.get(callerOf(ctx), ctx.params.id),
    contractCreate: async (ctx) => contracts.create(callerOf(ctx), ctx.body),
    contractChange: async (ctx) => contracts.change(callerOf(ctx), ctx.body),
    contractDelete: async (ctx) => contracts.remove(callerOf(ctx), ctx.params.id),
    serviceAgreementList: async (ctx) => agreements.list(callerOf(ctx), ctx.query),
    serviceAgreementsOfMachine: async (ctx) => agreements.ofMachine(callerOf(ctx), ctx.params.id),
    serviceAgreementCreate: async (ctx) =>
      agreements.create(callerOf(ctx), ctx.body, ctx.query.agreementIsActive),
    serviceAgreementChange: async (ctx) => agreements.change(callerOf(ctx), ctx.params.id, ctx.body),
    serviceAgreementDelete: async (ctx) => agreements.remove(callerOf(ctx), ctx.params.id),
    nextOrders: async (ctx) => nextOrders.list(callerOf(ctx), ctx.query),
    nextOrderJobCreate: async (ctx) =>
      nextOrders.createJob(callerOf(ctx), ctx.params.id, ctx.body.RowVersion),
    nextOrderJobsCreate: async (ctx) => nextOrders.createJobs(callerOf(ctx), ctx.body.AgreementIds),
  };
}
