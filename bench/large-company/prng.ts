// A tiny seeded PRNG (mulberry32): the same seed gives the same rows on every build, unlike random().

/** Returns a function giving floats in [0, 1), deterministic for `seed`. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** One item of `items`, uniformly. */
export const pickOf = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;
