import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The unit project shares a worker's modules between files (vitest.config.ts), and a module replaced
 * with vi.mock stays replaced for the files after it: such a file must be named `*.mocked.test.*`,
 * which runs in a project of its own, one file per worker.
 */
const root = import.meta.dirname;
const testFiles = (readdirSync(root, { recursive: true }) as string[])
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => join(root, f));

describe('unit test files and the shared worker', () => {
  it('replace modules with vi.mock only in files named *.mocked.test.*', () => {
    const mocking = testFiles.filter((f) => /\bvi\.(do)?mock\(/.test(readFileSync(f, 'utf8')));
    const misnamed = mocking.filter((f) => !/\.mocked\.test\.tsx?$/.test(f)).map((f) => relative(root, f));
    expect(misnamed).toEqual([]);
    expect(mocking.length).toBeGreaterThan(0);
  });
});
