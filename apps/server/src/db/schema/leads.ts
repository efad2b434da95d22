import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';
import { customers, users } from './organisation.ts';

/** Lead types (002 §7.11 LeadType): the Admin's names, unique whatever their case. */
export const leadTypes = pgTable(
  'lead_types',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('lead_types_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Leads (002 §7.11 Lead, LeadsEnabled feature): a prospective customer and what they asked for. A lead
 * converted (Lead/{id}/Convert) keeps the customer and the job it became; it is then closed to change.
 */
export const leads = pgTable(
  'leads',
  {
    id: serial().primaryKey(),
    /** The prospect's company (the customer's name when converted). */
    name: text().notNull(),
    contactName: text().notNull().default(''),
    email: text().notNull().default(''),
    phone: text().notNull().default(''),
    street: text().notNull().default(''),
    zip: text().notNull().default(''),
    city: text().notNull().default(''),
    country: text().notNull().default(''),
    description: text().notNull().default(''),
    leadTypeId: integer().references(() => leadTypes.id),
    convertedCustomerId: integer().references(() => customers.id),
    convertedJobId: integer().references(() => jobs.id),
    convertedAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rowVersion: integer().notNull().default(1),
  },
  (t) => [index('leads_type').on(t.leadTypeId), index('leads_created').on(t.createdAt)],
);
