import { ApiError } from './client.ts';

/**
 * The text of a refusal for a field: its own field error, else the first field error, else the message;
 * null for failures that are not a refusal with a body (no connection, timeout).
 */
export function apiMessage(err: unknown, field?: string): string | null {
  if (!(err instanceof ApiError) || !err.body) return null;
  const fieldError = err.body.Errors?.find((e) => !field || e.Field === field) ?? err.body.Errors?.[0];
  return fieldError?.Message ?? err.body.Message ?? null;
}

/**
 * A refusal because the record changed since it was read (decision 026): 409 without field errors (a
 * value already in use is a 409 that names its field).
 */
export const isStaleRecord = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 409 && !err.body?.Errors?.length;
