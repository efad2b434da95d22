import type { checklistRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { ChecklistService } from './checklists.service.ts';

/** Checklists (002 §7.4): parse, authorise, call, present. */
export function checklistHandlers(svc: ChecklistService): Handlers<typeof checklistRoutes> {
  return {
    checklistTemplates: async (ctx) => svc.templates(ctx.query.includeInactive),
    checklistTemplateGet: async (ctx) => svc.template(callerOf(ctx), ctx.params.id),
    checklistTemplateCreate: async (ctx) => svc.createTemplate(callerOf(ctx), ctx.query.name),
    checklistTemplateSave: async (ctx) => svc.saveTemplate(callerOf(ctx), ctx.params.id, ctx.body),
    checklistGet: async (ctx) => svc.get(callerOf(ctx), ctx.query.entryId),
    checklistsOfJob: async (ctx) => svc.ofJob(callerOf(ctx), ctx.query.jobId),
    checklistStart: async (ctx) => svc.start(callerOf(ctx), ctx.query.jobId, ctx.query.templateId),
    checklistFieldChange: async (ctx) =>
      svc.answer(callerOf(ctx), ctx.body.Id, ctx.body.Value, ctx.body.RowVersion),
    checklistFollowUpCreate: async (ctx) => svc.followUp(callerOf(ctx), ctx.params.id),
  };
}
