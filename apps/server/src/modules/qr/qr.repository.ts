import { and, eq, inArray } from 'drizzle-orm';
import { machines, qrCodes } from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { machineScope } from '../common/scope.ts';

/** Stores new codes; answers those that were free (a clash with an earlier code is skipped). */
export async function insertCodes(db: Executor, codes: string[], createdBy: number): Promise<string[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .insert(qrCodes)
    .values(codes.map((code) => ({ code, createdBy })))
    .onConflictDoNothing()
    .returning({ code: qrCodes.code });
  return rows.map((r) => r.code);
}

/** Codes of the list that a machine already carries (imported or typed in by hand). */
export async function codesOnMachines(db: Executor, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: machines.qrcode })
    .from(machines)
    .where(inArray(machines.qrcode, codes));
  return new Set(rows.map((r) => r.code ?? ''));
}

export async function machineByCode(db: Executor, code: string, viewer: AuthUser | null) {
  const [row] = await db
    .select({
      id: machines.id,
      name: machines.name,
      customerId: machines.customerId,
      labelNonce: machines.labelNonce,
      labelTokenHash: machines.labelTokenHash,
    })
    .from(machines)
    .where(and(eq(machines.qrcode, code), viewer ? machineScope(viewer) : undefined))
    .limit(1);
  return row ?? null;
}

/**
 * Keeps the hash of the label token handed out for a machine's nonce (decision 087); nothing when the
 * nonce has been replaced meanwhile ("New label link" writes its own).
 */
export async function keepLabelTokenHash(db: Executor, machineId: number, nonce: string, hash: string) {
  await db
    .update(machines)
    .set({ labelTokenHash: hash })
    .where(and(eq(machines.id, machineId), eq(machines.labelNonce, nonce)));
}

export async function codeIssued(db: Executor, code: string) {
  const [row] = await db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.code, code));
  return !!row;
}
