import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import type { Executor } from './db.ts';

/**
 * A repository's hot reads as drizzle prepared statements, built once per database instead of on
 * every call (building a wide select's text cost more CPU than PostgreSQL spent running it), and
 * prepared by name so PostgreSQL plans each once per connection. Answers null inside a transaction,
 * where the caller builds its query as usual.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Executor) => T | null {
  const made = new WeakMap<Db, T>();
  return (db) => {
    if (db instanceof PgTransaction) return null;
    let statements = made.get(db as Db);
    if (!statements) {
      statements = make(db as Db);
      made.set(db as Db, statements);
    }
    return statements;
  };
}
