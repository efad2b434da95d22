import { z } from 'zod';

/** Local wall-clock time in the company's zone, as the spec README fixes. */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.');

/** Lists answer { Content, TotalCount }; Page counts from 1. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Content: z.array(item), TotalCount: z.number().int() });

export const SuccessMessage = z.object({ Success: z.boolean(), Message: z.string() });
