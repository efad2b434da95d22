import { type Language, toLanguage } from '../domain/constants.ts';
import en from './en/server.json' with { type: 'json' };
import no from './no/server.json' with { type: 'json' };
import sv from './sv/server.json' with { type: 'json' };
import zhCN from './zh-CN/server.json' with { type: 'json' };
import zhHK from './zh-HK/server.json' with { type: 'json' };

export type ServerMessageKey = keyof typeof en;
const catalogues: Record<Language, Record<ServerMessageKey, string>> = {
  en,
  no,
  sv,
  'zh-CN': zhCN,
  'zh-HK': zhHK,
};

/** A server Message in the caller's language (Accept-Language), with {{name}} values filled in. */
export function serverMessage(
  key: ServerMessageKey,
  acceptLanguage?: string | null,
  values: Record<string, string | number> = {},
): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  const text = catalogues[toLanguage(first)][key] ?? en[key];
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** Whether a text is a key of the server messages (task display texts are stored as keys). */
export const isServerMessageKey = (key: string): key is ServerMessageKey => Object.hasOwn(en, key);
