// Builds the web app before `npm start` when its sources changed since the last build, so a fresh
// clone serves the portal and an unchanged one starts in seconds.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, globSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const sources = [
  ...globSync('apps/web/{index.html,vite.config.ts,package.json}', { cwd: root }),
  ...globSync('apps/web/src/**/*', { cwd: root }),
  ...globSync('packages/contract/src/**/*', { cwd: root }),
].sort();
const hash = createHash('sha256');
for (const file of sources) {
  const path = join(root, file);
  try {
    hash.update(file).update(readFileSync(path));
  } catch {
    // a folder: its files are listed on their own
  }
}
const digest = hash.digest('hex');
const stamp = join(root, 'apps/web/dist/.source-hash');
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
console.log('Building the web app (first start, or its sources changed)…');
execSync('npm run build -w @fieldport/web', { cwd: root, stdio: 'inherit' });
writeFileSync(stamp, digest);
