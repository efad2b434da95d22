import { z } from 'zod';
import { PagedQuery, QueryBool, RefId, RowVersion, RowVersionInput, requiredLine } from './fields.ts';

/** A named lookup of the job form: job category, warranty type, repair place (000 §3 'other lists'). */
export const NamedLookup = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  RowVersion,
});
export type NamedLookup = z.infer<typeof NamedLookup>;

export const NamedLookupInput = z.object({ Name: requiredLine(100), IsActive: z.boolean().default(true) });
export const NamedLookupChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

/** Lists leave inactive entries out unless asked: a dropdown offers only the active ones. */
export const NamedLookupQuery = z.object({ IncludeInactive: QueryBool.default(false) });
export const NamedLookupPageQuery = PagedQuery.extend({ IncludeInactive: QueryBool.default(false) });

const Colour = z
  .string({ error: 'Must be a colour as #rrggbb.' })
  .regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour as #rrggbb.');

/** PATCH JobStatus: a company renames, recolours or reorders a status; its id and rules stay. */
export const JobStatusChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  Color: Colour.optional(),
  /** A name of @mui/icons-material. */
  Icon: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,60}$/, 'Must be an icon name.')
    .optional(),
  SortOrder: z.number().int().min(0).max(1000).optional(),
  RowVersion: RowVersionInput,
});

export const JobSubStatusInput = z.object({ ParentId: RefId, Name: requiredLine(100) });
export const JobSubStatusChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100),
  RowVersion: RowVersionInput,
});
