import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { storedFileParts } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** One part of a stored file (the PostgreSQL file store); parts are numbered from 0. */
export async function insertFilePart(db: Executor, path: string, part: number, data: Buffer): Promise<void> {
  await db.insert(storedFileParts).values({ path, part, data });
}

/** The parts `from` to `from + count - 1` of a stored file, in order (fewer at its end, none when missing). */
export async function readFileParts(
  db: Executor,
  path: string,
  from: number,
  count: number,
): Promise<Buffer[]> {
  const rows = await db
    .select({ data: storedFileParts.data })
    .from(storedFileParts)
    .where(
      and(
        eq(storedFileParts.path, path),
        gte(storedFileParts.part, from),
        lt(storedFileParts.part, from + count),
      ),
    )
    .orderBy(asc(storedFileParts.part));
  return rows.map((r) => r.data);
}

/** Removes a stored file, every part of it. */
export async function deleteFileParts(db: Executor, path: string): Promise<void> {
  await db.delete(storedFileParts).where(eq(storedFileParts.path, path));
}
