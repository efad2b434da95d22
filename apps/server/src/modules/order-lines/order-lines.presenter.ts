import { isStaff, lineAmounts, type OrderLine } from '@fieldport/contract';
import type { AuthUser } from '../common/caller.ts';
import type { LineRow } from './order-lines.repository.ts';

/** The decimals of a line as its amounts take them. */
export const decimalsOf = (l: LineRow['line']) => ({
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  discountPercent: l.discountPercent,
  vatPercent: l.vatPercent,
});

/** An order line on the wire; CostPrice is the staff's only (customers and partners get null). */
export function presentLine(row: LineRow, user: AuthUser): OrderLine {
  const l = row.line;
  return {
    Id: l.id,
    ParentJobId: l.parentJobId,
    JobId: l.jobId,
    ArticleId: l.articleId,
    ArticleNumber: l.articleNumber,
    Description: l.description,
    Unit: l.unit,
    Quantity: Number(l.quantity),
    UnitPrice: Number(l.unitPrice),
    CostPrice: isStaff(user.userTypeId) ? Number(l.costPrice) : null,
    DiscountPercent: Number(l.discountPercent),
    VatPercent: Number(l.vatPercent),
    AmountExclVat: Number(lineAmounts(decimalsOf(l)).amountExclVat),
    StoreId: l.storeId,
    StoreName: row.storeName,
    IsTime: l.isTime,
    UserId: l.userId,
    UserName: row.userName,
    WorkDate: l.workDate,
    NoInvoice: l.noInvoice,
    LinkedToLineId: l.linkedToLineId,
    Position: l.position,
    Comment: l.comment,
    RowVersion: l.rowVersion,
  };
}
