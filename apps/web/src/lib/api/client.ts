import type { Api, ManifestEntry, RouteInput, RouteName, RouteOutput } from '@fieldport/contract';
import { buildPath } from '@fieldport/contract';
import { apiManifest, type WebCallName } from '@fieldport/contract/manifest';
import { ApiError, abortError, errorBodyOf, failure, isCancelled } from './api-error.ts';
import { reportFailure, reportSuccess } from './call-notices.ts';
import { type CallOptions, exchange, queryString } from './exchange.ts';
import { joinFlight, startFlight } from './flights.ts';
import { loadedLaterRoute, loadLaterManifest } from './later-manifest.ts';
import { refreshSession, sessionEnded } from './session-refresh.ts';
import { getTokens } from './token-store.ts';

export { ApiError, isCancelled } from './api-error.ts';
export { type CallOptions, setConnectionId, setLiveSequence } from './exchange.ts';
export { methodOfCall, preloadLaterCalls } from './later-manifest.ts';
export { refreshSession, sessionEnded } from './session-refresh.ts';

/**
 * The typed API client (001 §7, 002 §4, §7.1, §8, §9). Every call is named by the contract's route
 * declarations, so path, method and payload types come from one place. Its parts, by concern: one HTTP
 * exchange (`exchange.ts`), the failure type (`api-error.ts`), the session's renewal
 * (`session-refresh.ts`), shared identical reads (`flights.ts`), what a call shows (`call-notices.ts`),
 * the later pages' calls (`later-manifest.ts`). Callers import this file only.
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
  let route = apiManifest[name] ?? loadedLaterRoute(name);
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
    const flight = startFlight(key, (signal) => perform(name, route, url, parts, opts, signal));
    const result = await joinFlight(flight, key, opts.signal);
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
