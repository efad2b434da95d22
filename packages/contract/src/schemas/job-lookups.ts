import { z } from 'zod';
import {
  PagedQuery,
  QueryBool,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
  SkillList,
} from './fields.ts';
import { LocalNamesInput, LocalNamesOutput } from './local-names.ts';

/** A named lookup of the job form: job category, warranty type, repair place (000 §3 'other lists'). */
export const NamedLookup = z.object({
  Id: z.number().int(),
  /** In the caller's language (Accept-Language), else English, else the stored name (decision 034). */
  Name: z.string(),
  IsActive: z.boolean(),
  RowVersion,
  /** The names the company gave per language: always answered; last, as an optional field. */
  Names: LocalNamesOutput.optional(),
});
export type NamedLookup = z.infer<typeof NamedLookup>;

/** `Name` is the name in the caller's language; `Names` sets names per language (decision 034). */
export const NamedLookupInput = z.object({
  Name: requiredLine(100),
  Names: LocalNamesInput.optional(),
  IsActive: z.boolean().default(true),
});
export const NamedLookupChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  Names: LocalNamesInput.optional(),
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
  Names: LocalNamesInput.optional(),
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

export const JobSubStatusInput = z.object({
  ParentId: RefId,
  Name: requiredLine(100),
  Names: LocalNamesInput.optional(),
});
/** PATCH JobSubStatus: a new name in the caller's language (`Name`) and/or per language (`Names`). */
export const JobSubStatusChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  Names: LocalNamesInput.optional(),
  /** Setting a job to it sets the technician's current appointment On my way (decision 085). */
  SetsOnMyWay: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

/** PATCH jobtype: a job type's name in the caller's language (`Name`) and/or per language (`Names`), its skills. */
export const JobTypeChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  Names: LocalNamesInput.optional(),
  Skills: SkillList.optional(),
  RowVersion: RowVersionInput,
});

/** PATCH jobpriority: as a job type (without skills), and the hours after which a job of the priority is due (1..8760). */
export const JobPriorityChangeInput = JobTypeChangeInput.omit({ Skills: true }).extend({
  DueAfterHours: z
    .number({ error: 'Must be a whole number of hours from 1 to 8760.' })
    .int('Must be a whole number of hours from 1 to 8760.')
    .min(1, 'Must be a whole number of hours from 1 to 8760.')
    .max(8760, 'Must be a whole number of hours from 1 to 8760.')
    .optional(),
});
