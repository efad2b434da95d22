import {
  LIVE_CLIENT_EVENTS,
  LIVE_EVENTS_PATH,
  LIVE_SERVER_EVENTS,
  type LiveChangeEvent,
  type LiveError,
  type LiveEventualData,
  type LivePresenceChange,
  type LivePresenceList,
  type LiveRoute,
  type LiveSync,
} from '@fieldport/contract';
import type { QueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import { refreshSession, sessionEnded, setConnectionId, setLiveSequence } from '../../lib/api/client.ts';
import { getTokens } from '../../lib/api/token-store.ts';
import { emitLiveChange } from '../../lib/live-changes.ts';
import { setLiveState } from '../../lib/live-state.ts';
import { applyPresenceChange, clearPresence, setPresenceList } from '../../lib/presence.ts';
import { CONFIG_REFRESHES, filtersOf, type Refresh, refreshesFor } from './invalidation.ts';
import { reconnectDelay } from './reconnect-policy.ts';

/** What the hub says besides change events. */
const NOT_CHANGES = new Set<string>(Object.values(LIVE_SERVER_EVENTS));

/** Several settings signals in a row (a `settings` event and `config`) read the user info once. */
const SETTINGS_COALESCE_MS = 300;

export interface LiveClientOptions {
  queryClient: QueryClient;
  userId: number;
  /**
   * The sequence the page's data is at (the user info's EventSequence): the first connection asks for
   * what came after it, so a change made while the page loaded is not missed.
   */
  since?: number | undefined;
  /** The page on show, sent as `Route` at start and on every change. */
  route(): LiveRoute;
  /** The user info (licences, settings) is read again after a settings change. */
  onSettingsChanged(): void;
  /** The task panel checks the user's tasks at once. */
  onTasksChanged(): void;
  reload(): void;
}

export interface LiveClient {
  sendRoute(route: LiveRoute): void;
  stop(): void;
}

/**
 * The connection to the live-event hub (002 §4, §7.22). Reconnects on its own schedule
 * (reconnect-policy.ts), handing the last sequence seen so the hub replays what was missed; change
 * events make the matching cached queries stale (invalidation.ts), so open screens refresh, and go to
 * the screens that merge them in place (lib/live-changes.ts: the planner). Also keeps
 * the presence store (who else is on this record) and ends the page's session when the hub says so.
 */
export function startLiveClient(o: LiveClientOptions): LiveClient {
  let lastSequence: number | null = o.since ?? null;
  let lostAt: number | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let shutDown = false;
  let settingsTimer: ReturnType<typeof setTimeout> | undefined;
  /** The access token of the last handshake, and the one a `token_expired` was answered with. */
  let handshakeToken = '';
  let renewedTo: string | null = null;
  const debounced = new Map<string, ReturnType<typeof setTimeout>>();

  const socket: Socket = io({
    path: LIVE_EVENTS_PATH,
    // Our own schedule, not socket.io's backoff; the handshake reads the current token each time.
    reconnection: false,
    autoConnect: false,
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      handshakeToken = getTokens()?.accessToken ?? '';
      cb({ token: handshakeToken, ...(lastSequence === null ? {} : { since: lastSequence }) });
    },
  });

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    lostAt ??= Date.now();
    setLiveState({ connection: 'disconnected' });
    retry = setTimeout(
      () => {
        retry = undefined;
        if (!stopped) socket.connect();
      },
      reconnectDelay(Date.now() - lostAt),
    );
  };

  /** Connects at once (after a renewed token), not on the schedule. */
  const reconnectNow = () => {
    if (stopped) return;
    if (socket.connected) socket.disconnect();
    clearTimeout(retry);
    retry = undefined;
    socket.connect();
  };

  const settingsChanged = () => {
    if (settingsTimer) return;
    settingsTimer = setTimeout(() => {
      settingsTimer = undefined;
      o.onSettingsChanged();
    }, SETTINGS_COALESCE_MS);
  };

  const invalidate = (refreshes: Refresh[]) => {
    for (const r of refreshes) {
      const run = () => void o.queryClient.invalidateQueries(filtersOf(r));
      if (!r.debounceMs) {
        run();
        continue;
      }
      const id = JSON.stringify(r.key);
      clearTimeout(debounced.get(id));
      debounced.set(
        id,
        setTimeout(() => {
          debounced.delete(id);
          run();
        }, r.debounceMs),
      );
    }
  };

  /** One change event, live or replayed in `eventual-data`: the same in both cases. */
  const apply = (e: LiveChangeEvent) => {
    if (typeof e?.Sequence === 'number') {
      lastSequence = Math.max(lastSequence ?? 0, e.Sequence);
      setLiveSequence(lastSequence);
    }
    if (e?.Entity === 'settings') settingsChanged();
    if (e?.Entity === 'task') o.onTasksChanged();
    if (!e?.Entity) return;
    invalidate(refreshesFor(e));
    // A shown planner merges its appointment and job changes in place (planner/live-merge.ts).
    emitLiveChange(e);
  };

  /** 002 §4: the session is over; signed out exactly as a second 401 signs out. */
  const signOut = (message: string | undefined) => {
    sessionEnded(message);
    stop();
  };

  socket.on('connect', () => {
    // Back after the server said it was stopping: this page may be older than the server (002 §4).
    if (shutDown) return o.reload();
    lostAt = null;
    setLiveState({ connection: 'connected' });
    socket.emit(LIVE_CLIENT_EVENTS.route, o.route());
  });
  socket.on(LIVE_SERVER_EVENTS.connectionId, (id: string) => setConnectionId(id));
  socket.on(LIVE_SERVER_EVENTS.sync, (s: LiveSync) => {
    lastSequence = s.Sequence;
    setLiveSequence(lastSequence);
    if (s.Reload) void o.queryClient.invalidateQueries();
  });
  socket.on(LIVE_SERVER_EVENTS.shutdown, (m: { Message: string }) => {
    shutDown = true;
    setLiveState({ shutdownMessage: m.Message });
  });
  socket.on(LIVE_SERVER_EVENTS.refreshClients, (m: { UserIds: number[] | null } | undefined) => {
    if (!m?.UserIds || m.UserIds.includes(o.userId)) o.reload();
  });
  socket.on(LIVE_SERVER_EVENTS.eventualData, (d: LiveEventualData | undefined) => {
    for (const e of d?.Events ?? []) apply(e);
  });
  socket.on(LIVE_SERVER_EVENTS.config, () => {
    settingsChanged();
    invalidate(CONFIG_REFRESHES);
  });
  socket.on(LIVE_SERVER_EVENTS.error, (e: LiveError | undefined) => {
    if (e?.Code === 'session_ended') return signOut(e.Message);
    if (e?.Code !== 'token_expired') return;
    // Renewed once: the fresh token refused as well is a second failure.
    if (renewedTo !== null && handshakeToken === renewedTo) return signOut(e.Message);
    void refreshSession(handshakeToken || null).then(
      (fresh) => {
        // A refused refresh has signed the page out already (the tokens are cleared).
        if (!fresh) return stop();
        renewedTo = fresh;
        reconnectNow();
      },
      // Server trouble is not a verdict on the session: the schedule tries again.
      () => scheduleReconnect(),
    );
  });
  socket.on(LIVE_SERVER_EVENTS.sharedRouteList, (l: LivePresenceList) => setPresenceList(l, o.userId));
  socket.on(LIVE_SERVER_EVENTS.sharedRoute, (c: LivePresenceChange) => applyPresenceChange(c, o.userId));
  socket.onAny((name: string, e: LiveChangeEvent) => {
    if (NOT_CHANGES.has(name) && name !== LIVE_SERVER_EVENTS.tasks) return;
    apply(e);
  });
  socket.on('disconnect', () => {
    setConnectionId(null);
    clearPresence();
    scheduleReconnect();
  });
  socket.on('connect_error', (err: Error & { data?: { code?: string } }) => {
    const code = err.data?.code;
    // An expired access token is renewed first; an ended session signs the page out (tokens cleared).
    if (code === 'unauthorized' || code === 'session_ended') {
      const stale = getTokens()?.accessToken ?? null;
      void refreshSession(stale)
        .then((fresh) => (fresh ? scheduleReconnect() : stop()))
        .catch(scheduleReconnect);
      return;
    }
    scheduleReconnect();
  });

  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(settingsTimer);
    for (const t of debounced.values()) clearTimeout(t);
    socket.removeAllListeners();
    socket.disconnect();
    setConnectionId(null);
    setLiveSequence(null);
    clearPresence();
    setLiveState({ connection: 'off' });
  };

  setLiveState({ connection: 'connecting' });
  socket.connect();
  return {
    sendRoute: (route) => {
      if (socket.connected) socket.emit(LIVE_CLIENT_EVENTS.route, route);
    },
    stop,
  };
}
