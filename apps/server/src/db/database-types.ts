import { join } from 'node:path';
import type { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type * as schema from './schema/index.ts';

/** One query API over both engines: drizzle's pg-core dialect is the same for PGlite and node-postgres. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onNotify` on each NOTIFY of the channel (after the notifying transaction commits); answers
   * the unsubscribe. The live-event hub is woken this way on both engines.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a small pool of its own on the same server, for what keeps connections open
   * (the live-event hub's cluster adapter between server processes). The caller ends it.
   */
  openPool?(max: number): pg.Pool;
  /** PostgreSQL only: the pool's connections now (the metrics' pool use). */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** The migrations, applied by both engines at start. */
export const migrationsFolder = join(import.meta.dirname, 'migrations');
