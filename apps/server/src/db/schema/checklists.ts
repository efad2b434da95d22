import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';
import { users } from './organisation.ts';

/**
 * Checklist templates (002 §7.4): the Admin's sections of fields, kept as one JSON document
 * ([{ Title, Fields: [{ Label, Type, Required, Min, Max, Unit, Choices }] }]) saved whole by the editor.
 */
export const checklistTemplates = pgTable('checklist_templates', {
  id: serial().primaryKey(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  sections: jsonb().notNull().default([]),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

/** A checklist started on a (parent) job from a template; its fields are copied, so a later template edit leaves it be. */
export const checklists = pgTable(
  'checklists',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
    templateId: integer()
      .notNull()
      .references(() => checklistTemplates.id),
    name: text().notNull(),
    createdBy: integer().references(() => users.id),
    createdByName: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checklists_job').on(t.jobId, t.id)],
);

/**
 * A field of a started checklist and its answer. The answer is kept by its type: `boolValue` (yes/no),
 * `numberValue` (number), `textValue` (text, choice), `documentId` (photo: a document of the job).
 */
export const checklistFields = pgTable(
  'checklist_fields',
  {
    id: serial().primaryKey(),
    checklistId: integer()
      .notNull()
      .references(() => checklists.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    section: text().notNull(),
    label: text().notNull(),
    type: text().notNull(),
    required: boolean().notNull().default(false),
    min: doublePrecision(),
    max: doublePrecision(),
    unit: text().notNull().default(''),
    choices: jsonb().notNull().default([]),
    boolValue: boolean(),
    numberValue: doublePrecision(),
    textValue: text(),
    documentId: integer(),
    answeredBy: text(),
    answeredAt: timestamp({ withTimezone: true }),
    followUpJobId: integer().references(() => jobs.id),
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('checklist_fields_checklist').on(t.checklistId, t.position),
    check('checklist_fields_type', sql`${t.type} in ('YesNo', 'Number', 'Text', 'Choice', 'Photo')`),
  ],
);

/** What the service manager set on a job's KPIs (PATCH KPI/job); everything else is computed on read. */
export const jobKpiSettings = pgTable('job_kpi_settings', {
  jobId: integer()
    .primaryKey()
    .references(() => jobs.id),
  firstTimeFix: boolean(),
  excludeFromKpi: boolean().notNull().default(false),
  reason: text().notNull().default(''),
  updatedBy: integer().references(() => users.id),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  rowVersion: integer().notNull().default(1),
});
