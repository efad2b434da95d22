import { createHash, createHmac, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Label tokens (decision 087): a machine's label token is base64url(HMAC-SHA256(label secret,
 * `machineId:nonce`)), 43 characters (256 bits). The secret is kept outside the database, the nonce
 * in it; the database holds only SHA-256 of the tokens, so a reader of the database cannot make a label.
 */
export const labelTokenOf = (secret: string, machineId: number, nonce: string): string =>
  createHmac('sha256', secret).update(`${machineId}:${nonce}`).digest('base64url');

/** What the database keeps of a label token: SHA-256 as 64 hex characters. */
export const labelTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new nonce: 256 random bits as 64 hex characters ("New label link" revokes the label with it). */
export const newLabelNonce = (): string => randomBytes(32).toString('hex');

/** The file in DATA_DIR holding the label secret when LABEL_SECRET is not set. */
export const LABEL_SECRET_FILE = 'label-secret';

/**
 * The label secret: LABEL_SECRET when set, else the one in DATA_DIR/label-secret, made once. Several
 * processes share DATA_DIR: a new secret is written whole to a file of this process and linked to the
 * name only if it is absent (a link does not replace), then the name is read back, so processes
 * starting together all use the one that won.
 */
export async function labelSecretOf(config: { labelSecret: string | undefined; dataDir: string }) {
  if (config.labelSecret) return config.labelSecret;
  const file = join(config.dataDir, LABEL_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true });
  const mine = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(mine, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  try {
    await link(mine, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(mine);
  }
  const secret = await readSecret(file);
  if (!secret) throw new Error(`The label secret in ${file} is empty; remove the file or set LABEL_SECRET.`);
  return secret;
}

async function readSecret(file: string): Promise<string | null> {
  try {
    return (await readFile(file, 'utf8')).trim() || null;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}
