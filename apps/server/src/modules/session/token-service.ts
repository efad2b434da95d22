import { firstTokenSecret } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { type PasswordHashCost, usePasswordHashCost } from './passwords.ts';
import { ensureTokenKeys, readTokenKeys, TOKEN_KEYS_CHANNEL } from './token-keys.repository.ts';
import { TokenService } from './tokens.ts';

/**
 * The token service of this process: signed with TOKEN_SECRET when it is set, else with the keys every
 * process on the database shares (the first one made once), read again when a new one is announced.
 * `stop` ends the listening. New password hashes are made at config.passwordHashCost from here on
 * (always the production cost but in the test harness, decision 104).
 */
export async function tokenServiceOf(
  config: { tokenSecret: string | undefined; dataDir: string; passwordHashCost: PasswordHashCost },
  database: Database,
): Promise<{ tokens: TokenService; stop: () => Promise<void> }> {
  usePasswordHashCost(config.passwordHashCost);
  if (config.tokenSecret) return { tokens: new TokenService(config.tokenSecret), stop: async () => {} };
  const { db } = database;
  const reload = () => readTokenKeys(db);
  const tokens = new TokenService(await ensureTokenKeys(db, () => firstTokenSecret(config.dataDir)), reload);
  const unlisten = await database.listen(TOKEN_KEYS_CHANNEL, () => {
    reload().then(
      (keys) => tokens.useKeys(keys),
      () => {},
    );
  });
  return { tokens, stop: () => unlisten() };
}
