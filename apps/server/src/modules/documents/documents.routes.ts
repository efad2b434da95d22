import type { documentRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { DocumentService } from './documents.service.ts';
import { readDocumentUpload } from './upload.ts';

/** Documents (002 §7.8): parse, authorise (the guard, then the record's scope), call, present. */
export function documentHandlers(svc: DocumentService): Handlers<typeof documentRoutes> {
  return {
    documentsOfJob: async (ctx) => svc.list(callerOf(ctx), 'Job', ctx.params.id),
    documentsOfMachineModel: async (ctx) => svc.list(callerOf(ctx), 'MachineModel', ctx.params.id),
    jobDocumentsUpload: async (ctx) =>
      svc.upload(
        callerOf(ctx),
        'Job',
        ctx.params.jobId,
        await readDocumentUpload(ctx.req),
        ctx.query.toCustomer,
      ),
    documentChange: async (ctx) => svc.change(callerOf(ctx), ctx.params.id, ctx.query),
    documentDelete: async (ctx) =>
      svc.remove(callerOf(ctx), ctx.params.id, { typeId: ctx.query.DocumentTypeCategoryId }),
    entityDocuments: async (ctx) => svc.list(callerOf(ctx), ctx.params.entityClass, ctx.params.entityId),
    entityDocumentsUpload: async (ctx) => {
      const upload = await readDocumentUpload(ctx.req);
      const { entityClass, entityId } = ctx.params;
      return svc.upload(
        callerOf(ctx),
        entityClass,
        entityId,
        upload,
        upload.fields.PublishToCustomer ?? false,
      );
    },
    entityDocumentTogglePublish: async (ctx) =>
      svc.togglePublish(callerOf(ctx), ctx.params.entityClass, ctx.params.docId, ctx.params.typeId),
    entityDocumentDelete: async (ctx) =>
      svc.remove(callerOf(ctx), ctx.params.docId, {
        typeId: ctx.params.typeId,
        entityClass: ctx.params.entityClass,
        entityId: ctx.params.entityId,
      }),
  };
}
