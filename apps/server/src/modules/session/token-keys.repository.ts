import { asc, sql } from 'drizzle-orm';
import { tokenKeys } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** The channel a new key is announced on: every process reads the keys again. */
export const TOKEN_KEYS_CHANNEL = 'token_keys';
/** The transaction lock that lets one process make the first key when several start together. */
const FIRST_KEY_LOCK = 0x6670_746b; // 'fptk'

export interface TokenKey {
  id: string;
  secret: string;
}

const asKeys = (rows: { id: number; secret: string }[]): TokenKey[] =>
  rows.map((r) => ({ id: String(r.id), secret: r.secret }));

/** Every signing key, oldest first. */
export async function readTokenKeys(db: Executor): Promise<TokenKey[]> {
  return asKeys(await db.select().from(tokenKeys).orderBy(asc(tokenKeys.id)));
}

/** The keys, making the first one from `first()` when there is none (once, whatever the processes). */
export async function ensureTokenKeys(
  db: { transaction<T>(run: (tx: Executor) => Promise<T>): Promise<T> },
  first: () => string,
): Promise<TokenKey[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK})`);
    const keys = await readTokenKeys(tx);
    if (keys.length) return keys;
    await tx.insert(tokenKeys).values({ secret: first() });
    return readTokenKeys(tx);
  });
}

/** A new newest key, announced to every process when the transaction commits. */
export async function addTokenKey(db: Executor, secret: string): Promise<void> {
  await db.insert(tokenKeys).values({ secret });
  await db.execute(sql`select pg_notify(${TOKEN_KEYS_CHANNEL}, '')`);
}
