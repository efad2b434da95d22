import type { Server as HttpServer } from 'node:http';
import {
  LIVE_CLIENT_EVENTS,
  LIVE_EVENTS_PATH,
  LIVE_SERVER_EVENTS,
  type LiveRoute,
  serverMessage,
} from '@fieldport/contract';
import { Server, type Socket } from 'socket.io';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthGuard } from '../../http/auth-guard.ts';
import type { AuthUser } from '../../http/context.ts';
import { findUserById } from '../session/users.repository.ts';
import { companyRoomsOf, isCompanyRecord, room, roomsOfEvent, roomsOfUser } from './audience.ts';
import { Dispatcher } from './dispatcher.ts';
import type { EventRow } from './live-events.repository.ts';
import { eventNameOf, toWire } from './wire.ts';

interface SocketData {
  user: AuthUser;
  sessionVersion: number;
  /** The page the client shows (`Route`), kept per socket. */
  route: LiveRoute | null;
}
/** A socket let in: its data is set by the handshake check. */
type HubSocket = Socket & { data: SocketData };

const dataOf = (s: { data: unknown }) => s.data as SocketData;

const MAX_ROUTE_LENGTH = 2_000;

/** The sequence a reconnecting client last saw, from `auth.since` or the `since` query. */
function sinceOf(socket: Socket): number | null {
  const raw = socket.handshake.auth.since ?? socket.handshake.query.since;
  const n = Number(raw);
  return raw !== undefined && raw !== null && raw !== '' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

function tokenOf(socket: Socket): string | undefined {
  const fromAuth = socket.handshake.auth.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth.replace(/^Bearer\s+/i, '');
  const fromQuery = socket.handshake.query.access_token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined;
}

/**
 * The live-event hub (002 §7.22): Socket.IO at `/eventNotifications` on the API's HTTP server.
 * A socket is let in exactly when an HTTP call with the same token would be; it then gets the change
 * events of records its user may see (audience.ts), after what it missed since its last sequence.
 */
export class LiveHub {
  readonly io: Server;
  private readonly dispatcher: Dispatcher;
  private readonly deps: { db: Db; guard: AuthGuard; log: (msg: string, err: unknown) => void };

  constructor(
    server: HttpServer,
    deps: { db: Db; guard: AuthGuard; log: (msg: string, err: unknown) => void },
  ) {
    this.deps = deps;
    this.io = new Server(server, {
      // At the root beside /api2, not under the web app's BASE_PATH: it is part of the API.
      path: LIVE_EVENTS_PATH,
      serveClient: false,
      // Same origin only: the web app is served by this server.
      cors: undefined,
    });
    this.dispatcher = new Dispatcher(deps.db, {
      send: (e) => this.broadcast(e),
      log: deps.log,
    });
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

  /** New events are committed (a NOTIFY arrived). */
  wake(): void {
    this.dispatcher.wake();
  }

  /**
   * Graceful close: every client is told the server is stopping (in its user's language), then the
   * sockets are closed and the engine stops accepting new ones.
   */
  async shutdown(): Promise<void> {
    for (const s of await this.io.fetchSockets()) {
      s.emit(LIVE_SERVER_EVENTS.shutdown, {
        Message: serverMessage('server_shutdown', dataOf(s).user?.uiculture),
      });
    }
    await this.dispatcher.stop();
    this.io.disconnectSockets(true);
    // Each socket closes once its last packets are written; a second at most, then the rest are cut.
    for (let i = 0; i < 100 && this.io.engine.clientsCount > 0; i++)
      await new Promise((r) => setTimeout(r, 10));
    this.io.engine.close();
  }

  /** Reloads the clients of these users (null: everyone's) — e.g. after what changes the app itself. */
  refreshClients(userIds: number[] | null = null): void {
    const target = userIds ? this.io.to(userIds.map(room.user)) : this.io;
    target.emit(LIVE_SERVER_EVENTS.refreshClients, { UserIds: userIds });
  }

  /** Who is connected and what they show (for the Admin's view of sessions and for tests). */
  async clients(): Promise<{ userId: number; route: LiveRoute | null }[]> {
    const sockets = await this.io.fetchSockets();
    return sockets.map((s) => ({ userId: dataOf(s).user.id, route: dataOf(s).route }));
  }

  private async admit(socket: HubSocket): Promise<void> {
    const { user, sessionVersion } = await this.deps.guard.verify(tokenOf(socket));
    if (!(await this.deps.guard.licensed(user))) throw new AppError(403, 'licence_required');
    socket.data.user = user;
    socket.data.sessionVersion = sessionVersion;
    socket.data.route = null;
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
    socket.on(LIVE_CLIENT_EVENTS.route, (r: unknown) => {
      const { Path, Query } = (r ?? {}) as Partial<LiveRoute>;
      if (typeof Path !== 'string') return;
      socket.data.route = {
        Path: Path.slice(0, MAX_ROUTE_LENGTH),
        Query: typeof Query === 'string' ? Query.slice(0, MAX_ROUTE_LENGTH) : '',
      };
    });
    const rooms = roomsOfUser(socket.data.user);
    void this.dispatcher.catchUp(
      sinceOf(socket),
      async (missed) => {
        for (const e of missed) {
          if (socket.disconnected) return;
          const to = await roomsOfEvent(this.deps.db, e);
          if (to.some((r) => rooms.includes(r))) socket.emit(eventNameOf(e.entity), toWire(e));
        }
      },
      ({ sequence, reload }) => {
        if (socket.disconnected) return;
        socket.join(rooms);
        socket.emit(LIVE_SERVER_EVENTS.sync, { Sequence: sequence, Reload: reload });
      },
    );
  }

  private async broadcast(e: EventRow): Promise<void> {
    const name = eventNameOf(e.entity);
    const wire = toWire(e);
    if (isCompanyRecord(e)) {
      // Staff (the planners) first, before the look-up of the record's company: a staff socket is in
      // no company room, so nobody gets the event twice.
      this.io.to(room.staff).emit(name, wire);
      const rooms = await companyRoomsOf(this.deps.db, e);
      if (rooms.length > 0) this.io.to(rooms).emit(name, wire);
    } else {
      const rooms = await roomsOfEvent(this.deps.db, e);
      if (rooms.length > 0) this.io.to(rooms).emit(name, wire);
    }
    if (e.entity === 'user') await this.endStaleSessions(Number(e.entityId));
  }

  /**
   * A user deactivated, or whose password changed, loses open sockets at once, not only at the next
   * handshake: they are told to reload (which signs the page out) and closed.
   */
  private async endStaleSessions(userId: number): Promise<void> {
    if (!Number.isInteger(userId)) return;
    const sockets = await this.io.in(room.user(userId)).fetchSockets();
    if (sockets.length === 0) return;
    const row = await findUserById(this.deps.db, userId);
    for (const s of sockets) {
      if (row?.isActive && row.sessionVersion === dataOf(s).sessionVersion) continue;
      s.emit(LIVE_SERVER_EVENTS.refreshClients, { UserIds: [userId] });
      s.disconnect(true);
    }
  }
}
