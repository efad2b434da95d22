import { leads, leadTypes, projects } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one, pick } from './fake.ts';
import { COMPANY_FORMS, mobileNumber, personName, pickCity } from './nordic.ts';

export type Project = typeof projects.$inferSelect;
export type LeadType = typeof leadTypes.$inferSelect;
export type Lead = typeof leads.$inferSelect;

const PROJECTS = ['Hospital wing upgrade', 'Harbour cranes 2027', 'School ventilation', 'Fleet renewal'];
const LEAD_TYPES = ['Web form', 'Trade fair', 'Phone call', 'Referral'];

/** A project of the job's order options (ProjectsEnabled). */
export async function createProject(
  db: Executor,
  overrides: Partial<typeof projects.$inferInsert> = {},
  f: Fake = defaultFake,
): Promise<Project> {
  return one(
    await db
      .insert(projects)
      .values({ name: f.unique(pick(f, PROJECTS)), description: f.faker.lorem.sentence(), ...overrides })
      .returning(),
  );
}

export async function createLeadType(
  db: Executor,
  overrides: Partial<typeof leadTypes.$inferInsert> = {},
  f: Fake = defaultFake,
): Promise<LeadType> {
  return one(
    await db
      .insert(leadTypes)
      .values({ name: f.unique(pick(f, LEAD_TYPES)), ...overrides })
      .returning(),
  );
}

/** A prospect in a Nordic town, not converted. */
export async function createLead(
  db: Executor,
  overrides: Partial<typeof leads.$inferInsert> = {},
  f: Fake = defaultFake,
): Promise<Lead> {
  const city = pickCity(f, 'NO');
  const local = f.nordic.NO;
  return one(
    await db
      .insert(leads)
      .values({
        name: f.unique(`${local.person.lastName()} ${pick(f, COMPANY_FORMS.NO)}`),
        contactName: personName(f, 'NO'),
        email: `${f.faker.internet.username().toLowerCase()}@example.com`,
        phone: mobileNumber(f, 'NO'),
        street: f.faker.location.streetAddress(),
        zip: pick(f, city.zips),
        city: city.city,
        country: 'NO',
        description: 'Asks for a service agreement on two compressors.',
        ...overrides,
      })
      .returning(),
  );
}
