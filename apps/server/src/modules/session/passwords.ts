import { hash, verify } from '@node-rs/argon2';

/** How costly an argon2id password hash is: memory in KiB, passes, lanes. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id at the OWASP baseline (19 MiB, 2 passes, 1 lane): what every served process hashes with. */
export const PRODUCTION_PASSWORD_COST: PasswordHashCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

let cost: PasswordHashCost = PRODUCTION_PASSWORD_COST;

/**
 * The cost new hashes are made with: config.passwordHashCost, set by tokenServiceOf when the app is
 * built. Only the test harness configures another (decision 104): no environment variable reaches it,
 * so a served process always hashes at PRODUCTION_PASSWORD_COST.
 */
export function usePasswordHashCost(next: PasswordHashCost) {
  cost = next;
}

/** The cost new hashes are made with now. */
export const passwordHashCost = (): PasswordHashCost => cost;

export const hashPassword = (password: string): Promise<string> => hash(password, cost);

// Verifying against a fixed hash for unknown accounts keeps the answer time the same for known and
// unknown e-mails: one of the same cost as the stored hashes, made once per cost.
const dummyHashes = new Map<PasswordHashCost, Promise<string>>();
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!dummyHashes.has(cost)) dummyHashes.set(cost, hash('not-a-real-password-Aa1!', cost));
  const target = storedHash ?? (await dummyHashes.get(cost)!);
  const ok = await verify(target, password).catch(() => false);
  return storedHash !== null && ok;
}
