import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInNames, editedNames, languageOf, localName, type ReferenceKind } from '../src/index.ts';

describe('the caller’s language', () => {
  it('is the first of Accept-Language, as one of the five languages, else English', () => {
    expect(languageOf('no')).toBe('no');
    expect(languageOf('nb-NO,nb;q=0.9,en;q=0.8')).toBe('no');
    expect(languageOf('sv-SE')).toBe('sv');
    expect(languageOf('zh-HK,zh;q=0.9')).toBe('zh-HK');
    expect(languageOf('zh-TW')).toBe('zh-HK');
    expect(languageOf('zh')).toBe('zh-CN');
    expect(languageOf('de-DE')).toBe('en');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('')).toBe('en');
  });
});

describe('a lookup’s name in a language', () => {
  const row = { name: 'Stored', names: { en: 'English', no: 'Norsk' } };
  it('is its name in that language, else its English name, else its stored name', () => {
    expect(localName(row, 'no')).toBe('Norsk');
    expect(localName(row, 'sv')).toBe('English');
    expect(localName({ name: 'Stored', names: { no: 'Norsk' } }, 'sv')).toBe('Stored');
    expect(localName({ name: 'Stored', names: {} }, 'zh-HK')).toBe('Stored');
    expect(localName({ name: 'Stored', names: null }, 'en')).toBe('Stored');
  });
});

describe('editing names', () => {
  it('takes a plain name as the caller’s language’s, and Names per language', () => {
    expect(editedNames({ en: 'New', no: 'Ny' }, { name: 'Ny sak', lang: 'no' })).toEqual({
      en: 'New',
      no: 'Ny sak',
    });
    expect(editedNames({ en: 'New' }, { names: { sv: 'Ny', 'zh-CN': '新建' }, lang: 'en' })).toEqual({
      en: 'New',
      sv: 'Ny',
      'zh-CN': '新建',
    });
  });
  it('clears a language given as an empty text, and keeps the ones not given', () => {
    expect(editedNames({ en: 'New', no: 'Ny', sv: 'Ny' }, { names: { no: '' }, lang: 'en' })).toEqual({
      en: 'New',
      sv: 'Ny',
    });
  });
});

describe('the built-in rows’ names', () => {
  it('come from reference.json in all five languages', () => {
    expect(builtInNames('job_priority', 1)).toEqual({
      en: 'Critical',
      no: 'Kritisk',
      sv: 'Kritisk',
      'zh-CN': '紧急',
      'zh-HK': '緊急',
    });
    expect(builtInNames('job_type', 99)).toEqual({});
  });

  it('are exactly what migration 0015 gives the built-in rows', () => {
    const sql = readFileSync(
      join(import.meta.dirname, '../../../apps/server/src/db/migrations/0015_reference_names.sql'),
      'utf8',
    );
    const tables: Record<string, ReferenceKind> = {
      job_statuses: 'job_status',
      job_sub_statuses: 'job_sub_status',
      job_types: 'job_type',
      job_priorities: 'job_priority',
      warranty_types: 'warranty_type',
      repair_places: 'repair_place',
      job_categories: 'job_category',
    };
    const updates = [
      ...sql.matchAll(
        /UPDATE "(\w+)" SET "names" = '(.+?)'::jsonb WHERE "id" = (\d+) AND "name" = '(.+?)';/g,
      ),
    ];
    expect(updates).toHaveLength(40);
    for (const [, table, json, id, name] of updates) {
      const kind = tables[table!]!;
      const expected = builtInNames(kind, Number(id));
      expect(JSON.parse(json!.replaceAll("''", "'")), `${table} ${id}`).toEqual(expected);
      expect(name!.replaceAll("''", "'")).toBe(expected.en);
    }
  });

  it('are exactly what migration 0036 gives the main store and the Rental contract type', () => {
    const sql = readFileSync(
      join(import.meta.dirname, '../../../apps/server/src/db/migrations/0036_reader_language_reference.sql'),
      'utf8',
    );
    const given = [...sql.matchAll(/'(\{"en": .+?\})'::jsonb/g)].map((m) => JSON.parse(m[1]!));
    expect(given).toEqual([
      builtInNames('store', 1),
      builtInNames('store', 1),
      builtInNames('contract_type', 5),
    ]);
    // A counter named as its type's English name gives it up, for each of the three types.
    for (const type of [1, 2, 3])
      expect(sql).toContain(
        `("counter_type" = ${type} AND "name" = '${builtInNames('counter_type', type).en}')`,
      );
  });
});
