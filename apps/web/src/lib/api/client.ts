import {
  type Api,
  buildPath,
  type ErrorBody,
  type ManifestEntry,
  REQUEST_TIMEOUT_MS,
  type RouteInput,
  type RouteName,
  type RouteOutput,
  SNACKBAR_CHANGE_MS,
  SNACKBAR_CREATE_MS,
  SNACKBAR_DELETE_MS,
} from '@fieldport/contract';
import { apiManifest, type WebCallName } from '@fieldport/contract/manifest';
import { type ErrorLog, emitNotice } from './notices.ts';
import { clearTokens, getTokens, setTokens } from './token-store.ts';

/**
 * The typed API client (001 §7, 002 §4, §7.1, §8, §9). Every call is named by the contract's route
 * declarations, so path, method and payload types come from one place.
 */

/** A part of the input is required when the route declares it with required fields, optional otherwise. */
type Slot<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallInput<N extends RouteName> = Slot<'params', RouteInput<Api[N]>['params']> &
  Slot<'query', RouteInput<Api[N]>['query']> &
  Slot<'body', RouteInput<Api[N]>['body'] | (Api[N] extends { bodyKind: 'multipart' } ? FormData : never)>;

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
function queryString(query: unknown): string {
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

interface Answer {
  status: number;
  ok: boolean;
  data: unknown;
  /** Retry-After in milliseconds (its seconds form; a date form is left out). */
  retryAfterMs: number | null;
}

function retryAfterOf(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

const errorBodyOf = (data: unknown): ErrorBody | null =>
  data && typeof data === 'object' && typeof (data as { Message?: unknown }).Message === 'string'
    ? (data as ErrorBody)
    : null;

/** One HTTP exchange, body read included, under the request timeout. */
async function exchange(
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

function abortError(signal?: AbortSignal): unknown {
  const reason = signal?.reason;
  return isCancelled(reason) ? reason : new DOMException('The call was cancelled.', 'AbortError');
}

function failure(route: ManifestEntry, url: string, a: Answer): ApiError {
  return new ApiError({
    status: a.status,
    body: errorBodyOf(a.data),
    data: a.data,
    method: route.method,
    url,
    retryAfterMs: a.retryAfterMs,
  });
}

/* ---------- refresh: one at a time, in this tab and across tabs ---------- */

let refreshing: Promise<string | null> | null = null;

/**
 * Signs the page out because the session is over (002 §4, §8: a second 401 or a refused refresh, or
 * the live hub's `session_ended`): the tokens are cleared, which every tab's session follows, and the
 * server's message (or 'Your session has ended') shows. The one sign-out path for an ended session.
 */
export function sessionEnded(message: string | undefined): void {
  clearTokens();
  emitNotice(
    message
      ? { text: message, severity: 'warning', infoIcon: true }
      : { textKey: 'session_ended', severity: 'warning', infoIcon: true },
  );
}

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one promise; a tab that finds the
 * tokens already renewed (by another call or another tab) takes them without a second refresh, which would
 * otherwise spend a rotated token and revoke the whole session. Resolves the new access token, or null when
 * the session has ended (the tokens are then cleared, which signs the user out).
 */
export function refreshSession(staleAccessToken: string | null): Promise<string | null> {
  const current = getTokens();
  if (!current) return Promise.resolve(null);
  if (staleAccessToken && current.accessToken !== staleAccessToken)
    return Promise.resolve(current.accessToken);
  if (!refreshing) {
    const run = () => doRefresh(staleAccessToken);
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const started: Promise<string | null> = locks
      ? (locks.request('fp.token-refresh', run) as unknown as Promise<string | null>)
      : run();
    refreshing = started.finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

async function doRefresh(staleAccessToken: string | null): Promise<string | null> {
  const current = getTokens();
  if (!current) return null;
  if (staleAccessToken && current.accessToken !== staleAccessToken) return current.accessToken;
  const route = apiManifest.tokenRefresh;
  const answer = await exchange(
    route,
    route.path,
    undefined,
    {},
    current.refreshToken,
    new AbortController().signal,
  );
  if (!answer.ok) {
    // Server trouble (5xx) is not a verdict on the session: keep it and let the call fail.
    if (answer.status >= 500) throw failure(route, route.path, answer);
    sessionEnded(errorBodyOf(answer.data)?.Message);
    return null;
  }
  const t = answer.data as { access_token: string; refresh_token: string };
  setTokens({ accessToken: t.access_token, refreshToken: t.refresh_token });
  return t.access_token;
}

/* ---------- one call: credentials, 401 → refresh once → retry ---------- */

async function perform(
  name: RouteName,
  route: ManifestEntry,
  url: string,
  input: { body?: unknown } | undefined,
  opts: CallOptions,
  signal: AbortSignal,
): Promise<unknown> {
  const usesAccessToken = route.access.kind === 'user' && !opts.basic && !opts.bearer;
  let bearer = opts.bearer ?? null;
  if (name === 'tokenRefresh' || name === 'tokenRevoke') bearer ??= getTokens()?.refreshToken ?? null;
  if (usesAccessToken) bearer = getTokens()?.accessToken ?? null;

  let answer = await exchange(route, url, input, opts, bearer, signal);
  if (answer.status === 401 && usesAccessToken) {
    const renewed = await refreshSession(bearer);
    if (!renewed) throw failure(route, url, answer);
    answer = await exchange(route, url, input, opts, renewed, signal);
    if (answer.status === 401) {
      // The renewed token is refused too: the session is over (002 §4).
      sessionEnded(errorBodyOf(answer.data)?.Message);
      throw failure(route, url, answer);
    }
  }
  if (!answer.ok) throw failure(route, url, answer);
  return answer.data;
}

/* ---------- sharing identical concurrent GETs ---------- */

interface Flight {
  promise: Promise<unknown>;
  ctrl: AbortController;
  callers: number;
}
const inFlight = new Map<string, Flight>();

function start(key: string | null, run: (signal: AbortSignal) => Promise<unknown>): Flight {
  const existing = key ? inFlight.get(key) : undefined;
  if (existing) {
    existing.callers++;
    return existing;
  }
  const ctrl = new AbortController();
  const flight: Flight = { ctrl, callers: 1, promise: Promise.resolve() };
  flight.promise = run(ctrl.signal).finally(() => {
    if (key && inFlight.get(key) === flight) inFlight.delete(key);
  });
  if (key) inFlight.set(key, flight);
  return flight;
}

/** Waits for a (possibly shared) flight; this caller's cancel leaves the others running. */
function join(flight: Flight, key: string | null, signal: AbortSignal | undefined): Promise<unknown> {
  if (!signal) return flight.promise;
  return new Promise((resolve, reject) => {
    let settled = false;
    const leave = () => {
      if (settled) return;
      settled = true;
      flight.callers--;
      if (flight.callers <= 0) {
        if (key && inFlight.get(key) === flight) inFlight.delete(key);
        flight.ctrl.abort(abortError(signal));
      }
      reject(abortError(signal));
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    flight.promise.then(
      (v) => {
        settled = true;
        signal.removeEventListener('abort', leave);
        resolve(v);
      },
      (e) => {
        settled = true;
        signal.removeEventListener('abort', leave);
        reject(e);
      },
    );
  });
}

/* ---------- notices ---------- */

const SECRET = /password|token|secret/i;
function redact(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (value instanceof FormData) return '[form data]';
  try {
    return JSON.stringify(value, (k, v) => (k && SECRET.test(k) ? '***' : v));
  } catch {
    return String(value);
  }
}

function ticketOf(err: ApiError, input: { query?: unknown; body?: unknown } | undefined): ErrorLog {
  return {
    Route: err.url,
    Method: err.method,
    Input: redact(input?.body ?? input?.query),
    Response: err.status ? `${err.status} ${redact(err.data)}` : err.kind,
  };
}

/** 002 §8: what a failed call shows. */
/** The creation calls whose failure without a server message says what was not created (001 §8). */
const CREATES: Partial<Record<WebCallName, string>> = {
  jobCreate: 'job',
  customerCreate: 'customer',
  machineCreate: 'machine',
  appointmentCreate: 'appointment',
  contractCreate: 'contract',
  projectCreate: 'project',
  leadCreate: 'lead',
  counterCreate: 'counter',
  articleCreate: 'article',
  partnerCompanyCreate: 'partnerCompany',
};

function reportFailure(
  name: WebCallName,
  err: ApiError,
  input: { query?: unknown; body?: unknown } | undefined,
): void {
  const ticket = ticketOf(err, input);
  const message = err.body?.Message;
  const creates = CREATES[name];
  // A creation that failed without the server's word: 'Failed to create {object}', the cause below it.
  if (creates && !message && (err.kind !== 'http' || err.status === 500 || !err.data)) {
    emitNotice({ textKey: `failed_to_create.${creates}`, subtext: err.url, severity: 'error', ticket });
  } else if (err.kind === 'timeout' || err.kind === 'network') {
    // The device says it has no network: say so rather than blame the server (decision 071).
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    emitNotice({
      textKey: offline ? 'offline_call' : err.kind === 'timeout' ? 'request_timeout' : 'network_error',
      subtext: err.url,
      severity: 'error',
      ticket,
    });
  } else if (err.status === 500) {
    emitNotice(
      message
        ? { text: message, subtext: err.url, severity: 'error', ticket }
        : { textKey: 'internal_server_error', subtext: err.url, severity: 'error', ticket },
    );
  } else if (message) {
    const fields = err.body?.Errors?.map((e) => `${e.Field}: ${e.Message}`).join('\n');
    emitNotice({ text: message, subtext: fields || undefined, severity: 'warning', infoIcon: true, ticket });
  } else if (typeof err.data === 'string' && err.data.trim()) {
    emitNotice({ text: err.data.trim().slice(0, 500), severity: 'warning', infoIcon: true, ticket });
  } else {
    emitNotice({
      textKey: 'exception_in',
      values: { method: err.method },
      subtext: err.url,
      severity: 'error',
      ticket,
    });
  }
}

function reportSuccess(method: string, notify: true | string): void {
  const durationMs =
    method === 'PUT' ? SNACKBAR_CREATE_MS : method === 'DELETE' ? SNACKBAR_DELETE_MS : SNACKBAR_CHANGE_MS;
  if (typeof notify === 'string') emitNotice({ text: notify, severity: 'success', durationMs });
  else
    emitNotice({
      textKey: method === 'PUT' ? 'created' : method === 'DELETE' ? 'deleted' : 'saved',
      severity: 'success',
      durationMs,
    });
}

/* ---------- the public entry ---------- */

let later: Promise<Partial<Record<WebCallName, ManifestEntry>>> | null = null;
/** The later calls once loaded: a call among them is then made without waiting a turn. */
let laterLoaded: Partial<Record<WebCallName, ManifestEntry>> | null = null;

/**
 * The calls the first page does not make (decision 077): a chunk of their own, loaded with the first
 * such call, or earlier by `preloadLaterCalls`; a failed load is tried again by the next call.
 */
function loadLaterManifest(): Promise<Partial<Record<WebCallName, ManifestEntry>>> {
  later ??= import('@fieldport/contract/manifest-later').then(
    (m) => {
      laterLoaded = m.laterManifest;
      return m.laterManifest;
    },
    (err: unknown) => {
      later = null;
      throw err;
    },
  );
  return later;
}

/**
 * Loads the other pages' calls ahead of their first use: after the first page (SignedInLayout), and
 * before the unit tests (which make those calls at once, as a page does after its first).
 */
export function preloadLaterCalls(): Promise<void> {
  return loadLaterManifest().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The method of a call named in a failure's ticket whose method was left blank (the later calls could
 * not be loaded then): loads them now; null when they still cannot be loaded or the name is no call.
 */
export async function methodOfCall(name: string): Promise<string | null> {
  const call = name as WebCallName;
  const route = apiManifest[call] ?? (await loadLaterManifest().catch(() => null))?.[call];
  return route?.method ?? null;
}

/**
 * Calls the named route. Resolves the parsed answer (a Blob for binary routes). Rejects with ApiError
 * after showing the failure (unless silent), or with an AbortError, silently, when cancelled.
 */
export async function callApi<N extends WebCallName>(
  name: N,
  input?: CallInput<N>,
  opts: CallOptions = {},
): Promise<RouteOutput<Api[N]>> {
  const parts = input as
    | { params?: Record<string, string | number>; query?: unknown; body?: unknown }
    | undefined;
  let route = apiManifest[name] ?? laterLoaded?.[name];
  if (!route)
    try {
      route = (await loadLaterManifest())[name]!;
    } catch (err) {
      // The other pages' calls could not be loaded (no network): as a call that could not be sent. Its
      // method is in the part that did not load, so it is left blank, not guessed; a support ticket
      // looks it up when it opens (methodOfCall).
      const apiError = new ApiError({
        status: 0,
        body: null,
        kind: 'network',
        method: '',
        url: name,
        message: err instanceof Error ? err.message : String(err),
      });
      if (!opts.silent) reportFailure(name, apiError, parts);
      throw apiError;
    }
  // Cancelled while the calls loaded: nothing is sent.
  if (opts.signal?.aborted) throw abortError(opts.signal);
  const url = buildPath(route.path, parts?.params) + queryString(parts?.query);
  const key = route.method === 'GET' ? `${name} ${url} ${opts.bearer ?? ''}` : null;
  try {
    const flight = start(key, (signal) => perform(name, route, url, parts, opts, signal));
    const result = await join(flight, key, opts.signal);
    if (opts.notify) reportSuccess(route.method, opts.notify);
    return result as RouteOutput<Api[N]>;
  } catch (err) {
    if (isCancelled(err) || opts.signal?.aborted) throw err;
    const apiError =
      err instanceof ApiError
        ? err
        : new ApiError({
            status: 0,
            body: null,
            kind: 'network',
            method: route.method,
            url,
            message: err instanceof Error ? err.message : String(err),
          });
    if (!opts.silent) reportFailure(name, apiError, parts);
    throw apiError;
  }
}
