import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LABEL_TOKEN } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import {
  LABEL_SECRET_FILE,
  labelSecretOf,
  labelTokenHash,
  labelTokenOf,
  newLabelNonce,
} from '../../src/modules/machines/label-token.ts';

/** Label tokens derived from a secret outside the database and a machine's nonce (decision 087). */
describe('label tokens', () => {
  const secret = 'a-label-secret-of-at-least-32-characters';

  it('is 43 base64url characters (256 bits) that the label route takes', () => {
    const nonce = newLabelNonce();
    expect(nonce).toMatch(/^[0-9a-f]{64}$/);
    const token = labelTokenOf(secret, 42, nonce);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(LABEL_TOKEN.test(token)).toBe(true);
    // Labels printed before (64 hex characters) are taken too; anything else is not a label.
    expect(LABEL_TOKEN.test('a'.repeat(64))).toBe(true);
    expect(LABEL_TOKEN.test(`${token}=`)).toBe(false);
    expect(LABEL_TOKEN.test(token.slice(1))).toBe(false);
  });

  it('is the same for the same secret, machine and nonce, and another after a new nonce', () => {
    const nonce = newLabelNonce();
    expect(labelTokenOf(secret, 7, nonce)).toBe(labelTokenOf(secret, 7, nonce));
    expect(labelTokenOf(secret, 7, newLabelNonce())).not.toBe(labelTokenOf(secret, 7, nonce));
    expect(labelTokenOf(secret, 8, nonce)).not.toBe(labelTokenOf(secret, 7, nonce));
    expect(labelTokenOf(`${secret}x`, 7, nonce)).not.toBe(labelTokenOf(secret, 7, nonce));
  });

  it('keeps SHA-256 of a token, not the token', () => {
    expect(labelTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('takes LABEL_SECRET when set, else makes one secret in DATA_DIR that every process reads', async () => {
    const given = await labelSecretOf({ labelSecret: secret, dataDir: '/nonexistent' });
    expect(given).toBe(secret);
    const dataDir = join(mkdtempSync(join(tmpdir(), 'fp-label-')), 'data');
    // Processes starting together on one DATA_DIR agree on one secret.
    const made = await Promise.all(
      Array.from({ length: 5 }, () => labelSecretOf({ labelSecret: undefined, dataDir })),
    );
    expect(new Set(made).size).toBe(1);
    expect(made[0]!.length).toBeGreaterThanOrEqual(43);
    expect(readFileSync(join(dataDir, LABEL_SECRET_FILE), 'utf8')).toBe(made[0]);
    expect(await labelSecretOf({ labelSecret: undefined, dataDir })).toBe(made[0]);
  });

  it('refuses an empty secret file instead of making labels from nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fp-label-'));
    writeFileSync(join(dataDir, LABEL_SECRET_FILE), '\n');
    await expect(labelSecretOf({ labelSecret: undefined, dataDir })).rejects.toThrow(/label secret/);
  });
});
