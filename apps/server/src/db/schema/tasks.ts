import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';

/**
 * Background tasks (002 §7.19, 000 §4 task notifications): a durable queue in the database. A worker
 * claims a waiting task with FOR UPDATE SKIP LOCKED and holds it by a lease (lockedUntil); a task whose
 * lease ran out (a crashed server) waits again, so nothing acknowledged is lost.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** The kind of work: a handler's name (ExportMachines …). */
    name: text().notNull(),
    displayText: text().notNull().default(''),
    /** created (waiting), update (running), completed, failed, cancelled. */
    status: text().notNull().default('created'),
    progress: integer(),
    input: jsonb().notNull().default({}),
    result: jsonb(),
    error: text(),
    attempts: integer().notNull().default(0),
    createdBy: integer().references(() => users.id),
    keepInNotificationBar: boolean().notNull().default(false),
    discreet: boolean().notNull().default(false),
    /** The plan that started it, for tasks run on a schedule. */
    planName: text(),
    /** The id of the request that queued it (its X-Request-Id), carried into the worker's log lines. */
    requestId: text(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tasks_waiting').on(t.runAt, t.id).where(sql`${t.status} = 'created'`),
    index('tasks_running').on(t.lockedUntil).where(sql`${t.status} = 'update'`),
    index('tasks_owner').on(t.createdBy, t.id),
  ],
);

/** Plans that start a task on a schedule (cron), switched on and off by the Admin (task/activate, disable). */
export const taskPlans = pgTable('task_plans', {
  name: text().primaryKey(),
  taskName: text().notNull(),
  cron: text().notNull(),
  description: text().notNull().default(''),
  enabled: boolean().notNull().default(true),
  nextRunAt: timestamp({ withTimezone: true }),
  lastRunAt: timestamp({ withTimezone: true }),
});

/** Files made by export tasks: the owner downloads them by their displayed date (002 §7.7 Export). */
export const exportFiles = pgTable(
  'export_files',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    taskId: bigint({ mode: 'number' }),
    filePath: text().notNull(),
    fileName: text().notNull(),
    size: integer().notNull(),
    /** 'YYYY-MM-DDTHH:mm:ss' on the company's wall clock: the key the export calls use. */
    displayedDate: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('export_files_user').on(t.userId, t.id)],
);

/**
 * An uploaded import file (Admin → import): the stored file, its kind, the preview's row count and
 * problems, and once imported by its task, the report. Kept a week like the export files.
 */
export const importFiles = pgTable(
  'import_files',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    kind: text().notNull(),
    filePath: text().notNull(),
    fileName: text().notNull(),
    /** 'previewed', 'queued', 'completed' or 'failed'. */
    status: text().notNull().default('previewed'),
    rowCount: integer().notNull().default(0),
    newCount: integer().notNull().default(0),
    problems: jsonb().$type<{ Row: number; Column: string; Message: string }[]>().notNull().default([]),
    report: jsonb().$type<{ Created: number; Updated: number; Unchanged: number }>(),
    taskId: bigint({ mode: 'number' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_files_created').on(t.createdAt)],
);

/**
 * The plan a proposal task made (Appointment/ProposePlan too large to answer at once, decision 066):
 * tentative, read by its owner only, gone with its task. Nothing of it is an appointment until the
 * dispatcher accepts.
 */
export const proposedPlans = pgTable('proposed_plans', {
  taskId: bigint({ mode: 'number' })
    .primaryKey()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id),
  plan: jsonb().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
