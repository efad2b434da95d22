import { desc, eq, sql } from 'drizzle-orm';
import { supportLogs } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type SupportLogRow = typeof supportLogs.$inferSelect;
export type NewSupportLog = typeof supportLogs.$inferInsert;

/** A job's notes, newest first. */
export async function notesOfJob(db: Executor, jobId: number): Promise<SupportLogRow[]> {
  return db.select().from(supportLogs).where(eq(supportLogs.jobId, jobId)).orderBy(desc(supportLogs.id));
}

/** One note; `lock` holds its row for the change. */
export async function findNote(db: Executor, id: number, lock = false): Promise<SupportLogRow | undefined> {
  const q = db.select().from(supportLogs).where(eq(supportLogs.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function insertNote(db: Executor, values: NewSupportLog): Promise<SupportLogRow> {
  const [row] = await db.insert(supportLogs).values(values).returning();
  return row!;
}

/** A note's new text, stamped with the database's time. */
export async function updateNoteText(
  db: Executor,
  id: number,
  text: string,
  rowVersion?: number,
): Promise<SupportLogRow | undefined> {
  const [row] = await db
    .update(supportLogs)
    .set({ text, updatedAt: sql`now()`, rowVersion: nextVersion(supportLogs.rowVersion) })
    .where(versionedWhere(supportLogs.id, id, supportLogs.rowVersion, rowVersion))
    .returning();
  return row;
}
