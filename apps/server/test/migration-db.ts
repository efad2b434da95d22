import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export const migrations = join(import.meta.dirname, '../src/db/migrations');

/** The migrations folder as it was before migration `idx` (that one and later ones left out). */
export function migrationsBefore(idx: number) {
  return migrationsWithout((e) => e >= idx);
}

/** The migrations folder without the migrations whose index `left` picks. */
export function migrationsWithout(left: (idx: number) => boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'fp-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  for (const e of journal.entries.filter((e) => left(e.idx))) rmSync(join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.filter((e) => !left(e.idx));
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export /** A fresh database of the engine with a query function and a migrator over a given folder. */
async function emptyDatabase(
  engine: 'pglite' | 'postgres',
  /** PGlite only: keep the database in this folder's `pglite` (where a server's DATA_DIR keeps it). */
  dataDir?: string,
) {
  if (engine === 'pglite') {
    const client = new PGlite(dataDir ? join(dataDir, 'pglite') : undefined);
    const db = drizzlePglite({ client });
    return {
      query: async (text: string) => (await client.query<Record<string, unknown>>(text)).rows,
      exec: async (text: string) => {
        await client.exec(text);
      },
      migrate: (folder: string) => migratePglite(db, { migrationsFolder: folder }),
      close: () => client.close(),
      url: undefined,
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `fp_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const db = drizzlePg({ client: pool });
  return {
    query: async (text: string) => (await pool.query(text)).rows as Record<string, unknown>[],
    exec: async (text: string) => {
      await pool.query(text);
    },
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    /** The database's address, for a test server on it. */
    url: url.toString(),
    close: async () => {
      // pool.end() answers before its connections have closed: dropping the database with force while
      // one is still open ends it with an error nobody listens to. Wait until they are gone.
      await pool.end();
      for (let i = 0; i < 100; i++) {
        const { rows } = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
