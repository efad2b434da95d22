import Big from 'big.js';
import type { Decimal } from './money.ts';

/** Quantities (stock, parts) in exact decimals with three places: never through floating point. */
export const sumQuantities = (values: readonly Decimal[]): Decimal =>
  values.reduce((total, v) => total.plus(v), new Big(0)).toFixed(3);

/** a − b, exactly, with three decimals. */
export const quantityDifference = (a: Decimal, b: Decimal): Decimal => new Big(a).minus(b).toFixed(3);

/** What is still to be fetched: what is needed less what is at hand, never below zero. */
export const stillNeeded = (needed: Decimal, atHand: Decimal): Decimal => {
  const rest = new Big(needed).minus(atHand);
  return (rest.lt(0) ? new Big(0) : rest).toFixed(3);
};

/** The negation of a quantity ('2.000' → '-2.000'). */
export const negated = (value: Decimal): Decimal => new Big(value).times(-1).toFixed(3);
