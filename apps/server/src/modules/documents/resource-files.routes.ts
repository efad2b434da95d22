import type { qrRoutes } from '@fieldport/contract';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { FileStore } from '../resources/file-store.ts';
import { DOCUMENTS_FOLDER, type DocumentService } from './documents.service.ts';

/**
 * GET /api2/resource/?relativePath: a stored image, or a document for those who may see it (under the
 * uploads folder only). Documents are always attachments under their own (cleaned) name, images are
 * shown inline (decision 025); helmet's nosniff keeps browsers to the stated type.
 */
export function resourceHandlers(
  files: FileStore,
  documents: DocumentService,
): Pick<Handlers<typeof qrRoutes>, 'resourceGet'> {
  return {
    resourceGet: async (ctx) => {
      const path = files.canonical(ctx.query.relativePath);
      if (!path.startsWith(`${DOCUMENTS_FOLDER}/`)) {
        const image = await files.readImage(path);
        ctx.reply.header('content-disposition', contentDisposition('inline', path));
        return image;
      }
      const doc = await documents.file(callerOf(ctx), path);
      ctx.reply.header('content-disposition', contentDisposition('attachment', doc.fileName));
      return { contentType: doc.contentType, data: doc.data };
    },
  };
}
