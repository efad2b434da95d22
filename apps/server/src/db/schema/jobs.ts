import type { LocalNames } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './files.ts';
import { machines } from './machines.ts';
import { addresses, customerPersons, customers, departments, projects, users } from './organisation.ts';

/** Only 10, 50, 70, 100 and 110 carry rules (spec README); the rest are ours. */
export const jobStatuses = pgTable('job_statuses', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
  names: jsonb().$type<LocalNames>().notNull().default({}),
  color: text().notNull(),
  icon: text().notNull(),
  sortOrder: integer().notNull().default(0),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

/** Sub-status names are unique within their status, whatever their case (migration 0010). */
export const jobSubStatuses = pgTable(
  'job_sub_statuses',
  {
    id: serial().primaryKey(),
    jobStatusId: integer()
      .notNull()
      .references(() => jobStatuses.id),
    name: text().notNull(),
    /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    /** Setting a job to it sets the technician's current appointment On my way (decision 085). */
    setsOnMyWay: boolean().notNull().default(false),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('job_sub_statuses_name_unique').on(t.jobStatusId, sql`lower(${t.name})`)],
);

/** Type 3 is parts (no order id). */
export const jobTypes = pgTable('job_types', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
  names: jsonb().$type<LocalNames>().notNull().default({}),
  /** The skills a job of this type needs: it is planned only for users who have all of them (decision 063). */
  skills: jsonb().$type<string[]>().notNull().default([]),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

export const jobPriorities = pgTable('job_priorities', {
  id: integer().primaryKey(),
  name: text().notNull(),
  /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
  names: jsonb().$type<LocalNames>().notNull().default({}),
  dueAfterHours: integer().notNull(),
  /** Stepped by every change; a change sent with an older one is refused (decision 026). */
  rowVersion: integer().notNull().default(1),
});

/** Warranty types, repair places and job categories: names unique whatever their case (migration 0010). */
export const warrantyTypes = pgTable(
  'warranty_types',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('warranty_types_name_unique').on(sql`lower(${t.name})`)],
);

export const repairPlaces = pgTable(
  'repair_places',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('repair_places_name_unique').on(sql`lower(${t.name})`)],
);

export const jobCategories = pgTable(
  'job_categories',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The name per language (decision 034); `name` is the fallback and the uniqueness key. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('job_categories_name_unique').on(sql`lower(${t.name})`)],
);

/**
 * Order numbers of parent jobs (spec README, standalone assembly). Migration 0005 moves it past the
 * numbers already given, so numbers made by imports or older data are never handed out again.
 */
export const jobOrderNumbers = pgSequence('job_order_numbers', { startWith: 10001 });

/** A job; a row with parentId is a machine sub-job of that job. */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    parentId: integer().references((): AnyPgColumn => jobs.id),
    orderId: text(),
    displayName: text().notNull(),
    jobStatusId: integer()
      .notNull()
      .references(() => jobStatuses.id),
    jobSubStatusId: integer().references(() => jobSubStatuses.id),
    jobTypeId: integer()
      .notNull()
      .references(() => jobTypes.id),
    jobPriorityId: integer().references(() => jobPriorities.id),
    estimatedTime: numeric({ precision: 8, scale: 2 }),
    noInvoice: boolean().notNull().default(false),
    customerId: integer().references(() => customers.id),
    contactPersonId: integer().references(() => customerPersons.id),
    deliveryAddressId: integer().references(() => addresses.id),
    /**
     * The delivery address's point, a copy kept by triggers (migration 0037, decision 082) for the
     * map's spatial index: written by the database alone, never by the server.
     */
    placeLatitude: doublePrecision(),
    placeLongitude: doublePrecision(),
    /** Who the job is invoiced to when not its customer (Order/Job/{id}/InvoiceCustomer); null: the customer. */
    invoiceCustomerId: integer().references(() => customers.id),
    invoiceContactId: integer().references(() => customerPersons.id),
    machineId: integer().references(() => machines.id),
    orderDepartmentId: integer().references(() => departments.id),
    firstLineComment: text().notNull().default(''),
    customerComment: text().notNull().default(''),
    technicianComment: text().notNull().default(''),
    invoiceComment: text().notNull().default(''),
    invoiceReference: text().notNull().default(''),
    /** Order options (Order/OrderOptions): the project the order belongs to and the service manager's note. */
    projectId: integer().references(() => projects.id),
    serviceManagerComment: text().notNull().default(''),
    supplierFailureCodeId: integer(),
    warrantyTypeId: integer().references(() => warrantyTypes.id),
    repairPlaceId: integer().references(() => repairPlaces.id),
    jobCategoryId: integer().references(() => jobCategories.id),
    /** 0 ok, 1 notice, above 1 problem. */
    flag: integer().notNull().default(0),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Concurrent edits are detected against this, never silently overwritten. */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('jobs_parent').on(t.parentId),
    index('jobs_customer').on(t.customerId),
    index('jobs_machine').on(t.machineId),
    // A project's job count (Project/list, Project/{id}) and a project's delete: few jobs have one.
    index('jobs_project').on(t.projectId).where(sql`${t.projectId} is not null`),
    // The dashboard's open jobs past or near their priority's deadline (Dashboard/Home, decision 093):
    // per priority, open parent jobs by creation, so a count reads a range per priority of this index
    // only (some 35,000 entries on the large company) instead of checking 20,000 parent jobs one by one.
    index('jobs_open_deadline')
      .on(t.jobPriorityId, t.createdAt)
      .where(sql`${t.parentId} is null and ${t.jobStatusId} < 50`),
    // The job list (migration 0002): parent jobs newest first, alone or by status, sub-status or
    // customer. The migration adds INCLUDE columns drizzle cannot declare (status, sub-status, type,
    // priority, department, customer), so filters and bounded counts read these indexes only; a
    // trigram index for the search (PostGreSQL only, where pg_trgm exists); and statistics telling
    // the planner that a sub-status decides its status.
    index('jobs_list_created')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index('jobs_list_status')
      .on(t.jobStatusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index('jobs_list_sub_status')
      .on(t.jobSubStatusId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null and ${t.jobSubStatusId} is not null`),
    index('jobs_list_created_by')
      .on(t.createdBy, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    index('jobs_list_customer')
      .on(t.customerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.parentId} is null`),
    // A parent job's creation time by its id, INCLUDE (created_at) in the migration: a machine's jobs
    // (the parents of its lines) are put in list order without reading each parent's row. Migration
    // 0044 adds its point (place_latitude, place_longitude) for Scheduler/Travel.
    index('jobs_parent_created').on(t.id).where(sql`${t.parentId} is null`),
    // The map's jobs at these places (maps/NearbyJobs): parent jobs by delivery address. The
    // migration adds INCLUDE columns drizzle cannot declare (id, created, status, type, department,
    // customer), so the map's filters, scope and order read this index only (pending/plans-maps.sql).
    index('jobs_place').on(t.deliveryAddressId).where(sql`${t.parentId} is null`),
    // The map (maps/NearbyJobs, decision 082): parent jobs by status and point, and by point alone for
    // every status, INCLUDE in the migration (id, created, type, department, customer), so a view's
    // jobs are a range of one index read alone, counted per cell or listed.
    index('jobs_map_place')
      .on(t.jobStatusId, t.placeLatitude, t.placeLongitude)
      .where(sql`${t.parentId} is null and ${t.placeLatitude} is not null`),
    index('jobs_map_point')
      .on(t.placeLatitude, t.placeLongitude)
      .where(sql`${t.parentId} is null and ${t.placeLatitude} is not null`),
  ],
);

/** Times are the company's local wall clock. */
export const appointments = pgTable(
  'appointments',
  {
    id: serial().primaryKey(),
    subject: text().notNull().default(''),
    jobId: integer().references(() => jobs.id),
    startTime: timestamp({ mode: 'string' }).notNull(),
    endTime: timestamp({ mode: 'string' }).notNull(),
    /** 1 specified time and technician, 2 available technician, 3 all technicians. */
    type: integer().notNull().default(1),
    isAbsence: boolean().notNull().default(false),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rowVersion: integer().notNull().default(1),
    /** When a technician set out to it ("On my way", decision 072); null: not on the way. */
    onMyWayAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('appointments_time').on(t.startTime, t.endTime),
    index('appointments_job').on(t.jobId),
    // The planner's window (start before its end, end after its start): with years of history,
    // `start_time < to` keeps nearly every appointment, `end_time > from` only the window's and later
    // ones (pending/plans-maps.sql).
    index('appointments_end').on(t.endTime, t.startTime),
  ],
);

export const appointmentParticipants = pgTable(
  'appointment_participants',
  {
    appointmentId: integer()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: integer()
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.userId] }), index('participants_user').on(t.userId)],
);

/**
 * The customer's signature on a job, captured on the technician's phone (issue 31, decision 090): one
 * per job (a new one replaces it, with a history line), a PNG checked by content and size, the name the
 * signer typed, when it was signed and who captured it. The service report carries it.
 */
export const jobSignatures = pgTable('job_signatures', {
  jobId: integer()
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  signerName: text().notNull(),
  signedAt: timestamp({ withTimezone: true }).notNull(),
  capturedBy: integer()
    .notNull()
    .references(() => users.id),
  png: bytea().notNull(),
});
