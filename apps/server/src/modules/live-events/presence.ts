import {
  LIVE_SERVER_EVENTS,
  type LivePresence,
  type LivePresenceChange,
  type LivePresenceList,
  type LiveRoute,
  presenceKeyOf,
  STAFF,
} from '@fieldport/contract';
import type { Server } from 'socket.io';
import type { AuthUser } from '../common/caller.ts';
import { room, roomsOfUser } from './audience.ts';

/** What presence keeps on a socket. */
export interface PresenceData {
  user: AuthUser;
  /** The record the socket's page shows (presenceKeyOf), null for none. */
  presenceKey: string | null;
}

interface PresenceSocket {
  id: string;
  data: PresenceData;
  join(rooms: string[]): unknown;
  leave(room: string): unknown;
  emit(event: string, data: unknown): unknown;
}

const MAX_ROUTE_LENGTH = 2_000;

const isStaff = (u: AuthUser) => (STAFF as readonly number[]).includes(u.userTypeId);

/**
 * Whose people a user may see on a record: staff see everyone; a customer user or a partner only the
 * people of its own company (its company room; a user of no company only itself).
 */
const circleOf = (u: AuthUser): string =>
  isStaff(u) ? room.staff : (roomsOfUser(u).find((r) => r !== room.user(u.id)) ?? room.user(u.id));

/** Rooms per record: every socket on it, and those of one circle. */
const rooms = {
  all: (key: string) => `presence:${key}`,
  circle: (key: string, circle: string) => `presence:${key}:${circle}`,
};

/** A valid `Route` invocation, or null for junk (ignored, never echoed). */
export function routeOf(raw: unknown): LiveRoute | null {
  if (!raw || typeof raw !== 'object') return null;
  const { Path, Query } = raw as Record<string, unknown>;
  if (typeof Path !== 'string' || Path.length > MAX_ROUTE_LENGTH) return null;
  if (Query !== undefined && Query !== null && (typeof Query !== 'string' || Query.length > MAX_ROUTE_LENGTH))
    return null;
  return { Path, Query: typeof Query === 'string' ? Query : '' };
}

const personOf = (s: { id: string; data: PresenceData }): LivePresence => ({
  ConnectionId: s.id,
  UserId: s.data.user.id,
  Name: s.data.user.name,
  UserTypeId: s.data.user.userTypeId,
});

/**
 * Who is on which record (002 §7.22 sharedroute, sharedroutelist): each socket joins the rooms of the
 * record its page shows; arrivals and departures go to the people there who may see the person, and
 * a socket that arrives is told who else is there. Rooms span every server process when the hub runs
 * on PostgreSQL (the cluster adapter), so the people on one record are found whichever process they
 * are connected to.
 */
export class Presence {
  private readonly io: Server;
  private readonly today: () => Promise<string>;

  constructor(io: Server, today: () => Promise<string>) {
    this.io = io;
    this.today = today;
  }

  /** The socket's page changed: leave the old record, join the new one, and say who is there. */
  async moved(socket: PresenceSocket, route: LiveRoute): Promise<void> {
    const key = presenceKeyOf(route.Path, route.Query, await this.today());
    const before = socket.data.presenceKey;
    if (key !== before) {
      if (before) this.leave(socket, before);
      socket.data.presenceKey = key;
      if (key) {
        socket.join([rooms.all(key), rooms.circle(key, circleOf(socket.data.user))]);
        this.announce(socket, key, 'Joined');
      }
    }
    const list: LivePresenceList = { Key: key, Users: key ? await this.others(socket, key) : [] };
    // The page may have moved on while the list was read: only the current record's list is sent.
    if (socket.data.presenceKey === key) socket.emit(LIVE_SERVER_EVENTS.sharedRouteList, list);
  }

  /** The socket is going away: the people on its record are told. */
  gone(socket: PresenceSocket): void {
    const key = socket.data.presenceKey;
    if (key) this.leave(socket, key);
    socket.data.presenceKey = null;
  }

  private leave(socket: PresenceSocket, key: string): void {
    socket.leave(rooms.all(key));
    socket.leave(rooms.circle(key, circleOf(socket.data.user)));
    this.announce(socket, key, 'Left');
  }

  /** To the staff on the record and to the person's own circle there, never to the socket itself. */
  private announce(socket: PresenceSocket, key: string, Action: LivePresenceChange['Action']): void {
    const circle = circleOf(socket.data.user);
    const to = [...new Set([rooms.circle(key, room.staff), rooms.circle(key, circle)])];
    const change: LivePresenceChange = { Key: key, Action, ...personOf(socket) };
    this.io.to(to).except(socket.id).emit(LIVE_SERVER_EVENTS.sharedRoute, change);
  }

  private async others(socket: PresenceSocket, key: string): Promise<LivePresence[]> {
    const viewer = socket.data.user;
    const from = isStaff(viewer) ? rooms.all(key) : rooms.circle(key, circleOf(viewer));
    const there = await this.io.in(from).fetchSockets();
    return there
      .filter((s) => s.id !== socket.id)
      .map((s) => personOf(s as unknown as { id: string; data: PresenceData }));
  }
}
