import { z } from 'zod';
import {
  FIELD_MESSAGES,
  line,
  optionalEmail,
  optionalPhone,
  PagedQuery,
  QueryBool,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
} from './fields.ts';

/** A lead type (002 §7.11 LeadType): the Admin's names for where leads come from; unique names. */
export const LeadType = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  /** The leads of this type. */
  LeadCount: z.number().int(),
  RowVersion,
});
export type LeadType = z.infer<typeof LeadType>;

export const LeadTypeInput = z.object({ Name: requiredLine(200), IsActive: z.boolean().default(true) });
export type LeadTypeInput = z.input<typeof LeadTypeInput>;
export const LeadTypeChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(200).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});
export type LeadTypeChangeInput = z.input<typeof LeadTypeChangeInput>;

/**
 * A lead (002 §7.11 Lead, LeadsEnabled feature): a prospect and what they asked for. Converted
 * (Lead/{id}/Convert) it names the customer and the job it became and is closed to change.
 */
export const Lead = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ContactName: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Street: z.string(),
  Zip: z.string(),
  City: z.string(),
  Country: z.string(),
  Description: z.string(),
  LeadTypeId: z.number().int().nullable(),
  LeadTypeName: z.string().nullable(),
  IsConverted: z.boolean(),
  CustomerId: z.number().int().nullable(),
  JobId: z.number().int().nullable(),
  /** When it was converted (company wall clock), else null. */
  ConvertedAt: z.string().nullable(),
  Created: z.string(),
  RowVersion,
});
export type Lead = z.infer<typeof Lead>;

const leadFields = {
  Name: requiredLine(200),
  ContactName: line(200),
  Email: optionalEmail,
  Phone: optionalPhone,
  Street: line(200),
  Zip: line(20),
  City: line(100),
  Country: line(2),
  Description: z.string().trim().max(2000, FIELD_MESSAGES.max(2000)),
  LeadTypeId: RefId.nullable(),
};

/** POST Lead/: a new lead (Name, the prospect's company, is needed). */
export const LeadInput = z.object({
  Name: leadFields.Name,
  ContactName: leadFields.ContactName.default(''),
  Email: leadFields.Email.default(''),
  Phone: leadFields.Phone.default(''),
  Street: leadFields.Street.default(''),
  Zip: leadFields.Zip.default(''),
  City: leadFields.City.default(''),
  Country: leadFields.Country.default(''),
  Description: leadFields.Description.default(''),
  LeadTypeId: leadFields.LeadTypeId.default(null),
});
export type LeadInput = z.input<typeof LeadInput>;

/** PATCH Lead/: the fields sent change (by Id); a converted lead is not changed. */
export const LeadChangeInput = z
  .object({ Id: RefId, ...leadFields, RowVersion: RowVersionInput })
  .partial()
  .required({ Id: true });
export type LeadChangeInput = z.input<typeof LeadChangeInput>;

/** Lead/Filtered: paging, search and whether converted leads are listed too. */
export const LeadFilterQuery = PagedQuery.extend({
  LeadTypeId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  IncludeConverted: QueryBool.optional(),
});

/** POST Lead/{id}/Convert (ours, decision 050): the job's details; the customer comes from the lead. */
export const LeadConvertInput = z.object({
  JobTypeId: RefId.default(1),
  JobPriorityId: RefId.default(1),
  OrderDepartmentId: RefId.nullable().default(null),
  DisplayName: line(200).default(''),
  RowVersion: RowVersionInput,
});
export type LeadConvertInput = z.input<typeof LeadConvertInput>;

export const LeadConversion = z.object({ Lead, CustomerId: z.number().int(), JobId: z.number().int() });
