import { LANGUAGES, type Language, toLanguage } from '../domain/constants.ts';
import en from './en/reference.json' with { type: 'json' };
import no from './no/reference.json' with { type: 'json' };
import sv from './sv/reference.json' with { type: 'json' };
import zhCN from './zh-CN/reference.json' with { type: 'json' };
import zhHK from './zh-HK/reference.json' with { type: 'json' };

/** A lookup row's name per language (decision 034); a language left out falls back (`localName`). */
export type LocalNames = Partial<Record<Language, string>>;

/** The lookup tables whose built-in rows have translated names (reference.json). */
export type ReferenceKind = keyof typeof en;

const catalogues: Record<Language, Record<ReferenceKind, Record<string, string>>> = {
  en,
  no,
  sv,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
};

/** The caller's language from an Accept-Language header: its first entry, one of the five (else en). */
export function languageOf(acceptLanguage?: string | null): Language {
  return toLanguage(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim());
}

/** A row's name in `lang`: its name in that language, else in English, else its stored name. */
export function localName(row: { name: string; names?: LocalNames | null }, lang: Language): string {
  return row.names?.[lang] || row.names?.en || row.name;
}

/** The translations of a built-in row (reference.json), in every language; empty for the company's own rows. */
export function builtInNames(kind: ReferenceKind, id: number): LocalNames {
  const names: LocalNames = {};
  for (const lang of LANGUAGES) {
    const name = catalogues[lang][kind][String(id)];
    if (name) names[lang] = name;
  }
  return names;
}

/**
 * The names after an edit: the plain `name` is the caller's language's name; `names` sets each
 * language it gives, an empty text clearing it (that language falls back again).
 */
export function editedNames(
  before: LocalNames | null | undefined,
  edit: { name?: string | undefined; names?: LocalNames | undefined; lang: Language },
): LocalNames {
  const after: LocalNames = { ...(before ?? {}) };
  if (edit.name !== undefined) after[edit.lang] = edit.name;
  for (const lang of LANGUAGES) {
    const given = edit.names?.[lang];
    if (given === undefined) continue;
    if (given === '') delete after[lang];
    else after[lang] = given;
  }
  return after;
}
