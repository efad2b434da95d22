import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_KEYS, LANGUAGES, LICENCE_KEYS } from '../src/index.ts';

const root = join(import.meta.dirname, '../src/i18n');

/** Flattens nested keys to a.b.c paths with their values. */
function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(obj).flatMap(([k, v]) =>
      v && typeof v === 'object'
        ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`))
        : [[`${prefix}${k}`, v]],
    ),
  );
}

const namespaces = readdirSync(join(root, 'en')).filter((f) => f.endsWith('.json'));
const load = (lang: string, ns: string) => flatten(JSON.parse(readFileSync(join(root, lang, ns), 'utf8')));

describe('every visible text exists in all five languages', () => {
  it('has namespaces to check', () => {
    expect(namespaces).toContain('server.json');
  });
  for (const ns of namespaces) {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      it(`${lang}/${ns} has exactly the English keys, each a non-empty text`, () => {
        const en = load('en', ns);
        const other = load(lang, ns);
        expect(Object.keys(other).sort()).toEqual(Object.keys(en).sort());
        for (const [key, value] of Object.entries(other))
          expect(typeof value === 'string' && value.trim() !== '', `${key}`).toBe(true);
      });
      it(`${lang}/${ns} keeps the {{placeholders}} of the English text`, () => {
        const en = load('en', ns);
        const other = load(lang, ns);
        const vars = (s: unknown) => [...String(s).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
        for (const key of Object.keys(en))
          expect(vars(other[key]), `${lang}/${ns} ${key}`).toEqual(vars(en[key]));
      });
    }
  }
});

describe('the About page names every licence and feature', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}/shell.json has a name for each licence and feature key`, () => {
      const shell = load(lang, 'shell.json');
      for (const key of LICENCE_KEYS) expect(shell[`licences.${key}`], `licences.${key}`).toBeTruthy();
      for (const key of FEATURE_KEYS) expect(shell[`features.${key}`], `features.${key}`).toBeTruthy();
    });
  }
});
