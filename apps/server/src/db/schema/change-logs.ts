import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The change logs of customers, machines and jobs (Log/CustomerLogs, Log/MachineLogs, JobHistory): one row per change,
 * written in the change's own transaction so a refused change leaves no line.
 */
export const changeLogs = pgTable(
  'change_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Customer, Address, Contact or Machine. */
    entity: text().notNull(),
    entityId: integer().notNull(),
    /** New, Change, Delete, ChangeOwner. */
    action: text().notNull(),
    /** The customer the line belongs to (its own, or the owner of the address, contact or machine). */
    customerId: integer(),
    machineId: integer(),
    /** The job the line belongs to: the job itself or its machine sub-job (JobHistory). */
    jobId: integer(),
    /** The article the line belongs to (Log/ArticleLogs). */
    articleId: integer(),
    description: text().notNull().default(''),
    /** [{ Field, OldValue, NewValue }] */
    changes: jsonb().notNull().default([]),
    userId: integer(),
    userName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('change_logs_customer').on(t.customerId, t.id),
    index('change_logs_machine').on(t.machineId, t.id),
    index('change_logs_job').on(t.jobId, t.id),
    index('change_logs_article').on(t.articleId, t.id),
    // The dashboard's jobs completed and approved this week read the week's lines only.
    index('change_logs_created').on(t.createdAt),
  ],
);

/** QR codes handed out for labels (qr/CreateList); unique, so a label never names two machines. */
export const qrCodes = pgTable('qr_codes', {
  code: text().primaryKey(),
  createdBy: integer(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
