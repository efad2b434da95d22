import type { Server as HttpServer } from 'node:http';
import {
  ALL_USER_TYPES,
  LIVE_CLIENT_EVENTS,
  LIVE_EVENTS_PATH,
  LIVE_SERVER_EVENTS,
  type LiveChangeEvent,
  type LiveError,
  type LiveErrorCode,
  type LiveRoute,
  serverMessage,
} from '@fieldport/contract';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import { AppError, forbidden, refusal } from '../common/errors.ts';
import type { AuthGuard } from '../session/auth-guard.ts';
import { findUserById, isFamilyRevoked } from '../session/session.api.ts';
import {
  companyRoomsOf,
  formerRoomsOf,
  isCompanyRecord,
  room,
  roomsOfEvent,
  roomsOfUser,
} from './audience.ts';
import { Dispatcher } from './dispatcher.ts';
import type { EventRow } from './live-events.repository.ts';
import { Presence, type PresenceData, routeOf } from './presence.ts';
import { eventNameOf, removalWire, toWire } from './wire.ts';

interface SocketData extends PresenceData {
  sessionVersion: number;
  /** The sign-in the socket's token was issued in; its logout closes the socket. */
  sessionId: string | undefined;
  /** The page the client shows (`Route`), kept per socket. */
  route: LiveRoute | null;
}
/** A socket let in: its data is set by the handshake check. */
type HubSocket = Socket & { data: SocketData };

const dataOf = (s: { data: unknown }) => s.data as SocketData;

/** The longest a timer may wait (setTimeout's limit); a token lives far shorter. */
const MAX_TIMER_MS = 2_147_483_647;

/** The sequence a reconnecting client last saw, from `auth.since` or the `since` query. */
function sinceOf(socket: Socket): number | null {
  const raw = socket.handshake.auth.since ?? socket.handshake.query.since;
  const n = Number(raw);
  return raw !== undefined && raw !== null && raw !== '' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/**
 * The access token of the handshake's `auth` only (issue 29): one in the URL's query is ignored, since
 * addresses end up in proxy and server logs and in the browser's history.
 */
function tokenOf(socket: Socket): string | undefined {
  const fromAuth = socket.handshake.auth.token;
  return typeof fromAuth === 'string' && fromAuth ? fromAuth.replace(/^Bearer\s+/i, '') : undefined;
}

export interface LiveHubDeps {
  db: Db;
  guard: AuthGuard;
  clock: Clock;
  /** The company's day (YYYY-MM-DD): the planner's day when a route names none. */
  today(): Promise<string>;
  /**
   * PostgreSQL only: a pool for the cluster adapter, so that presence, refresh-clients and the
   * socket look-ups span every server process on the database. Change events do not need it: each
   * process reads the outbox itself and sends to its own sockets.
   */
  clusterPool?: pg.Pool | undefined;
  /** Sees every committed event, of every process, before it is sent (caches drop what it changed). */
  observe?(e: EventRow): void;
  log(msg: string, err: unknown): void;
}

/**
 * The live-event hub (002 §7.22): Socket.IO at `/eventNotifications` on the API's HTTP server.
 * A socket is let in exactly when an HTTP call with the same token would be; it then gets the change
 * events of records its user may see (audience.ts), after what it missed since its last sequence.
 */
export class LiveHub {
  readonly io: Server;
  private readonly dispatcher: Dispatcher;
  private readonly presence: Presence;
  private readonly deps: LiveHubDeps;
  private readonly expiries = new Map<string, NodeJS.Timeout>();

  constructor(server: HttpServer, deps: LiveHubDeps) {
    this.deps = deps;
    this.io = new Server(server, {
      // At the root beside /api2, not under the web app's BASE_PATH: it is part of the API.
      path: LIVE_EVENTS_PATH,
      serveClient: false,
      // Same origin only: the web app is served by this server.
      cors: undefined,
      ...(deps.clusterPool
        ? {
            adapter: createAdapter(deps.clusterPool, {
              errorHandler: (err) => deps.log('live events: cluster adapter', err),
            }),
          }
        : {}),
    });
    this.dispatcher = new Dispatcher(deps.db, {
      send: (e) => this.broadcast(e),
      log: deps.log,
    });
    this.presence = new Presence(this.io, deps.today);
    this.io.use((socket, next) => {
      this.admit(socket as HubSocket).then(
        () => next(),
        (err: unknown) => next(this.refusal(socket, err)),
      );
    });
    this.io.on('connection', (s) => this.connected(s as HubSocket));
  }

  start(): Promise<void> {
    return this.dispatcher.start();
  }

  /** The last event sequence this process has handed on to its sockets. */
  get sequence(): number {
    return this.dispatcher.sequence;
  }

  /** Waits (at most `timeoutMs`) until the events up to `sequence` are handed on here. */
  reach(sequence: number, timeoutMs: number): Promise<void> {
    return this.dispatcher.reach(sequence, timeoutMs);
  }

  /** New events are committed (a NOTIFY arrived). */
  wake(): void {
    this.dispatcher.wake();
  }

  /**
   * Graceful close: this process's clients are told the server is stopping (in their user's
   * language), then their sockets are closed and the engine stops accepting new ones.
   */
  async shutdown(): Promise<void> {
    for (const s of await this.io.local.fetchSockets()) {
      s.emit(LIVE_SERVER_EVENTS.shutdown, {
        Message: serverMessage('server_shutdown', dataOf(s).user?.uiculture),
      });
    }
    await this.dispatcher.stop();
    this.io.local.disconnectSockets(true);
    // Each socket closes once its last packets are written; a second at most, then the rest are cut.
    for (let i = 0; i < 100 && this.io.engine.clientsCount > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    this.io.engine.close();
    for (const t of this.expiries.values()) clearTimeout(t);
    await this.io.of('/').adapter.close();
    await this.deps.clusterPool?.end();
  }

  /** Reloads the clients of these users (null: everyone's), on every server process. */
  refreshClients(userIds: number[] | null = null): void {
    const target = userIds ? this.io.to(userIds.map(room.user)) : this.io;
    target.emit(LIVE_SERVER_EVENTS.refreshClients, { UserIds: userIds });
  }

  /** Who is connected, on every server process, and what they show. */
  async clients(): Promise<{ userId: number; route: LiveRoute | null; presenceKey: string | null }[]> {
    const sockets = await this.io.fetchSockets();
    return sockets.map((s) => ({
      userId: dataOf(s).user.id,
      route: dataOf(s).route,
      presenceKey: dataOf(s).presenceKey,
    }));
  }

  private async admit(socket: HubSocket): Promise<void> {
    const v = await this.deps.guard.verify(tokenOf(socket));
    if (!(await this.deps.guard.licensed(v.user))) throw forbidden('licence_required');
    // A token of a sign-in that was logged out is refused, though it has not expired yet.
    if (v.sessionId && (await isFamilyRevoked(this.deps.db, v.sessionId)))
      throw refusal(401, 'session_ended');
    socket.data.user = v.user;
    socket.data.sessionVersion = v.sessionVersion;
    socket.data.sessionId = v.sessionId;
    socket.data.route = null;
    socket.data.presenceKey = null;
    this.closeAtExpiry(socket, v.expiresAt);
  }

  /** A socket lives no longer than its token: at expiry it is told so and closed (it renews and comes back). */
  private closeAtExpiry(socket: HubSocket, expiresAt: Date): void {
    const ms = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt.getTime() - this.deps.clock.now().getTime()));
    const timer = setTimeout(() => this.end(socket, 'token_expired'), ms);
    timer.unref();
    this.expiries.set(socket.id, timer);
  }

  /** Tells a socket why its session cannot go on (`error`), then closes it. */
  private end(
    socket: { emit(e: string, d: unknown): unknown; disconnect(close?: boolean): unknown; data: unknown },
    code: LiveErrorCode,
  ): void {
    const user = dataOf(socket).user;
    const error: LiveError = { Code: code, Message: serverMessage(code, user?.uiculture) };
    socket.emit(LIVE_SERVER_EVENTS.error, error);
    socket.disconnect(true);
  }

  /** A refused handshake: connect_error with the translated message and its key in `data.code`. */
  private refusal(socket: Socket, err: unknown): Error {
    const key = err instanceof AppError && err.key ? err.key : 'unexpected';
    if (!(err instanceof AppError)) this.deps.log('live events: handshake failed', err);
    const lang = socket.handshake.headers['accept-language'];
    return Object.assign(new Error(serverMessage(key, lang)), { data: { code: key } });
  }

  private connected(socket: HubSocket): void {
    socket.emit(LIVE_SERVER_EVENTS.connectionId, socket.id);
    if (socket.data.sessionId) socket.join(room.session(socket.data.sessionId));
    socket.on(LIVE_CLIENT_EVENTS.route, (raw: unknown) => {
      const route = routeOf(raw);
      if (!route) return;
      socket.data.route = route;
      this.presence
        .moved(socket, route)
        .catch((err: unknown) => this.deps.log('live events: presence failed', err));
    });
    socket.on('disconnecting', () => {
      clearTimeout(this.expiries.get(socket.id));
      this.expiries.delete(socket.id);
      this.presence.gone(socket);
    });
    const rooms = roomsOfUser(socket.data.user);
    void this.dispatcher.catchUp(
      sinceOf(socket),
      async (missed) => {
        const events: LiveChangeEvent[] = [];
        for (const e of missed) {
          const to = await roomsOfEvent(this.deps.db, e);
          if (to.some((r) => rooms.includes(r))) events.push(toWire(e));
          // A record its company lost meanwhile: gone from its screens, and nothing more of it.
          else if (formerRoomsOf(e, to).some((r) => rooms.includes(r))) events.push(removalWire(e));
        }
        if (socket.disconnected) return;
        if (events.length > 0) socket.emit(LIVE_SERVER_EVENTS.eventualData, { Events: events });
        const settings = missed.filter((e) => e.entity === 'settings').at(-1);
        if (settings) socket.emit(LIVE_SERVER_EVENTS.config, { Sequence: settings.id });
      },
      ({ sequence, reload }) => {
        if (socket.disconnected) return;
        socket.join(rooms);
        socket.emit(LIVE_SERVER_EVENTS.sync, { Sequence: sequence, Reload: reload });
      },
    );
  }

  /** Sends one committed event to this process's sockets that may see it (each process reads the outbox). */
  private async broadcast(e: EventRow): Promise<void> {
    this.deps.observe?.(e);
    await this.closeUnlicensed();
    const local = this.io.local;
    const name = eventNameOf(e.entity);
    const wire = toWire(e);
    if (isCompanyRecord(e)) {
      // Staff (the planners) first, before the look-up of the record's company: a staff socket is in
      // no company room, so nobody gets the event twice.
      local.to(room.staff).emit(name, wire);
      const rooms = await companyRoomsOf(this.deps.db, e);
      if (rooms.length > 0) local.to(rooms).emit(name, wire);
      // The company that had the record before this change (another partner, another customer) is
      // told it is gone, with none of its new owner's data; a socket that still sees it is left out.
      const former = formerRoomsOf(e, rooms);
      if (former.length > 0)
        local
          .to(former)
          .except([room.staff, ...rooms])
          .emit(name, removalWire(e));
    } else {
      const rooms = await roomsOfEvent(this.deps.db, e);
      if (rooms.length > 0) local.to(rooms).emit(name, wire);
    }
    // Settings and licences are everyone's: each client reads its user info and lookups again.
    if (e.entity === 'settings') local.emit(LIVE_SERVER_EVENTS.config, { Sequence: e.id });
    if (e.entity === 'user') await this.endStaleSessions(Number(e.entityId));
    if (e.entity === 'session') await this.endSession(e.entityId);
  }

  /**
   * A user deactivated, or whose password changed, loses open sockets at once, not only at the next
   * handshake: they are told the session ended (the page signs out) and closed.
   */
  private async endStaleSessions(userId: number): Promise<void> {
    if (!Number.isInteger(userId)) return;
    const sockets = await this.io.local.in(room.user(userId)).fetchSockets();
    if (sockets.length === 0) return;
    const row = await findUserById(this.deps.db, userId);
    for (const s of sockets) {
      if (row?.isActive && row.sessionVersion === dataOf(s).sessionVersion) continue;
      this.end(s, 'session_ended');
    }
  }

  /**
   * Customer users and partners exist only while their portal licence is present (000 §6): once it is
   * removed, their open sockets are closed before the next event goes out, as their HTTP calls are
   * refused; the client's reconnect is then refused with licence_required like any new handshake.
   */
  private async closeUnlicensed(): Promise<void> {
    const licensed = await this.deps.guard.licensedTypes();
    if (ALL_USER_TYPES.every(licensed)) return;
    for (const s of await this.io.local.fetchSockets())
      if (dataOf(s).user && !licensed(dataOf(s).user.userTypeId)) s.disconnect(true);
  }

  /** A logout closes the sockets of that sign-in (and no other of the same user). */
  private async endSession(sessionId: string): Promise<void> {
    for (const s of await this.io.local.in(room.session(sessionId)).fetchSockets())
      this.end(s, 'session_ended');
  }
}
