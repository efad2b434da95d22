import type { SubJob } from '@fieldport/contract';

/**
 * A sub-job added in the editor but not saved yet carries a temporary id taken from the current time
 * (000 §4), in milliseconds; the server's ids are far below that. Several added at once get the
 * following milliseconds, and never one already `taken`, so each is its own.
 */
export function temporaryIds(
  count: number,
  now: number = Date.now(),
  taken: readonly number[] = [],
): number[] {
  const start = Math.max(now, ...taken.map((id) => id + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** Ids from the current time are above 10^12 (2001 on); a saved sub-job's id never is. */
const TEMPORARY_FROM = 1_000_000_000_000;

export const isTemporaryId = (id: number): boolean => id >= TEMPORARY_FROM;

/** 000 §3: a sub-job's flag is 0 ok, 1 notice, above 1 problem. */
export type FlagLevel = 'ok' | 'notice' | 'problem';

export const FLAG_LEVELS: readonly FlagLevel[] = ['ok', 'notice', 'problem'];

export const flagLevel = (flag: number): FlagLevel => (flag <= 0 ? 'ok' : flag === 1 ? 'notice' : 'problem');

/** The value a level is set with (a problem is 2). */
export const flagValue = (level: FlagLevel): number => FLAG_LEVELS.indexOf(level);

/**
 * The body of MachineJob/change/{id}: the sub-job's fields as they are, with the change, against the
 * row version it was read at, so a concurrent edit is refused (409) instead of overwritten.
 */
export const changeBody = (sub: SubJob, change: Partial<SubJob>) => {
  const next = { ...sub, ...change };
  return {
    CustomerComment: next.CustomerComment,
    TechnicianComment: next.TechnicianComment,
    InvoiceComment: next.InvoiceComment,
    WarrentyTypeId: next.WarrentyTypeId,
    RepairPlaceId: next.RepairPlaceId,
    JobCategoryId: next.JobCategoryId,
    SupplierFailureCodeId: next.SupplierFailureCodeId,
    NoInvoice: next.NoInvoice,
    RowVersion: sub.RowVersion,
  };
};
