import { z } from 'zod';

/** A record id in a path or query: digits only (001 §5 'Valid id is digits only'). */
export const Id = z.coerce
  .number({ error: 'Must be a valid whole number.' })
  .int('Must be a valid whole number.')
  .min(1, 'Must be a valid id.');
export const IdParams = z.object({ id: Id });

/** Local wall-clock time in the company's zone, as the spec README fixes. */
export const LocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/, 'Must be a date and time as YYYY-MM-DDTHH:mm:ss.');

/** Lists answer { Content, TotalCount }; Page counts from 1. */
export const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ Content: z.array(item), TotalCount: z.number().int() });

export const PageQuery = z.object({
  Page: z.coerce.number().int().min(1).default(1),
  ItemsPerPage: z.coerce.number().int().min(1).max(1000).default(100),
  SearchWord: z.string().max(200).optional(),
});

export const SuccessMessage = z.object({ Success: z.boolean(), Message: z.string() });
