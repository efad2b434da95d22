import { defineConfig } from 'vitest/config';

/** Two tiers run by vitest: unit (pure rules, the server's policies and web components) and integration (the real server on a real database). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/contract/test/**/*.test.ts',
            'packages/dispatch/test/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            // The server's pure rules (`<area>.policy.ts`): no database, no app.
            'apps/server/test/unit/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['apps/web/src/i18n/test-setup.ts'],
          // A web test renders the whole app in jsdom; on a busy 2-core machine a file's first can take
          // 10 s and each wait up to 15 s (test-setup.ts).
          testTimeout: 60_000,
        },
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
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
