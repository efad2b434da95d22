import {
  type assetTypeRoutes,
  languageOf,
  MachineModelChangeInput,
  MachineModelInput,
  type machineModelRoutes,
  type machineTypeRoutes,
  type supplierRoutes,
} from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import { readMultipart } from '../resources/multipart.ts';
import type { MachineModelService } from './machine-models.service.ts';
import type { ReferenceService } from './reference.service.ts';

/** Machine models (multipart create and change with ImageFile), 002 §7.14. */
export function machineModelHandlers(svc: MachineModelService): Handlers<typeof machineModelRoutes> {
  return {
    machineModelSearch: async (ctx) => svc.search(languageOf(ctx.lang), ctx.query.searchQuery),
    machineModelList: async (ctx) => svc.list(languageOf(ctx.lang)),
    machineModelFiltered: async (ctx) => svc.filtered(languageOf(ctx.lang), ctx.query),
    machineModelGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    machineModelGetActiveState: async (ctx) => svc.activeState(callerOf(ctx), ctx.params.id),
    machineModelToggleActiveState: async (ctx) => svc.toggleActive(callerOf(ctx), ctx.params.id),
    machineModelSupplierFailureCodeUsage: async (ctx) => svc.failureCodeUsage(callerOf(ctx), ctx.params.id),
    machineModelJobs: async (ctx) =>
      svc.jobs(callerOf(ctx), ctx.params.id, ctx.query.Page, ctx.query.ItemsPerPage),
    machineModelJobTypes: async (ctx) => svc.jobTypes(callerOf(ctx), ctx.params.id),
    machineModelCreate: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'MachineModel', MachineModelInput);
      return svc.create(callerOf(ctx), value, file);
    },
    machineModelChange: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'MachineModel', MachineModelChangeInput);
      return svc.change(callerOf(ctx), value, file);
    },
  };
}

/** Machine types, suppliers and asset types (002 §7.11, §7.14). */
export function referenceHandlers(
  svc: ReferenceService,
): Handlers<typeof machineTypeRoutes & typeof supplierRoutes & typeof assetTypeRoutes> {
  return {
    machineTypeList: async (ctx) => svc.types(languageOf(ctx.lang)),
    machineTypeFiltered: async (ctx) => svc.typesFiltered(languageOf(ctx.lang), ctx.query),
    machineTypeGet: async (ctx) => svc.type(callerOf(ctx), ctx.params.id),
    machineTypeCreate: async (ctx) => svc.createType(callerOf(ctx), ctx.body),
    machineTypeChange: async (ctx) => svc.changeType(callerOf(ctx), ctx.body),
    supplierList: async () => svc.suppliers(),
    supplierFiltered: async (ctx) => svc.suppliersFiltered(ctx.query),
    supplierGet: async (ctx) => svc.supplier(callerOf(ctx), ctx.params.id),
    supplierCreate: async (ctx) => svc.createSupplier(callerOf(ctx), ctx.body),
    supplierChange: async (ctx) => svc.changeSupplier(callerOf(ctx), ctx.body),
    assetTypeToggleFeature: async (ctx) => svc.toggleAssetTypes(callerOf(ctx)),
    assetTypeList: async () => svc.assetTypes(),
    assetTypeFiltered: async (ctx) => svc.assetTypesFiltered(ctx.query),
    assetTypeGet: async (ctx) => svc.assetType(callerOf(ctx), ctx.params.id),
    assetTypeCreate: async (ctx) => svc.createAssetType(callerOf(ctx), ctx.body),
    assetTypeChange: async (ctx) => svc.changeAssetType(callerOf(ctx), ctx.body),
    assetTypeDelete: async (ctx) => svc.deleteAssetType(callerOf(ctx), ctx.params.id),
  };
}
