import { isStaff, languageOf, lineAmounts, localName, type OrderLine } from '@fieldport/contract';
import type { Caller } from '../common/caller.ts';
import type { LineRow } from './order-lines.repository.ts';

/** The decimals of a line as its amounts take them. */
export const decimalsOf = (l: LineRow['line']) => ({
  quantity: l.quantity,
  unitPrice: l.unitPrice,
  discountPercent: l.discountPercent,
  vatPercent: l.vatPercent,
});

/** An order line on the wire; CostPrice is the staff's only (customers and partners get null). */
export function presentLine(row: LineRow, caller: Caller): OrderLine {
  const l = row.line;
  const user = caller.user;
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
    // The built-in main store in the caller's language (decision 078).
    StoreName:
      row.storeName === null
        ? null
        : localName({ name: row.storeName, names: row.storeNames }, languageOf(caller.lang)),
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
