import type { LocalNames } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jobs } from './jobs.ts';
import { machines } from './machines.ts';
import { customers, users } from './organisation.ts';

/**
 * Agreements and counters (issue 15; 002 §7.5). Contract types are reference data with an icon (the
 * Agreements menu lists them with their count); a contract belongs to one customer and covers some of
 * its machines for a period, at a price, with a service interval. A service agreement is one machine's
 * recurring visit, due by date (every IntervalMonths) or by a counter (every CounterInterval units), or
 * both, whichever comes first; the next orders are computed from them (agreements.policy.ts).
 */
export const contractTypes = pgTable(
  'contract_types',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The name of a route icon the menu shows (the web's route-icons table). */
    icon: text().notNull().default('Description'),
    /** The name per language (decision 034): the built-in types' from reference.json, the Admin's own empty. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    /** Stepped by every change the Admin makes (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [uniqueIndex('contract_types_name').on(sql`lower(${t.name})`)],
);

export const contracts = pgTable(
  'contracts',
  {
    id: serial().primaryKey(),
    contractTypeId: integer()
      .notNull()
      .references(() => contractTypes.id),
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    /** The months between the service visits the contract calls for; null: none. */
    intervalMonths: integer(),
    /** The yearly price to the customer, two decimals. */
    price: numeric({ precision: 14, scale: 2 }),
    notes: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('contracts_type').on(t.contractTypeId, t.isActive),
    index('contracts_customer').on(t.customerId),
    check('contracts_period', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const contractMachines = pgTable(
  'contract_machines',
  {
    contractId: integer()
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.machineId] }),
    index('contract_machines_machine').on(t.machineId),
  ],
);

/** Counter types: 1 operating hours, 2 starts, 3 kilometres. */
export const counters = pgTable(
  'counters',
  {
    id: serial().primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    counterType: smallint().notNull(),
    name: text().notNull().default(''),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change and every reading (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [index('counters_machine').on(t.machineId)],
);

/** A meter reading; a meter change starts the counter again (its value may be lower than the last). */
export const counterReadings = pgTable(
  'counter_readings',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    counterId: integer()
      .notNull()
      .references(() => counters.id, { onDelete: 'cascade' }),
    value: numeric({ precision: 14, scale: 1 }).notNull(),
    readAt: timestamp({ withTimezone: true }).notNull(),
    isMeterChange: boolean().notNull().default(false),
    userId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('counter_readings_counter').on(t.counterId, t.readAt, t.id)],
);

export const serviceAgreements = pgTable(
  'service_agreements',
  {
    id: serial().primaryKey(),
    machineId: integer()
      .notNull()
      .references(() => machines.id, { onDelete: 'cascade' }),
    contractId: integer().references(() => contracts.id, { onDelete: 'set null' }),
    name: text().notNull(),
    startDate: date({ mode: 'string' }).notNull(),
    /** The last day a visit may be due (ours); null: open-ended. */
    endDate: date({ mode: 'string' }),
    intervalMonths: integer(),
    counterId: integer().references(() => counters.id, { onDelete: 'set null' }),
    counterInterval: numeric({ precision: 14, scale: 1 }),
    /** The visit last called for (its job made): the next one counts from here. */
    lastServiceDate: date({ mode: 'string' }),
    lastServiceCounter: numeric({ precision: 14, scale: 1 }),
    lastJobId: integer().references(() => jobs.id, { onDelete: 'set null' }),
    jobTypeId: integer().notNull().default(1),
    estimatedTime: numeric({ precision: 8, scale: 2 }).notNull().default('1'),
    isActive: boolean().notNull().default(true),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change (decision 026); a job made from it claims the visit by it. */
    rowVersion: integer().notNull().default(1),
    /**
     * The day the date interval calls for next (agreements.policy.ts `dueByDate`: the start, then
     * IntervalMonths after the last visit, the month's last day where it is shorter, as PostgreSQL adds
     * months), kept by the database so next orders find the due agreements by an index.
     */
    dateDue: date({ mode: 'string' }).generatedAlwaysAs(
      sql`case when interval_months is null then null when last_service_date is null then start_date else (last_service_date + interval_months * interval '1 month')::date end`,
    ),
    /**
     * The day the next visit is due (agreements.policy.ts `nextDue` before the end date: the earlier of
     * `date_due` and the counter interval's day by the counter's readings), kept by the writes that move
     * it (next-due.repository.ts `refreshNextDue`: an agreement's change, a reading's, the time zone's),
     * so next orders are one range of an index in due order. Null: neither can be told.
     */
    nextDue: date({ mode: 'string' }),
  },
  (t) => [
    index('service_agreements_machine').on(t.machineId),
    index('service_agreements_date_due').on(t.dateDue).where(sql`${t.isActive}`),
    index('service_agreements_next_due').on(t.nextDue, t.id).where(sql`${t.isActive}`),
    index('service_agreements_counter')
      .on(t.counterId)
      .where(sql`${t.isActive} and ${t.counterId} is not null`),
    index('service_agreements_contract').on(t.contractId),
    check('service_agreements_period', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check(
      'service_agreements_due',
      sql`${t.intervalMonths} is not null or (${t.counterId} is not null and ${t.counterInterval} is not null)`,
    ),
  ],
);
