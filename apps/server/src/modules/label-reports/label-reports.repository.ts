import { and, count, eq, gte, or } from 'drizzle-orm';
import { customers, labelReports, machines } from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { machineScope } from '../common/scope.ts';
import { labelTokenHash } from '../machines/label-token.ts';

/**
 * The machine a label token names, if it takes reports from its label: active, not left out
 * (decision 070), and its customer's labels on (decision 085). `viewer` narrows it to a signed-in caller's machines.
 * Found by the token's SHA-256: the current token's, or the one printed before migration 0040 (decision 087).
 */
export async function machineOfLabel(db: Executor, token: string, viewer?: AuthUser) {
  const hash = labelTokenHash(token);
  const [row] = await db
    .select({ id: machines.id, name: machines.name, customerId: machines.customerId })
    .from(machines)
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .where(
      and(
        or(eq(machines.labelTokenHash, hash), eq(machines.labelLegacyHash, hash)),
        eq(machines.isActive, true),
        eq(machines.labelReportsExcluded, false),
        eq(customers.labelReportsEnabled, true),
        viewer ? machineScope(viewer) : undefined,
      ),
    );
  return row ?? null;
}

/** Reports accepted since `since`, from one label and from one address. */
export async function recentReports(db: Executor, machineId: number, address: string, since: Date) {
  const [label] = await db
    .select({ n: count() })
    .from(labelReports)
    .where(and(eq(labelReports.machineId, machineId), gte(labelReports.reportedAt, since)));
  const [from] = await db
    .select({ n: count() })
    .from(labelReports)
    .where(and(eq(labelReports.address, address), gte(labelReports.reportedAt, since)));
  return { label: label?.n ?? 0, address: from?.n ?? 0 };
}

export async function insertLabelReport(db: Executor, row: typeof labelReports.$inferInsert) {
  await db.insert(labelReports).values(row);
}
