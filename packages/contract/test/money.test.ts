import { describe, expect, it } from 'vitest';
import { fixedDecimal, hasAtMostDecimals, lineAmounts, sumMoney } from '../src/rules/money.ts';

describe('money in exact decimals', () => {
  it('refuses a price with more than two decimals and accepts up to two', () => {
    expect(hasAtMostDecimals(12.345, 2)).toBe(false);
    expect(hasAtMostDecimals('12.345', 2)).toBe(false);
    expect(hasAtMostDecimals(12.34, 2)).toBe(true);
    expect(hasAtMostDecimals('100', 2)).toBe(true);
    expect(hasAtMostDecimals('1.2.3', 2)).toBe(false);
  });

  it('computes a line to the cent where floating point would not (0.1 + 0.2, 3 × 19.99)', () => {
    expect(
      lineAmounts({ quantity: '3', unitPrice: '19.99', discountPercent: '0', vatPercent: '25' }),
    ).toEqual({
      amountExclVat: '59.97',
      discount: '0.00',
      vat: '14.99',
      amountInclVat: '74.96',
    });
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
  });

  it('takes the discount per line, rounds half up, and leaves out VAT for a customer free from VAT', () => {
    const line = { quantity: '2.5', unitPrice: '1049.00', discountPercent: '12.5', vatPercent: '25' };
    expect(lineAmounts(line)).toEqual({
      amountExclVat: '2294.69',
      discount: '327.81',
      vat: '573.67',
      amountInclVat: '2868.36',
    });
    expect(lineAmounts(line, true).vat).toBe('0.00');
    expect(fixedDecimal('0.125')).toBe('0.13');
  });
});
