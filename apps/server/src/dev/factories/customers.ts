import { eq, sql } from 'drizzle-orm';
import { addresses, customerGroups, customerPersons, customers } from '../../db/schema/index.ts';
import { type Country, defaultFake, type Executor, type Fake, one, pick, slug } from './fake.ts';
import {
  type City,
  COMPANY_FORMS,
  jitter,
  mobileNumber,
  officeNumber,
  personName,
  pickCity,
  STREETS,
  TRADES,
} from './nordic.ts';

export type CustomerGroup = typeof customerGroups.$inferSelect;
export type NewCustomerGroup = typeof customerGroups.$inferInsert;
export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type Address = typeof addresses.$inferSelect;
export type NewAddress = typeof addresses.$inferInsert;
export type Contact = typeof customerPersons.$inferSelect;
export type NewContact = typeof customerPersons.$inferInsert;

export const CUSTOMER_GROUP_NAMES = [
  'Industry',
  'Energy',
  'Food and beverage',
  'Logistics',
  'Construction',
  'Public sector',
  'Property',
];

/** Customer group ids are the company's own: by default the next free one. */
export async function createCustomerGroup(
  db: Executor,
  overrides: Partial<NewCustomerGroup> = {},
  f: Fake = defaultFake,
): Promise<CustomerGroup> {
  return one(
    await db
      .insert(customerGroups)
      .values({
        id: sql`(select coalesce(max(${customerGroups.id}), 0) + 1 from ${customerGroups})` as unknown as number,
        name: f.unique(pick(f, CUSTOMER_GROUP_NAMES)),
        ...overrides,
      })
      .returning(),
  );
}

/** The next numeric customer number (customer numbers are text; ERP ones may not be numbers). */
export const nextCustomerNumber = () =>
  sql`(select (coalesce(max(${customers.customerNumber}::bigint) filter (where ${customers.customerNumber} ~ '^[0-9]{1,12}$'), 10000) + 1)::text from ${customers})`;

/** A Nordic company name: 'Berg Mekaniske AS', 'Tampere Konepaja Oy'. */
export function companyName(f: Fake, city: City): string {
  const local = f.nordic[city.country];
  const first = f.faker.datatype.boolean({ probability: 0.55 }) ? local.person.lastName() : city.city;
  return `${first} ${pick(f, TRADES[city.country])} ${pick(f, COMPANY_FORMS[city.country])}`;
}

/** A customer's values without its number; `city` decides the country of the name. */
export function customerValues(f: Fake, city: City, overrides: Partial<NewCustomer> = {}) {
  return {
    name: f.unique(companyName(f, city)),
    organisationNumber: organisationNumber(f, city.country),
    freeFromVat: false,
    creditLimit: pick(f, [null, '50000.00', '100000.00', '250000.00', '500000.00']),
    ...overrides,
  } satisfies Omit<NewCustomer, 'customerNumber'>;
}

export function organisationNumber(f: Fake, country: Country): string {
  const d = (n: number) => f.faker.string.numeric({ length: n, allowLeadingZeros: false });
  switch (country) {
    case 'NO':
      return `${pick(f, ['9', '8'])}${d(2)} ${d(3)} ${d(3)}`;
    case 'SE':
      return `55${d(4)}-${d(4)}`;
    case 'DK':
      return d(8);
    case 'FI':
      return `${d(7)}-${d(1)}`;
  }
}

/** A delivery address in `city` (or anywhere in the Nordics) with coordinates a few km from its centre. */
export function addressValues(
  f: Fake,
  customerId: number,
  city: City = pickCity(f),
  overrides: Partial<NewAddress> = {},
) {
  const street = `${pick(f, STREETS[city.country])} ${f.faker.number.int({ min: 1, max: 120 })}`;
  return {
    customerId,
    name: 'Main site',
    street,
    zip: pick(f, city.zips),
    city: city.city,
    county: city.county,
    // An ISO 3166 code: the web names it in the reader's language (decision 034).
    country: city.country,
    ...jitter(f, city),
    isDelivery: true,
    isInvoice: false,
    ...overrides,
  } satisfies NewAddress;
}

export function contactValues(
  f: Fake,
  customerId: number,
  country: Country = 'NO',
  domain?: string,
  overrides: Partial<NewContact> = {},
) {
  const name = personName(f, country);
  const mail = `${f.unique(slug(name), '.').toLowerCase()}@${domain ?? 'example.test'}`;
  return {
    customerId,
    name,
    email: mail,
    mobile: mobileNumber(f, country),
    fixedPhone: f.faker.datatype.boolean({ probability: 0.4 }) ? officeNumber(f, country) : '',
    smsAllowed: f.faker.datatype.boolean({ probability: 0.7 }),
    emailAllowed: f.faker.datatype.boolean({ probability: 0.8 }),
    ...overrides,
  } satisfies NewContact;
}

/** The e-mail domain of a customer: 'berg-mekaniske.example'. */
export function customerDomain(name: string): string {
  return `${slug(name.replace(/\s+(AS|ASA|AB|HB|A\/S|ApS|Oy|Oy Ab)$/, ''), '-')}.example`;
}

export interface CustomerOverrides extends Partial<NewCustomer> {
  /** Overrides for the default delivery address; null for none. */
  address?: Partial<NewAddress> | null;
  /** Overrides for the default contact; null for none. */
  contact?: Partial<NewContact> | null;
  /** The city of the name and address (default: any Nordic city). */
  city?: City;
}

export type CustomerWithDefaults = Customer & { deliveryAddress: Address | null; contact: Contact | null };

/** A customer with a geocoded default delivery address and a default contact. */
export async function createCustomer(
  db: Executor,
  overrides: CustomerOverrides = {},
  f: Fake = defaultFake,
): Promise<CustomerWithDefaults> {
  const { address, contact, city = pickCity(f), ...values } = overrides;
  const customer = one(
    await db
      .insert(customers)
      .values({
        customerNumber: nextCustomerNumber() as unknown as string,
        ...customerValues(f, city, values),
      })
      .returning(),
  );
  const deliveryAddress =
    address === null
      ? null
      : one(
          await db
            .insert(addresses)
            .values(addressValues(f, customer.id, city, address))
            .returning(),
        );
  const person =
    contact === null
      ? null
      : one(
          await db
            .insert(customerPersons)
            .values(contactValues(f, customer.id, city.country, customerDomain(customer.name), contact))
            .returning(),
        );
  if (!deliveryAddress && !person) return { ...customer, deliveryAddress, contact: person };
  const updated = one(
    await db
      .update(customers)
      .set({
        ...(deliveryAddress && values.defaultDeliveryAddressId === undefined
          ? { defaultDeliveryAddressId: deliveryAddress.id }
          : {}),
        ...(person && values.defaultCustomerPersonId === undefined
          ? { defaultCustomerPersonId: person.id }
          : {}),
      })
      .where(eq(customers.id, customer.id))
      .returning(),
  );
  return { ...updated, deliveryAddress, contact: person };
}

/** An address of a customer (a new customer without addresses when none is given). */
export async function createAddress(
  db: Executor,
  overrides: Partial<NewAddress> & { city?: City } = {},
  f: Fake = defaultFake,
): Promise<Address> {
  const { city, ...values } = overrides;
  const customerId = values.customerId ?? (await createCustomer(db, { address: null, contact: null }, f)).id;
  return one(
    await db
      .insert(addresses)
      .values(addressValues(f, customerId, city, values))
      .returning(),
  );
}

/** A contact person of a customer (a new customer without contacts when none is given). */
export async function createContact(
  db: Executor,
  overrides: Partial<NewContact> & { country?: Country } = {},
  f: Fake = defaultFake,
): Promise<Contact> {
  const { country = 'NO', ...values } = overrides;
  const customerId = values.customerId ?? (await createCustomer(db, { address: null, contact: null }, f)).id;
  return one(
    await db
      .insert(customerPersons)
      .values(contactValues(f, customerId, country, undefined, values))
      .returning(),
  );
}
