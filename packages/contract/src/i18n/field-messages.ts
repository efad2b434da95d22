import { type Language, toLanguage } from '../domain/constants.ts';
import en from './en/fields.json' with { type: 'json' };
import no from './no/fields.json' with { type: 'json' };
import sv from './sv/fields.json' with { type: 'json' };
import zhCN from './zh-CN/fields.json' with { type: 'json' };
import zhHK from './zh-HK/fields.json' with { type: 'json' };

type FieldMessageText = keyof typeof en;
const catalogues: Record<Language, Record<FieldMessageText, string>> = {
  en,
  no,
  sv,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Texts with {{values}} ('Max {{n}} characters.') as patterns that find the values in a message. */
const patterns = (Object.keys(en) as FieldMessageText[])
  .filter((k) => k.includes('{{'))
  .map((key) => {
    const names: string[] = [];
    const source = key
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return { key, names, re: new RegExp(`^${source}$`) };
  });

/**
 * A field validation message of the contract's schemas (written in English, as the documents write
 * them) in the caller's language (Accept-Language); a message the catalogue does not know stays as
 * it is.
 */
export function fieldMessage(message: string, acceptLanguage?: string | null): string {
  const lang = toLanguage(acceptLanguage?.split(',')[0]?.split(';')[0]?.trim());
  const catalogue = catalogues[lang];
  if (Object.hasOwn(catalogue, message)) return catalogue[message as FieldMessageText];
  for (const p of patterns) {
    const m = p.re.exec(message);
    if (!m) continue;
    const values = Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? '']));
    return catalogue[p.key].replace(/\{\{(\w+)\}\}/g, (_, n: string) => values[n] ?? '');
  }
  return message;
}

/** Whether a message is one of the catalogue's (as written, or by one of its patterns). */
export const isKnownFieldMessage = (message: string): boolean =>
  Object.hasOwn(en, message) || patterns.some((p) => p.re.test(message));
