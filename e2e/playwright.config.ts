import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * A free port (and the two after it, for two-servers.ts), asked of the system once in the main process
 * and handed to the workers and the servers through E2E_PORT; E2E_PORT set by hand wins.
 */
function freePort(): string {
  const probe = `
    const net = require('node:net');
    const free = (p) => new Promise((ok) => { const s = net.createServer().once('error', () => ok(false));
      s.listen(p, '127.0.0.1', () => s.close(() => ok(true))); });
    (async () => { for (;;) {
      const s = net.createServer(); await new Promise((ok) => s.listen(0, '127.0.0.1', ok));
      const p = s.address().port; await new Promise((ok) => s.close(ok));
      if (p < 65_000 && (await free(p + 1)) && (await free(p + 2))) { process.stdout.write(String(p)); return; }
    } })();`;
  return execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' });
}
if (!process.env.E2E_PORT && !process.env.TEST_WORKER_INDEX) process.env.E2E_PORT = freePort();
const port = Number(process.env.E2E_PORT ?? 18_080);
// The main process starts the server once; workers re-read this file, so the folder is made only where it is used.
const dataDir =
  process.env.E2E_DATA_DIR ?? (process.env.TEST_WORKER_INDEX ? '' : mkdtempSync(join(tmpdir(), 'fp-e2e-')));

/**
 * Two server processes on PostgreSQL behind a proxy (two-servers.ts) instead of one on the embedded
 * database: where a PostgreSQL server is given (CI), unless E2E_SERVERS=1 asks for one.
 */
/**
 * A running deployment to test instead of servers started here (the compose file's proxy, say): its
 * address, as `http://localhost:8080`. Its database should be new (the specs change the demo data),
 * and the map spec wants it started with MAP_SATELLITE_STYLE_URL set to SATELLITE.
 */
const deployment = process.env.E2E_URL?.replace(/\/+$/, '');

const twoServers =
  process.env.E2E_SERVERS === '2' || (process.env.E2E_SERVERS !== '1' && !!process.env.TEST_DATABASE_URL);

/** The map's Satellite type: a PMTiles file the map spec serves itself (planner-map.spec.ts). */
export const SATELLITE = 'https://tiles.e2e.test/imagery.pmtiles';

/**
 * Debian's Chromium, never a downloaded browser (this machine cannot download one). WebGL (the
 * planner's map) through SwiftShader, asked for by name: Chromium 156 no longer falls back to it by
 * itself with the GPU off, and the map then drew no base and did not zoom.
 */
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-angle=swiftshader',
    '--enable-unsafe-swiftshader',
  ],
};

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  // How long an expectation waits for what the user should see: the upper bound on a busy 2-core
  // machine running two servers and two browsers (CI), not a measure of speed (the benches are).
  expect: { timeout: 20_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `${deployment ?? `http://127.0.0.1:${port}`}/portal/`,
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The installable app's service worker (decision 071) would answer the app's files and pages
    // itself, where page.route and a fresh server's answers are expected: blocked but in the spec
    // about it (offline-phone.spec.ts), which allows it with test.use.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
      testIgnore: [/phone\.spec\.ts/, /technician-today\.spec\.ts/, /accounts\.spec\.ts/],
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], browserName: 'chromium', launchOptions },
      testMatch: [/phone\.spec\.ts/, /technician-today\.spec\.ts/],
    },
    {
      // The demo accounts' saved language and one password change here: it runs after the others,
      // which sign in with the same accounts and read English texts.
      name: 'accounts',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 }, launchOptions },
      testMatch: /accounts\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: deployment
    ? []
    : {
        // The real server, production web build, embedded database with the demo company; or, with
        // E2E_SERVERS=2, two server processes on one PostgreSQL database behind a round-robin proxy
        // (two-servers.ts, issue 17).
        command: twoServers ? 'node two-servers.ts' : 'node ../apps/server/src/main.ts',
        gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
        url: `http://127.0.0.1:${port}/readyz`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          MAP_SATELLITE_STYLE_URL: SATELLITE,
        },
      },
});
