import type { Db } from '../../db/database.ts';
import { supportTickets } from '../../db/schema/index.ts';

export async function insertTicket(
  db: Db,
  v: { userId: number; subject: string; optionalMessage: string; ccMe: boolean; errorLog: unknown },
) {
  const [row] = await db.insert(supportTickets).values(v).returning({ id: supportTickets.id });
  return row!.id;
}
