/**
 * The installable app's service worker (issue 31.2, decision 071): built by vite-plugin-pwa
 * (vite.config.ts), registered here in the production build only and only after the first paint (the
 * page's load event, then an idle moment), so the landing's first paint never waits for it. Kept to
 * a few lines: it is part of the entry, within the first-download budget (bench:landing).
 *
 * 'sw.js' is resolved against the document's base (BASE_PATH), and its folder is the scope.
 * Updates: the new worker takes over at once (skipWaiting, clientsClaim) and its precache no longer
 * holds the old build's chunks, so a page that was controlled before reloads onto the new version
 * when it is next hidden (the technician switches apps), never under the person's hands; a page that
 * stays in view gets it with its next reload.
 */
export function registerServiceWorker(): void {
  const container = import.meta.env.PROD ? navigator.serviceWorker : undefined;
  if (!container) return;
  const register = () => {
    if (container.controller)
      container.addEventListener('controllerchange', () =>
        document.addEventListener('visibilitychange', () => document.hidden && location.reload()),
      );
    container.register('sw.js').catch(console.warn);
  };
  window.addEventListener('load', () => (window.requestIdleCallback ?? setTimeout)(register), { once: true });
}
