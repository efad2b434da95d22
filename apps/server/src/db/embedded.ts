import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import lockfile from 'proper-lockfile';
import { type Database, type Db, migrationsFolder } from './database-types.ts';
import * as schema from './schema/index.ts';

/* The embedded database (PGlite) in DATA_DIR, and the lock that keeps a second process out of it. */

export class DataDirLockedError extends Error {}

/**
 * The embedded database in DATA_DIR, locked against a second process (see lockDataDir). PGlite
 * itself keeps nothing that outlives a killed process.
 */
export async function openEmbedded(
  dataDir: string | null,
  /** In memory only: start from this data folder (embeddedSnapshot's) instead of a new one. */
  loadDataDir?: Blob,
): Promise<Database> {
  let release: (() => Promise<void>) | undefined;
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = await lockDataDir(dataDir);
    try {
      client = new PGlite(dir);
    } catch (err) {
      await release();
      throw err;
    }
  } else {
    client = new PGlite(loadDataDir ? { loadDataDir } : {});
  }
  await client.waitReady;
  takeTurnsWithTheEventLoop(client);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    // PGlite delivers its own connection's notifications in process.
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}

/**
 * A new in-memory embedded database with every migration applied, as PGlite's data folder (a tar
 * file). Opening from it skips PGlite's first start and the migrations: the integration tests start
 * each file's database from one (test/global-setup.ts).
 */
export async function embeddedSnapshot(): Promise<Blob> {
  const client = new PGlite();
  await client.waitReady;
  await migratePglite(drizzlePglite({ client, schema, casing: 'snake_case' }) as never, { migrationsFolder });
  const tar = await client.dumpDataDir('none');
  await client.close();
  return tar;
}

/**
 * PGlite runs each query synchronously on this thread and hands the next waiting one its turn in a
 * promise, so a backlog of queries ran back to back without the event loop turning: under load the
 * server took one or two new connections a second (docs/reliability.md). Here each query and each
 * transaction waits its turn in one queue and the event loop turns (setImmediate) before it starts,
 * so connections are accepted and requests read between two queries.
 */
function takeTurnsWithTheEventLoop(client: PGlite) {
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    ((...args: A) => {
      const turn = last.then(() => new Promise<void>((r) => setImmediate(r))).then(() => run(...args));
      last = turn.catch(() => undefined);
      return turn;
    }) as (...args: A) => Promise<R>;
  client.query = inTurn(client.query.bind(client)) as PGlite['query'];
  client.exec = inTurn(client.exec.bind(client)) as PGlite['exec'];
  client.transaction = inTurn(client.transaction.bind(client)) as PGlite['transaction'];
}

/** Who holds a data folder: written beside the lock once it is taken. */
interface LockHolder {
  pid: number;
  hostname: string;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive, but another user's.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function holderOf(file: string): LockHolder | null {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return typeof h.pid === 'number' && typeof h.hostname === 'string' ? (h as LockHolder) : null;
  } catch {
    return null;
  }
}

/**
 * Locks DATA_DIR against a second process (proper-lockfile: a lock directory whose time the holder
 * renews every 5 s, stale after 15 s). The holder's pid is kept beside it, so a lock left by a killed
 * process of this machine (kill -9, a crash) is taken over at once instead of after 15 s; a live
 * holder gets a message naming it. A holder on another machine (a shared folder) still ends by the
 * lock going stale.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, 'server.lock');
  const holderPath = join(dataDir, 'server.lock.json');
  const take = () => lockfile.lock(dataDir, { lockfilePath: lockPath, stale: 15_000, update: 5_000 });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const holder = holderOf(holderPath);
    const deadHere =
      holder && holder.hostname === hostname() && holder.pid !== process.pid && !isAlive(holder.pid);
    if (!deadHere) {
      const who = holder ? ` (process ${holder.pid} on ${holder.hostname})` : '';
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Fieldport process${who}. Stop it, or set DATA_DIR to another folder.`,
      );
    }
    rmSync(lockPath, { recursive: true, force: true });
    try {
      release = await take();
    } catch {
      throw new DataDirLockedError(
        `The data folder ${dataDir} is in use by another Fieldport process. Stop it, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(holderPath, JSON.stringify({ pid: process.pid, hostname: hostname() } satisfies LockHolder));
  return async () => {
    rmSync(holderPath, { force: true });
    await release();
  };
}
