import Big from 'big.js';

/**
 * Money and quantities in exact decimals (issue 14): amounts never pass through floating point.
 * Prices and amounts have two decimals, quantities three, rounded half up (ROUND_HALF_UP) only at
 * the line's amount; totals are sums of rounded line amounts, as an invoice prints them.
 */
export type Decimal = string;

const ROUND_HALF_UP = 1;

/** Whether a sent number or text has at most `places` decimals (a price 12.345 is refused). */
export function hasAtMostDecimals(value: number | string, places: number): boolean {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text) && !/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(text)) return false;
  const b = new Big(text);
  return b.round(places, 0).eq(b);
}

/** A decimal as the text with exactly `places` decimals ('12.50'). */
export const fixedDecimal = (value: Decimal | number, places = 2): Decimal =>
  new Big(value).toFixed(places, ROUND_HALF_UP);

export interface LineAmounts {
  /** quantity × unit price, less the discount, rounded to the cent. */
  amountExclVat: Decimal;
  discount: Decimal;
  vat: Decimal;
  amountInclVat: Decimal;
}

/** A line's amounts; `freeFromVat` (the customer's FreeFromVat) makes its VAT zero. */
export function lineAmounts(
  line: { quantity: Decimal; unitPrice: Decimal; discountPercent: Decimal; vatPercent: Decimal },
  freeFromVat = false,
): LineAmounts {
  const gross = new Big(line.quantity).times(line.unitPrice);
  const discount = gross.times(line.discountPercent).div(100).round(2, ROUND_HALF_UP);
  const net = gross.round(2, ROUND_HALF_UP).minus(discount);
  const vat = freeFromVat ? new Big(0) : net.times(line.vatPercent).div(100).round(2, ROUND_HALF_UP);
  return {
    amountExclVat: net.toFixed(2),
    discount: discount.toFixed(2),
    vat: vat.toFixed(2),
    amountInclVat: net.plus(vat).toFixed(2),
  };
}

/** The exact sum of decimals, with two decimals. */
export const sumMoney = (values: readonly Decimal[]): Decimal =>
  values.reduce((total, v) => total.plus(v), new Big(0)).toFixed(2);
