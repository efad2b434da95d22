import { apiManifest } from '@fieldport/contract/manifest';
import { errorBodyOf, failure } from './api-error.ts';
import { exchange } from './exchange.ts';
import { emitNotice } from './notices.ts';
import { clearTokens, getTokens, setTokens } from './token-store.ts';

/* The session's renewal: one refresh at a time, in this tab and across tabs (002 §4). */

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
