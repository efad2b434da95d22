// npm run token:rotate: a new newest signing key for the access tokens (issue 17), when TOKEN_SECRET is
// not set. Every running process on the database signs with it within a second; tokens signed with the
// older keys stay valid until they expire, so nobody is signed out.
import { randomBytes } from 'node:crypto';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { addTokenKey } from './modules/session/token-keys.repository.ts';

const config = loadConfig();
if (config.tokenSecret) {
  console.error('TOKEN_SECRET is set: the tokens are signed with it, not with the keys of the database.');
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.db.transaction((tx) => addTokenKey(tx, randomBytes(48).toString('base64url')));
  console.log('A new signing key is in use; tokens signed with the older keys stay valid until they expire.');
} finally {
  await database.close();
}
