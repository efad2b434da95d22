import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contract's zod v4 schemas: each node of a schema yields mostly
 * values the schema accepts (so calls reach the handlers and the database) and sometimes a hostile one
 * (wrong types, boundaries, huge or poisoned text, prototype keys), so one input may be valid in every
 * field but one.
 */

// biome-ignore lint/suspicious/noExplicitAny: zod's internal def is walked by its `type` tag.
type Def = any;
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (d: Def): Def[] => (d.checks ?? []).map((c: { _zod: { def: Def } }) => c._zod.def);

const MAX_INT = 2_147_483_647;
/**
 * The integers at and beyond the edges of the database's columns: the largest integer (int4), one
 * more, the smallest, and 2^63 (beyond bigint, and beyond JavaScript's exact integers). A number field
 * the contract lets through to a column that cannot hold it answers 500 (issue 29).
 */
export const EXTREME_INTEGERS = [2 ** 31, 2 ** 31 - 1, 2 ** 63, -(2 ** 31)] as const;
const HUGE = 'x'.repeat(100_000);
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
/** Object keys: mostly plain, sometimes a prototype's name (the JSON parser refuses those whole). */
const junkKey = fc.oneof(
  { weight: 9, arbitrary: fc.string({ maxLength: 10 }) },
  fc.constantFrom(...PROTO_KEYS),
);

/** Text that databases, parsers and regular expressions trip over. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    HUGE,
    `${'a'.repeat(4000)}\n${'b'.repeat(4000)}`,
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udfffy',
    '💥𝔘nicode ÆØÅ ﷽ \u202e\u200b',
    '__proto__',
    'constructor',
    'prototype',
    "'; drop table users; --",
    '%00',
    '%',
    '../../../etc/passwd',
    '1e308',
    '-1e308',
    '-1',
    '0',
    '2147483648',
    '2147483647',
    '-2147483648',
    '-2147483649',
    '9223372036854775808',
    '9007199254740993',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '-0',
    '0x1f',
    '1_000',
    ' 12 ',
    'true',
    'null',
    'undefined',
    '[]',
    '{}',
    '2026-13-01',
    '2026-02-30',
    '2026-02-30T25:61:00',
    '2026-01-05T24:00:00',
    '0000-00-00T00:00:00',
    '+275760-09-13T00:00:00',
    '2026-01-05T09:00:00Z',
    '2026-01-05 09:00:00',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 0.5, 1e308, -1e308, ...EXTREME_INTEGERS, 2 ** 53 + 2, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** Values of any type: what a field of another type gets sometimes. */
const junkLeaf: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(...PROTO_KEYS),
);
export const junk: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    junkLeaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(junkKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Real dates and times in the contract's wire formats, and malformed ones. */
function dateArbitrary(withTime: boolean): fc.Arbitrary<string> {
  const valid = fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2199-12-31T23:59:59Z'),
      noInvalidDate: true,
    })
    .map((d) => (withTime ? d.toISOString().slice(0, 19) : d.toISOString().slice(0, 10)));
  const near = fc
    .date({
      min: new Date('2025-12-01T00:00:00Z'),
      max: new Date('2026-03-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => (withTime ? d.toISOString().slice(0, 19) : d.toISOString().slice(0, 10)));
  const malformed = fc.constantFrom(
    '',
    '2026-13-01',
    '2026-02-30',
    '2026-02-29',
    '2024-02-29',
    '2026-00-10',
    '2026-1-5',
    '2026-02-30T25:61:00',
    '2026-01-05T24:00:00',
    '2026-01-05T23:59:60',
    '0000-01-01T00:00:00',
    '9999-12-31T23:59:59',
    '2026-01-05T09:00:00.000Z',
    '2026-01-05',
    '2026-01-05T09:00:00',
  );
  return fc.oneof(
    { weight: 3, arbitrary: near },
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: malformed },
  );
}

function stringArbitrary(d: Def, key: string): fc.Arbitrary<string> {
  let min = 0;
  let max = 60;
  let pattern: RegExp | undefined;
  let email = false;
  for (const c of checksOf(d)) {
    if (c.check === 'min_length') min = c.minimum;
    if (c.check === 'max_length') max = c.maximum;
    if (c.check === 'string_format' && c.format === 'regex') pattern = c.pattern;
    if (c.check === 'string_format' && c.format === 'email') email = true;
  }
  if (pattern && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(pattern.source))
    return dateArbitrary(pattern.source.includes('T'));
  if (pattern) return fc.stringMatching(pattern);
  if (email || /mail/i.test(key)) return fc.oneof(fc.emailAddress(), fc.string({ maxLength: max }));
  if (/phone|mobile/i.test(key))
    return fc.oneof(fc.stringMatching(/^\+?[0-9 ]{3,15}$/), fc.string({ maxLength: max }));
  const cap = Math.min(max, 80);
  const lo = Math.min(min, cap);
  return fc.oneof(
    { weight: 8, arbitrary: fc.string({ minLength: lo, maxLength: cap }) },
    { weight: 3, arbitrary: fc.string({ unit: 'grapheme', minLength: lo, maxLength: cap }) },
    // The boundaries: exactly the longest, one more.
    {
      weight: 1,
      arbitrary: fc.constantFrom('a'.repeat(Math.min(max, 10_000)), 'a'.repeat(Math.min(max + 1, 10_001))),
    },
  );
}

function numberArbitrary(d: Def): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let int = false;
  for (const c of [d, ...checksOf(d)]) {
    if (c.check === 'greater_than') min = c.inclusive ? c.value : c.value + (int ? 1 : Number.EPSILON);
    if (c.check === 'less_than') max = c.inclusive ? c.value : c.value - (int ? 1 : Number.EPSILON);
    if (c.format === 'safeint' || c.format === 'int32') int = true;
  }
  if (int) {
    const lo = Math.max(Math.ceil(min), -MAX_INT);
    const hi = Math.min(Math.floor(max), MAX_INT);
    const boundaries = [lo, hi, lo - 1, hi + 1].filter(Number.isSafeInteger);
    return fc.oneof(
      {
        weight: 3,
        arbitrary: fc.integer({ min: Math.max(lo, 1), max: Math.max(Math.min(hi, 60), Math.max(lo, 1)) }),
      },
      { weight: 2, arbitrary: fc.integer({ min: lo, max: hi }) },
      { weight: 1, arbitrary: fc.constantFrom(...boundaries, 999_999, MAX_INT, ...EXTREME_INTEGERS) },
    );
  }
  return fc.oneof(
    fc.double({ min: Math.max(min, -1e12), max: Math.min(max, 1e12), noNaN: true }),
    fc.constantFrom(min, max, ...EXTREME_INTEGERS),
  );
}

/**
 * Inputs for `schema`: about 40 % valid in every field's type and bounds (refinements such as real dates
 * or phone formats may still refuse them), 40 % with a hostile value at about one node in 25, and 20 %
 * hostile at one node in four.
 */
export function inputOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: arbitraryOf(schema, 0) },
    { weight: 4, arbitrary: arbitraryOf(schema, 0.04) },
    { weight: 2, arbitrary: arbitraryOf(schema, 0.25) },
  );
}

/** An arbitrary of values for `schema`: valid ones, and hostile ones at a node with probability `hostility`. */
export function arbitraryOf(schema: z.ZodType, hostility: number): fc.Arbitrary<unknown> {
  const cache = new Map<string, fc.Arbitrary<unknown>>();
  const cacheKeys = new Map<z.ZodType, number>();
  const hostileWeight = Math.round(hostility * 100);
  const validWeight = 100 - hostileWeight;

  const mix = (valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
    hostileWeight === 0
      ? valid
      : fc.oneof({ weight: validWeight, arbitrary: valid }, { weight: hostileWeight, arbitrary: junk });

  /** `key`: the object key the value is for (e-mail and phone fields get such texts). */
  function walk(s: z.ZodType, depth: number, key = ''): fc.Arbitrary<unknown> {
    if (!cacheKeys.has(s)) cacheKeys.set(s, cacheKeys.size);
    const id = `${cacheKeys.get(s)}:${key}:${Math.min(depth, 5)}`;
    const cached = cache.get(id);
    if (cached) return cached;
    const made = mix(validOf(s, depth, key));
    cache.set(id, made);
    return made;
  }

  function validOf(s: z.ZodType, depth: number, key: string): fc.Arbitrary<unknown> {
    const d = defOf(s);
    switch (d.type) {
      case 'string':
        return stringArbitrary(d, key);
      case 'number':
        return numberArbitrary(d);
      case 'bigint':
        return fc.bigInt().map(String);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'undefined':
      case 'void':
        return fc.constant(undefined);
      case 'literal':
        return fc.constantFrom(...(d.values as unknown[]));
      case 'enum':
        return fc.constantFrom(...(Object.values(d.entries) as unknown[]));
      case 'optional':
        return fc.option(walk(d.innerType, depth, key), { nil: undefined, freq: 4 });
      case 'nullable':
        return fc.option(walk(d.innerType, depth, key), { nil: null, freq: 4 });
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        return walk(d.innerType, depth, key);
      case 'lazy':
        return depth > 3 ? fc.constant(null) : walk(d.getter(), depth + 1);
      case 'pipe':
        // What the caller sends is what the pipe's input side accepts.
        return defOf(d.in).type === 'transform' ? walk(d.out, depth, key) : walk(d.in, depth, key);
      case 'union':
        return fc.oneof(...(d.options as z.ZodType[]).map((o) => walk(o, depth, key)));
      case 'array': {
        let min = 0;
        let max = 5;
        for (const c of checksOf(d)) {
          if (c.check === 'min_length') min = c.minimum;
          if (c.check === 'max_length') max = Math.min(c.maximum, 5);
        }
        return depth > 3
          ? fc.constant([])
          : fc.array(walk(d.element, depth + 1), {
              minLength: Math.min(min, max),
              maxLength: Math.max(min, max),
            });
      }
      case 'record':
        return depth > 3
          ? fc.constant({})
          : fc.dictionary(fc.string({ maxLength: 12 }), walk(d.valueType, depth + 1), { maxKeys: 4 });
      case 'object': {
        const shape = d.shape as Record<string, z.ZodType>;
        const fields = Object.fromEntries(
          Object.entries(shape).map(([k, v]) => [
            k,
            depth > 4 ? fc.constant(undefined) : walk(v, depth + 1, k),
          ]),
        );
        // Mostly valid inputs send every field the schema requires; the hostile ones leave any out.
        const required =
          hostility < 0.1
            ? Object.keys(shape).filter(
                (k) => !['optional', 'default', 'prefault'].includes(defOf(shape[k]!).type),
              )
            : [];
        const record = fc.record(fields, { requiredKeys: required });
        if (hostileWeight === 0)
          return record.map((known) =>
            Object.fromEntries(Object.entries(known).filter(([, v]) => v !== undefined)),
          );
        // Sometimes keys the schema does not know, prototype names among them.
        return fc
          .tuple(record, fc.option(fc.dictionary(junkKey, junk, { maxKeys: 3 }), { freq: 8 }))
          .map(([known, extra]) => {
            const o: Record<string, unknown> = {};
            for (const [k, v] of Object.entries(known)) if (v !== undefined) o[k] = v;
            for (const [k, v] of Object.entries(extra ?? {}))
              Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
            return o;
          });
      }
      default:
        // unknown, any, transform, custom: the schema takes anything, so anything is sent.
        return junk;
    }
  }

  return walk(schema, 0);
}

/** A value as a query or path text: what a URL can carry. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  return JSON.stringify(v) ?? '';
}

type Path = (string | number)[];

const WRAPPERS = ['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional'];

/**
 * The schema a wrapper stands for (optional, nullable, default…, a lazy one's, a pipe's input or,
 * after a transform, its output); undefined for a schema that wraps nothing.
 */
function unwrapped(s: z.ZodType): z.ZodType | undefined {
  const d = defOf(s);
  if (WRAPPERS.includes(d.type)) return d.innerType;
  if (d.type === 'lazy') return d.getter();
  if (d.type === 'pipe') return defOf(d.in).type === 'transform' ? d.out : d.in;
  return undefined;
}

/** Whether a schema node (through its wrappers) takes a number: a number, or a union with one. */
function takesNumber(s: z.ZodType, depth = 0): boolean {
  const d = defOf(s);
  if (depth > 8) return false;
  if (d.type === 'number') return true;
  if (WRAPPERS.includes(d.type)) return takesNumber(d.innerType, depth + 1);
  if (d.type === 'pipe') return takesNumber(d.in, depth + 1);
  if (d.type === 'union') return (d.options as z.ZodType[]).some((o) => takesNumber(o, depth + 1));
  return false;
}

/**
 * The paths of a schema's fields that take a number (arrays by their first item), each with a value
 * the schema accepts there: 1, or the nearest bound. Deterministic, for the extreme-integer calls.
 */
export function numberFields(schema: z.ZodType): Path[] {
  const out: Path[] = [];
  const visit = (s: z.ZodType, path: Path, depth: number) => {
    if (depth > 6) return;
    if (takesNumber(s)) {
      out.push(path);
      return;
    }
    const inner = unwrapped(s);
    if (inner) return visit(inner, path, depth + 1);
    const d = defOf(s);
    switch (d.type) {
      case 'array':
        return visit(d.element, [...path, 0], depth + 1);
      case 'object':
        for (const [k, v] of Object.entries(d.shape as Record<string, z.ZodType>))
          visit(v, [...path, k], depth + 1);
        return;
      case 'union':
        // An object among the options (a body sent whole or as a list): its fields.
        for (const o of d.options as z.ZodType[])
          if (['object', 'array'].includes(defOf(o).type)) return visit(o, path, depth + 1);
        return;
    }
  };
  visit(schema, [], 0);
  return out;
}

/**
 * One input the schema accepts where it can, made the same on every run: every field given (optional
 * ones too), numbers 1 or the nearest bound (so ids name the first record of their kind), texts a
 * seeded valid sample, lists of one item.
 */
export function baseInputOf(schema: z.ZodType, seed: number): unknown {
  const sample = <T>(a: fc.Arbitrary<T>): T => fc.sample(a, { seed, numRuns: 1 })[0]!;
  const of = (s: z.ZodType, key: string, depth: number): unknown => {
    if (depth > 6) return undefined;
    const inner = unwrapped(s);
    if (inner) return of(inner, key, depth + 1);
    const d = defOf(s);
    switch (d.type) {
      case 'number': {
        let min = -Infinity;
        let max = Infinity;
        for (const c of checksOf(d)) {
          if (c.check === 'greater_than') min = c.inclusive ? c.value : c.value + 1;
          if (c.check === 'less_than') max = c.inclusive ? c.value : c.value - 1;
        }
        return Math.min(Math.max(1, min), max);
      }
      case 'string': {
        let min = 0;
        let max = 60;
        let pattern: RegExp | undefined;
        for (const c of checksOf(d)) {
          if (c.check === 'min_length') min = c.minimum;
          if (c.check === 'max_length') max = c.maximum;
          if (c.check === 'string_format' && c.format === 'regex') pattern = c.pattern;
        }
        if (pattern && /\\d\{4\}-\\d\{2\}-\\d\{2\}/.test(pattern.source))
          return pattern.source.includes('T') ? '2026-01-05T09:00:00' : '2026-01-05';
        if (pattern) return sample(fc.stringMatching(pattern));
        if (/mail/i.test(key)) return 'fuzz@example.test';
        if (/phone|mobile/i.test(key)) return '+47 12345678';
        return `Fuzz ${key}`.padEnd(min, 'x').slice(0, Math.max(max, min));
      }
      case 'boolean':
        return false;
      case 'null':
        return null;
      case 'literal':
        return (d.values as unknown[])[0];
      case 'enum':
        return Object.values(d.entries)[0];
      case 'union': {
        const options = d.options as z.ZodType[];
        const object = options.find((o) => ['object', 'array'].includes(defOf(o).type));
        return of(object ?? options.find((o) => takesNumber(o)) ?? options[0]!, key, depth + 1);
      }
      case 'array': {
        const min = checksOf(d).find((c) => c.check === 'min_length')?.minimum ?? 1;
        return Array.from({ length: Math.max(min, 1) }, () => of(d.element, key, depth + 1));
      }
      case 'record':
        return {};
      case 'object':
        return Object.fromEntries(
          Object.entries(d.shape as Record<string, z.ZodType>)
            .map(([k, v]) => [k, of(v, k, depth + 1)])
            .filter(([, v]) => v !== undefined),
        );
      default:
        return undefined;
    }
  };
  return of(schema, '', 0);
}

/** `value` with `v` at `path` (objects and lists made on the way). */
export function withValueAt(value: unknown, path: Path, v: unknown): unknown {
  if (path.length === 0) return v;
  const [head, ...rest] = path;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...value] : [];
    list[head] = withValueAt(list[head], rest, v);
    return list;
  }
  const o = value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {};
  (o as Record<string, unknown>)[head!] = withValueAt((o as Record<string, unknown>)[head!], rest, v);
  return o;
}
