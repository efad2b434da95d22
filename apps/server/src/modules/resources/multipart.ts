import { serverMessage, withoutFormattingCharacters } from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unstorableFields } from '../../http/storable-text.ts';
import { AppError, refusal, validationFailed, writtenRefusal } from '../common/errors.ts';
import { claimIdempotencyKey } from '../common/idempotency-context.ts';
import { imageSizeRefusal } from './file-store.ts';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

/**
 * A file part as read: its bytes, and its name without control and bidirectional formatting characters
 * (issue 29: a list showed "invoice\u202Efdp.exe" as a PDF). Every upload reads its files through here,
 * so no stored name, and no message naming the file, keeps them.
 */
export const uploadedFile = (filename: string, data: Buffer): UploadedFile => ({
  filename: withoutFormattingCharacters(filename),
  data,
});

const isTooLarge = (err: unknown) => (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * A multipart body that cannot be read (no boundary, a boundary the body does not have, a cut or
 * malformed part, a forbidden field name): 400, not the parser's 500 or its untranslated text.
 */
export const malformedMultipart = (err: unknown): unknown => {
  const status = (err as { statusCode?: number }).statusCode;
  if (err instanceof AppError || status === 413) return err;
  return refusal(400, 'multipart_malformed');
};

/**
 * Reads a multipart entity (002 §3: an ImageFile plus a JSON part named after the entity), validates
 * the JSON part with `schema` and answers it with the file (null when none or empty). The JSON part may
 * come as a field or as a file part (a browser FormData Blob).
 */
export async function readMultipart<S extends z.ZodType>(
  req: FastifyRequest,
  jsonPart: string,
  schema: S,
  fileField = 'ImageFile',
): Promise<{ value: z.output<S>; file: UploadedFile | null }> {
  const lang = req.headers['accept-language'];
  if (!req.isMultipart()) throw refusal(400, 'multipart_expected', { values: { part: jsonPart } });
  let raw: string | undefined;
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === fileField && data.length > 0) file = uploadedFile(part.filename, data);
        else if (part.fieldname === jsonPart) raw = data.toString('utf8');
      } else if (part.fieldname === jsonPart) raw = String(part.value);
    }
  } catch (err) {
    if (isTooLarge(err)) throw imageSizeRefusal(fileField);
    throw malformedMultipart(err);
  }
  if (raw === undefined) {
    const message = serverMessage('multipart_expected', lang, { part: jsonPart });
    throw writtenRefusal(400, message, [{ Field: jsonPart, Message: 'This field is required' }]);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw refusal(400, 'malformed_body');
  }
  const unstorable = unstorableFields(json, jsonPart, lang);
  if (unstorable.length > 0) throw validationFailed(lang, unstorable);
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const Errors = parsed.error.issues.map((i) => ({
      Field: i.path.map(String).join('.') || jsonPart,
      Message: i.message,
    }));
    throw validationFailed(lang, Errors);
  }
  await claimIdempotencyKey([raw, file?.filename ?? null, file?.data ?? null]);
  return { value: parsed.data, file };
}

/** Reads a multipart upload of one file and nothing else (settings/UpdateLogo); null when none or empty. */
export async function readFilePart(req: FastifyRequest, fileField: string): Promise<UploadedFile | null> {
  if (!req.isMultipart()) throw refusal(400, 'multipart_expected', { values: { part: fileField } });
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const data = await part.toBuffer();
      if (part.fieldname === fileField && data.length > 0) file = uploadedFile(part.filename, data);
    }
  } catch (err) {
    if (isTooLarge(err)) throw imageSizeRefusal(fileField);
    throw malformedMultipart(err);
  }
  return file;
}
