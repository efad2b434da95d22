import { sql } from 'drizzle-orm';
import { departments, partnerCompanies, users } from '../../db/schema/index.ts';
import { hashPassword, type PasswordHashCost, passwordHashCost } from '../../modules/session/passwords.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';
import { createCustomer } from './customers.ts';
import { type Country, defaultFake, type Executor, type Fake, one, pick, slug } from './fake.ts';
import { CITIES, COMPANY_FORMS, mobileNumber, officeNumber, personName } from './nordic.ts';

export type Department = typeof departments.$inferSelect;
export type NewDepartment = typeof departments.$inferInsert;
export type PartnerCompany = typeof partnerCompanies.$inferSelect;
export type NewPartnerCompany = typeof partnerCompanies.$inferInsert;
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/** Department ids are the company's own: by default the next free one. */
export async function createDepartment(
  db: Executor,
  overrides: Partial<NewDepartment> = {},
  f: Fake = defaultFake,
): Promise<Department> {
  const city = pick(f, CITIES);
  return one(
    await db
      .insert(departments)
      .values({
        id: sql`(select coalesce(max(${departments.id}), 0) + 1 from ${departments})` as unknown as number,
        name: f.unique(`Service ${city.city}`),
        ...overrides,
      })
      .returning(),
  );
}

export function partnerCompanyValues(f: Fake, country: Country = 'NO'): NewPartnerCompany {
  const local = f.nordic[country];
  const name = f.unique(
    `${local.person.lastName()} ${pick(f, ['Teknikk', 'Service', 'Maskinservice', 'Industriservice'])} ${pick(f, COMPANY_FORMS[country])}`,
  );
  return {
    name,
    organisationNumber: f.faker.string.numeric({ length: 9, allowLeadingZeros: false }),
    email: `post@${slug(name, '-')}.example`,
    phone: officeNumber(f, country),
  };
}

export async function createPartnerCompany(
  db: Executor,
  overrides: Partial<NewPartnerCompany> = {},
  f: Fake = defaultFake,
): Promise<PartnerCompany> {
  return one(
    await db
      .insert(partnerCompanies)
      .values({ ...partnerCompanyValues(f), ...overrides })
      .returning(),
  );
}

const demoHashes = new Map<PasswordHashCost, Promise<string>>();
/** The argon2id hash of the demo password, made once per process and hash cost (hashing takes ~50 ms). */
export function demoPasswordHash(): Promise<string> {
  const cost = passwordHashCost();
  if (!demoHashes.has(cost)) demoHashes.set(cost, hashPassword(DEMO_PASSWORD));
  return demoHashes.get(cost)!;
}

export interface UserOverrides extends Partial<NewUser> {
  /** Plain password to hash; default Demo!2026 (hashed once per process). */
  password?: string;
}

/** A user's values without the password hash; unique e-mail and logon name. */
export function userValues(f: Fake, overrides: Partial<NewUser> = {}, country: Country = 'NO') {
  const userTypeId = overrides.userTypeId ?? 2;
  const name = overrides.name ?? personName(f, country);
  const handle = f.unique(slug(name), '.').toLowerCase();
  return {
    name,
    email: `${handle}@example.test`,
    logonName: handle,
    phone: mobileNumber(f, country),
    userTypeId,
    isBookable: userTypeId === 2 || userTypeId === 3,
    ...overrides,
  } satisfies Omit<NewUser, 'passwordHash'>;
}

/**
 * A user of any type (default 2, technician; technicians and subcontractors are bookable). Customer
 * types (4, 6) get a new customer and partners (5) a new partner company unless one is given.
 */
export async function createUser(
  db: Executor,
  overrides: UserOverrides = {},
  f: Fake = defaultFake,
): Promise<User> {
  const { password, ...rest } = overrides;
  const values = { ...rest };
  const type = values.userTypeId ?? 2;
  if ((type === 4 || type === 6) && values.customerId === undefined)
    values.customerId = (await createCustomer(db, {}, f)).id;
  if (type === 5 && values.partnerCompanyId === undefined)
    values.partnerCompanyId = (await createPartnerCompany(db, {}, f)).id;
  const passwordHash =
    values.passwordHash ?? (password === undefined ? await demoPasswordHash() : await hashPassword(password));
  return one(
    await db
      .insert(users)
      .values({ ...userValues(f, values), passwordHash })
      .returning(),
  );
}
