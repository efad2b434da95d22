import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './customers.ts';

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
