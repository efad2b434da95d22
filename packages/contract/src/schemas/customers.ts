import { z } from 'zod';
import {
  AddressRef,
  DecimalInput,
  line,
  MAX_ID,
  optionalPhone,
  Ref,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredEmail,
  requiredLine,
  requiredPhone,
} from './fields.ts';

/** An address (000 §3). Ids below zero come from the ERP and are read-only (001 §5). */
export const Address = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int(),
  Name: z.string(),
  DisplayName: z.string(),
  Street: z.string(),
  Zip: z.string(),
  City: z.string(),
  County: z.string(),
  Country: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  IsDelivery: z.boolean(),
  IsInvoice: z.boolean(),
  IsDefault: z.boolean(),
  IsReadOnly: z.boolean(),
  RowVersion,
});
export type Address = z.infer<typeof Address>;

const addressFields = {
  Name: line(100).default(''),
  Street: line(200).default(''),
  Zip: line(20).default(''),
  City: line(100).default(''),
  County: line(100).default(''),
  Country: line(100).default(''),
  Latitude: z.number().min(-90).max(90).nullish(),
  Longitude: z.number().min(-180).max(180).nullish(),
  IsDelivery: z.boolean().default(true),
  IsInvoice: z.boolean().default(false),
};
const notEmptyAddress = (a: { Name: string; Street: string; Zip: string; City: string }) =>
  [a.Name, a.Street, a.Zip, a.City].some((v) => v !== '');

/** A new delivery address (with a customer): it must not be empty (001 §5). */
export const NewAddressInput = z
  .object(addressFields)
  .refine(notEmptyAddress, { message: 'This field is required', path: ['Street'] });

/**
 * POST customer/{id}/address: creates when Id is missing or 0, changes otherwise. SetAsDefault makes
 * it the customer's default delivery address.
 */
export const AddressSaveInput = z
  .object({
    /** The address changed: ERP addresses have ids below zero; none (or 0) makes a new one. */
    Id: z
      .number({ error: 'Must be a valid whole number.' })
      .int('Must be a valid whole number.')
      .min(-MAX_ID, 'Must be a valid id.')
      .max(MAX_ID, 'Must be a valid id.')
      .nullish(),
    ...addressFields,
    SetAsDefault: z.boolean().default(false),
    RowVersion: RowVersionInput,
  })
  .refine(notEmptyAddress, { message: 'This field is required', path: ['Street'] });

/** A contact person (001 §5). */
export const Contact = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int(),
  Name: z.string(),
  Email: z.string(),
  Mobile: z.string(),
  FixedPhone: z.string(),
  SmsAllowed: z.boolean(),
  EmailAllowed: z.boolean(),
  IsActive: z.boolean(),
  IsDefault: z.boolean(),
  RowVersion,
});
export type Contact = z.infer<typeof Contact>;

/**
 * Contact rules of 001 §5: Name not empty; Email not empty and valid; Mobile not empty and a valid
 * phone; FixedPhone a valid phone; IsActive defaults true. The SMS and e-mail switches are editable
 * only when editing, so a new contact starts with both off.
 */
export const ContactAddInput = z.object({
  Name: requiredLine(100),
  Email: requiredEmail,
  Mobile: requiredPhone,
  FixedPhone: optionalPhone.default(''),
  IsActive: z.boolean().default(true),
});
export const ContactUpdateInput = z.object({
  Name: requiredLine(100),
  Email: requiredEmail,
  Mobile: requiredPhone,
  FixedPhone: optionalPhone.default(''),
  SmsAllowed: z.boolean().default(false),
  EmailAllowed: z.boolean().default(false),
  IsActive: z.boolean().default(true),
  RowVersion: RowVersionInput,
});

/** Customer list item (000 §2, 001 §2.13): id, name, default delivery address; inactive shown greyed. */
export const CustomerListItem = z.object({
  Id: z.number().int(),
  CustomerNumber: z.string(),
  Name: z.string(),
  IsActive: z.boolean(),
  DefaultDeliveryAddress: Address.nullable(),
});
export type CustomerListItem = z.infer<typeof CustomerListItem>;

/** The customer (000 §3). */
export const Customer = z.object({
  Id: z.number().int(),
  CustomerNumber: z.string(),
  Name: z.string(),
  OrganisationNumber: z.string(),
  FreeFromVat: z.boolean(),
  IsActive: z.boolean(),
  IsPublic: z.boolean(),
  /** Its machines' QR labels take fault reports, when the feature is on (decision 085; the Admin's switch). */
  LabelReportsEnabled: z.boolean(),
  CreditLimit: z.number().nullable(),
  CreditLimitExceeded: z.boolean(),
  ParentCustomerId: z.number().int().nullable(),
  ParentCustomer: Ref.nullable(),
  CustomerGroupId: z.number().int().nullable(),
  CustomerGroup: Ref.nullable(),
  PartnerCompanyId: z.number().int().nullable(),
  PartnerCompany: Ref.nullable(),
  DefaultDeliveryAddressId: z.number().int().nullable(),
  DefaultDeliveryAddress: Address.nullable(),
  DefaultCustomerPersonId: z.number().int().nullable(),
  DefaultCustomerPerson: Contact.nullable(),
  RowVersion,
});
export type Customer = z.infer<typeof Customer>;

const customerFields = {
  CustomerNumber: line(30),
  Name: requiredLine(200),
  OrganisationNumber: line(40),
  FreeFromVat: z.boolean(),
  CreditLimit: DecimalInput,
  CreditLimitExceeded: z.boolean(),
  ParentCustomerId: RefId.nullable(),
  CustomerGroupId: RefId.nullable(),
  PartnerCompanyId: RefId.nullable(),
};

/**
 * POST customer/: Name required; FreeFromVat defaults true; a new customer is always active (IsActive
 * is editable only when editing). Without a CustomerNumber the next free number is given. A default
 * delivery address and contact can come along.
 */
export const CustomerCreateInput = z.object({
  ...customerFields,
  CustomerNumber: customerFields.CustomerNumber.optional(),
  OrganisationNumber: customerFields.OrganisationNumber.default(''),
  FreeFromVat: customerFields.FreeFromVat.default(true),
  CreditLimit: customerFields.CreditLimit.optional(),
  CreditLimitExceeded: customerFields.CreditLimitExceeded.default(false),
  ParentCustomerId: customerFields.ParentCustomerId.optional(),
  CustomerGroupId: customerFields.CustomerGroupId.optional(),
  PartnerCompanyId: customerFields.PartnerCompanyId.optional(),
  DefaultDeliveryAddress: NewAddressInput.optional(),
  DefaultCustomerPerson: ContactAddInput.optional(),
});

/** PATCH customer/{id}: only the fields sent change (inputs commit one at a time on blur). */
export const CustomerChangeInput = z.object({
  CustomerNumber: requiredLine(30).optional(),
  Name: customerFields.Name.optional(),
  OrganisationNumber: customerFields.OrganisationNumber.optional(),
  FreeFromVat: customerFields.FreeFromVat.optional(),
  IsActive: z.boolean().optional(),
  /** The Admin's only (decision 085): its machines' labels take fault reports. */
  LabelReportsEnabled: z.boolean().optional(),
  CreditLimit: customerFields.CreditLimit.optional(),
  CreditLimitExceeded: customerFields.CreditLimitExceeded.optional(),
  ParentCustomerId: customerFields.ParentCustomerId.optional(),
  CustomerGroupId: customerFields.CustomerGroupId.optional(),
  PartnerCompanyId: customerFields.PartnerCompanyId.optional(),
  DefaultDeliveryAddressId: AddressRef.nullable().optional(),
  DefaultCustomerPersonId: RefId.nullable().optional(),
  RowVersion: RowVersionInput,
});

export const PublicState = z.object({ Id: z.number().int(), IsPublic: z.boolean() });

/** Refusal of a taken customer number: the holder is offered for a merge (001 §5). */
export const CustomerNumberTaken = z.object({
  Message: z.string(),
  Errors: z.array(z.object({ Field: z.string(), Message: z.string() })),
  MergeCandidateId: z.number().int(),
});

/** Customer group (001 §2.6): the id is the company's own and unique. */
export const CustomerGroup = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ImagePath: z.string().nullable(),
  CustomerCount: z.number().int(),
  RowVersion,
});
export const CustomerGroupInput = z.object({
  Id: RefId.optional(),
  Name: requiredLine(100),
  /** On change: drop the stored image. */
  RemoveImage: z.boolean().default(false),
});
export const CustomerGroupChangeInput = CustomerGroupInput.extend({ Id: RefId, RowVersion: RowVersionInput });
