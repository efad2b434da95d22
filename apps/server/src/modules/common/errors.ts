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

export const notFound = (object: string, id: string | number) =>
  new AppError(404, 'not_found', { values: { object, id } });
export const forbidden = () => new AppError(403, 'forbidden');
export const badRequest = (message: string, fieldErrors?: { Field: string; Message: string }[]) =>
  new AppError(400, null, { message, ...(fieldErrors ? { fieldErrors } : {}) });

export type FieldError = { Field: string; Message: string };

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
