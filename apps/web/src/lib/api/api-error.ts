import type { ErrorBody, ManifestEntry } from '@fieldport/contract';

/** A failed call (002 §8): the HTTP refusal, a network failure or a timeout, with what the caller shows. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody | null;
  /** The answer when it was not an error body (text or other JSON). */
  readonly data: unknown;
  readonly kind: ApiErrorKind;
  /** The call's HTTP method; blank when the call could not be looked up (its part of the manifest not loaded). */
  readonly method: string;
  readonly url: string;
  /** How long the server asked the caller to wait before trying again (Retry-After), when it did. */
  readonly retryAfterMs: number | null;

  constructor(init: {
    status: number;
    body: ErrorBody | null;
    data?: unknown;
    kind?: ApiErrorKind;
    method: string;
    url: string;
    message?: string;
    retryAfterMs?: number | null;
  }) {
    super(init.message ?? init.body?.Message ?? `${init.method} ${init.url} failed with ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.data = init.data ?? null;
    this.kind = init.kind ?? 'http';
    this.method = init.method;
    this.url = init.url;
    this.retryAfterMs = init.retryAfterMs ?? null;
  }
}

/** True for a call the caller cancelled: such calls pass through silently. */
export function isCancelled(err: unknown): boolean {
  return (
    (err instanceof DOMException || (typeof err === 'object' && err !== null && 'name' in err)) &&
    (err as { name: string }).name === 'AbortError'
  );
}

export function abortError(signal?: AbortSignal): unknown {
  const reason = signal?.reason;
  return isCancelled(reason) ? reason : new DOMException('The call was cancelled.', 'AbortError');
}

/** What one exchange answered. */
export interface Answer {
  status: number;
  ok: boolean;
  data: unknown;
  /** Retry-After in milliseconds (its seconds form; a date form is left out). */
  retryAfterMs: number | null;
}

export const errorBodyOf = (data: unknown): ErrorBody | null =>
  data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string'
    ? (data as ErrorBody)
    : null;

export function failure(route: ManifestEntry, url: string, a: Answer): ApiError {
  return new ApiError({
    status: a.status,
    body: errorBodyOf(a.data),
    data: a.data,
    method: route.method,
    url,
    retryAfterMs: a.retryAfterMs,
  });
}
