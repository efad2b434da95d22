/**
 * The installable app's service worker (issue 31.2, decision 071): built by vite-plugin-pwa
 * (vite.config.ts), registered here in the production build only and only after the first paint (the
 * page's load event, then an idle moment), so the landing's first download and its first render
 * never wait for it. Nothing is imported: the registration is a few lines of the entry.
 *
 * Updates: the new worker takes over at once (skipWaiting, clientsClaim), and its precache no longer
 * holds the old build's chunks. A page that was controlled before is reloaded onto the new version
 * when it is next hidden (the technician switches apps, the tab goes to the background), never under
 * the person's hands while they type; a page that stays in view gets it with its next reload.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    const container = navigator.serviceWorker;
    const hadController = !!container.controller;
    container
      .register(new URL('sw.js', document.baseURI), { scope: new URL('./', document.baseURI).pathname })
      .catch((err: unknown) => console.warn('The offline app could not be installed', err));
    if (!hadController) return;
    container.addEventListener('controllerchange', () => {
      const reloadWhenHidden = () => {
        if (document.visibilityState !== 'hidden') return;
        document.removeEventListener('visibilitychange', reloadWhenHidden);
        window.location.reload();
      };
      document.addEventListener('visibilitychange', reloadWhenHidden);
      reloadWhenHidden();
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
