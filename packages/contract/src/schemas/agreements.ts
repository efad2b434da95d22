import { z } from 'zod';
import { LocalDate, LocalDateTime } from '../http/common.ts';
import {
  DecimalInput,
  line,
  PagedQuery,
  QueryBool,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
} from './fields.ts';
import { LocalNamesInput, LocalNamesOutput } from './local-names.ts';

/* ---- Contract types and contracts (002 §7.5; issue 15) ---- */

/** A contract type of the Agreements menu: its icon and how many active contracts the caller sees. */
export const ContractType = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Icon: z.string(),
  Count: z.number().int(),
});
export type ContractType = z.infer<typeof ContractType>;

/**
 * The icons a contract type may have (ours, decision 057): names of the web's route icons, so the
 * Agreements menu can draw each. The four built-in types use the first four.
 */
export const CONTRACT_TYPE_ICONS = [
  'Build',
  'EventRepeat',
  'VerifiedUser',
  'Description',
  'Handshake',
  'Assignment',
  'Checklist',
  'Category',
  'Inventory',
  'PrecisionManufacturing',
  'Handyman',
  'Engineering',
  'DirectionsCar',
] as const;
export const ContractTypeIcon = z.enum(CONTRACT_TYPE_ICONS, { error: 'Choose one of the icons offered.' });

/** A contract type as the Admin keeps it (GET ContractType, ours): its names, icon and how many contracts use it. */
export const ContractTypeRecord = z.object({
  Id: z.number().int(),
  /** In the caller's language, else English, else the stored name (decision 034). */
  Name: z.string(),
  Names: LocalNamesOutput,
  Icon: z.string(),
  Position: z.number().int(),
  IsActive: z.boolean(),
  /** Contracts of this type, active or not, of every customer: a type in use cannot be deleted. */
  ContractCount: z.number().int(),
  RowVersion: RowVersion,
});
export type ContractTypeRecord = z.infer<typeof ContractTypeRecord>;

const Position = z
  .number({ error: 'Must be a whole number from 0 to 1000.' })
  .int('Must be a whole number from 0 to 1000.')
  .min(0, 'Must be a whole number from 0 to 1000.')
  .max(1000, 'Must be a whole number from 0 to 1000.');

/** POST ContractType (ours, the Admin): `Name` in the caller's language, `Names` per language; names unique. */
export const ContractTypeInput = z.object({
  Name: requiredLine(100),
  Names: LocalNamesInput.optional(),
  Icon: ContractTypeIcon.default('Description'),
  Position: Position.optional(),
  IsActive: z.boolean().default(true),
});
export type ContractTypeInput = z.input<typeof ContractTypeInput>;

/** PATCH ContractType/{id} (ours): the fields sent, with the RowVersion read. */
export const ContractTypeChangeInput = z.object({
  Name: requiredLine(100).optional(),
  Names: LocalNamesInput.optional(),
  Icon: ContractTypeIcon.optional(),
  Position: Position.optional(),
  IsActive: z.boolean().optional(),
  RowVersion: RowVersionInput,
});
export type ContractTypeChangeInput = z.input<typeof ContractTypeChangeInput>;

export const ContractMachine = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SerialNumber: z.string(),
});

/** A contract as lists show it. Price is the customer's own: only its customer's users and staff see it. */
export const ContractListItem = z.object({
  Id: z.number().int(),
  ContractTypeId: z.number().int(),
  ContractTypeName: z.string(),
  CustomerId: z.number().int(),
  CustomerName: z.string(),
  Name: z.string(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  IntervalMonths: z.number().int().nullable(),
  Price: z.number().nullable(),
  IsActive: z.boolean(),
  MachineCount: z.number().int(),
});
export type ContractListItem = z.infer<typeof ContractListItem>;

/** One contract with its machines. */
export const Contract = ContractListItem.extend({
  Notes: z.string(),
  Machines: z.array(ContractMachine),
  RowVersion: RowVersion,
});
export type Contract = z.infer<typeof Contract>;

export const ContractFilter = PagedQuery.extend({
  ContractTypeId: RecordId.optional(),
  CustomerId: RecordId.optional(),
  MachineId: RecordId.optional(),
  IncludeInactive: QueryBool.default(false),
});

const Months = z
  .number({ error: 'Must be a valid whole number.' })
  .int('Must be a valid whole number.')
  .min(1, 'Must be at least 1.')
  .max(120, 'Must be at most 120.');

const contractFields = {
  ContractTypeId: RefId,
  Name: line(200).pipe(z.string().min(1, 'This field is required')),
  StartDate: LocalDate,
  EndDate: LocalDate.nullish(),
  IntervalMonths: Months.nullish(),
  Price: DecimalInput.refine((v) => v === null || v >= 0, 'Must be 0 or more.').nullish(),
  Notes: z.string().trim().max(4000, 'Max 4000 characters.').optional(),
  MachineIds: z.array(RefId).max(500, 'At most 500 machines.').optional(),
};

/** POST Contract (the Admin): a customer's contract; EndDate, when given, on or after StartDate. */
export const ContractCreateInput = z.object({ ...contractFields, CustomerId: RefId });
export type ContractCreateInput = z.input<typeof ContractCreateInput>;

/** PATCH Contract: the fields sent, by Id, with the RowVersion read. */
export const ContractChangeInput = z
  .object(contractFields)
  .partial()
  .extend({ Id: RefId, IsActive: z.boolean().optional(), RowVersion: RowVersionInput });
export type ContractChangeInput = z.input<typeof ContractChangeInput>;

/* ---- Service agreements and next orders ---- */

/** One machine's recurring service visit, due by date, by counter, or whichever comes first. */
export const ServiceAgreement = z.object({
  Id: z.number().int(),
  MachineId: z.number().int(),
  MachineName: z.string(),
  CustomerId: z.number().int(),
  CustomerName: z.string(),
  ContractId: z.number().int().nullable(),
  ContractName: z.string().nullable(),
  Name: z.string(),
  StartDate: z.string(),
  /** The last day a visit may be due (ours, decision 056); null: open-ended. */
  EndDate: z.string().nullable(),
  IntervalMonths: z.number().int().nullable(),
  CounterId: z.number().int().nullable(),
  CounterName: z.string().nullable(),
  CounterInterval: z.number().nullable(),
  LastServiceDate: z.string().nullable(),
  LastServiceCounter: z.number().nullable(),
  LastJobId: z.number().int().nullable(),
  JobTypeId: z.number().int(),
  EstimatedTime: z.number(),
  IsActive: z.boolean(),
  RowVersion: RowVersion,
});
export type ServiceAgreement = z.infer<typeof ServiceAgreement>;

export const ServiceAgreementQuery = PagedQuery.extend({
  MachineId: RecordId.optional(),
  CustomerId: RecordId.optional(),
  ContractId: RecordId.optional(),
  IncludeInactive: QueryBool.default(false),
});
export const ServiceAgreementCreateQuery = z.object({ agreementIsActive: QueryBool.default(true) });

const agreementFields = {
  ContractId: RefId.nullish(),
  Name: line(200).pipe(z.string().min(1, 'This field is required')),
  StartDate: LocalDate,
  /** Ours: no visit is due after it; on or after StartDate. */
  EndDate: LocalDate.nullish(),
  IntervalMonths: Months.nullish(),
  CounterId: RefId.nullish(),
  CounterInterval: DecimalInput.refine((v) => v === null || v > 0, 'Must be more than 0.').nullish(),
  JobTypeId: RefId.optional(),
  EstimatedTime: DecimalInput.refine(
    (v) => v === null || (v > 0 && v <= 1000),
    'Must be more than 0.',
  ).nullish(),
};

/** POST ServiceAgreement: a machine, a start, and a date interval, a counter interval or both. */
export const ServiceAgreementCreateInput = z.object({ MachineId: RefId, ...agreementFields });
export type ServiceAgreementCreateInput = z.input<typeof ServiceAgreementCreateInput>;

/**
 * PATCH ServiceAgreement/{id} (ours, decision 056): the fields sent, checked with the ones kept as a
 * new agreement is; the machine stays. With the RowVersion read (another answers 409).
 */
export const ServiceAgreementChangeInput = z
  .object(agreementFields)
  .partial()
  .extend({ IsActive: z.boolean().optional(), RowVersion: RowVersionInput });
export type ServiceAgreementChangeInput = z.input<typeof ServiceAgreementChangeInput>;

/** 'Date': the months have passed; 'Counter': the counter has run its interval (or will by then). */
export const DUE_BY = ['Date', 'Counter'] as const;

/** A service visit an agreement calls for next (GET ServiceAgreement/NextOrders), by due date. */
export const NextOrder = z.object({
  AgreementId: z.number().int(),
  AgreementName: z.string(),
  MachineId: z.number().int(),
  MachineName: z.string(),
  SerialNumber: z.string(),
  CustomerId: z.number().int(),
  CustomerName: z.string(),
  ContractId: z.number().int().nullable(),
  ContractName: z.string().nullable(),
  DueDate: z.string(),
  DueBy: z.enum(DUE_BY),
  Overdue: z.boolean(),
  /** By counter: the value it is due at, the last reading, and that reading's time. */
  CounterName: z.string().nullable(),
  DueAtCounter: z.number().nullable(),
  LastCounterValue: z.number().nullable(),
  LastReadingDate: LocalDateTime.nullable(),
  RowVersion: RowVersion,
});
export type NextOrder = z.infer<typeof NextOrder>;

/** Next orders due on or before ToDate (default 30 days ahead), of a customer or a contract type. */
export const NextOrdersQuery = PagedQuery.extend({
  ToDate: LocalDate.optional(),
  CustomerId: RecordId.optional(),
  ContractTypeId: RecordId.optional(),
});

/** POST ServiceAgreement/{id}/CreateJob: the visit's job, made once (RowVersion as read in the list). */
export const NextOrderJobInput = z.object({ RowVersion: RowVersionInput });
/** POST ServiceAgreement/NextOrders/CreateJobs: the jobs of these agreements' next visits, as a task. */
export const NextOrderJobsInput = z.object({
  AgreementIds: z.array(RefId).min(1, 'Choose at least one next order.').max(500, 'At most 500 ids.'),
});
export const NextOrderJobResult = z.object({ AgreementId: z.number().int(), JobId: z.number().int() });
