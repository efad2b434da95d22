// npm run bench:live: the live-event budget alone (npm run bench measures it with the others).
// Starts the server on a fresh data folder with the demo company, then 200 and 1,000 clients.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminToken, fanOutRows } from './live-events.ts';

const port = 18_191;
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(import.meta.dirname, '../apps/server/src/main.ts')], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-bench-live-')),
    LOG_LEVEL: 'silent',
  },
  stdio: 'ignore',
});
try {
  const end = Date.now() + 120_000;
  while (
    !(await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > end) throw new Error('server did not become ready');
    await new Promise((r) => setTimeout(r, 50));
  }
  const rows = await fanOutRows(base, await adminToken(base));
  for (const r of rows) console.log(`${r.budget} | ${r.limit} | ${r.measured} | ${r.ok ? 'PASS' : 'FAIL'}`);
  process.exitCode = rows.every((r) => r.ok) ? 0 : 1;
} finally {
  server.kill('SIGTERM');
}
