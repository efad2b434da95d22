/**
 * The live-event hub's wire (002 §7.22): a Socket.IO server at `LIVE_EVENTS_PATH`, authenticated with
 * the access token in the handshake's `auth.token` (never the URL's query: addresses are logged; issue 29).
 */
export const LIVE_EVENTS_PATH = '/eventNotifications';

export type LiveChangeType = 'New' | 'Change' | 'Delete';

/**
 * A change event, sent under its entity's name (`customer`, `machine`, `job`, `appointment`, …;
 * task events as `tasks`). `Sequence` is the event's place in the outbox: a client that reconnects
 * with the last one it saw (`auth.since`) is sent what it missed first, in order.
 */
export interface LiveChangeEvent {
  Sequence: number;
  Entity: string;
  EntityId: string;
  ChangeType: LiveChangeType;
  /** The entity's own fields, e.g. `JobId` (and `jobId`, as 002 §7.22 writes it) on job and appointment events. */
  [field: string]: unknown;
}

/** What the hub says besides change events. */
export const LIVE_SERVER_EVENTS = {
  connectionId: 'connectionid',
  /** Caught up: `{ Sequence, Reload }`; Reload when more was missed than is replayed (read everything again). */
  sync: 'sync',
  /** What a reconnecting client missed, in order, before `sync`: `{ Events: LiveChangeEvent[] }`. */
  eventualData: 'eventual-data',
  /** The server is stopping: `{ Message }`. */
  shutdown: 'shutdown',
  /** Reload the page: `{ UserIds }`, null for everyone. */
  refreshClients: 'refresh-clients',
  tasks: 'tasks',
  /** Settings or licences changed: read the user info and the lookups again. `{ Sequence }`. */
  config: 'config',
  /**
   * The socket's session cannot go on: `{ Code, Message }`, then the socket is closed. `token_expired`:
   * renew the access token once and reconnect; `session_ended`: signed out (as a second 401 would).
   */
  error: 'error',
  /** Someone arrived at or left the record this client shows: `LivePresenceChange`. */
  sharedRoute: 'sharedroute',
  /** Who else is on the record this client shows, after each `Route`: `LivePresenceList`. */
  sharedRouteList: 'sharedroutelist',
} as const;

/** The client's calls: `Route` with the active path and query, at start and on every route change. */
export const LIVE_CLIENT_EVENTS = { route: 'Route' } as const;

export interface LiveRoute {
  Path: string;
  Query: string;
}

export interface LiveSync {
  Sequence: number;
  Reload: boolean;
}

export interface LiveEventualData {
  Events: LiveChangeEvent[];
}

export type LiveErrorCode = 'token_expired' | 'session_ended';

export interface LiveError {
  Code: LiveErrorCode;
  Message: string;
}

/** One person's connection on a record (each open tab is one; a screen shows each user once). */
export interface LivePresence {
  ConnectionId: string;
  UserId: number;
  Name: string;
  UserTypeId: number;
}

export interface LivePresenceList {
  /** The record (`job:12`, `customer:3`, `machine:7`, `planner:2026-11-24`), null when none is shown. */
  Key: string | null;
  /** The others there that this user may see: never the client's own connection. */
  Users: LivePresence[];
}

export interface LivePresenceChange extends LivePresence {
  Key: string;
  Action: 'Joined' | 'Left';
}
