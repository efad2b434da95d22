// Lints the published OpenAPI document (/api2/docs/json) with Spectral's `spectral:oas` ruleset
// (.spectral.yaml): `npm run check` fails on any error. The document is made by the real app on an
// in-memory embedded database, so the check needs no server, no network and no data folder.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openEmbedded } from '../apps/server/src/db/database.ts';

const dir = mkdtempSync(join(tmpdir(), 'fp-openapi-'));
const file = join(dir, 'openapi.json');
try {
  const config = loadConfig({
    DATA_DIR: dir,
    TOKEN_SECRET: 'openapi-lint-openapi-lint-openapi-lint',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    database: await openEmbedded(null),
    taskWorker: false,
    logger: false,
  });
  const res = await app.inject({ url: '/api2/docs/json' });
  await app.close();
  if (res.statusCode !== 200) throw new Error(`/api2/docs/json answered ${res.statusCode}`);
  writeFileSync(file, res.body);
  const ruleset = join(import.meta.dirname, '../.spectral.yaml');
  const spectral = join(import.meta.dirname, '../node_modules/.bin/spectral');
  execFileSync(
    spectral,
    ['lint', file, '--ruleset', ruleset, '--fail-severity', 'error', '--display-only-failures'],
    {
      stdio: 'inherit',
    },
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
