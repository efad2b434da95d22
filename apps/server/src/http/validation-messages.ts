import { fieldMessage, isKnownFieldMessage, type Language, toLanguage } from '@fieldport/contract';
import { z } from 'zod';

type LocaleError = (issue: never) => string | { message: string } | undefined | null;

/** zod's own messages (its defaults, for checks the schemas give no text) in each of our languages. */
const zodLocales: Record<Language, () => { localeError: LocaleError }> = {
  en: z.locales.en,
  no: z.locales.no,
  sv: z.locales.sv,
  'zh-CN': z.locales.zhCN,
  'zh-HK': z.locales.zhTW,
};
const made = new Map<Language, LocaleError>();
function localeError(lang: Language): LocaleError {
  let fn = made.get(lang);
  if (!fn) {
    fn = zodLocales[lang]().localeError;
    made.set(lang, fn);
  }
  return fn;
}

const textOf = (r: ReturnType<LocaleError>) => (typeof r === 'string' ? r : (r?.message ?? null));

/**
 * A validation message in the caller's language: the contract's own texts from its catalogue
 * (fieldMessage), zod's defaults through zod's locale of that language, anything else as it is.
 */
export function validationMessage(
  v: { keyword: string; message?: string | undefined; params: Record<string, unknown> },
  acceptLanguage: string | undefined,
  /** The value that was checked (zod's wording names its type). */
  input?: unknown,
): string {
  const message = v.message ?? '';
  if (isKnownFieldMessage(message)) return fieldMessage(message, acceptLanguage);
  const lang = toLanguage(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim());
  if (lang === 'en') return message;
  const issue = { input, ...v.params, code: v.keyword } as never;
  try {
    // zod's default text, recognised by zod's English producing the same words.
    if (textOf(localeError('en')(issue)) !== message) return message;
    return textOf(localeError(lang)(issue)) ?? message;
  } catch {
    return message;
  }
}
