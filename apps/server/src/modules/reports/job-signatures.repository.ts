import { eq } from 'drizzle-orm';
import { jobSignatures } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export type JobSignatureRow = typeof jobSignatures.$inferSelect;

/** A job's signature, or null when it has none. */
export async function findSignature(db: Executor, jobId: number): Promise<JobSignatureRow | null> {
  const [row] = await db.select().from(jobSignatures).where(eq(jobSignatures.jobId, jobId));
  return row ?? null;
}

/** Who signed and when, without the image: what the history line of a replaced signature names. */
export async function findSigner(db: Executor, jobId: number) {
  const [row] = await db
    .select({ signerName: jobSignatures.signerName, signedAt: jobSignatures.signedAt })
    .from(jobSignatures)
    .where(eq(jobSignatures.jobId, jobId));
  return row ?? null;
}

/** Stores a job's signature; the job's earlier one, if any, is replaced (one per job). */
export async function saveSignature(db: Executor, row: JobSignatureRow): Promise<void> {
  const { jobId: _, ...rest } = row;
  await db.insert(jobSignatures).values(row).onConflictDoUpdate({ target: jobSignatures.jobId, set: rest });
}
