import {
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appointments, jobs } from './jobs.ts';
import { users } from './organisation.ts';

/**
 * The customer's status links of a job (issue 32 item 2, decision 072): one row per link sent, with
 * only the SHA-256 of its random token (the token itself is in the message alone). Revoking a job's
 * links stamps them all; a link also ends a set time after the job's last visit.
 */
export const statusLinks = pgTable(
  'status_links',
  {
    id: serial().primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('status_links_token_hash').on(t.tokenHash), index('status_links_job').on(t.jobId)],
);

/**
 * The last position a technician's phone sent while On my way to an appointment (decision 085): one row
 * per appointment, overwritten by each new position (no history), deleted when the technician arrives
 * or the appointment ends. The customer's page gets only the arrival estimate driven from it.
 */
export const wayPositions = pgTable('way_positions', {
  appointmentId: integer()
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  userId: integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  recordedAt: timestamp({ withTimezone: true }).notNull(),
});
