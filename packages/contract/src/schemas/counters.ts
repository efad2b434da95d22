import { z } from 'zod';
import { LocalDateTime, LocalDateTimeInput } from '../http/common.ts';
import {
  DecimalInput,
  line,
  PagedQuery,
  QueryBool,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
} from './fields.ts';

/** Counter types (issue 15): 1 operating hours, 2 starts, 3 kilometres. */
export const CounterType = { OperatingHours: 1, Starts: 2, Kilometres: 3 } as const;
export const COUNTER_TYPES = [1, 2, 3] as const;

/** A machine's meter with its last reading. */
export const Counter = z.object({
  Id: z.number().int(),
  MachineId: z.number().int(),
  MachineName: z.string(),
  CustomerId: z.number().int(),
  CustomerName: z.string(),
  CounterType: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  LastValue: z.number().nullable(),
  LastReadingDate: LocalDateTime.nullable(),
  ReadingCount: z.number().int(),
  RowVersion: RowVersion,
});
export type Counter = z.infer<typeof Counter>;

/** One reading of a counter's history. */
export const CounterReading = z.object({
  Id: z.number().int(),
  CounterId: z.number().int(),
  Value: z.number(),
  ReadingDate: LocalDateTime,
  IsMeterChange: z.boolean(),
  UserName: z.string().nullable(),
});
export type CounterReading = z.infer<typeof CounterReading>;

export const CounterFilter = PagedQuery.extend({
  MachineId: RecordId.optional(),
  CustomerId: RecordId.optional(),
  CounterType: z.coerce.number().int().min(1).max(3).optional(),
  IncludeInactive: QueryBool.default(false),
});

/** The readings of a machine's counters, newest first; of one counter with CounterId. */
export const CounterHistoryQuery = z.object({
  CounterId: RecordId.optional(),
  Page: z.coerce.number({ error: 'Must be a valid whole number.' }).int().min(1).max(1_000_000).default(1),
  ItemsPerPage: z.coerce
    .number({ error: 'Must be a valid whole number.' })
    .int()
    .min(1)
    .max(1000)
    .default(100),
});

const CounterTypeInput = z
  .number({ error: 'Must be a valid whole number.' })
  .int('Must be a valid whole number.')
  .refine((v) => (COUNTER_TYPES as readonly number[]).includes(v), 'Must be 1, 2 or 3.');

const ReadingValue = DecimalInput.refine((v) => v !== null, 'This field is required').refine(
  (v) => v === null || (v >= 0 && v < 1e12),
  'Must be 0 or more.',
);

/** POST Counter: a machine's new counter, with its first reading when Value is given. */
export const CounterCreateInput = z.object({
  MachineId: RefId,
  CounterType: CounterTypeInput,
  Name: line(100).optional(),
  Value: ReadingValue.optional(),
  ReadingDate: LocalDateTimeInput.optional(),
});
export type CounterCreateInput = z.input<typeof CounterCreateInput>;

/** PATCH Counter: the fields sent, by Id. */
export const CounterChangeInput = z.object({
  Id: RefId,
  CounterType: CounterTypeInput.optional(),
  Name: line(100).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});
export type CounterChangeInput = z.input<typeof CounterChangeInput>;

/**
 * PUT Counter/Machine: a reading (default now). Lower than the reading before it is refused unless
 * IsMeterChange (a new meter starts again); a reading in the future is refused.
 */
export const CounterReadingInput = z.object({
  CounterId: RefId,
  Value: ReadingValue,
  ReadingDate: LocalDateTimeInput.optional(),
  IsMeterChange: z.boolean().default(false),
});
export type CounterReadingInput = z.input<typeof CounterReadingInput>;

/** DELETE Counter/Machine: the machine's counter with its readings, or one reading (ReadingId). */
export const CounterDeleteQuery = z.object({
  machineId: RecordId,
  counterId: RecordId,
  readingId: RecordId.optional(),
});
