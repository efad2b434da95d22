import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './organisation.ts';
import { articles } from './parts.ts';

/**
 * The week time report (decision 046). Hours on a job are the job's time lines (order_lines); the
 * hours reported without a job (travel, internal work, training) are these rows, each with a time
 * article, its hours (three decimals) and the day worked.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    workDate: date().notNull(),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    hours: numeric({ precision: 12, scale: 3 }).notNull(),
    description: text().notNull().default(''),
    comment: text().notNull().default(''),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('time_entries_user_date').on(t.userId, t.workDate),
    index('time_entries_article').on(t.articleId),
  ],
);

/** An approved week of a user (Monday): its rows, on jobs or not, are locked while the row exists. */
export const timeWeekApprovals = pgTable(
  'time_week_approvals',
  {
    userId: integer()
      .notNull()
      .references(() => users.id),
    weekStart: date().notNull(),
    approvedBy: integer()
      .notNull()
      .references(() => users.id),
    approvedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] })],
);

/** A user's employment: hours per week (the report's target); without a row 37.5. */
export const employments = pgTable('employments', {
  userId: integer()
    .primaryKey()
    .references(() => users.id),
  weeklyHours: numeric({ precision: 5, scale: 2 }).notNull().default(sql`37.5`),
  startDate: date(),
});
