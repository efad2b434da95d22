import { count, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { mailLog } from '../../db/schema/index.ts';

/** One line of the mail log: every message, sent, failed or only recorded. */
export async function insertMailLog(db: Db, entry: typeof mailLog.$inferInsert) {
  await db.insert(mailLog).values(entry);
}

export async function listMail(db: Db, page: number, perPage: number, search: string | undefined) {
  const where = search
    ? sql`(${mailLog.to} ilike ${`%${search}%`} or ${mailLog.subject} ilike ${`%${search}%`})`
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailLog)
      .where(where)
      .orderBy(desc(mailLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(mailLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
