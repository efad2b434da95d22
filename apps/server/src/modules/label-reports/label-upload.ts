import {
  LABEL_PHOTO_MAX_BYTES,
  LABEL_PHOTO_MAX_FILES,
  LabelReportFields,
  serverMessage,
  withoutFormattingCharacters,
} from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unstorableFields } from '../../http/storable-text.ts';
import {
  fieldErrorsOf,
  type RefusalStatus,
  refusal,
  validationFailed,
  writtenRefusal,
} from '../common/errors.ts';
import { claimIdempotencyKey } from '../common/idempotency-context.ts';
import { malformedMultipart, type UploadedFile, uploadedFile } from '../resources/multipart.ts';

const PHOTOS = 'Photos';
const code = (err: unknown) => (err as { code?: string }).code;

export interface LabelUpload {
  photos: UploadedFile[];
  fields: z.output<typeof LabelReportFields>;
}

/** A refusal of the photos, translated, on the Photos field. */
export const photoRefusal = (status: RefusalStatus, message: string) =>
  writtenRefusal(status, message, PHOTOS);

export const photoTooLarge = (lang: string | undefined, name: string) =>
  photoRefusal(
    413,
    serverMessage('label_photo_too_large', lang, {
      name: name || PHOTOS,
      mb: LABEL_PHOTO_MAX_BYTES / 1024 / 1024,
    }),
  );

/**
 * Reads the label form (multipart): its fields validated and up to three photos into memory within
 * the size limit; the Idempotency-Key claimed for what was read. Nothing is stored here.
 */
export async function readLabelUpload(req: FastifyRequest): Promise<LabelUpload> {
  const lang = req.headers['accept-language'];
  if (!req.isMultipart()) throw refusal(400, 'multipart_expected', { values: { part: 'Description' } });
  const photos: UploadedFile[] = [];
  const raw: Record<string, string> = {};
  let current = '';
  try {
    const parts = req.parts({
      limits: {
        fileSize: LABEL_PHOTO_MAX_BYTES,
        files: LABEL_PHOTO_MAX_FILES,
        fields: 10,
        parts: LABEL_PHOTO_MAX_FILES + 10,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        current = withoutFormattingCharacters(part.filename);
        const file = uploadedFile(part.filename, await part.toBuffer());
        if (part.fieldname === PHOTOS && file.data.length > 0) photos.push(file);
      } else raw[part.fieldname] = String(part.value);
    }
  } catch (err) {
    if (code(err) === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge(lang, current);
    if (code(err) === 'FST_FILES_LIMIT' || code(err) === 'FST_PARTS_LIMIT')
      throw photoRefusal(413, serverMessage('label_photo_too_many', lang, { count: LABEL_PHOTO_MAX_FILES }));
    throw malformedMultipart(err);
  }
  const unstorable = [
    ...photos.flatMap((f, i) => unstorableFields(f.filename, `${PHOTOS}.${i}`, lang)),
    ...unstorableFields(raw, '', lang),
  ];
  if (unstorable.length > 0) throw validationFailed(lang, unstorable);
  const parsed = LabelReportFields.safeParse(raw);
  if (!parsed.success) throw validationFailed(lang, fieldErrorsOf(parsed.error, ''));
  const fieldParts = Object.entries(raw)
    .sort(([a], [b]) => a.localeCompare(b))
    .flat();
  await claimIdempotencyKey([...fieldParts, ...photos.flatMap((f) => [f.filename, f.data])]);
  return { photos, fields: parsed.data };
}
