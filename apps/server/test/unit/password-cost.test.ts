import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  hashPassword,
  PRODUCTION_PASSWORD_COST,
  verifyPassword,
} from '../../src/modules/session/passwords.ts';

// ENGINEERING.md: argon2id for passwords, at the OWASP baseline (19 MiB, 2 passes, 1 lane). The
// integration tests hash at a smaller cost of their own (harness.ts, decision 104); a served process never.
describe('password hashing in a served process', () => {
  it('is argon2id at 19 MiB, 2 passes and 1 lane, whatever the environment says', () => {
    expect(PRODUCTION_PASSWORD_COST).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'fp-cost-')),
      PASSWORD_HASH_COST: '1',
      ARGON2_MEMORY: '1024',
    };
    expect(loadConfig(env).passwordHashCost).toEqual(PRODUCTION_PASSWORD_COST);
    expect(loadConfig({ ...env, NODE_ENV: 'test' }).passwordHashCost).toEqual(PRODUCTION_PASSWORD_COST);
  });

  it('makes hashes of that cost, which verify the password and no other', async () => {
    const hash = await hashPassword('Demo!2026');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Demo!2026')).toBe(true);
    expect(await verifyPassword(hash, 'Demo!2027')).toBe(false);
  });
});
