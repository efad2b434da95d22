/**
 * Opens an app path (as pathFor gives it, from the router's root) in a new browser tab: the address is
 * resolved against the page's <base>, where the router takes its basename from.
 */
export function openInNewTab(path: string): void {
  window.open(new URL(path.replace(/^\//, ''), document.baseURI).href, '_blank', 'noopener');
}
