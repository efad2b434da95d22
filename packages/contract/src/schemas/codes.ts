import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import {
  line,
  PagedQuery,
  QueryBool,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
} from './fields.ts';

/** A repair code (002 §7.18): the company's own code and its description. */
export const RepairCode = z.object({
  Id: z.number().int(),
  Code: z.string(),
  Description: z.string(),
  IsActive: z.boolean(),
  RowVersion,
});
export type RepairCode = z.infer<typeof RepairCode>;
/** PUT RepairCode/add takes the code and description in the query (002 §7.18). */
export const RepairCodeAddQuery = z.object({ code: requiredLine(50), description: line(300).default('') });
export const RepairCodeChangeInput = z.object({
  Id: RefId,
  Code: requiredLine(50).optional(),
  Description: line(300).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

/** A supplier's failure code (002 §7.18), chosen on a machine sub-job (SupplierFailureCodeId). */
export const SupplierFailureCode = z.object({
  Id: z.number().int(),
  SupplierId: z.number().int(),
  SupplierName: z.string(),
  Code: z.string(),
  Description: z.string(),
  IsActive: z.boolean(),
  RowVersion,
});
export type SupplierFailureCode = z.infer<typeof SupplierFailureCode>;
export const FailureCodeInput = z.object({
  SupplierId: RefId,
  Code: requiredLine(50),
  Description: line(300).default(''),
  IsActive: z.boolean().default(true),
});
export const FailureCodeChangeInput = z.object({
  Code: requiredLine(50).optional(),
  Description: line(300).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

export const CodeListQuery = z.object({ IncludeInactive: QueryBool.default(false) });
export const CodePageQuery = PagedQuery.extend({
  IncludeInactive: QueryBool.default(false),
  SupplierId: RecordId.optional(),
});

/** A note of a job's support log (002 §7.12 SupportLog). */
export const SupportLogEntry = z.object({
  Id: z.number().int(),
  JobId: z.number().int(),
  Text: z.string(),
  CreatedById: z.number().int().nullable(),
  CreatedBy: z.string(),
  Created: LocalDateTime,
  Updated: LocalDateTime,
  RowVersion,
});
export type SupportLogEntry = z.infer<typeof SupportLogEntry>;
const NoteText = z
  .string({ error: 'This field is required' })
  .trim()
  .min(1, 'This field is required')
  .max(4000, 'Max 4000 characters.');
export const SupportLogInput = z.object({ JobId: RefId, Text: NoteText });
export const SupportLogChangeInput = z.object({ Id: RefId, Text: NoteText, RowVersion: RowVersionInput });
