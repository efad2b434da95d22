import { asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import { customerGroups, customers } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { nextFreeId } from '../common/numbers.repository.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type GroupRow = typeof customerGroups.$inferSelect;

/** Written out with table names: drizzle leaves columns unqualified in single-table queries. */
const customerCount = sql<number>`(select count(*)::int from ${customers} c where c.customer_group_id = ${customerGroups}.id)`;

const searchOf = (word: string | undefined) =>
  hasWord(word)
    ? or(ilike(customerGroups.name, containing(word)), sql`${customerGroups.id}::text = ${word.trim()}`)
    : undefined;

export async function listGroups(db: Executor, page: number, perPage: number, word: string | undefined) {
  const where = searchOf(word);
  const [rows, [total]] = await Promise.all([
    db
      .select({ group: customerGroups, customerCount })
      .from(customerGroups)
      .where(where)
      .orderBy(asc(customerGroups.name), asc(customerGroups.id))
      .limit(perPage)
      .offset(offsetOf(page, perPage)),
    db.select({ n: count() }).from(customerGroups).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findGroup(db: Executor, id: number) {
  const [row] = await db
    .select({ group: customerGroups, customerCount })
    .from(customerGroups)
    .where(eq(customerGroups.id, id));
  return row ?? null;
}

/** The id of a group the company gives none: one above the highest, never the same twice (migration 0010); the lowest free one when the highest is the largest id. */
export async function nextGroupId(db: Executor): Promise<number> {
  return nextFreeId(db, 'customer_group_ids', customerGroups, customerGroups.id);
}

export async function insertGroup(db: Executor, values: typeof customerGroups.$inferInsert) {
  const [row] = await db.insert(customerGroups).values(values).returning();
  return row!;
}

export async function updateGroup(
  db: Executor,
  id: number,
  values: Partial<typeof customerGroups.$inferInsert>,
  rowVersion?: number,
) {
  const where = versionedWhere(customerGroups.id, id, customerGroups.rowVersion, rowVersion);
  if (nothingToSet(values)) return (await db.select().from(customerGroups).where(where))[0];
  const [row] = await db
    .update(customerGroups)
    .set({ ...values, rowVersion: nextVersion(customerGroups.rowVersion) })
    .where(where)
    .returning();
  return row;
}

export async function deleteGroup(db: Executor, id: number) {
  await db.delete(customerGroups).where(eq(customerGroups.id, id));
}
