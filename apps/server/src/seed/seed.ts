import { count, sql } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema/index.ts';
import { isCommonPassword } from '../modules/session/common-passwords.ts';
import { hashPassword } from '../modules/session/passwords.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { ensureReferenceData } from './reference-data.ts';

export interface SeedOptions {
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  now: Date;
}

/** Serialises seeding across server instances that share one PostgreSQL database. */
const SEED_LOCK = 0x5eed_f1e1;

/**
 * Fills an empty database (no users): the reference data, then the demo company, or only the first
 * administrator (DEMO_DATA=0). One transaction: a crash mid-seed leaves an empty database that seeds
 * again on the next start. A database with users is left alone.
 */
export async function seedDatabase(
  db: Db,
  opts: SeedOptions,
): Promise<{ demo: boolean; createdAdmin: string | null }> {
  const none = { demo: false, createdAdmin: null };
  if (await hasUsers(db)) return none;
  if (!opts.demoData && (!opts.adminEmail || !opts.adminPassword)) {
    await db.transaction((tx) => ensureReferenceData(tx));
    return none;
  }
  // The first administrator's password follows the rules (config.ts) and is no common breached one.
  if (!opts.demoData && (await isCommonPassword(opts.adminPassword!)))
    throw new ConfigError(
      'Invalid configuration:\n  ADMIN_PASSWORD: is one of the most common breached passwords; choose another',
    );
  // Hash outside the transaction (argon2id takes a while); load the demo generator only when needed.
  const passwordHash = await hashPassword(opts.demoData ? DEMO_PASSWORD : opts.adminPassword!);
  const demo = opts.demoData ? await import('../dev/demo-company.ts') : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasUsers(tx)) return none;
    await ensureReferenceData(tx);
    if (demo) {
      await demo.seedDemoCompany(tx, { now: opts.now, passwordHash });
      return { demo: true, createdAdmin: null };
    }
    await tx.insert(users).values({
      email: opts.adminEmail!,
      name: 'Administrator',
      logonName: 'serviceprovider',
      userTypeId: 1,
      passwordHash,
    });
    return { demo: false, createdAdmin: opts.adminEmail! };
  });
}

async function hasUsers(db: Pick<Db, 'select'>): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}
