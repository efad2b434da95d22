import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';
import { machines } from './machines.ts';

/**
 * Fault reports sent from a machine's QR label (issue 32, decision 070): one row per accepted report,
 * counted per label (machine) and per address over the last hour to hold the public form's rate limit.
 */
export const labelReports = pgTable(
  'label_reports',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    address: text().notNull(),
    jobId: integer().references(() => jobs.id, { onDelete: 'set null' }),
    reportedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('label_reports_machine').on(t.machineId, t.reportedAt),
    index('label_reports_address').on(t.address, t.reportedAt),
  ],
);
