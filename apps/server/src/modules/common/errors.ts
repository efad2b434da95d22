import { type ServerMessageKey, serverMessage } from '@fieldport/contract';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from './caller.ts';

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
