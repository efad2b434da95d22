/**
 * The live-event hub's wire (002 §7.22): a Socket.IO server at `LIVE_EVENTS_PATH`, authenticated with
 * the access token in the handshake (`auth.token`, or the `access_token` query).
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
  /** The entity's own fields, e.g. `JobId` on job and appointment events. */
  [field: string]: unknown;
}

/** What the hub says besides change events. */
export const LIVE_SERVER_EVENTS = {
  connectionId: 'connectionid',
  /** Caught up: `{ Sequence, Reload }`; Reload when more was missed than is replayed (read everything again). */
  sync: 'sync',
  /** The server is stopping: `{ Message }`. */
  shutdown: 'shutdown',
  /** Reload the page: `{ UserIds }`, null for everyone. */
  refreshClients: 'refresh-clients',
  tasks: 'tasks',
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
