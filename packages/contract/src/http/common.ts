import { z } from 'zod';
import { isRealDateTime } from '../rules/local-time.ts';

const DATE_TIME = 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.';

/** Local wall-clock time in the company's zone, as the spec README fixes: a real day and time. */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, { message: DATE_TIME, abort: true })
  .refine(isRealDateTime, DATE_TIME);

/** A date, or a date and time: 'YYYY-MM-DD', 'YYYY-MM-DDTHH:mm', 'YYYY-MM-DDTHH:mm:ss', a fraction after. */
const DATE_OR_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?$/;

/**
 * A date and time sent to the server (002 §5: 'YYYY-MM-DDTHH:mm:ss'), read liberally: a bare date is
 * its midnight, minutes alone have 0 seconds, a fraction of a second is dropped. Handlers get
 * 'YYYY-MM-DDTHH:mm:ss'.
 */
export const LocalDateTimeInput = z
  .string({ error: DATE_TIME })
  .regex(DATE_OR_DATE_TIME, { message: DATE_TIME, abort: true })
  .refine((v) => isRealDateTime(v.replace(/\.\d+$/, '')), DATE_TIME)
  .transform((v) => {
    const [, day, minutes = '00:00', seconds = '00'] = DATE_OR_DATE_TIME.exec(v)!;
    return `${day}T${minutes}:${seconds}`;
  });

const DATE = 'Must be a date as YYYY-MM-DD.';

/**
 * A calendar date sent to the server: 'YYYY-MM-DD', or a date and time as 002 §5 sends every date
 * ('YYYY-MM-DDTHH:mm:ss'), of which the day is kept. Handlers get 'YYYY-MM-DD'.
 */
export const LocalDate = z
  .string({ error: DATE })
  .regex(DATE_OR_DATE_TIME, { message: DATE, abort: true })
  .refine((v) => isRealDateTime(v.replace(/\.\d+$/, '')), DATE)
  .transform((v) => v.slice(0, 10));

/** Lists answer { Content, TotalCount }; Page counts from 1. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Content: z.array(item), TotalCount: z.number().int() });

export const SuccessMessage = z.object({ Success: z.boolean(), Message: z.string() });
