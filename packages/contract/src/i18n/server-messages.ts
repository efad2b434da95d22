import { type Language, toLanguage } from '../domain/constants.ts';
import enCommon from './en/common.json' with { type: 'json' };
import en from './en/server.json' with { type: 'json' };
import enUnits from './en/units.json' with { type: 'json' };
import noCommon from './no/common.json' with { type: 'json' };
import no from './no/server.json' with { type: 'json' };
import noUnits from './no/units.json' with { type: 'json' };
import svCommon from './sv/common.json' with { type: 'json' };
import sv from './sv/server.json' with { type: 'json' };
import svUnits from './sv/units.json' with { type: 'json' };
import zhCNCommon from './zh-CN/common.json' with { type: 'json' };
import zhCN from './zh-CN/server.json' with { type: 'json' };
import zhCNUnits from './zh-CN/units.json' with { type: 'json' };
import zhHKCommon from './zh-HK/common.json' with { type: 'json' };
import zhHK from './zh-HK/server.json' with { type: 'json' };
import zhHKUnits from './zh-HK/units.json' with { type: 'json' };

export type ServerMessageKey = keyof typeof en;
const catalogues: Record<Language, Record<ServerMessageKey, string>> = {
  en,
  no,
  sv,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
};

/** Each language's date forms (common.json's `formats`, the web's too: decision 081). */
const dateForms: Record<Language, { date: string; dateTime: string }> = {
  en: enCommon.formats,
  no: noCommon.formats,
  sv: svCommon.formats,
  'zh-CN': zhCNCommon.formats,
  'zh-HK': zhHKCommon.formats,
};

const unitTexts: Record<Language, Record<string, string>> = {
  en: enUnits.short,
  no: noUnits.short,
  sv: svUnits.short,
  'zh-CN': zhCNUnits.short,
  'zh-HK': zhHKUnits.short,
};

/**
 * A quantity's unit as the reader writes it (units.json, as the web's `useUnitText`): the built-in
 * units ('pcs', 'h', 'l', 'm', 'kg', 'set') in the language ("stk", "件"); another unit as stored.
 */
export const unitInLanguage = (unit: string, lang: Language): string =>
  Object.hasOwn(unitTexts[lang], unit) ? (unitTexts[lang][unit] ?? unit) : unit;

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A day ('YYYY-MM-DD') or a wall-clock time ('YYYY-MM-DD HH:mm[:ss]', or with a 'T') in a language's
 * form, as the web shows it: '31.05-2026' in English, '31.05.2026 14:05' in Norwegian, '2026-05-31' in
 * Chinese. Any other text is given back as it is.
 */
export function dateInLanguage(value: string, lang: Language): string {
  const m = WIRE_DATE.exec(value);
  if (!m) return value;
  const [, YYYY, MM, DD, HH, mm] = m;
  const parts: Record<string, string | undefined> = { YYYY, MM, DD, HH, mm };
  const form = HH === undefined ? dateForms[lang].date : dateForms[lang].dateTime;
  return form.replace(/YYYY|MM|DD|HH|mm/g, (token) => parts[token] ?? token);
}

/**
 * A server Message in the caller's language (Accept-Language), with {{name}} values filled in; a value
 * that is a date in the wire's form is written in the language's form (issue 35.9).
 */
export function serverMessage(
  key: ServerMessageKey,
  acceptLanguage?: string | null,
  values: Record<string, string | number> = {},
): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const lang = toLanguage(first);
  const text = catalogues[lang][key] ?? en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'string' ? dateInLanguage(value, lang) : String(value ?? '');
  });
}

/** Whether a text is a key of the server messages (task display texts are stored as keys). */
export const isServerMessageKey = (key: string): key is ServerMessageKey => Object.hasOwn(en, key);
