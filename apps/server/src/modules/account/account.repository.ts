import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion } from '../common/row-version.ts';

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  uiculture: users.uiculture,
};

export type AccountRow = { id: number; name: string; email: string; phone: string; uiculture: string };
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
