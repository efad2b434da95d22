import type { OrderLine, SubJobLines } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { type OrderOf, orderOf } from './order-access.ts';
import { presentLine } from './order-lines.presenter.ts';
import * as repo from './order-lines.repository.ts';

/** One line in the caller's scope, of the kind asked (a part line is no time line); else 404. */
export async function readLine(
  db: Db,
  caller: Caller,
  id: number,
  kind: 'part' | 'time' | 'any',
): Promise<OrderLine> {
  const row = await repo.findLine(db, id);
  const wrongKind = row && ((kind === 'part' && row.line.isTime) || (kind === 'time' && !row.line.isTime));
  if (!row || wrongKind) throw recordNotFound(caller, 'object_order_line', id);
  await orderOf(db, caller, row.line.jobId).catch(() => {
    throw recordNotFound(caller, 'object_order_line', id);
  });
  return presentLine(row, caller);
}

/**
 * The lines of a job's order per machine sub-job (one group per sub-job that is not deleted); of the
 * sub-job only when a sub-job's id is given (unless `wholeOrder`). A job without an order has none.
 */
export async function groupedLines(
  db: Db,
  caller: Caller,
  jobId: number,
  isTime?: boolean,
  wholeOrder = false,
): Promise<{ order: OrderOf; groups: SubJobLines[] }> {
  const order = await orderOf(db, caller, jobId);
  if (!order.hasOrder) return { order, groups: [] };
  const only = order.job.parentId === null || wholeOrder ? undefined : order.job.id;
  const [subJobs, rows] = await Promise.all([
    repo.subJobsOfOrder(db, order.parent.id),
    repo.linesOfOrder(db, order.parent.id, {
      ...(isTime === undefined ? {} : { isTime }),
      ...(only ? { jobId: only } : {}),
    }),
  ]);
  const groups = subJobs
    .filter((s) => only === undefined || s.id === only)
    .map((s) => ({
      JobId: s.id,
      ParentJobId: order.parent.id,
      MachineId: s.machineId,
      MachineName: s.machineName ?? '',
      JobStatusId: s.jobStatusId,
      NoInvoice: s.noInvoice,
      Lines: rows.filter((r) => r.line.jobId === s.id).map((r) => presentLine(r, caller)),
    }));
  return { order, groups };
}
