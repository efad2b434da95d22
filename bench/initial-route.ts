// The JavaScript a browser downloads for the first route (sign-in page, signed-in landing), gzipped
// as it would travel. Used by `npm run bench` (against its budget) and `npm run bench:landing`.
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';

export interface PageJs {
  kb: number;
  /** File name and gzipped KB, largest first. */
  files: [string, number][];
  /** The translation files (JSON, not counted as JavaScript), gzipped KB. */
  textsKb: number;
}
const sumKb = (sizes: Map<string, number>) => [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
const pageJs = (sizes: Map<string, number>, texts: Map<string, number>): PageJs => ({
  kb: sumKb(sizes),
  textsKb: sumKb(texts),
  files: [...sizes]
    .map(([url, bytes]): [string, number] => [url.slice(url.lastIndexOf('/') + 1), bytes / 1024])
    .sort((a, b) => b[1] - a[1]),
});

/**
 * The JavaScript a browser downloads for the first route, gzipped as it would travel: the sign-in
 * page for a visitor, and the signed-in landing page (shell and dashboard) for a returning admin.
 */
export async function initialRouteJs(base: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  /**
   * Gzipped size of every .js response of a page, by address, and of the translation files (JSON) on
   * their own; `done` waits for the bodies read.
   */
  const record = (page: Page) => {
    const sizes = new Map<string, number>();
    const texts = new Map<string, number>();
    const reads: Promise<void>[] = [];
    // Counted until the tally is read: an answer arriving later (a chunk loaded at an idle moment)
    // is not part of the first route, and its body may be gone with the page.
    let counting = true;
    page.on('response', (res) => {
      const into = res.url().endsWith('.js') ? sizes : res.url().includes('/assets/i18n/') ? texts : null;
      if (!into || !counting) return;
      reads.push(res.body().then((body) => void into.set(res.url(), gzipSync(body).length)));
    });
    return {
      done: async () => {
        counting = false;
        await Promise.all(reads);
        return pageJs(sizes, texts);
      },
    };
  };
  /**
   * The installable app's service worker registers after the load event, at an idle moment, and then
   * fetches its script and precache itself (decision 071): no part of the first download, and its
   * late responses would land in the tally after it is read. Blocked here, as in the e2e specs.
   */
  const noWorker = { serviceWorkers: 'block' } as const;
  /** A signed-in reload with this local storage, in a fresh context (empty cache). */
  const reloadWith = async (state: string): Promise<PageJs> => {
    const context = await browser.newContext(noWorker);
    const fresh = await context.newPage();
    await fresh.addInitScript((s) => {
      for (const [k, v] of Object.entries(JSON.parse(s) as Record<string, string>))
        localStorage.setItem(k, v);
    }, state);
    const reload = record(fresh);
    await fresh.goto(`${base}/portal/`, { waitUntil: 'networkidle' });
    await fresh.getByTestId('nav-drawer').first().waitFor();
    const landing = await reload.done();
    await context.close();
    return landing;
  };
  const signInVisit = async (): Promise<PageJs> => {
    const page = await browser.newPage(noWorker);
    const visit = record(page);
    await page.goto(`${base}/portal/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    const signInPage = await visit.done();
    await page.close();
    return signInPage;
  };
  const landings = async () => {
    const page = await browser.newPage(noWorker);
    await page.goto(`${base}/portal/`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'E-mail' }).fill('admin@demo.test');
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo!2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByTestId('nav-drawer').first().waitFor();
    const storage = () => page.evaluate(() => JSON.stringify(localStorage));
    // The first-time message (a dialog) shows once per version, and loads only then.
    const firstTime = await reloadWith(await storage());
    // A returning user's first route: they have dismissed it.
    await page.getByRole('button', { name: 'Got it' }).click();
    const returning = await reloadWith(await storage());
    await page.close();
    return { firstTime, returning };
  };
  const signInPage = await signInVisit();
  const { firstTime, returning } = await landings();
  await browser.close();
  return { signInPage, landing: returning, landingFirstTime: firstTime };
}
