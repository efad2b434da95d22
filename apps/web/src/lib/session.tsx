import {
  type Api,
  isStaff,
  type RouteOutput,
  SNACKBAR_CHANGE_MS,
  toLanguage,
  type UserInfoBundle,
} from '@fieldport/contract';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useSnackbar } from '../components/feedback/context.ts';
import { i18next, loadNamespaces, setLanguage } from '../i18n/index.ts';
import { ApiError, callApi, isCancelled } from './api/client.ts';
import { clearTokens, getTokens, setTokens, subscribeTokens } from './api/token-store.ts';
import { clearDeviceStore, startDeviceStoreAfterFirstPage } from './device-store/session.ts';
import { clearOutbox, startOutboxAfterFirstPage } from './outbox/state.ts';
import { forgetUserInfo, storeUserInfo } from './stored-user-info.ts';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn';

export interface Session {
  status: SessionStatus;
  info: UserInfoBundle | null;
  /**
   * Password sign-in; a red snackbar and rejects on a refusal. 'Login success' (001 §2.1) shows when
   * the sign-in follows a refused one, not on every sign-in (issue 35.5, decision 091).
   */
  signIn(email: string, password: string): Promise<void>;
  /** Microsoft sign-in with the identity token from the popup (001 §2.1). */
  signInWithMicrosoft(accessToken: string): Promise<void>;
  /** Revokes the refresh token on the server and forgets the tokens (every tab signs out). */
  signOut(): Promise<void>;
  /** Reloads the user-info bundle (after a settings or licence change). */
  refreshInfo(): Promise<void>;
}

/** The session, or null outside its provider (a component drawn on its own, as in a test). */
export const SessionContext = createContext<Session | null>(null);

/** The SCOPE the web site signs in with (002 §7.1). */
const SIGN_IN_SCOPE = 'ServiceProvider.Administrator';

/** A failure that has already been shown to the user. */
class ShownError extends Error {
  override readonly cause: unknown;
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ShownError';
    this.cause = cause;
  }
}

/** The user id (JWT subject) of an access token, to tell a token rotation from a different user. */
function subjectOf(token: string | undefined): string | null {
  try {
    const payload = token?.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return (JSON.parse(json) as { sub?: string }).sub ?? null;
  } catch {
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const snackbar = useSnackbar();
  const [state, setState] = useState<{ status: SessionStatus; info: UserInfoBundle | null }>(() => ({
    status: getTokens() ? 'loading' : 'signedOut',
    info: null,
  }));
  const infoRef = useRef<UserInfoBundle | null>(null);
  infoRef.current = state.info;
  // The sign-in texts (auth) are not bundled, and a stored session's first paint does not load them
  // (useTranslation would): the messages below that may show without the sign-in page load them first.
  const tRef = useRef(i18next.getFixedT(null, 'auth'));

  // The signed-in app, and with it the query cache, unmounts: nothing cached outlives the session.
  const forget = useCallback(() => {
    forgetUserInfo();
    setState({ status: 'signedOut', info: null });
  }, []);
  /** Signs in on the stored user info when the server cannot be reached (decision 071), or false. */
  const openOffline = useCallback(async (err: unknown): Promise<boolean> => {
    if (!(err instanceof ApiError) || (err.kind !== 'network' && err.kind !== 'timeout')) return false;
    // Read again from the server once the connection is back.
    // Without the worker's precache the chunk itself may not load: then the session ends as before.
    const info = await import('./offline-session.ts')
      .then((m) => m.openOffline(subjectOf(getTokens()?.accessToken), () => void refreshRef.current()))
      .catch(() => null);
    if (!info) return false;
    setState({ status: 'signedIn', info });
    return true;
  }, []);

  const revokeAndForget = useCallback(async () => {
    const tokens = getTokens();
    clearTokens();
    if (tokens) {
      try {
        await callApi('tokenRevoke', undefined, { silent: true, bearer: tokens.refreshToken });
      } catch {
        // Already signed out locally; an unreachable server keeps nothing we still use.
      }
    }
  }, []);

  /** Loads the user-info bundle; on failure shows why, logs 'Code 0x1 (Userinfo)' and signs out (002 §8). */
  const loadInfo = useCallback(async (): Promise<void> => {
    let info: UserInfoBundle;
    try {
      info = await callApi('userInfo', undefined, { silent: true });
    } catch (err) {
      if (isCancelled(err)) throw err;
      if (await openOffline(err)) return;
      console.error('Code 0x1 (Userinfo)', err);
      await loadNamespaces(['auth']);
      const tt = tRef.current;
      if (err instanceof ApiError && err.status === 403) {
        snackbar.show({ text: tt('login_again'), subtext: tt('login_not_valid_here'), severity: 'error' });
      } else if (!(err instanceof ApiError && err.status === 401)) {
        // A 401 here means the refresh failed too; the client has already said the session ended.
        snackbar.show({
          text: (err instanceof ApiError && err.body?.Message) || tt('userinfo_failed'),
          subtext: err instanceof ApiError ? err.url : undefined,
          severity: 'error',
        });
      }
      await revokeAndForget();
      throw new ShownError(err);
    }
    if (!getTokens()) throw new ShownError(new Error('signed out while loading'));
    storeUserInfo(info);
    if (info.UserInfo.Uiculture) {
      try {
        await setLanguage(toLanguage(info.UserInfo.Uiculture));
      } catch {
        // The language chunk failed to load: stay in the current language.
      }
    }
    setState({ status: 'signedIn', info });
  }, [snackbar, revokeAndForget, openOffline]);

  /** Whether a sign-in has been refused since the last success: the next success then says so. */
  const refusedBefore = useRef(false);
  const startSession = useCallback(
    async (tokens: RouteOutput<Api['token']>) => {
      setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      await loadInfo();
      if (!refusedBefore.current) return;
      refusedBefore.current = false;
      snackbar.show({
        text: tRef.current('login_success'),
        severity: 'success',
        durationMs: SNACKBAR_CHANGE_MS,
      });
    },
    [loadInfo, snackbar],
  );

  const failSignIn = useCallback(
    (err: unknown): never => {
      if (!isCancelled(err)) refusedBefore.current = true;
      if (!(err instanceof ShownError) && !isCancelled(err)) {
        snackbar.show({
          text: (err instanceof ApiError && err.body?.Message) || tRef.current('login_exception'),
          severity: 'error',
        });
      }
      throw err instanceof ShownError ? err.cause : err;
    },
    [snackbar],
  );

  const signIn = useCallback(
    async (email: string, password: string) => {
      try {
        const tokens = await callApi(
          'token',
          { body: { grant_type: 'client_credentials', scope: SIGN_IN_SCOPE } },
          { basic: { username: email.trim(), password }, silent: true },
        );
        await startSession(tokens);
      } catch (err) {
        failSignIn(err);
      }
    },
    [startSession, failSignIn],
  );

  const signInWithMicrosoft = useCallback(
    async (accessToken: string) => {
      try {
        const tokens = await callApi('tokenEntraId', { query: { accessToken } }, { silent: true });
        await startSession(tokens);
      } catch (err) {
        failSignIn(err);
      }
    },
    [startSession, failSignIn],
  );

  const signOut = useCallback(async () => {
    const user = infoRef.current?.UserInfo.Id;
    await revokeAndForget();
    forget();
    // The device store is emptied at sign-out (issue 31.5); the menu asked first if work was waiting.
    if (user !== undefined) await clearOutbox(user).catch(() => undefined);
    // And the technician's work kept on the device (decision 094).
    if (user !== undefined) await clearDeviceStore(user).catch(() => undefined);
  }, [revokeAndForget, forget]);

  const refreshInfo = useCallback(async () => {
    try {
      await loadInfo();
    } catch {
      // shown and signed out by loadInfo
    }
  }, [loadInfo]);

  const refreshRef = useRef(refreshInfo);
  refreshRef.current = refreshInfo;

  // A stored session from an earlier visit.
  useEffect(() => {
    if (getTokens()) void refreshInfo();
  }, [refreshInfo]);

  // Sign-out anywhere (this tab, another tab, a failed refresh) ends this session; a sign-in in another tab
  // (or another user's) loads its user info here too.
  useEffect(
    () =>
      subscribeTokens((tokens, source) => {
        if (!tokens) {
          forget();
          return;
        }
        if (source !== 'remote') return;
        const current = infoRef.current;
        if (!current || String(current.UserInfo.Id) !== subjectOf(tokens.accessToken)) {
          setState((s) => (s.status === 'signedIn' ? s : { status: 'loading', info: null }));
          void refreshInfo();
        }
      }),
    [forget, refreshInfo],
  );

  useFieldWork(state);

  const value = useMemo<Session>(
    () => ({ ...state, signIn, signInWithMicrosoft, signOut, refreshInfo }),
    [state, signIn, signInWithMicrosoft, signOut, refreshInfo],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside SessionProvider');
  return ctx;
}

/**
 * Staff users' writes in the field go through the outbox (decision 075), and their work is kept on the
 * device (decision 094); customers and partners have neither. The store starts in a layout effect, so
 * its owner is known before the first page's reads start (in its passive effects).
 */
function useFieldWork(state: { status: SessionStatus; info: UserInfoBundle | null }) {
  const staffUser =
    state.status === 'signedIn' && state.info && isStaff(state.info.UserInfo.UserTypeId)
      ? state.info.UserInfo.Id
      : null;
  useEffect(() => (staffUser === null ? undefined : startOutboxAfterFirstPage(staffUser)), [staffUser]);
  const storeZone = state.info?.GlobalSettings?.TimeZone || Intl.DateTimeFormat().resolvedOptions().timeZone;
  useLayoutEffect(
    () => (staffUser === null ? undefined : startDeviceStoreAfterFirstPage(staffUser, storeZone)),
    [staffUser, storeZone],
  );
}
