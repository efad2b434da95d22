import { describe, expect, it } from 'vitest';
import { apiManifest } from '../src/generated/api-manifest.ts';
import { api, manifestOf } from '../src/index.ts';

describe('the generated route manifest', () => {
  it('matches the route declarations (run `npm run generate` after changing a route)', () => {
    expect(apiManifest).toEqual(manifestOf(api));
  });
});
