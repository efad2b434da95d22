import { type ManifestEntry, REQUEST_TIMEOUT_MS } from '@fieldport/contract';
import { type Answer, ApiError, abortError, isCancelled } from './api-error.ts';

/** One HTTP exchange: the headers every call carries, the body in the route's form, the timeout. */

export interface CallOptions {
  /** Cancels the call; a cancelled call rejects quietly (no snackbar). */
  signal?: AbortSignal;
  /** The caller shows its own error text: no failure snackbar. */
  silent?: boolean;
  /**
   * Success notice from the call's method (002 §8): PUT 'Created' 5 s, POST/PATCH 'Saved' 3 s,
   * DELETE 'Deleted' 5 s. A string replaces the text. Off by default, so reads and sign-in stay quiet.
   */
  notify?: boolean | string;
  /** Basic credentials (the token call). */
  basic?: { username: string; password: string };
  /** An explicit bearer credential instead of the access token. */
  bearer?: string;
  timeoutMs?: number;
  /**
   * Sent as the Idempotency-Key header of a creation call (decision 026): a repeat with the same key
   * (a retry, a double click) gets the first answer instead of a second record.
   */
  idempotencyKey?: string;
}

let connectionId: string | null = null;
/** The live hub's connection id, sent as X-Connection-Id while present. */
export function setConnectionId(id: string | null): void {
  connectionId = id;
}

let liveSequence: number | null = null;
/**
 * The last live event this page has seen, sent as X-Live-Sequence: behind a load balancer the server
 * process that answers catches up to it first, so a read after an event never answers older data.
 */
export function setLiveSequence(sequence: number | null): void {
  liveSequence = sequence;
}

const LANG_KEY = 'lang';
function language(): string {
  try {
    return localStorage.getItem(LANG_KEY) || 'en';
  } catch {
    return 'en';
  }
}

function base64(text: string): string {
  let bin = '';
  for (const b of new TextEncoder().encode(text)) bin += String.fromCharCode(b);
  return btoa(bin);
}

type Scalar = string | number | boolean;
export function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item !== undefined && item !== null) qs.append(k, String(item as Scalar));
    }
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

function toFormData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const fd = new FormData();
  for (const [k, v] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    if (v instanceof Blob) fd.append(k, v);
    else if (typeof v === 'object') fd.append(k, new Blob([JSON.stringify(v)], { type: 'application/json' }));
    else fd.append(k, String(v as Scalar));
  }
  return fd;
}

function retryAfterOf(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** One HTTP exchange, body read included, under the request timeout. */
export async function exchange(
  route: ManifestEntry,
  url: string,
  input: { body?: unknown } | undefined,
  opts: CallOptions,
  bearer: string | null,
  parent: AbortSignal,
): Promise<Answer> {
  const headers = new Headers({ Accept: route.response.kind === 'json' ? 'application/json' : '*/*' });
  headers.set('Accept-Language', language());
  if (connectionId) headers.set('X-Connection-Id', connectionId);
  if (liveSequence !== null) headers.set('X-Live-Sequence', String(liveSequence));
  if (opts.idempotencyKey) headers.set('Idempotency-Key', opts.idempotencyKey);
  if (opts.basic)
    headers.set('Authorization', `Basic ${base64(`${opts.basic.username}:${opts.basic.password}`)}`);
  else if (bearer) headers.set('Authorization', `Bearer ${bearer}`);

  let body: BodyInit | undefined;
  const payload = input?.body;
  if (payload !== undefined && route.method !== 'GET') {
    if (route.bodyKind === 'form') {
      body = new URLSearchParams(
        Object.entries(payload as Record<string, unknown>)
          .filter(([, v]) => v !== undefined && v !== null)
          .map(([k, v]) => [k, String(v as Scalar)]),
      );
    } else if (route.bodyKind === 'multipart') {
      body = toFormData(payload);
    } else {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(payload);
    }
  }

  const ctrl = new AbortController();
  let timedOut = false;
  const onAbort = () => ctrl.abort(parent.reason);
  if (parent.aborted) ctrl.abort(parent.reason);
  else parent.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl.abort();
  }, opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch(url, { method: route.method, headers, body, signal: ctrl.signal });
    let data: unknown = null;
    if (res.ok && route.response.kind === 'binary') data = await res.blob();
    else if (res.status !== 204) {
      const text = await res.text();
      const type = res.headers.get('content-type') ?? '';
      if (text && type.includes('json')) {
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
      } else data = text || null;
    }
    return { status: res.status, ok: res.ok, data, retryAfterMs: retryAfterOf(res) };
  } catch (err) {
    if (timedOut) throw new ApiError({ status: 0, body: null, kind: 'timeout', method: route.method, url });
    if (parent.aborted || isCancelled(err)) throw abortError(parent);
    throw new ApiError({
      status: 0,
      body: null,
      kind: 'network',
      method: route.method,
      url,
      message: err instanceof Error ? err.message : String(err),
    });
  } finally {
    clearTimeout(timer);
    parent.removeEventListener('abort', onAbort);
  }
}
