import { LANGUAGES, type Language, toLanguage } from '@fieldport/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Translations live in packages/contract/src/i18n/<lang>/<namespace>.json. The English namespaces of
 * the first paint (sign-in page, snackbars, pre-loading, error page) are bundled with the app; English is also the
 * fallback. Every other file is fetched when needed: the chosen language's files, and the namespaces
 * of the signed-in app when it loads (loadAllNamespaces).
 */
type Catalogue = Record<string, unknown>;

// Paths are given from the base as './<lang>/<namespace>.json', which keeps the map of lazy files short.
const firstPaint = import.meta.glob<Catalogue>('./en/{auth,common,feedback}.json', {
  base: '../../../../packages/contract/src/i18n',
  eager: true,
  import: 'default',
});
// fields.json is the server's (its validation messages, translated by Accept-Language): the web has
// its own texts for the same rules.
const lazyCatalogues = import.meta.glob<Catalogue>(
  ['./*/*.json', '!./en/{auth,common,feedback}.json', '!./*/fields.json'],
  {
    base: '../../../../packages/contract/src/i18n',
    import: 'default',
  },
);

/** 'lang' in local storage; the API client sends it as Accept-Language. */
const LANGUAGE_STORAGE_KEY = 'lang';

const fileOf = (path: string) => {
  const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { lang: match[1] as string, ns: match[2] as string } : null;
};

const loaders = new Map<string, () => Promise<Catalogue>>();
for (const [path, load] of Object.entries(lazyCatalogues)) {
  const file = fileOf(path);
  if (file) loaders.set(`${file.lang}/${file.ns}`, load);
}
const firstPaintResources: Record<string, Catalogue> = {};
for (const [path, catalogue] of Object.entries(firstPaint)) {
  const file = fileOf(path);
  if (file) firstPaintResources[file.ns] = catalogue;
}

const FIRST_PAINT_NAMESPACES = Object.keys(firstPaintResources).sort();
/** Every namespace of the web app (those of English, which has them all). */
const NAMESPACES = [
  ...new Set([
    ...FIRST_PAINT_NAMESPACES,
    ...[...loaders.keys()].filter((k) => k.startsWith('en/')).map((k) => k.slice(3)),
  ]),
].sort();

function storedLanguage(): Language {
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
  ns: FIRST_PAINT_NAMESPACES,
  defaultNS: 'common',
  resources: { en: firstPaintResources },
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

/** 'lang/ns' of every file added to i18next; the bundled ones count as added. */
const added = new Set(FIRST_PAINT_NAMESPACES.map((ns) => `en/${ns}`));
/** The namespaces the app has asked for so far; a language switch loads these in the new language. */
const wanted = new Set(FIRST_PAINT_NAMESPACES);

async function addFiles(lang: string, namespaces: Iterable<string>): Promise<void> {
  await Promise.all(
    [...namespaces].map(async (ns) => {
      const key = `${lang}/${ns}`;
      const load = loaders.get(key);
      if (added.has(key) || !load) return;
      i18next.addResourceBundle(lang, ns, await load(), true, true);
      added.add(key);
    }),
  );
}

/** The language being switched to, so namespaces asked for meanwhile are loaded in it too. */
let switchingTo: string | null = null;

/** Loads namespaces in English (the fallback) and the current language before they are used. */
export async function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  for (const ns of namespaces) wanted.add(ns);
  const langs = new Set(['en', i18next.language, switchingTo ?? 'en']);
  await Promise.all([...langs].map((lang) => addFiles(lang, namespaces)));
}

/**
 * Namespaces of pages few users open (the Admin's): loaded with their page's chunk (loadNamespaces),
 * not with the signed-in app, so the landing page does not download them.
 */
export const PAGE_NAMESPACES = new Set(['admin']);

/** The signed-in app uses every other namespace (also through prefixed keys such as 'server:…'). */
export const loadAllNamespaces = (): Promise<void> =>
  loadNamespaces(NAMESPACES.filter((ns) => !PAGE_NAMESPACES.has(ns)));

/** Switches the UI language, stores it for the next visit and for Accept-Language. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  if (lang === i18next.language) return;
  switchingTo = lang;
  await addFiles(lang, wanted);
  // dayjs and its locales load with the first language switch, not with the first paint.
  const { applyDateLocale } = await import('./dates.ts');
  await applyDateLocale(lang);
  await i18next.changeLanguage(lang);
  if (switchingTo === lang) switchingTo = null;
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
