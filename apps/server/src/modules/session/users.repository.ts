import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`);
  return row ?? null;
}

/** The user linked to a Microsoft Entra identity (tenant id and object id, compared as lower-case). */
export async function findUserByEntraIdentity(
  db: Db,
  tenantId: string,
  objectId: string,
): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.entraTenantId, tenantId.toLowerCase()), eq(users.entraObjectId, objectId.toLowerCase())),
    );
  return row ?? null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** A new password ends every session: the session version moves on, refresh tokens are revoked by the caller. */
export async function setPassword(db: Executor, userId: number, passwordHash: string) {
  await db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}
