import { SIGN_IN_ACCOUNT_BUDGET, SIGN_IN_PAIR_ALLOWANCE } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { isHeld, isRefused, signInDelayMs } from '../../src/modules/session/sign-in.policy.ts';

const counts = (account: number, address = 0, pair = 0) => ({ account, address, pair });

describe('the sign-in throttle (decision 058)', () => {
  it('waits nothing for three failures, then 250 ms doubling to 3 s, by the account or the address', () => {
    const waits = Array.from({ length: 12 }, (_, n) => signInDelayMs(counts(n)));
    expect(waits).toEqual([0, 0, 0, 0, 250, 500, 1000, 2000, 3000, 3000, 3000, 3000]);
    expect(signInDelayMs(counts(0, 6))).toBe(1000);
    expect(signInDelayMs(counts(5, 7))).toBe(2000);
    expect(signInDelayMs(counts(1_000_000, 1_000_000))).toBe(3000);
  });

  it('keeps to a smaller cap when configured, and to none at 0', () => {
    expect(signInDelayMs(counts(50), 800)).toBe(800);
    expect(signInDelayMs(counts(50), 0)).toBe(0);
  });

  it('holds an account at its hourly budget, and refuses only an address that has failed on it itself', () => {
    expect(isHeld(counts(SIGN_IN_ACCOUNT_BUDGET - 1))).toBe(false);
    expect(isHeld(counts(SIGN_IN_ACCOUNT_BUDGET))).toBe(true);
    // A clean address (or one with a few typing errors) is checked on a held account.
    expect(isRefused(counts(500, 0, 0))).toBe(false);
    expect(isRefused(counts(500, 0, SIGN_IN_PAIR_ALLOWANCE - 1))).toBe(false);
    expect(isRefused(counts(500, 0, SIGN_IN_PAIR_ALLOWANCE))).toBe(true);
    // An address's failures over other accounts never refuse: they only slow.
    expect(isRefused(counts(0, 100_000, 0))).toBe(false);
    expect(isRefused(counts(SIGN_IN_ACCOUNT_BUDGET - 1, 100_000, 99))).toBe(false);
  });
});
