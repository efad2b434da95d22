import { IMPORT_KINDS, IMPORT_MAX_BYTES, type ImportKind, type importRoutes } from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import { contentDisposition } from '../../http/content-disposition.ts';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import { refusal, writtenRefusal } from '../common/errors.ts';
import { malformedMultipart, type UploadedFile, uploadedFile } from '../resources/multipart.ts';
import type { ImportService } from './imports.service.ts';

/** Import (001 §2.4): parse, authorise, call, present. */
export function importHandlers(svc: ImportService): Handlers<typeof importRoutes> {
  return {
    importPreview: async (ctx) => {
      const { kind, file } = await readImportUpload(ctx.req);
      return svc.preview(callerOf(ctx), kind, file);
    },
    importGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    importList: async (ctx) => svc.list(callerOf(ctx)),
    importRun: async (ctx) => svc.start(callerOf(ctx), ctx.params.id),
    importTemplate: async (ctx) => {
      const file = await svc.template(ctx.params.kind);
      ctx.reply.header('content-disposition', contentDisposition('attachment', file.fileName));
      return { contentType: file.contentType, data: file.data };
    },
  };
}

/**
 * Reads the import upload: the File part (at most IMPORT_MAX_BYTES: a larger one is refused with 413
 * as it streams in, before any row is read) and the Kind field.
 */
async function readImportUpload(
  req: FastifyRequest,
): Promise<{ kind: ImportKind; file: UploadedFile | null }> {
  if (!req.isMultipart()) throw refusal(400, 'multipart_expected', { values: { part: 'File' } });
  let file: UploadedFile | null = null;
  let kind: string | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'File' && data.length > 0) file = uploadedFile(part.filename, data);
      } else if (part.fieldname === 'Kind') kind = String(part.value);
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw refusal(413, 'import_too_large', { values: { mb: IMPORT_MAX_BYTES / 1024 / 1024 } });
    throw malformedMultipart(err);
  }
  if (!IMPORT_KINDS.includes(kind as ImportKind))
    throw writtenRefusal(400, `Kind must be one of ${IMPORT_KINDS.join(', ')}.`, 'Kind');
  return { kind: kind as ImportKind, file };
}
