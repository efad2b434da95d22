import { ApiError } from '../../../lib/api/client.ts';

/** The text of a refusal for a field: its field error, else the message; null for other failures. */
export function apiMessage(err: unknown, field?: string): string | null {
  if (!(err instanceof ApiError) || !err.body) return null;
  const fieldError = err.body.Errors?.find((e) => !field || e.Field === field) ?? err.body.Errors?.[0];
  return fieldError?.Message ?? err.body.Message ?? null;
}

/** The id of the customer that holds a taken customer number (409 of 001 §5), if the refusal says so. */
export function mergeCandidateOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.data as { MergeCandidateId?: unknown } | null)?.MergeCandidateId;
  return typeof id === 'number' ? id : null;
}
