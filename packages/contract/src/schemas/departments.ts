import { z } from 'zod';
import { RefId, RowVersion, RowVersionInput, requiredLine } from './fields.ts';

/** A department; its id is the company's own and unique (001 §5). */
export const Department = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  UserCount: z.number().int(),
  RowVersion,
});
export type Department = z.infer<typeof Department>;

/** Without an Id the next free one is given. */
export const DepartmentInput = z.object({
  Id: RefId.optional(),
  Name: requiredLine(100),
  IsActive: z.boolean().default(true),
});
export const DepartmentChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

/** A firm (company) of the installation; one unless the MultipleFirms licence adds more. */
export const Firm = z.object({ Id: z.number().int(), Name: z.string(), OrganisationNumber: z.string() });
