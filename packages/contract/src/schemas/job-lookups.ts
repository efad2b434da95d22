import { z } from 'zod';
import { PagedQuery, QueryBool, RefId, requiredLine } from './fields.ts';

/** A named lookup of the job form: job category, warranty type, repair place (000 §3 'other lists'). */
export const NamedLookup = z.object({ Id: z.number().int(), Name: z.string(), IsActive: z.boolean() });
export type NamedLookup = z.infer<typeof NamedLookup>;

export const NamedLookupInput = z.object({ Name: requiredLine(100), IsActive: z.boolean().default(true) });
export const NamedLookupChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  IsActive: z.boolean().optional(),
});

/** Lists leave inactive entries out unless asked: a dropdown offers only the active ones. */
export const NamedLookupQuery = z.object({ IncludeInactive: QueryBool.default(false) });
export const NamedLookupPageQuery = PagedQuery.extend({ IncludeInactive: QueryBool.default(false) });
