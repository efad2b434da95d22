import { and, desc, eq, gt, inArray, isNull, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion } from '../common/row-version.ts';

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  uiculture: users.uiculture,
  /** The version of the first-time message put away, kept in the user's preferences (decision 074). */
  firstTimeSeen: sql<number>`coalesce((${users.preferences}->>'FirstTimeMessageSeen')::int, 0)`,
};

export type AccountRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  uiculture: string;
  firstTimeSeen: number;
};
export type AccountChange = Partial<Pick<AccountRow, 'name' | 'phone' | 'uiculture'>>;

/** The signed-in user's own account row, or null when the user is gone. */
export async function findAccount(db: Db, userId: number): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** Changes the own name, phone or language; answers the row after, or null when the user is gone. */
export async function updateAccount(
  db: Executor,
  userId: number,
  values: AccountChange,
): Promise<AccountRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date(), rowVersion: nextVersion(users.rowVersion) })
    .where(eq(users.id, userId))
    .returning(accountColumns);
  return row ?? null;
}

/**
 * Remembers which version of the first-time message the user put away (0: show it again), in the
 * user's preferences. Not a change of the account others edit: its row version stays.
 */
export async function setFirstTimeSeen(
  db: Executor,
  userId: number,
  version: number,
): Promise<AccountRow | null> {
  const [row] = await db
    .update(users)
    .set({
      preferences: sql`${users.preferences} || jsonb_build_object('FirstTimeMessageSeen', ${version}::int)`,
    })
    .where(eq(users.id, userId))
    .returning(accountColumns);
  return row ?? null;
}

/** The own password's hash, to check the current password before a change; null when the user is gone. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/**
 * Sets the own password. The session version stays, so the caller's sign-in goes on; the others are
 * ended by revoking their refresh-token families (`endFamilies`).
 */
export async function setOwnPassword(db: Executor, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export type SessionRow = { familyId: string; started: Date; lastUsed: Date; userAgent: string | null };

/** A refresh token that can still be exchanged: the head of a live sign-in (one per family). */
const liveToken = (userId: number, now: Date) =>
  and(
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    isNull(refreshTokens.usedAt),
    gt(refreshTokens.expiresAt, now),
  );

/** How many of a user's sign-ins are listed at most (each browser that signed in is one). */
const SESSIONS_LISTED = 200;

/**
 * The user's live sign-ins, the most recently used first: each family's live token tells when it was
 * last renewed and from which browser; the family's first token when it started.
 */
export async function liveSessions(db: Db, userId: number, now: Date): Promise<SessionRow[]> {
  const heads = await db
    .select({
      familyId: refreshTokens.familyId,
      lastUsed: refreshTokens.createdAt,
      userAgent: refreshTokens.userAgent,
    })
    .from(refreshTokens)
    .where(liveToken(userId, now))
    .orderBy(desc(refreshTokens.createdAt), desc(refreshTokens.id))
    .limit(SESSIONS_LISTED);
  if (heads.length === 0) return [];
  const starts = await db
    .select({ familyId: refreshTokens.familyId, started: min(refreshTokens.createdAt) })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        inArray(
          refreshTokens.familyId,
          heads.map((h) => h.familyId),
        ),
      ),
    )
    .groupBy(refreshTokens.familyId);
  const startOf = new Map(starts.map((s) => [s.familyId, s.started]));
  return heads.map((h) => ({ ...h, started: startOf.get(h.familyId) ?? h.lastUsed }));
}

/** The user's live sign-ins other than `keep` (every one when `keep` is not given). */
export async function liveFamiliesOf(
  db: Executor,
  userId: number,
  now: Date,
  keep?: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(liveToken(userId, now), keep ? ne(refreshTokens.familyId, keep) : undefined));
  return rows.map((r) => r.familyId);
}

/**
 * Ends sign-ins of one user: their refresh tokens are revoked. Only the user's own families are
 * touched; answers those that had a live token, so another user's id, or an ended one, ends nothing.
 */
export async function endFamilies(
  db: Executor,
  userId: number,
  familyIds: string[],
  now: Date,
): Promise<string[]> {
  if (familyIds.length === 0) return [];
  const live = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(and(liveToken(userId, now), inArray(refreshTokens.familyId, familyIds)));
  const ended = live.map((r) => r.familyId);
  if (ended.length === 0) return [];
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        inArray(refreshTokens.familyId, ended),
        isNull(refreshTokens.revokedAt),
      ),
    );
  return ended;
}
