// npm run files:copy: copies the files an earlier version (or a single process) kept under
// DATA_DIR/uploads into the shared file store this configuration names (PostgreSQL with DATABASE_URL,
// or the S3 bucket of S3_URL; issue 17), so that every process serves them. Files already there are
// left as they are; the folder is not changed. Safe to run again, and while the servers run.
import { readdir } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { LocalBlobStore } from './modules/resources/blob-store.ts';
import { fileStoreOf } from './modules/resources/file-stores.ts';

const config = loadConfig();
if (config.files.kind === 'local') {
  console.error('Neither DATABASE_URL nor S3_URL is set: the files are kept in DATA_DIR/uploads already.');
  process.exit(1);
}
const folder = new LocalBlobStore(config.uploadsDir);
const names = await readdir(folder.root, { recursive: true, withFileTypes: true }).catch(() => []);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const store = await fileStoreOf({ ...config, uploadsDir: '/nonexistent' }, database.db);
let copied = 0;
let kept = 0;
try {
  for (const entry of names) {
    if (!entry.isFile()) continue;
    const key = relative(folder.root, `${entry.parentPath}${sep}${entry.name}`).split(sep).join('/');
    if (await store.has(key)) {
      kept++;
      continue;
    }
    await store.copyIn(key, folder.localPath(key));
    copied++;
  }
  console.log(
    `${copied} files copied from ${folder.root} to the ${config.files.kind} file store; ${kept} were there.`,
  );
} finally {
  store.close();
  await database.close();
}
