import { z } from 'zod';
import { line, RefId, RowVersion, RowVersionInput, requiredLine } from './fields.ts';

/** A project (002 §7.18, ProjectsEnabled feature): what an order is done for, chosen in a job's order options. */
export const Project = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Description: z.string(),
  IsActive: z.boolean(),
  /** The jobs whose order belongs to the project. */
  JobCount: z.number().int(),
  RowVersion,
});
export type Project = z.infer<typeof Project>;

const fields = { Name: requiredLine(200), Description: line(500), IsActive: z.boolean() };

/** PUT Project/: a new project; names are unique whatever their case. */
export const ProjectInput = z.object({
  Name: fields.Name,
  Description: fields.Description.default(''),
  IsActive: fields.IsActive.default(true),
});
export type ProjectInput = z.input<typeof ProjectInput>;

/** PATCH Project/: the fields sent change (by Id). */
export const ProjectChangeInput = z
  .object({ Id: RefId, ...fields, RowVersion: RowVersionInput })
  .partial()
  .required({ Id: true });
export type ProjectChangeInput = z.input<typeof ProjectChangeInput>;
