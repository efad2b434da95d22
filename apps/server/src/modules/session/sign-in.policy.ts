import {
  SIGN_IN_ACCOUNT_BUDGET,
  SIGN_IN_DELAY_MAX_MS,
  SIGN_IN_FREE_FAILURES,
  SIGN_IN_PAIR_ALLOWANCE,
} from '@fieldport/contract';

/** Failed sign-ins in the window before this try: of the account, of the address, of the two together. */
export interface FailureCounts {
  account: number;
  address: number;
  pair: number;
}

/** The first delay after the free failures; each further failure doubles it up to the cap. */
const FIRST_DELAY_MS = 250;

/**
 * How long a try waits before its password is checked (decision 058): nothing while the account and
 * the address have at most 3 failures in the window, then 250 ms, 500 ms, 1 s, 2 s and at most
 * `maxMs` (3 s). Every try waits, right password or not, so a guesser cannot cut the wait short and
 * read the answer from how soon it comes.
 */
export function signInDelayMs(c: FailureCounts, maxMs = SIGN_IN_DELAY_MAX_MS): number {
  const n = Math.max(c.account, c.address) - SIGN_IN_FREE_FAILURES;
  if (n <= 0) return 0;
  return Math.min(maxMs, FIRST_DELAY_MS * 2 ** Math.min(n - 1, 16));
}

/** The account is past its hourly budget of failures (ASVS 2.2.1: at most 100 an hour). */
export const isHeld = (c: FailureCounts) => c.account >= SIGN_IN_ACCOUNT_BUDGET;

/**
 * A try refused unchecked with 429: the account is held *and* this address has itself failed on this
 * account 5 times in the window, so it is a guesser. Failures of other accounts never refuse a try, nor
 * do failures of other addresses alone; an address's failures over many accounts only slow it.
 */
export const isRefused = (c: FailureCounts) => isHeld(c) && c.pair >= SIGN_IN_PAIR_ALLOWANCE;
