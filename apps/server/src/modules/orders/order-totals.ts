import { type LineAmounts, lineAmounts, sumMoney } from '@fieldport/contract';
import type { LineRow } from '../order-lines/order-lines.api.ts';
import { decimalsOf } from '../order-lines/order-lines.presenter.ts';

export interface CountedLine {
  row: LineRow;
  amounts: LineAmounts;
  /** Counted in the totals: neither the line nor its sub-job (nor the order) is NoInvoice. */
  counted: boolean;
}

export interface Totals {
  discount: string;
  exclVat: string;
  vat: string;
  inclVat: string;
}

/**
 * The order's lines with their amounts (exact, rules/money.ts): a NoInvoice line, a line of a NoInvoice
 * sub-job, and every line of a NoInvoice order are shown but not counted.
 */
export function countLines(
  rows: readonly LineRow[],
  noInvoiceJobs: ReadonlySet<number>,
  orderNoInvoice: boolean,
  freeFromVat: boolean,
): CountedLine[] {
  return rows.map((row) => ({
    row,
    amounts: lineAmounts(decimalsOf(row.line), freeFromVat),
    counted: !orderNoInvoice && !row.line.noInvoice && !noInvoiceJobs.has(row.line.jobId),
  }));
}

/** The sums of the counted lines. */
export function totalsOf(lines: readonly CountedLine[]): Totals {
  const counted = lines.filter((l) => l.counted).map((l) => l.amounts);
  return {
    discount: sumMoney(counted.map((a) => a.discount)),
    exclVat: sumMoney(counted.map((a) => a.amountExclVat)),
    vat: sumMoney(counted.map((a) => a.vat)),
    inclVat: sumMoney(counted.map((a) => a.amountInclVat)),
  };
}
