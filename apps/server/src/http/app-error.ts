import type { ServerMessageKey } from '@fieldport/contract';

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
