import { statusLinks } from '../../db/schema/index.ts';
import type { Executor } from '../../modules/common/db.ts';
import { statusLinkPolicy } from '../../modules/status-links/status-links.policy.ts';

/** A status link of a job (decision 072): its token, of which only the hash is stored. */
export async function createStatusLink(
  db: Executor,
  jobId: number,
  opts: { revokedAt?: Date } = {},
): Promise<string> {
  const token = statusLinkPolicy.newToken();
  await db.insert(statusLinks).values({
    jobId,
    tokenHash: statusLinkPolicy.hashOf(token),
    createdAt: new Date(),
    revokedAt: opts.revokedAt ?? null,
  });
  return token;
}
