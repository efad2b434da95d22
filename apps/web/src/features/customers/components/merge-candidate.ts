import { ApiError } from '../../../lib/api/client.ts';

/** The id of the customer that holds a taken customer number (409 of 001 §5), if the refusal says so. */
export function mergeCandidateOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const id = (err.data as { MergeCandidateId?: unknown } | null)?.MergeCandidateId;
  return typeof id === 'number' ? id : null;
}
