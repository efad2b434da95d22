import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { Executor } from './db.ts';

/** Whose key: the caller, the call (method and declared path) and the key the caller chose. */
export interface KeyScope {
  userId: number;
  route: string;
  key: string;
}

const byScope = (s: KeyScope) =>
  and(
    eq(idempotencyKeys.userId, s.userId),
    eq(idempotencyKeys.route, s.route),
    eq(idempotencyKeys.key, s.key),
  );

/**
 * Reserves a key for a request: inserts it, or takes over a row whose 24 hours are over, or one left by
 * a request that wrote nothing and never answered before `abandonedBefore` (its process died). Answers
 * false when the key is held (by a request running now or by a first answer): the primary key makes two
 * concurrent reservations of one key end with exactly one holder.
 */
export async function reserveKey(
  db: Db,
  s: KeyScope & { requestHash: string; now: Date; expiresAt: Date; abandonedBefore: Date },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId: s.userId,
      route: s.route,
      key: s.key,
      requestHash: s.requestHash,
      createdAt: s.now,
      expiresAt: s.expiresAt,
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.route, idempotencyKeys.key],
      set: {
        requestHash: s.requestHash,
        statusCode: null,
        body: null,
        contentType: null,
        written: false,
        createdAt: s.now,
        expiresAt: s.expiresAt,
      },
      setWhere: or(
        lte(idempotencyKeys.expiresAt, s.now),
        and(
          isNull(idempotencyKeys.statusCode),
          eq(idempotencyKeys.written, false),
          lte(idempotencyKeys.createdAt, s.abandonedBefore),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(db: Db, s: KeyScope) {
  const [row] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      body: idempotencyKeys.body,
      contentType: idempotencyKeys.contentType,
      written: idempotencyKeys.written,
      createdAt: idempotencyKeys.createdAt,
    })
    .from(idempotencyKeys)
    .where(byScope(s));
  return row ?? null;
}

/** Marks, in the transaction of the request's change, that the change was written (see reserveKey). */
export async function markWritten(tx: Executor, s: KeyScope) {
  await tx.update(idempotencyKeys).set({ written: true }).where(byScope(s));
}

/** Keeps the first answer of a reserved key, to be sent again for a repeat. */
export async function saveAnswer(
  db: Db,
  s: KeyScope,
  answer: { statusCode: number; body: string; contentType: string | null },
) {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(byScope(s), isNull(idempotencyKeys.statusCode)));
}

/** Frees a reserved key whose request was refused or failed: nothing was created, a retry may run. */
export async function releaseKey(db: Db, s: KeyScope) {
  await db.delete(idempotencyKeys).where(and(byScope(s), isNull(idempotencyKeys.statusCode)));
}

/** Removes the keys whose 24 hours are over (run now and then; a reservation also takes them over). */
export async function deleteExpiredKeys(db: Db, now: Date): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, now))
    .returning({ n: sql<number>`1` });
  return rows.length;
}
