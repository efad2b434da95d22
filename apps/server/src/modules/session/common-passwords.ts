import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { commonPasswordForms } from '@fieldport/contract';

/**
 * The 100,000 most common passwords of the breaches (decision 060: the first 100,000 of the
 * "10 million passwords" list, most common first), one a line, gzip; shipped with the server, never
 * fetched.
 */
const LIST = join(import.meta.dirname, '../../../assets/common-passwords.txt.gz');

let loaded: Promise<ReadonlySet<string>> | undefined;

/** The list lower-cased, read on the first password check (not at start: it takes some 40 ms). */
function commonPasswords(): Promise<ReadonlySet<string>> {
  loaded ??= (async () => {
    const text = (await promisify(gunzip)(await readFile(LIST))).toString('utf8');
    const lines = text.split('\n').map((line) => line.trim().toLowerCase());
    return new Set(lines.filter((line) => line !== ''));
  })().catch((err: unknown) => {
    // A failed read is tried again by the next check, not remembered.
    loaded = undefined;
    throw err;
  });
  return loaded;
}

/** Whether a password is on the list, compared lower-cased and without the special characters around it. */
export async function isCommonPassword(password: string): Promise<boolean> {
  const list = await commonPasswords();
  return commonPasswordForms(password).some((form) => list.has(form));
}
