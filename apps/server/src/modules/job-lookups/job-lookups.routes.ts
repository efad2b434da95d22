import { type jobLookupRoutes, languageOf } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { JobLookupService } from './job-lookups.service.ts';

/** Job categories, warranty types and repair places (002 §7.9, §7.18): parse, authorise, call, present. */
export function jobLookupHandlers(svc: JobLookupService): Handlers<typeof jobLookupRoutes> {
  return {
    warrantyTypeList: async (ctx) =>
      svc.list(languageOf(ctx.lang), 'warrantyType', ctx.query.IncludeInactive),
    warrantyTypeFiltered: async (ctx) => svc.filtered(languageOf(ctx.lang), 'warrantyType', ctx.query),
    warrantyTypeGet: async (ctx) => svc.get(callerOf(ctx), 'warrantyType', ctx.params.id),
    warrantyTypeAdd: async (ctx) => svc.create(callerOf(ctx), 'warrantyType', ctx.body),
    warrantyTypeChange: async (ctx) => svc.change(callerOf(ctx), 'warrantyType', ctx.body),
    warrantyTypeRemove: async (ctx) => svc.remove(callerOf(ctx), 'warrantyType', ctx.params.id),
    repairPlaceList: async (ctx) => svc.list(languageOf(ctx.lang), 'repairPlace', ctx.query.IncludeInactive),
    repairPlaceFiltered: async (ctx) => svc.filtered(languageOf(ctx.lang), 'repairPlace', ctx.query),
    repairPlaceGet: async (ctx) => svc.get(callerOf(ctx), 'repairPlace', ctx.params.id),
    repairPlaceAdd: async (ctx) => svc.create(callerOf(ctx), 'repairPlace', ctx.body),
    repairPlaceChange: async (ctx) => svc.change(callerOf(ctx), 'repairPlace', ctx.body),
    repairPlaceRemove: async (ctx) => svc.remove(callerOf(ctx), 'repairPlace', ctx.params.id),
    jobCategoryList: async (ctx) => svc.list(languageOf(ctx.lang), 'jobCategory', ctx.query.IncludeInactive),
    jobCategoryFiltered: async (ctx) => svc.filtered(languageOf(ctx.lang), 'jobCategory', ctx.query),
    jobCategoryGet: async (ctx) => svc.get(callerOf(ctx), 'jobCategory', ctx.params.id),
    jobCategoryGetActiveState: async (ctx) => {
      const c = await svc.get(callerOf(ctx), 'jobCategory', ctx.params.id);
      return { Id: c.Id, IsActive: c.IsActive };
    },
    jobCategoryToggleActive: async (ctx) => svc.toggleActive(callerOf(ctx), 'jobCategory', ctx.params.id),
    jobCategoryCreate: async (ctx) => svc.create(callerOf(ctx), 'jobCategory', ctx.body),
    jobCategoryChange: async (ctx) => svc.change(callerOf(ctx), 'jobCategory', ctx.body),
  };
}
