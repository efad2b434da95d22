import { fieldMessage, NOT_STORABLE, unstorableTextPaths } from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import { type FieldError, validationFailed } from '../modules/common/errors.ts';

/**
 * Field errors for every text of a request part that no database can store (a NUL character or a
 * lone UTF-16 surrogate), each under `part` when the part itself is such a text.
 */
export function unstorableFields(value: unknown, part: string, lang: string | undefined): FieldError[] {
  return unstorableTextPaths(value).map((path) => ({
    Field: path || part,
    Message: fieldMessage(NOT_STORABLE, lang),
  }));
}

/**
 * Refuses, with 400 and the fields named, a call whose path, query or JSON/form body carries text the
 * database refuses: checked once here for every route, before any schema or query sees it (multipart
 * parts are checked as they are read, see modules/resources/multipart.ts).
 */
export function refuseUnstorableText(req: FastifyRequest): void {
  const lang = req.headers['accept-language'];
  const Errors = [
    ...unstorableFields(req.params, 'params', lang),
    ...unstorableFields(req.query, 'query', lang),
    ...(req.isMultipart() ? [] : unstorableFields(req.body, 'body', lang)),
  ];
  if (Errors.length > 0) throw validationFailed(lang, Errors);
}
