import { openEmbedded } from './embedded.ts';
import { openPostgres } from './postgres.ts';

/**
 * The database: PGlite in DATA_DIR by default (`embedded.ts`), a PostgreSQL server when DATABASE_URL is
 * set (`postgres.ts`), one query API over both (`database-types.ts`).
 */
export type { Database, Db } from './database-types.ts';
export { DataDirLockedError, embeddedSnapshot, openEmbedded } from './embedded.ts';
export { openPostgres, PLAN_WITH_VALUES, planOnce } from './postgres.ts';

export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  onPoolError?: (e: Error) => void;
}) {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.onPoolError) : openEmbedded(opts.dataDir);
}
