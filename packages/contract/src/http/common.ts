import { z } from 'zod';
import { isRealDateTime } from '../rules/local-time.ts';

const DATE_TIME = 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.';

/** Local wall-clock time in the company's zone, as the spec README fixes: a real day and time. */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, { message: DATE_TIME, abort: true })
  .refine(isRealDateTime, DATE_TIME);

/** Lists answer { Content, TotalCount }; Page counts from 1. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Content: z.array(item), TotalCount: z.number().int() });

export const SuccessMessage = z.object({ Success: z.boolean(), Message: z.string() });
