import { describe, expect, it } from 'vitest';
import { webCallNames } from '../../../scripts/web-calls.ts';
import { apiManifest } from '../src/generated/api-manifest.ts';
import { api, manifestOf } from '../src/index.ts';

describe('the generated route manifest', () => {
  it('holds the calls the web app names, as declared (run `npm run generate` after changing a route or a call)', () => {
    const all = manifestOf(api);
    const names = webCallNames(Object.keys(all));
    expect(Object.keys(apiManifest)).toEqual(names);
    expect(apiManifest).toEqual(Object.fromEntries(names.map((n) => [n, all[n]])));
  });

  it('leaves out a call the web app does not make', () => {
    // The server's own calls (the API documentation's) are not the browser's business.
    expect(Object.keys(manifestOf(api)).length).toBeGreaterThan(Object.keys(apiManifest).length);
    expect(webCallNames(['customerFiltered', 'noSuchCall'])).toEqual(['customerFiltered']);
  });
});
