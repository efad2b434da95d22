import type { WorkDayHours } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/*
 * The company and who it works with: departments, projects, partner companies, customer groups,
 * customers with their addresses and persons, users and settings. One file, as these tables refer to
 * each other (a customer to its partner company, a customer user to its customer).
 */

/** The next free department id when the company leaves it out (migration 0010). */
export const departmentIds = pgSequence('department_ids', { startWith: 1 });

/** Department ids are chosen by the company and must be unique (001 §5). */
export const departments = pgTable('departments', {
  id: integer().primaryKey(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

/**
 * Projects (002 §7.18, ProjectsEnabled feature): what an order is done for, chosen in a job's order
 * options (jobs.project_id). Names are unique whatever their case.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('projects_name_unique').on(sql`lower(${t.name})`)],
);

export const partnerCompanies = pgTable('partner_companies', {
  id: serial().primaryKey(),
  name: text().notNull(),
  organisationNumber: text(),
  email: text(),
  phone: text(),
  isActive: boolean().notNull().default(true),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

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
    /** The customer's machines take fault reports from their QR labels (decision 085), when the feature is on. */
    labelReportsEnabled: boolean().notNull().default(true),
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
    // A search's relevance order (decision 084): the folded name, then name and id, INCLUDE in the
    // migration (the search's and the scopes' columns), so the names starting with a word are one range
    // read alone, in order.
    index('customers_search_name').on(sql`(lower(${t.name}) collate "C")`, t.name, t.id),
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

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    name: text().notNull(),
    logonName: text().notNull(),
    phone: text().notNull().default(''),
    passwordHash: text().notNull(),
    userTypeId: integer().notNull(),
    departmentId: integer().references(() => departments.id),
    /** The company of a customer user (types 4 and 6). */
    customerId: integer().references(() => customers.id),
    partnerCompanyId: integer().references(() => partnerCompanies.id),
    uiculture: text().notNull().default('en'),
    isBookable: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isContactPerson: boolean().notNull().default(false),
    canExport: boolean().notNull().default(false),
    /**
     * The Microsoft Entra ID identity linked to this user (tenant id `tid` and object id `oid` of the
     * identity token): Microsoft sign-in matches on both, never on the e-mail alone.
     */
    entraTenantId: text(),
    entraObjectId: text(),
    /** What the user can do (dispatch: a job type needing skills goes only to users with all of them). */
    skills: jsonb().$type<string[]>().notNull().default([]),
    /** Where the user's working day starts and ends when not at the main office (dispatch, decision 063). */
    homeLatitude: doublePrecision(),
    homeLongitude: doublePrecision(),
    /**
     * The user's own working hours, minutes since midnight of each day (dispatch, decision 097); null: the
     * company's work hours (GlobalSettings WorkHourStart/End) on that side.
     */
    workStart: smallint(),
    workEnd: smallint(),
    /**
     * The weekdays whose hours differ from workStart/workEnd (decision 100): ISO weekday 1–7, off or its
     * own start and end in minutes (null: the usual hours on that side). Empty: every day the same.
     */
    workDays: jsonb().$type<WorkDayHours[]>().notNull().default([]),
    /** The user's preferences (NavMenuWidth, GlobalSearchHistory, planner options …). */
    preferences: jsonb().notNull().default({}),
    /** Bumped by a password change or deactivation: access tokens carry it and die with it. */
    sessionVersion: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_logon_unique').on(sql`lower(${t.logonName})`),
    uniqueIndex('users_entra_identity_unique').on(t.entraTenantId, t.entraObjectId),
  ],
);

/** Settings by group and name: global settings, licences, features, company settings, ERP configuration. */
export const settings = pgTable(
  'settings',
  {
    group: text().notNull(),
    name: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('settings_group_name').on(t.group, t.name)],
);
