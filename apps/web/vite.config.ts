import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  // Relative asset URLs: the same build works under any BASE_PATH.
  base: './',
  plugins: [react(), devBase()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // The first download is one chunk, so index.html lists no modulepreload links for a polyfill to
    // serve; lazy chunks are preloaded by Vite's own helper, which needs none.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (the sign-in page's first paint) in one chunk: left
        // alone, Rolldown splits out the parts lazy chunks share too (React, MUI's styling, i18next …),
        // and each extra chunk compresses on its own and costs a request (~7 KB gzipped in all).
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
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
