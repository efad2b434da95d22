import { LANGUAGES, type Language, toLanguage } from '@fieldport/contract';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getTokens } from '../lib/api/token-store.ts';
import { applyMuiLocale } from './mui-locale.ts';

/**
 * Translations live in packages/contract/src/i18n/<lang>/<namespace>.json. The English namespaces
 * every first paint needs (snackbars, pre-loading, error page: common and feedback) are bundled with
 * the app; English is also the fallback. The sign-in page's (auth) starts loading at once for a visitor
 * without a stored session, and the sign-in page waits for it (app/RootLayout.tsx). Every other file is fetched when needed, through an i18next backend over the lazy files:
 * the signed-in app loads the shell's namespaces (SIGNED_IN_NAMESPACES) before its first render, a
 * page its own before it renders (app/route-pages.ts), and a component that asks useTranslation for a
 * namespace not loaded yet suspends until it is (the safety net, not the plan).
 */
type Catalogue = Record<string, unknown>;

// Paths are given from the base as './<lang>/<namespace>.json', which keeps the map of lazy files short.
const firstPaint = import.meta.glob<Catalogue>('./en/{common,feedback}.json', {
  base: '../../../../packages/contract/src/i18n',
  eager: true,
  import: 'default',
});
// fields.json and reference.json are the server's (its validation messages and the built-in lookups'
// names, translated by Accept-Language): the web has its own texts for the same rules. In the production build the files are plain JSON files fetched by
// path (the build's translationAssets plugin, vite.config.ts: no table of chunk names in the first
// download); the tests and the dev server load them as modules.
const lazyCatalogues: Record<string, () => Promise<Catalogue>> = import.meta.env.PROD
  ? {}
  : import.meta.glob<Catalogue>(
      ['./*/*.json', '!./en/{common,feedback}.json', '!./*/fields.json', '!./*/reference.json'],
      { base: '../../../../packages/contract/src/i18n', import: 'default' },
    );

declare const __I18N_DIR__: string;
declare const __I18N_NAMESPACES__: readonly string[];

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
const NAMESPACES: readonly string[] = import.meta.env.PROD
  ? __I18N_NAMESPACES__
  : [
      ...new Set([
        ...FIRST_PAINT_NAMESPACES,
        ...[...loaders.keys()].filter((k) => k.startsWith('en/')).map((k) => k.slice(3)),
      ]),
    ].sort();

/** A translation file of the production build, fetched from the build's folder of them. */
async function fetchCatalogue(lang: string, ns: string): Promise<Catalogue> {
  const res = await fetch(new URL(`${__I18N_DIR__}${lang}/${ns}.json`, document.baseURI));
  if (!res.ok) throw new Error(`${lang}/${ns}: ${res.status}`);
  return (await res.json()) as Catalogue;
}

/** The loader of one file: every language has every namespace but the server's. */
const loaderOf = (lang: string, ns: string): (() => Promise<Catalogue>) | undefined =>
  import.meta.env.PROD
    ? NAMESPACES.includes(ns) && !(lang === 'en' && ns in firstPaintResources)
      ? () => fetchCatalogue(lang, ns)
      : undefined
    : loaders.get(`${lang}/${ns}`);

function storedLanguage(): Language {
  try {
    return toLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return 'en';
  }
}

/** Reads the lazy files for i18next: loadNamespaces, changeLanguage and useTranslation go through it. */
const backend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(lang, ns, callback) {
    const load = loaderOf(lang, ns);
    // A namespace without a file in this language (the bundled ones, the server's fields) is empty.
    if (!load) return callback(null, {});
    load().then(
      (catalogue) => callback(null, catalogue as ResourceKey),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  },
};

void i18next
  .use(initReactI18next)
  .use(backend)
  .init({
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // Keys such as 'zh-CN' are used as given, not reduced to 'zh'.
    load: 'currentOnly',
    ns: FIRST_PAINT_NAMESPACES,
    defaultNS: 'common',
    resources: { en: firstPaintResources },
    // The bundled files above, the rest through the backend.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/**
 * Loads namespaces in the current language and English (the fallback) before they are used; during
 * a language switch, i18next loads every namespace asked for so far in the new language first.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  if (namespaces.every((ns) => i18next.hasLoadedNamespace(ns))) return Promise.resolve();
  return i18next.loadNamespaces([...namespaces]);
}

/** Whether these namespaces are loaded (in the current language and the fallback). */
export const namespacesLoaded = (namespaces: readonly string[]): boolean =>
  namespaces.every((ns) => i18next.hasLoadedNamespace(ns));

/**
 * What the signed-in app's shell (menu, header, footer, header cards, the shell's own pages) needs
 * before its first render, beside the bundled ones. Pages load the rest (app/route-pages.ts); server
 * messages arrive translated (Accept-Language), so the `server` namespace loads only with the pages
 * that show one of its texts themselves.
 */
export const SIGNED_IN_NAMESPACES = ['shell', 'routes'] as const;

/** Every namespace of the web app (those of English, which has them all); unit tests load them all. */
export const ALL_NAMESPACES: readonly string[] = NAMESPACES;

/** Switches the UI language, stores it for the next visit and for Accept-Language. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  if (lang === i18next.language) return;
  // dayjs's and MUI's texts load with the first language switch, not with the first paint.
  const { applyDateLocale } = await import('./dates.ts');
  await Promise.all([applyDateLocale(lang), applyMuiLocale(lang)]);
  // Loads every namespace loaded so far in the new language before it switches.
  await i18next.changeLanguage(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

export function currentLanguage(): Language {
  return toLanguage(i18next.language);
}

/** Resolves when the stored language is ready; main.tsx waits for it before the first paint. */
export const i18nReady: Promise<void> = (async () => {
  // A visitor sees the sign-in page first: its texts load alongside its chunk (main.tsx).
  if (!getTokens()) void loadNamespaces(['auth']);
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
