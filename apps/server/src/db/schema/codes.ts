import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';
import { suppliers } from './machines.ts';
import { users } from './organisation.ts';

/** Repair codes (002 §7.18): the company's own, unique by code. */
export const repairCodes = pgTable(
  'repair_codes',
  {
    id: serial().primaryKey(),
    code: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('repair_codes_code_unique').on(sql`lower(${t.code})`)],
);

/** A supplier's failure codes (002 §7.18), unique by code within the supplier; sub-jobs refer to them. */
export const supplierFailureCodes = pgTable(
  'supplier_failure_codes',
  {
    id: serial().primaryKey(),
    supplierId: integer()
      .notNull()
      .references(() => suppliers.id),
    code: text().notNull(),
    description: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('supplier_failure_codes_code_unique').on(t.supplierId, sql`lower(${t.code})`)],
);

/** A job's support log (002 §7.12 SupportLog): notes the office and the field keep on a job. */
export const supportLogs = pgTable(
  'support_logs',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
    text: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdByName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [index('support_logs_job').on(t.jobId, t.id)],
);
