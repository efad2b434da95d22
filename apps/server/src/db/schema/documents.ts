import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/**
 * Documents attached to a machine, machine model, machine type, supplier, customer or job (002 §7.8).
 * One table for every kind of record: `entityClass` and `entityId` name the record (no foreign key, as
 * the record may be in any of six tables); the file itself lies in the upload store at `storagePath`.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    entityClass: text().notNull(),
    entityId: integer().notNull(),
    name: text().notNull(),
    fileName: text().notNull(),
    /** Found in the content when it was uploaded. */
    contentType: text().notNull(),
    size: integer().notNull(),
    documentTypeCategoryId: integer().notNull().default(1),
    publishToCustomer: boolean().notNull().default(false),
    storagePath: text().notNull().unique(),
    createdById: integer().references(() => users.id),
    createdByName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_entity').on(t.entityClass, t.entityId, t.id),
    check(
      'documents_entity_class',
      sql`${t.entityClass} in ('Machine', 'MachineModel', 'MachineType', 'Supplier', 'Customer', 'Job', 'Article')`,
    ),
  ],
);
