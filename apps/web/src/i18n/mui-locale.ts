import type { Language } from '@fieldport/contract';
import type { Localization } from '@mui/material/locale';
import { useSyncExternalStore } from 'react';

/**
 * MUI's own texts (an Autocomplete's Open, Close and Clear, "No options", a table's "Rows per page", an
 * alert's Close) in the reader's language, from MUI's locale packs (issue 35.8): loaded with the first
 * switch to a language other than English (one chunk, not the first paint's), then put into the theme by
 * ThemeModeProvider. English is MUI's own default.
 */
let current: Localization | null = null;
const listeners = new Set<() => void>();

async function packOf(lang: Language): Promise<Localization | null> {
  if (lang === 'en') return null;
  const { nbNO, svSE, zhCN, zhHK } = await import('@mui/material/locale');
  return { no: nbNO, sv: svSE, 'zh-CN': zhCN, 'zh-HK': zhHK }[lang];
}

/** Loads MUI's texts for a language and hands them to the theme. */
export async function applyMuiLocale(lang: Language): Promise<void> {
  current = await packOf(lang);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** MUI's texts in the current language, or null for MUI's own English. */
export const useMuiLocale = (): Localization | null =>
  useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
