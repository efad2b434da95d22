import { type ServerMessageKey, serverMessage } from '@fieldport/contract';
import type { z } from 'zod';
import type { Caller } from './caller.ts';

/** How long a caller turned away for load is asked to wait (Retry-After, seconds). */
export const BUSY_RETRY_AFTER_S = 1;
/** How long a caller is asked to wait while the server stops (as http/graceful-close.ts answers). */
export const STOPPING_RETRY_AFTER_S = 5;

/** A refusal the caller can act on: an HTTP status and a translated Message (plus field Errors). */
export class AppError extends Error {
  readonly status: number;
  readonly key: ServerMessageKey | null;
  readonly values: Record<string, string | number>;
  readonly fieldErrors: { Field: string; Message: string }[] | undefined;
  /** More fields of the error body beside Message and Errors (e.g. MergeCandidateId). */
  readonly extra: Record<string, unknown> | undefined;
  /** Headers of the answer besides the body (Retry-After, Connection: close). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    key: ServerMessageKey | null,
    opts: {
      values?: Record<string, string | number>;
      message?: string;
      fieldErrors?: { Field: string; Message: string }[];
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(opts.message ?? key ?? 'error');
    this.status = status;
    this.key = key;
    this.values = opts.values ?? {};
    this.fieldErrors = opts.fieldErrors;
    this.extra = opts.extra;
    this.headers = opts.headers;
  }
}

export type FieldError = { Field: string; Message: string };

/** The statuses a refusal answers with (spec README, Errors). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

/**
 * A refusal by message key, written in the caller's language when it is answered (`values` fill the
 * key's placeholders); with field errors or headers (Retry-After) when given. Every refusal of the
 * server is made by a helper of this file (decision 101; `npm run check` fails on another `new AppError`).
 */
export const refusal = (
  status: RefusalStatus,
  key: ServerMessageKey,
  opts: {
    values?: Record<string, string | number>;
    fieldErrors?: FieldError[];
    headers?: Record<string, string>;
  } = {},
) => new AppError(status, key, opts);

/** 403 by key: the caller may not do this (the route's access, a licence, a feature). */
export const forbidden = (key: ServerMessageKey = 'forbidden') => new AppError(403, key);

/**
 * A refusal whose message is written already, in the reader's language: on `field` with the same
 * message when one is named, or with the field errors given.
 */
export const writtenRefusal = (status: RefusalStatus, message: string, fields?: string | FieldError[]) =>
  new AppError(status, null, {
    message,
    ...(fields === undefined
      ? {}
      : { fieldErrors: typeof fields === 'string' ? [{ Field: fields, Message: message }] : fields }),
  });

/** A refusal by key written now in `lang` (`values` fill it in), on `field` when one is named. */
export const translatedRefusal = (
  lang: string | undefined,
  status: RefusalStatus,
  key: ServerMessageKey,
  values: Record<string, string | number> = {},
  field?: string,
) => writtenRefusal(status, serverMessage(key, lang, values), field);

/**
 * 400 'Some fields are not valid.' with each field's message (spec README, Errors): each field once,
 * with its first message (a field can break several rules, or a rule of its object names it again).
 */
export function validationFailed(lang: string | undefined, errors: FieldError[]) {
  const byField = new Map<string, FieldError>();
  for (const e of errors) if (!byField.has(e.Field)) byField.set(e.Field, e);
  const Errors = [...byField.values()];
  const message = `${serverMessage('validation_failed', lang)} ${Errors.map((e) => `${e.Field}: ${e.Message}`).join('; ')}`;
  return new AppError(400, null, { message, fieldErrors: Errors });
}

/** A schema's issues as field errors, each path under `prefix`. */
export const fieldErrorsOf = (error: z.ZodError, prefix: string): FieldError[] =>
  error.issues.map((i) => ({
    Field: [prefix, ...i.path.map(String)].filter(Boolean).join('.') || prefix,
    Message: i.message,
  }));

type ObjectKey = Extract<ServerMessageKey, `object_${string}`>;

const objectName = (caller: Caller, object: ObjectKey) => serverMessage(object, caller.lang);

/** 404 for an id that does not exist or that the caller may not see (existence does not leak). */
export const recordNotFound = (caller: Caller, object: ObjectKey, id: number | string) =>
  new AppError(404, null, {
    message: serverMessage('record_not_found', caller.lang, { object: objectName(caller, object), id }),
  });

/** 400 for a field of the body that names a record that is not there. */
export const fieldNotFound = (caller: Caller, field: string, object: ObjectKey, id: number | string) => {
  const message = serverMessage('record_not_found', caller.lang, { object: objectName(caller, object), id });
  return new AppError(400, null, { message, fieldErrors: [{ Field: field, Message: message }] });
};

/** 400 with one field error. */
export const fieldRefusal = (caller: Caller, field: string, key: ServerMessageKey, values = {}) => {
  const message = serverMessage(key, caller.lang, values);
  return new AppError(400, null, { message, fieldErrors: [{ Field: field, Message: message }] });
};

/** 409: the value is already in use on the named record (001 §5). */
export const alreadyInUse = (
  caller: Caller,
  field: string,
  value: string | number,
  record: string,
  extra?: Record<string, unknown>,
) => {
  const message = serverMessage('already_in_use', caller.lang, { value, record });
  return new AppError(409, null, {
    message,
    fieldErrors: [{ Field: field, Message: message }],
    ...(extra ? { extra } : {}),
  });
};

/** 403: the ERP owns these records ('{erp} does not allow servicesystem to create a new {object}...'). */
export const erpRefusal = (caller: Caller, erp: string, object: ObjectKey, kind: 'create' | 'change') =>
  new AppError(403, null, {
    message: serverMessage(kind === 'create' ? 'erp_create_refused' : 'erp_change_refused', caller.lang, {
      erp,
      object: objectName(caller, object),
    }),
  });

/** 409 for a record others still depend on. */
export const stillInUse = (caller: Caller, object: ObjectKey, record: string, count: number) =>
  new AppError(409, null, {
    message: serverMessage('still_in_use', caller.lang, {
      object: objectName(caller, object),
      record,
      count,
    }),
  });
