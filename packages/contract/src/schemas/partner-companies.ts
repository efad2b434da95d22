import { z } from 'zod';
import {
  line,
  optionalEmail,
  optionalPhone,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
} from './fields.ts';

/** A partner company (002 §7.18): the external firm a partner user works for, and the customers it serves. */
export const PartnerCompany = z.object({
  Id: z.number().int(),
  Name: z.string(),
  OrganisationNumber: z.string(),
  Email: z.string(),
  Phone: z.string(),
  IsActive: z.boolean(),
  CustomerCount: z.number().int(),
  UserCount: z.number().int(),
  RowVersion,
});
export type PartnerCompany = z.infer<typeof PartnerCompany>;

const fields = {
  Name: requiredLine(200),
  OrganisationNumber: line(40),
  Email: optionalEmail,
  Phone: optionalPhone,
  IsActive: z.boolean(),
};

export const PartnerCompanyInput = z.object({
  ...fields,
  OrganisationNumber: fields.OrganisationNumber.default(''),
  Email: fields.Email.default(''),
  Phone: fields.Phone.default(''),
  IsActive: fields.IsActive.default(true),
});

/** PATCH: the fields sent change. */
export const PartnerCompanyChangeInput = z
  .object({ Id: RefId, ...fields, RowVersion: RowVersionInput })
  .partial()
  .required({ Id: true });
