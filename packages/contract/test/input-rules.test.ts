import { describe, expect, it } from 'vitest';
import { isRealDateTime, isStorableText, LocalDateTime, unstorableTextPaths } from '../src/index.ts';

describe('real calendar dates and clock times', () => {
  it('accepts days that exist, with or without a time', () => {
    for (const v of [
      '2026-01-31',
      '2028-02-29',
      '2026-12-31T23:59:59',
      '2026-06-01T00:00',
      '2026-06-01 08:30',
    ])
      expect(isRealDateTime(v), v).toBe(true);
  });

  it('refuses what only looks like one', () => {
    for (const v of [
      '2026-13-01T00:00:00',
      '2026-00-10',
      '2026-02-29',
      '2026-04-31',
      '2026-01-00',
      '0000-01-01',
      '2026-01-01T24:00:00',
      '2026-01-01T08:60:00',
      '2026-01-01T08:00:60',
      '2026-1-1',
      'tomorrow',
    ])
      expect(isRealDateTime(v), v).toBe(false);
  });

  it('makes every LocalDateTime field refuse an impossible date with its one message', () => {
    const r = LocalDateTime.safeParse('2026-02-30T10:00:00');
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Must be a date and time as YYYY-MM-DDTHH:mm:ss.',
    ]);
    expect(LocalDateTime.safeParse('2026-02-28T10:00:00').success).toBe(true);
  });
});

describe('text a database can store', () => {
  it('refuses NUL and lone surrogates, keeps pairs (emoji) and everything else', () => {
    expect(isStorableText('Bergen 😀 Ørsta 北京')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('a\udc00')).toBe(false);
    expect(isStorableText('\ud83d')).toBe(false);
  });

  it('names every path of a request part that carries such text, keys too', () => {
    expect(
      unstorableTextPaths({ Name: 'ok', List: ['x', 'y\u0000'], Deep: { 'k\ud800': 1, v: '\udfff' } }),
    ).toEqual(['List.1', 'Deep.k\ud800', 'Deep.v']);
    expect(unstorableTextPaths('\u0000')).toEqual(['']);
    expect(unstorableTextPaths({ a: 1, b: null, c: true })).toEqual([]);
  });
});
