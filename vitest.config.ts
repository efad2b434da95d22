import { defineConfig } from 'vitest/config';

// Two tiers run by vitest: unit (its two projects below) and integration (the real server on a real database).

/** The unit tier: pure rules, the server's policies (`<area>.policy.ts`, no database) and web components. */
const UNIT = [
  'packages/contract/test/**/*.test.ts',
  'packages/dispatch/test/**/*.test.ts',
  'apps/web/src/**/*.test.{ts,tsx}',
  'apps/server/test/unit/**/*.test.ts',
];
/** Unit test files that replace a module with vi.mock, named `*.mocked.test.*` (test-isolation.test.ts). */
const MOCKED = 'apps/web/src/**/*.mocked.test.{ts,tsx}';
/**
 * expect.poll's upper bound: how long a test waits for what it expects on a busy 2-core machine (the
 * default of 1 s was missed under load); a bound, not a measure of speed.
 */
const POLL = { timeout: 30_000 };
const UNIT_SETUP = {
  environment: 'node',
  setupFiles: ['apps/web/src/i18n/test-setup.ts'],
  // A web test renders the whole app in jsdom; on a busy 2-core machine a file's first can take
  // 10 s and each wait up to 15 s (test-setup.ts).
  testTimeout: 60_000,
  expect: { poll: POLL },
};

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine, which left a
    // core idle for the whole unit tier (its workers wait on nothing but the CPU).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [MOCKED],
          ...UNIT_SETUP,
          // A worker keeps the libraries it has loaded (React, MUI, i18next) from file to file, which
          // halves the tier's time; test-setup.ts gives each file fresh copies of the app's own modules.
          isolate: false,
        },
      },
      {
        // A file that replaces a module (vi.mock) runs alone: the mock would outlive it in a shared worker.
        test: { name: 'unit-mocked', include: [MOCKED], ...UNIT_SETUP },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/unit/**'],
          // One migrated database per engine, copied by each test file (harness.ts).
          globalSetup: ['apps/server/test/global-setup.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          expect: { poll: POLL },
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
