import { describe, expect, it } from 'vitest';
import { firstPageCallNames, webCallNames } from '../../../scripts/web-calls.ts';
import { apiManifest } from '../src/generated/api-manifest.ts';
import { laterManifest } from '../src/generated/api-manifest-later.ts';
import { api, manifestOf } from '../src/index.ts';

describe('the generated route manifest', () => {
  it('holds the calls the web app names, as declared (run `npm run generate` after changing a route or a call)', () => {
    const all = manifestOf(api);
    const names = webCallNames(Object.keys(all));
    const both = { ...apiManifest, ...laterManifest };
    expect(Object.keys(both).sort()).toEqual([...names].sort());
    expect(both).toEqual(Object.fromEntries(names.map((n) => [n, all[n]])));
  });

  it('ships the first page’s calls in the entry and the others in the later part, none in both', () => {
    const names = webCallNames(Object.keys(manifestOf(api)));
    const first = firstPageCallNames(names);
    expect(Object.keys(apiManifest)).toEqual(first);
    // The session's and the sign-in page's calls, and the dashboard's, are there from the start.
    expect(first).toEqual(expect.arrayContaining(['token', 'tokenRefresh', 'userInfo', 'dashboardHome']));
    expect(Object.keys(laterManifest).filter((n) => n in apiManifest)).toEqual([]);
    expect(Object.keys(laterManifest)).toContain('customerFiltered');
  });

  it('leaves out a call the web app does not make', () => {
    // The server's own calls (the API documentation's) are not the browser's business.
    expect(Object.keys(manifestOf(api)).length).toBeGreaterThan(
      Object.keys(apiManifest).length + Object.keys(laterManifest).length,
    );
    expect(webCallNames(['customerFiltered', 'noSuchCall'])).toEqual(['customerFiltered']);
  });
});
