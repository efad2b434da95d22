import { randomInt } from 'node:crypto';
import { base, da, en, Faker, fi, generateMersenne53Randomizer, nb_NO, sv } from '@faker-js/faker';
import type { Db } from '../../db/database.ts';
import type { Country } from '../../reference/nordic-towns.ts';

/** A database or a transaction on it: every factory works inside the demo seed's transaction too. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type { Country };

/**
 * The source of every made-up value. Tests use `defaultFake` (random, with a per-process tag so values
 * never collide with the demo's or another test's); the demo seed uses `createFake(seed)`, so every
 * start looks the same.
 */
export interface Fake {
  /** English and locale-neutral values. */
  faker: Faker;
  /** Names and words of each Nordic country; all share one randomizer with `faker`. */
  nordic: Record<Country, Faker>;
  /** True for a fixed-seed Fake (the demo): values are unique only within this Fake. */
  seeded: boolean;
  /** A number unique within this Fake, counting from 1. */
  seq(): number;
  /** `base`, made unique: the demo adds a number only on a repeat, tests always add their tag and a number. */
  unique(base: string, sep?: string): string;
}

const TAG_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

export function createFake(seed?: number): Fake {
  const randomizer = generateMersenne53Randomizer();
  const seeded = seed !== undefined;
  randomizer.seed(seed ?? randomInt(2 ** 31));
  const make = (locale: (typeof en)[]) => new Faker({ locale: [...locale, en, base], randomizer });
  const nordic = { NO: make([nb_NO]), SE: make([sv]), DK: make([da]), FI: make([fi]) };
  // A tag drawn from crypto, not from the randomizer: two random Fakes differ even with equal draws.
  const tag = seeded
    ? ''
    : Array.from({ length: 3 }, () => TAG_LETTERS[randomInt(TAG_LETTERS.length)]).join('');
  let n = 0;
  const used = new Map<string, number>();
  return {
    faker: make([]),
    nordic,
    seeded,
    seq: () => ++n,
    unique(value, sep = ' ') {
      if (!seeded) return `${value}${sep}${tag}${++n}`;
      const seen = used.get(value) ?? 0;
      used.set(value, seen + 1);
      return seen === 0 ? value : `${value}${sep}${seen + 1}`;
    },
  };
}

/** The random Fake the factories use when none is passed. */
export const defaultFake: Fake = createFake();

const FOLD: Record<string, string> = {
  æ: 'ae',
  ø: 'o',
  å: 'a',
  ä: 'a',
  ö: 'o',
  ü: 'u',
  ß: 'ss',
  é: 'e',
  è: 'e',
};

/** 'Øyvind Ås' → 'oyvind.as': for e-mail addresses and logon names. */
export function slug(text: string, sep = '.'): string {
  return text
    .toLowerCase()
    .replace(/[æøåäöüßéè]/g, (c) => FOLD[c] ?? c)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, sep)
    .replace(new RegExp(`^\\${sep}+|\\${sep}+$`, 'g'), '');
}

export function pick<T>(f: Fake, items: readonly T[]): T {
  return f.faker.helpers.arrayElement(items as T[]);
}

/** Returns the one row of an insert … returning(), which always has one. */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned no row');
  return row;
}
