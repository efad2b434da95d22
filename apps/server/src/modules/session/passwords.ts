import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline.
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verifying against a fixed hash for unknown accounts keeps the answer time the same for known and unknown e-mails.
let dummyHash: Promise<string> | undefined;
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-Aa1!');
  const target = storedHash ?? (await dummyHash);
  const ok = await verify(target, password).catch(() => false);
  return storedHash !== null && ok;
}
