import { count } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { users } from '../schema/index.ts';
import { hashPassword } from '../../modules/session/passwords.ts';
import { writeGroup } from '../../modules/settings/settings.repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';

export interface SeedOptions {
  demoData: boolean;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  now: Date;
}

/** Fills an empty database: the demo company, or only the first administrator (DEMO_DATA=0). */
export async function seedDatabase(db: Db, opts: SeedOptions): Promise<{ demo: boolean; createdAdmin: string | null }> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return { demo: false, createdAdmin: null };
  if (!opts.demoData) {
    if (!opts.adminEmail || !opts.adminPassword) return { demo: false, createdAdmin: null };
    await db.insert(users).values({
      email: opts.adminEmail,
      name: 'Administrator',
      logonName: 'serviceprovider',
      userTypeId: 1,
      passwordHash: await hashPassword(opts.adminPassword),
    });
    return { demo: false, createdAdmin: opts.adminEmail };
  }
  // Provisional: the full demo company is built from the factories (see db/factories).
  const hash = await hashPassword(DEMO_PASSWORD);
  await writeGroup(db, 'licences', Object.fromEntries(['AutoDispatch','Contracts','Maps','MultipleFirms','ProPlus','Quotation','TimeReportCalendar','CheckList','CustomerPortal','PartnerPortal','CalendarMode'].map((k) => [k, true])));
  for (const a of DEMO_ACCOUNTS)
    await db.insert(users).values({ email: a.email, name: a.name, logonName: a.logonName, userTypeId: a.userTypeId, passwordHash: hash });
  return { demo: true, createdAdmin: null };
}
