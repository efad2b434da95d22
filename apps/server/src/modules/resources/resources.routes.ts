import type { qrRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import { DOCUMENTS_FOLDER, type DocumentService } from '../documents/documents.service.ts';
import type { FileStore } from './file-store.ts';

/** RFC 6266 Content-Disposition with the file's own name (ASCII fallback plus UTF-8). */
const disposition = (inline: boolean, fileName: string) =>
  `${inline ? 'inline' : 'attachment'}; filename="${fileName.replace(/[^\x20-\x7E]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * GET /api2/resource/?relativePath: a stored image, or a document for those who may see it (under the
 * uploads folder only).
 */
export function resourceHandlers(
  files: FileStore,
  documents: DocumentService,
): Pick<Handlers<typeof qrRoutes>, 'resourceGet'> {
  return {
    resourceGet: async (ctx) => {
      const path = files.canonical(ctx.query.relativePath);
      if (!path.startsWith(`${DOCUMENTS_FOLDER}/`)) return files.readImage(path);
      const doc = await documents.file(callerOf(ctx), path);
      ctx.reply.header('content-disposition', disposition(doc.inline, doc.fileName));
      return { contentType: doc.contentType, data: doc.data };
    },
  };
}
