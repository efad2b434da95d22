// A tiny seeded PRNG (mulberry32, the solver's): the same seed gives the same rows on every build, unlike random().

export { mulberry32 } from '@fieldport/dispatch';

/** One item of `items`, uniformly. */
export const pickOf = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
