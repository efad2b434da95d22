import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { partnerCompanies } from './organisation.ts';

/**
 * Customer group ids are chosen by the company and must be unique (001 §5); one left out is the next
 * free number of this sequence (migration 0010 starts it past the ids already given).
 */
export const customerGroupIds = pgSequence('customer_group_ids', { startWith: 1 });

/** Customer group ids are chosen by the company and must be unique (001 §5). */
export const customerGroups = pgTable('customer_groups', {
  id: integer().primaryKey(),
  name: text().notNull(),
  imagePath: text(),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

/**
 * Customer numbers of the standalone assembly: a customer created without one gets the next free number
 * of this sequence, so concurrent creates never pick the same one (migration 0010).
 */
export const customerNumbers = pgSequence('customer_numbers', { startWith: 10001 });

export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    customerNumber: text().notNull(),
    name: text().notNull(),
    organisationNumber: text(),
    freeFromVat: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    isPublic: boolean().notNull().default(false),
    creditLimit: numeric({ precision: 14, scale: 2 }),
    creditLimitExceeded: boolean().notNull().default(false),
    customerGroupId: integer().references(() => customerGroups.id),
    parentCustomerId: integer(),
    partnerCompanyId: integer().references(() => partnerCompanies.id),
    defaultDeliveryAddressId: integer(),
    defaultCustomerPersonId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    // Unique whatever its case, as the service compares them (001 §5).
    uniqueIndex('customers_number_unique').on(sql`lower(${t.customerNumber})`),
    index('customers_partner').on(t.partnerCompanyId),
    // The customer list by name, alone, by partner (a partner's scope) or by group, so a page and its
    // bounded count read about one page of index entries (migration 0020); the search's
    // trigram indexes are written there only (pg_trgm is PostgreSQL's, as with customers_search).
    index('customers_list_name').on(t.name, t.id),
    index('customers_list_partner').on(t.partnerCompanyId, t.name, t.id),
    index('customers_list_group').on(t.customerGroupId, t.name, t.id),
    // The search's arm 'the default delivery address matches' (customers.repository.ts searchOf).
    index('customers_default_address').on(t.defaultDeliveryAddressId),
  ],
);

/** Ids below zero come from the ERP and are read-only (001 §5). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull().default(''),
    street: text().notNull().default(''),
    zip: text().notNull().default(''),
    city: text().notNull().default(''),
    county: text().notNull().default(''),
    country: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    isDelivery: boolean().notNull().default(true),
    isInvoice: boolean().notNull().default(false),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('addresses_customer').on(t.customerId),
    // The map's places in a box (maps/NearbyJobs): the placed addresses by latitude, then longitude,
    // with their ids, read from the index alone (pending/plans-maps.sql).
    index('addresses_place')
      .on(t.latitude, t.longitude, t.id)
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null`),
  ],
);

export const customerPersons = pgTable(
  'customer_persons',
  {
    id: serial().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    email: text().notNull().default(''),
    mobile: text().notNull().default(''),
    fixedPhone: text().notNull().default(''),
    smsAllowed: boolean().notNull().default(false),
    emailAllowed: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [index('customer_persons_customer').on(t.customerId)],
);
