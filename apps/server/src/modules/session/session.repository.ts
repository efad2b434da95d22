import { and, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oneTimeCodes, refreshTokens, signInFailures } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export async function insertRefreshToken(
  db: Db,
  v: { userId: number; familyId: string; tokenHash: string; expiresAt: Date; userAgent: string | null },
) {
  await db.insert(refreshTokens).values(v);
}

export async function findRefreshToken(db: Db, tokenHash: string) {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row ?? null;
}

/** Marks a refresh token spent; false when another request spent it first (a race counts as reuse). */
export async function spendRefreshToken(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: at })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Executor, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: Executor, userId: number, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function countCodesSince(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), gt(oneTimeCodes.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertCode(
  db: Db,
  v: { userId: number; email: string; codeHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(oneTimeCodes).values(v);
}

/** The newest unspent code of an address: only the latest one counts. */
export async function latestCode(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.email, email), isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.id))
    .limit(1);
  return row ?? null;
}

/**
 * Takes one try of a code before it is compared, so that tries sent side by side cannot pass the
 * limit; false when the code has had its tries or is spent. A right code gives its try back.
 */
export async function takeTry(db: Db, id: number, max: number): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ failedTries: sql`${oneTimeCodes.failedTries} + 1` })
    .where(and(eq(oneTimeCodes.id, id), lt(oneTimeCodes.failedTries, max), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

export async function giveBackTry(db: Db, id: number) {
  await db
    .update(oneTimeCodes)
    .set({ failedTries: sql`${oneTimeCodes.failedTries} - 1` })
    .where(eq(oneTimeCodes.id, id));
}

export async function spendCode(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeCodes)
    .set({ usedAt: at })
    .where(and(eq(oneTimeCodes.id, id), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return rows.length === 1;
}

/** Whether a sign-in was ended (logged out, or its refresh token reused): its tokens are revoked. */
export async function isFamilyRevoked(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), sql`${refreshTokens.revokedAt} is not null`))
    .limit(1);
  return row !== undefined;
}

/** The sign-ins (families) revoked since a time: those whose access tokens may still be unexpired. */
export async function familiesRevokedSince(db: Db, since: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(gt(refreshTokens.revokedAt, since));
  return rows.map((r) => r.familyId);
}

/** The keys (account, address) that have failures counted, and whether each is locked at `now`. */
export async function signInFailuresOf(db: Db, keys: string[], now: Date) {
  return db
    .select({
      key: signInFailures.key,
      locked: sql<boolean>`coalesce(${signInFailures.lockedUntil} > ${now}, false)`,
    })
    .from(signInFailures)
    .where(inArray(signInFailures.key, keys));
}

/**
 * Counts one failed sign-in against each key in one statement, shared by every server process: a
 * key whose last failure is older than `quietMs`, or whose lock has run out, starts again at one;
 * the `max`th failure locks the key until `now + lockMs`.
 */
export async function recordSignInFailure(
  db: Db,
  keys: string[],
  now: Date,
  o: { max: number; lockMs: number; quietMs: number },
) {
  const t = signInFailures;
  const quietSince = new Date(now.getTime() - o.quietMs);
  const lockUntil = new Date(now.getTime() + o.lockMs);
  // In an ON CONFLICT update, the table's columns are the row before this failure.
  const failures = sql`case when ${t.lastFailedAt} <= ${quietSince} or ${t.lockedUntil} <= ${now} then 1 else ${t.failures} + 1 end`;
  await db
    .insert(t)
    .values(
      keys.map((key) => ({
        key,
        failures: 1,
        lastFailedAt: now,
        lockedUntil: o.max <= 1 ? lockUntil : null,
      })),
    )
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        lastFailedAt: now,
        lockedUntil: sql`case when ${failures} >= ${o.max} then ${lockUntil}::timestamptz else null end`,
      },
    });
}

/** A successful sign-in clears its account's count. */
export async function clearSignInFailures(db: Db, key: string) {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}

/** Rows that neither lock nor count any more (their last failure is older than `before`). */
export async function deleteStaleSignInFailures(db: Db, before: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.lastFailedAt, before));
}
