import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_TARGET = process.env.FIELDPORT_API ?? 'http://localhost:8080';

/**
 * The server injects <base href="{BASE_PATH}"> into index.html when it serves the built app; the router
 * takes its basename from document.baseURI. The dev server has no such step, so it gets <base href="/">.
 */
const devBase = (): Plugin => ({
  name: 'fieldport-dev-base',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace('<head>', '<head><base href="/">'),
});

/**
 * Our themes are built without CSS variables (theme/index.ts passes neither `cssVariables` nor
 * `colorSchemes`), so MUI's createTheme always takes its createThemeNoVars branch. It still imports
 * createThemeWithVars statically, which brings the CSS-variables code (prepareCssVars, the selector and
 * colour-scheme helpers, about 4 KB gzipped) into the first download. This plugin hands createTheme a
 * stand-in that fails loudly if that branch is ever taken; every other importer (extendTheme) keeps
 * the real module. Production build only: the tests and the dev server use MUI as published.
 */
const NO_CSS_VARS_THEME = '\0fieldport:create-theme-with-vars';
const themeWithoutCssVars = (): Plugin => ({
  name: 'fieldport-theme-without-css-vars',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    if (
      source === './createThemeWithVars.mjs' &&
      importer?.replaceAll('\\', '/').endsWith('/@mui/material/styles/createTheme.mjs')
    )
      return NO_CSS_VARS_THEME;
    return null;
  },
  load(id) {
    if (id !== NO_CSS_VARS_THEME) return null;
    return `export default function createThemeWithVars() {
  throw new Error('This build has no CSS-variables theme: pass neither cssVariables nor colorSchemes to createTheme (apps/web/vite.config.ts).');
}`;
  },
});

/**
 * MUI's styling engine calls emotion's styled as a function only. The package's default export also
 * makes a styled component for each of 140 HTML and SVG tags when it loads (`styled.div` …), which
 * MUI never uses: MUI gets emotion's base styled instead, the same function without that list.
 */
const emotionStyledBase = (): Plugin => ({
  name: 'fieldport-emotion-styled-base',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer, options) {
    if (source !== '@emotion/styled' || !importer?.replaceAll('\\', '/').includes('/@mui/styled-engine/'))
      return null;
    return this.resolve('@emotion/styled/base', importer, options);
  },
});

/**
 * The translation files as plain JSON files of the build (`assets/i18n/<hash>/<lang>/<namespace>.json`,
 * the folder named after their content, so they are cached for good like the chunks), fetched by path
 * (src/i18n/index.ts). As lazy chunks, each of the ~150 files cost the first download a line in the
 * entry's table of chunk names (about 2.9 KB gzipped). The entry gets only the folder and the names of
 * the namespaces (`__I18N_DIR__`, `__I18N_NAMESPACES__`). Production build only: the tests and the dev
 * server load the files as modules.
 */
const I18N_SOURCE = join(import.meta.dirname, '../../packages/contract/src/i18n');
const translationFiles = () =>
  readdirSync(I18N_SOURCE, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((lang) =>
      readdirSync(join(I18N_SOURCE, lang.name))
        // fields.json and reference.json are the server's (its validation messages, the built-in
        // lookups' names, decision 034): the web has its own texts and reads the names in answers.
        .filter((f) => f.endsWith('.json') && f !== 'fields.json' && f !== 'reference.json')
        .map((f) => ({
          lang: lang.name,
          ns: f.slice(0, -5),
          text: readFileSync(join(I18N_SOURCE, lang.name, f)),
        })),
    )
    .sort((a, b) => `${a.lang}/${a.ns}`.localeCompare(`${b.lang}/${b.ns}`));
const translationAssets = (): Plugin => {
  const files = translationFiles();
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.lang}/${f.ns}\0`).update(f.text);
  const dir = `assets/i18n/${hash.digest('base64url').slice(0, 10)}/`;
  return {
    name: 'fieldport-translation-assets',
    apply: 'build',
    config: () => ({
      define: {
        __I18N_DIR__: JSON.stringify(dir),
        __I18N_NAMESPACES__: JSON.stringify([...new Set(files.map((f) => f.ns))].sort()),
      },
    }),
    generateBundle() {
      for (const f of files)
        this.emitFile({
          type: 'asset',
          fileName: `${dir}${f.lang}/${f.ns}.json`,
          source: JSON.stringify(JSON.parse(f.text.toString('utf8'))),
        });
    },
  };
};

/**
 * The installable app (issue 31.2, decision 071): the web app manifest and a Workbox service worker
 * (generateSW) that precaches the build: index.html, every JS and CSS chunk, the translation files,
 * the icons and the map's built-in base (world-atlas's countries). Navigations inside the app are
 * answered with the precached index.html, so the app opens without a network; the server's own
 * paths never are, and no API answer is cached (the device store of issue 31.3 adds its own routes).
 * The page registers the worker itself after its first paint (src/lib/service-worker.ts), never in
 * the dev server or the tests.
 */
const NOT_APP_PAGES = [
  /^\/api2(\/|$)/,
  /^\/api(\/|$)/,
  /^\/eventNotifications(\/|$)/,
  /^\/socket\.io(\/|$)/,
  /^\/(healthz|readyz|metrics)$/,
  // A file of the build or of the server (a download, the logo): never the index page.
  /\/[^/?]+\.[a-z0-9]{1,5}$/i,
];
const installableApp = () =>
  VitePWA({
    strategies: 'generateSW',
    // Registered by the app after its first paint (src/lib/service-worker.ts): no script in index.html.
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    includeAssets: ['favicon.svg'],
    manifest: {
      id: './',
      name: 'Fieldport',
      short_name: 'Fieldport',
      description: 'Field service: jobs, visits and the day plan.',
      lang: 'en',
      // A phone or tablet opens My page on the technician's Today (routes.ts, compactTo); a desktop
      // and the customers' users open My page's cards.
      start_url: './my-page',
      scope: './',
      display: 'standalone',
      orientation: 'any',
      theme_color: '#1f4e79',
      background_color: '#ffffff',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{html,js,css,json,svg,png,woff2}'],
      // The source maps are written for debugging (sourcemap: 'hidden'), not for the device.
      globIgnores: ['**/*.map'],
      // maplibre's chunk is the largest (about 1 MB); world-atlas's countries some 750 KB.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      // Hashed names: Workbox need not add a revision to bust a cache.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: NOT_APP_PAGES,
      cleanupOutdatedCaches: true,
      // The new version takes over at once; the page reloads when it is next hidden (service-worker.ts).
      clientsClaim: true,
      skipWaiting: true,
      // No runtime caching in this item: API answers are never cached here (decision 071).
      runtimeCaching: [],
    },
  });

/** The entry chunk (the first download), named after index.html's script. */
const isEntryChunk = (file: string) => file === 'index.html' || /(^|\/)index-[\w-]+\.js$/.test(file);

export default defineConfig({
  // Relative asset URLs: the same build works under any BASE_PATH.
  base: './',
  plugins: [
    react(),
    devBase(),
    themeWithoutCssVars(),
    emotionStyledBase(),
    translationAssets(),
    installableApp(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for debugging, but the files do not name them: the comment cost about 40 bytes
    // gzipped per file, some 0.8 KB on the landing. Load a map in the browser's devtools by hand.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 800,
    // The first download is one chunk, so index.html lists no modulepreload links for a polyfill to
    // serve; lazy chunks are preloaded by Vite's own helper, which needs none.
    // Only the first paint's two lazy chunks, the sign-in page and the signed-in app, preload their
    // dependencies with them. Every other lazy import (pages, route icons, dialogs, the snackbar
    // stack) would carry a table of every file name it may need: about 5 KB gzipped in the signed-in
    // app's chunk and 0.5 KB in the entry, downloaded before the first page. Without it, such a chunk
    // fetches its shared parts when it is parsed: one or two more round trips the first time it opens.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (file, deps, { hostId }) =>
        isEntryChunk(hostId) && /(^|\/)(SignInPage|SignedInApp)-[\w-]+\.js$/.test(file) ? deps : [],
    },
    rolldownOptions: {
      // hoist-non-react-statics is pure, but its package does not say so: @emotion/react imports it
      // for a side effect it does not have, which kept it (and an old react-is) in the first
      // download although nothing uses emotion's withTheme (about 0.9 KB gzipped).
      treeshake: {
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
        ],
      },
      output: {
        // Everything the entry imports statically (the sign-in page's first paint) in one chunk: left
        // alone, Rolldown splits out the parts lazy chunks share too (React, MUI's styling, i18next …),
        // and each extra chunk compresses on its own and costs a request (~7 KB gzipped in all).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The small shared parts the signed-in landing needs (and lazy chunks share with it) in
            // one chunk instead of eight: IconButton, List and its items and Divider, MUI's slot helpers,
            // useMediaQuery, the live state and the permission table. Each on its own compressed
            // worse and cost a request (about 1.9 KB gzipped in all on the landing); the sign-in
            // page, which needs some of them, downloads about 1.3 KB more.
            {
              name: 'shared-ui',
              test: /(@mui\/material\/(IconButton|List|useMediaQuery|utils\/useSlot|utils\/useEnhancedEffect|ListItemButton|ListItemIcon|ListItemText|Divider|Link)\/|@mui\/system\/useMediaQuery\/|@mui\/utils\/(isHostComponent|isEventHandler|appendOwnerState|extractEventHandlers|omitEventHandlers|mergeSlotProps|resolveComponentProps|useSlotProps)\/|src\/lib\/live-state\.ts|src\/domain\/permissions\.ts)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api2': { target: API_TARGET, changeOrigin: true },
      '/eventNotifications': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
