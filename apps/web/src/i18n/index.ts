import { LANGUAGES, type Language, toLanguage } from '@fieldport/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations live in packages/contract/src/i18n/<lang>/<namespace>.json. English is bundled with the
 * app (it is also the fallback); the other languages are fetched when chosen.
 */
type Catalogue = Record<string, unknown>;

const english = import.meta.glob<Catalogue>('../../../../packages/contract/src/i18n/en/*.json', {
  eager: true,
  import: 'default',
});
const lazyCatalogues = import.meta.glob<Catalogue>(
  ['../../../../packages/contract/src/i18n/*/*.json', '!../../../../packages/contract/src/i18n/en/*.json'],
  { import: 'default' },
);

/** 'lang' in local storage; the API client sends it as Accept-Language. */
export const LANGUAGE_STORAGE_KEY = 'lang';

const fileOf = (path: string) => {
  const match = /\/i18n\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1] as string, ns: match[2] as string } : null;
};

function resourcesOf(entries: [string, Catalogue][]): Record<string, Catalogue> {
  const out: Record<string, Catalogue> = {};
  for (const [path, catalogue] of entries) {
    const file = fileOf(path);
    if (file) out[file.ns] = catalogue;
  }
  return out;
}

const englishResources = resourcesOf(Object.entries(english));
export const NAMESPACES = Object.keys(englishResources).sort();

export function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return 'en';
  }
}

void i18next.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // Keys such as 'zh-CN' are used as given, not reduced to 'zh'.
  load: 'currentOnly',
  ns: NAMESPACES,
  defaultNS: 'common',
  resources: { en: englishResources },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const loaded = new Set<string>(['en']);

async function loadLanguage(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const entries = Object.entries(lazyCatalogues).filter(([path]) => fileOf(path)?.lang === lang);
  const catalogues = await Promise.all(
    entries.map(async ([path, load]) => [path, await load()] as [string, Catalogue]),
  );
  for (const [ns, catalogue] of Object.entries(resourcesOf(catalogues))) {
    i18next.addResourceBundle(lang, ns, catalogue, true, true);
  }
  loaded.add(lang);
}

/** Switches the UI language, stores it for the next visit and for Accept-Language. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  if (lang === i18next.language) return;
  await loadLanguage(lang);
  // dayjs and its locales load with the first language switch, not with the first paint.
  const { applyDateLocale } = await import('./dates.ts');
  await applyDateLocale(lang);
  await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return toLanguage(i18next.language);
}

/** Resolves when the stored language is ready; main.tsx waits for it before the first paint. */
export const i18nReady: Promise<void> = (async () => {
  const lang = storedLanguage();
  if (lang !== 'en') {
    try {
      await setLanguage(lang);
    } catch {
      // A failed chunk load keeps English.
    }
  }
})();

export { i18next };
