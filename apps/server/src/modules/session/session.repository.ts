import { and, count, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
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

/** A sign-in try, written before its password is checked (decision 058); its id. */
export async function takeSignInTry(db: Db, v: { account: string; address: string; at: Date }) {
  const [row] = await db
    .insert(signInFailures)
    .values({ account: v.account, address: v.address, failedAt: v.at })
    .returning({ id: signInFailures.id });
  return row!.id;
}

/**
 * The failed sign-ins since a time of an account, of an address and of the two together (with the
 * tries being checked now), leaving out the try `exceptId`; one statement over the two indexes.
 */
export async function signInFailureCounts(
  db: Db,
  v: { account: string; address: string; since: Date; exceptId?: number },
) {
  const t = signInFailures;
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${t.account} = ${v.account})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${t.address} = ${v.address})`.mapWith(Number),
      pair: sql<number>`count(*) filter (where ${t.account} = ${v.account} and ${t.address} = ${v.address})`.mapWith(
        Number,
      ),
    })
    .from(t)
    .where(
      and(
        or(eq(t.account, v.account), eq(t.address, v.address)),
        gt(t.failedAt, v.since),
        v.exceptId === undefined ? undefined : ne(t.id, v.exceptId),
      ),
    );
  return { account: row?.account ?? 0, address: row?.address ?? 0, pair: row?.pair ?? 0 };
}

/**
 * When the failures of an account from an address since a time fall below `below`: the time of the
 * `below`th newest (that one leaves the count first once the window has passed it), or null.
 */
export async function pairFailureAt(
  db: Db,
  v: { account: string; address: string; since: Date; below: number },
): Promise<Date | null> {
  const t = signInFailures;
  const [row] = await db
    .select({ at: t.failedAt })
    .from(t)
    .where(and(eq(t.account, v.account), eq(t.address, v.address), gt(t.failedAt, v.since)))
    .orderBy(desc(t.failedAt))
    .offset(v.below - 1)
    .limit(1);
  return row?.at ?? null;
}

/** A try that was refused unchecked does not count: its row goes. */
export async function dropSignInTry(db: Db, id: number) {
  await db.delete(signInFailures).where(eq(signInFailures.id, id));
}

/** A right password clears the failures of its account from its address (its own try's row too). */
export async function clearPairFailures(db: Db, account: string, address: string) {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.account, account), eq(signInFailures.address, address)));
}

/**
 * A new password (recovery, an Admin's) or a reactivation clears every failure of the account, from
 * every address. `account` is the e-mail; it is compared in lower case as sign-in writes it.
 */
export async function clearAccountFailures(db: Executor, email: string) {
  await db.delete(signInFailures).where(eq(signInFailures.account, email.trim().toLowerCase()));
}

/** Rows that no longer count (failed before `before`). */
export async function deleteStaleSignInFailures(db: Db, before: Date) {
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, before));
}
