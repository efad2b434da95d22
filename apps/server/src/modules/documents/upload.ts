import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_FILES,
  DocumentUploadFields,
  serverMessage,
  withoutFormattingCharacters,
} from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unstorableFields } from '../../http/storable-text.ts';
import { type RefusalStatus, validationFailed, writtenRefusal } from '../common/errors.ts';
import { claimIdempotencyKey } from '../common/idempotency-context.ts';
import { malformedMultipart, type UploadedFile, uploadedFile } from '../resources/multipart.ts';

export type UploadFields = z.output<typeof DocumentUploadFields>;
export interface DocumentUpload {
  files: UploadedFile[];
  fields: Omit<UploadFields, 'Files'>;
}

const FILES = 'Files';
const code = (err: unknown) => (err as { code?: string }).code;

const filesRefusal = (status: RefusalStatus, message: string) => writtenRefusal(status, message, FILES);

/** 413 for a file above the size limit, named. */
export const tooLarge = (lang: string | undefined, name: string) =>
  filesRefusal(
    413,
    serverMessage('document_too_large', lang, { name: name || FILES, mb: DOCUMENT_MAX_BYTES / 1024 / 1024 }),
  );

/**
 * Reads a document upload (002 §3: Files, DocumentTypeId and PublishToCustomer): every Files part into
 * memory within the limits, and the fields validated. Reading ends at the first refusal; nothing is
 * stored here.
 */
export async function readDocumentUpload(req: FastifyRequest): Promise<DocumentUpload> {
  const lang = req.headers['accept-language'];
  if (!req.isMultipart()) throw filesRefusal(400, serverMessage('multipart_expected', lang, { part: FILES }));
  const files: UploadedFile[] = [];
  const raw: Record<string, string> = {};
  let current = '';
  try {
    const parts = req.parts({
      limits: {
        fileSize: DOCUMENT_MAX_BYTES,
        files: DOCUMENT_MAX_FILES,
        fields: 10,
        parts: DOCUMENT_MAX_FILES + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        // Named in a refusal as it would be stored.
        current = withoutFormattingCharacters(part.filename);
        const file = uploadedFile(part.filename, await part.toBuffer());
        // A browser sends an empty Files part when no file was chosen.
        if (part.fieldname === FILES && (file.data.length > 0 || part.filename)) files.push(file);
      } else raw[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (code(err) === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(lang, current);
    if (code(err) === 'FST_FILES_LIMIT' || code(err) === 'FST_PARTS_LIMIT')
      throw filesRefusal(413, serverMessage('document_too_many', lang, { count: DOCUMENT_MAX_FILES }));
    throw malformedMultipart(err);
  }
  if (files.length === 0) throw filesRefusal(400, serverMessage('document_no_files', lang));
  const unstorable = [
    ...files.flatMap((f, i) => unstorableFields(f.filename, `${FILES}.${i}`, lang)),
    ...unstorableFields(raw, '', lang),
  ];
  if (unstorable.length > 0) throw validationFailed(lang, unstorable);
  const parsed = DocumentUploadFields.omit({ Files: true }).safeParse(raw);
  if (!parsed.success) {
    const Errors = parsed.error.issues.map((i) => ({
      Field: i.path.map(String).join('.'),
      Message: i.message,
    }));
    const message = `${serverMessage('validation_failed', lang)} ${Errors.map((e) => `${e.Field}: ${e.Message}`).join('; ')}`;
    throw writtenRefusal(400, message, Errors);
  }
  const fieldParts = Object.entries(raw)
    .sort(([a], [b]) => a.localeCompare(b))
    .flat();
  await claimIdempotencyKey([...fieldParts, ...files.flatMap((f) => [f.filename, f.data])]);
  return { files, fields: parsed.data };
}
