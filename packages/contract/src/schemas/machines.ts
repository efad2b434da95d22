import { z } from 'zod';
import { LocalDate, LocalDateTime } from '../http/common.ts';
import { Address } from './customers.ts';
import {
  AddressRef,
  DropdownBody,
  line,
  optionalEmail,
  optionalPhone,
  PagedQuery,
  QueryBool,
  RecordId,
  Ref,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
  SearchText,
} from './fields.ts';
import { LocalNamesInput, LocalNamesOutput } from './local-names.ts';

/** Machine list item; global search shows Id, DisplayName, IsActive, CustomerId (001 §2.13). */
export const MachineListItem = z.object({
  Id: z.number().int(),
  DisplayName: z.string(),
  Name: z.string(),
  SerialNumber: z.string(),
  Qrcode: z.string().nullable(),
  IsActive: z.boolean(),
  CustomerId: z.number().int(),
  CustomerName: z.string(),
  MachineModel: z.object({ Id: z.number().int(), Name: z.string(), MachineType: Ref.nullable() }).nullable(),
  AssetType: Ref.nullable(),
});
export type MachineListItem = z.infer<typeof MachineListItem>;

/** The machine (000 §3): Name, SerialNumber, Qrcode, MachineModel (Name, MachineType.Name), AssetType.Name. */
export const Machine = MachineListItem.extend({
  MachineModelId: z.number().int().nullable(),
  AssetTypeId: z.number().int().nullable(),
  Supplier: Ref.nullable(),
  DeliveryAddressId: z.number().int().nullable(),
  DeliveryAddress: Address.nullable(),
  InstallDate: z.string().nullable(),
  PartnerCompanyId: z.number().int().nullable(),
  /** Left out of the label's public fault form (decision 070). */
  LabelReportsExcluded: z.boolean(),
  RowVersion,
});
export type Machine = z.infer<typeof Machine>;

const machineFields = {
  Name: requiredLine(200),
  SerialNumber: line(100),
  Qrcode: line(100).nullable(),
  DeliveryAddressId: AddressRef.nullable(),
  MachineModelId: RefId.nullable(),
  AssetTypeId: RefId.nullable(),
  InstallDate: LocalDate.nullable(),
};

/** POST machine. Without a delivery address the customer's default delivery address is used. */
export const MachineCreateInput = z.object({
  ...machineFields,
  SerialNumber: machineFields.SerialNumber.default(''),
  Qrcode: machineFields.Qrcode.optional(),
  CustomerId: RefId,
  DeliveryAddressId: machineFields.DeliveryAddressId.optional(),
  MachineModelId: machineFields.MachineModelId.optional(),
  AssetTypeId: machineFields.AssetTypeId.optional(),
  InstallDate: machineFields.InstallDate.optional(),
  LabelReportsExcluded: z.boolean().optional(),
});

/** PATCH machine: Id plus the fields that change. The owner changes only through changeOwner. */
export const MachineChangeInput = z.object({
  Id: RefId,
  Name: machineFields.Name.optional(),
  SerialNumber: machineFields.SerialNumber.optional(),
  Qrcode: machineFields.Qrcode.optional(),
  DeliveryAddressId: machineFields.DeliveryAddressId.optional(),
  MachineModelId: machineFields.MachineModelId.optional(),
  AssetTypeId: machineFields.AssetTypeId.optional(),
  InstallDate: machineFields.InstallDate.optional(),
  LabelReportsExcluded: z.boolean().optional(),
  /**
   * true: the machine gets a new random label token (decision 070), so the link of a printed label stops
   * working (a lost or copied label is revoked); print the label again.
   */
  NewLabelLink: z.boolean().optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

/** POST Machine/BulkPartialUpdate: several partial changes, all or none. */
export const MachineBulkInput = z
  .array(MachineChangeInput)
  .min(1, 'This field is required')
  .max(500, 'At most 500 machines per call.');

export const MachineChangeOwnerInput = z.object({
  CustomerId: RefId,
  DeliveryAddressId: AddressRef.nullish(),
});

/** Machine model change (002 §3): ModelId, SupplierId, AssetTypeId. */
export const MachineChangeModelInput = z.object({
  ModelId: RefId,
  SupplierId: RefId.nullish(),
  AssetTypeId: RefId.nullish(),
});

export const MachineSearchQuery = z.object({
  searchQuery: SearchText.optional(),
  CustomerId: RecordId.optional(),
  IncludeInactive: QueryBool.default(false),
  limit: z.coerce.number({ error: 'Must be a valid whole number.' }).int().min(1).max(1000).default(100),
});

export const MachineFilter = DropdownBody.extend({
  CustomerId: RefId.nullish(),
  IncludeInactive: z.boolean().default(true),
  MachineModelId: RefId.nullish(),
  MachineTypeId: RefId.nullish(),
  SupplierId: RefId.nullish(),
  AssetTypeId: RefId.nullish(),
});

export const MachinePerformance = z.object({
  MachineId: z.number().int(),
  JobCount: z.number().int(),
  OpenJobCount: z.number().int(),
  CompletedJobCount: z.number().int(),
  FirstJobDate: LocalDateTime.nullable(),
  LastJobDate: LocalDateTime.nullable(),
  AverageDaysBetweenJobs: z.number().nullable(),
});

/** The contract covering a machine today; none answers 404 'no machine contract'. */
export const MachineContract = z.object({
  Id: z.number().int(),
  ContractTypeId: z.number().int(),
  Name: z.string(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
});

export const MachineMoveResult = z.object({ Count: z.number().int() });

/* ---- PIM: models, types, suppliers, asset types ---- */

export const MachineModel = z.object({
  Id: z.number().int(),
  Name: z.string(),
  MachineTypeId: z.number().int().nullable(),
  MachineType: Ref.nullable(),
  SupplierId: z.number().int().nullable(),
  Supplier: Ref.nullable(),
  AssetTypeId: z.number().int().nullable(),
  AssetType: Ref.nullable(),
  ImagePath: z.string().nullable(),
  IsActive: z.boolean(),
  MachineCount: z.number().int(),
  RowVersion,
});
export type MachineModel = z.infer<typeof MachineModel>;

export const MachineModelInput = z.object({
  Name: requiredLine(200),
  MachineTypeId: RefId.nullish(),
  SupplierId: RefId.nullish(),
  AssetTypeId: RefId.nullish(),
  IsActive: z.boolean().default(true),
});
export const MachineModelChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(200).optional(),
  MachineTypeId: RefId.nullish(),
  SupplierId: RefId.nullish(),
  AssetTypeId: RefId.nullish(),
  IsActive: z.boolean().optional(),
  RemoveImage: z.boolean().default(false),
  RowVersion: RowVersionInput,
});

export const ModelFilterQuery = PagedQuery.extend({
  MachineTypeId: RecordId.optional(),
  SupplierId: RecordId.optional(),
  IncludeInactive: QueryBool.default(true),
});

export const ModelJob = z.object({
  Id: z.number().int(),
  ParentId: z.number().int().nullable(),
  DisplayName: z.string(),
  JobStatusId: z.number().int(),
  StatusName: z.string(),
  JobTypeId: z.number().int(),
  JobTypeName: z.string(),
  MachineId: z.number().int(),
  MachineName: z.string(),
  CreatedDate: LocalDateTime,
});
export const FailureCodeUsage = z.object({
  SupplierFailureCodeId: z.number().int(),
  Count: z.number().int(),
});
export const JobTypeUsage = z.object({ Id: z.number().int(), Name: z.string(), Count: z.number().int() });

/**
 * A machine type: `Name` in the caller's language, else English, else the stored name; `Names` the
 * names the company gave per language (decision 089, as decision 034's lookups).
 */
export const MachineType = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ModelCount: z.number().int(),
  RowVersion,
  Names: LocalNamesOutput,
});
/** `Name` is the name in the caller's language (and the stored name); `Names` sets names per language. */
export const MachineTypeInput = z.object({ Name: requiredLine(100), Names: LocalNamesInput.optional() });
/** PATCH MachineType: a new name in the caller's language (`Name`) and/or per language (`Names`). */
export const MachineTypeChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  Names: LocalNamesInput.optional(),
  RowVersion: RowVersionInput,
});

export const Supplier = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Email: z.string(),
  Phone: z.string(),
  IsActive: z.boolean(),
  ModelCount: z.number().int(),
  RowVersion,
});
export const SupplierInput = z.object({
  Name: requiredLine(200),
  Email: optionalEmail.default(''),
  Phone: optionalPhone.default(''),
  IsActive: z.boolean().default(true),
});
export const SupplierChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(200).optional(),
  Email: optionalEmail.optional(),
  Phone: optionalPhone.optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});

export const AssetType = z.object({
  Id: z.number().int(),
  Name: z.string(),
  IsActive: z.boolean(),
  RowVersion,
});
export const AssetTypeInput = z.object({ Name: requiredLine(100), IsActive: z.boolean().default(true) });
export const AssetTypeChangeInput = z.object({
  Id: RefId,
  Name: requiredLine(100).optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});
export const FeatureState = z.object({ Enabled: z.boolean() });
