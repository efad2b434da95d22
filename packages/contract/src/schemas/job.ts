import { z } from 'zod';
import { Address, Contact } from './customers.ts';
import {
  AddressRef,
  DecimalInput,
  FIELD_MESSAGES,
  line,
  QueryBool,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
  RowVersionQuery,
  requiredLine,
} from './fields.ts';
import { JobAppointment, jobHeadFields } from './jobs.ts';

const M = FIELD_MESSAGES;

/** The machine of a sub-job (000 §3): Name, SerialNumber, Qrcode, model with its type, asset type. */
export const SubJobMachine = z.object({
  Id: z.number().int(),
  Name: z.string(),
  SerialNumber: z.string(),
  Qrcode: z.string().nullable(),
  ModelName: z.string().nullable(),
  TypeName: z.string().nullable(),
  AssetTypeName: z.string().nullable(),
});

/** A machine sub-job (000 §3). Flag: 0 ok, 1 notice, above 1 problem. WarrentyTypeId is spelled so. */
export const SubJob = z.object({
  Id: z.number().int(),
  ParentId: z.number().int(),
  OrderId: z.string().nullable(),
  OrderIdMalformed: z.boolean(),
  MachineId: z.number().int().nullable(),
  Machine: SubJobMachine.nullable(),
  MachineName: z.string(),
  CustomerComment: z.string(),
  TechnicianComment: z.string(),
  InvoiceComment: z.string(),
  SupplierFailureCodeId: z.number().int().nullable(),
  WarrentyTypeId: z.number().int().nullable(),
  RepairPlaceId: z.number().int().nullable(),
  JobCategoryId: z.number().int().nullable(),
  JobStatusId: z.number().int(),
  JobTypeId: z.number().int(),
  NoInvoice: z.boolean(),
  Flag: z.number().int(),
  /** 000 §3: true only for a sub-job not saved yet (the editor's line with a temporary id); a stored one is false. */
  New: z.boolean(),
  RowVersion,
});
export type SubJob = z.infer<typeof SubJob>;

/**
 * The whole job (000 §3, GET job/{id}). InverseParent holds its machine sub-jobs that are not deleted;
 * ContactPersonId and CustomerPersonId both name the customer's contact on the job (the documents use
 * both names). The Is… flags are the server's word on what may be done now (000 §4); RowVersion goes
 * back with a change so a concurrent edit is refused instead of overwritten.
 */
export const Job = z.object({
  ...jobHeadFields,
  ParentId: z.number().int().nullable(),
  OrderId: z.string().nullable(),
  OrderIdMalformed: z.boolean(),
  EstimatedTime: z.number().nullable(),
  NoInvoice: z.boolean(),
  CreatedBy: z.string().nullable(),
  CustomerId: z.number().int().nullable(),
  CustomerName: z.string(),
  ContactPersonId: z.number().int().nullable(),
  CustomerPersonId: z.number().int().nullable(),
  ContactPerson: Contact.nullable(),
  CustomerDeliveryAddress: z.number().int().nullable(),
  DeliveryAddress: Address.nullable(),
  OrderDepartmentId: z.number().int().nullable(),
  FirstLineComment: z.string(),
  InvoiceReference: z.string(),
  /** Who the job is invoiced to when not its customer (Order/Job/{id}/InvoiceCustomer); null: the customer. */
  InvoiceCustomerId: z.number().int().nullable(),
  InvoiceContactId: z.number().int().nullable(),
  /** The highest flag of its sub-jobs. */
  Flag: z.number().int(),
  InverseParent: z.array(SubJob),
  /** The machines of its sub-jobs (000 §3), each once, in the sub-jobs' order. */
  Machines: z.array(SubJobMachine),
  Appointments: z.array(JobAppointment),
  IsCompleteable: z.boolean(),
  IsApproveable: z.boolean(),
  IsDeletable: z.boolean(),
  RowVersion,
});
export type Job = z.infer<typeof Job>;

/** Estimated time in hours, as a number or a text with a comma ('1,5'). */
const Hours = DecimalInput.refine((v) => v !== null, M.required).refine(
  (v) => v === null || (v > 0 && v <= 10_000),
  'Must be more than 0 and at most 10000 hours.',
);

const comment = z.string({ error: M.required }).trim().max(4000, M.max(4000));

/** A machine line of a new job or of sub-jobs added later (002 §3): the customer comment is required. */
export const MachineLineInput = z.object({
  MachineId: RefId,
  CustomerComment: comment.min(1, M.required),
  WarrentyTypeId: RefId.nullish(),
  RepairPlaceId: RefId.nullish(),
  JobCategoryId: RefId.nullish(),
  SupplierFailureCodeId: RefId.nullish(),
});
export type MachineLineInput = z.input<typeof MachineLineInput>;

/** The details a job is created and changed with (000 §5: status, type, priority and estimate set). */
const jobDetails = {
  DisplayName: line(200).default(''),
  JobStatusId: RefId.default(10),
  JobSubStatusId: RefId.nullish(),
  JobTypeId: RefId,
  JobPriorityId: RefId,
  EstimatedTime: Hours,
  NoInvoice: z.boolean().default(false),
  FirstLineComment: comment.default(''),
  InvoiceReference: line(200).default(''),
  OrderDepartmentId: RefId.nullish(),
};

/**
 * POST job/create (000 §5): customer, delivery address and contact by id; at least one machine, each
 * with a customer comment. The server assigns the order id (spec README).
 */
export const JobCreateInput = z.object({
  ...jobDetails,
  CustomerId: RefId,
  ContactPersonId: RefId,
  CustomerDeliveryAddress: AddressRef,
  Machines: z.array(MachineLineInput).min(1, 'A job needs at least one machine.').max(200),
});
export type JobCreateInput = z.input<typeof JobCreateInput>;

/** PATCH job/changedetails: the details with the job's Id and the RowVersion it was read at. */
export const JobChangeInput = z.object({
  ...jobDetails,
  DisplayName: requiredLine(200),
  Id: RefId,
  RowVersion,
});
export type JobChangeInput = z.input<typeof JobChangeInput>;

export const JobChangeStatusQuery = z.object({
  jobStatusId: RecordId,
  /** 0 or missing: no sub-status. */
  jobSubStatusId: z
    .union([z.literal('0'), z.literal(0), z.literal(''), z.literal('null'), RecordId])
    .optional()
    .transform((v) => (v === undefined || v === '0' || v === 0 || v === '' || v === 'null' ? null : v)),
  /**
   * The job's RowVersion the change was based on (decision 075: a phone's queued status change): another
   * than the stored one answers 409 and changes nothing; left out, the change wins as before.
   */
  rowVersion: RowVersionQuery.optional(),
});

export const SwapParams = z.object({ jobId: RecordId, id: RecordId });
export const SwapCustomerParams = z.object({ jobId: RecordId, customerId: RecordId });
/** swapcustomer: `confirm=true` says the user agreed that every machine sub-job is removed (000 §4). */
export const SwapCustomerQuery = z.object({ confirm: QueryBool.optional() });

/** Order/Job/{id}/InvoiceCustomer: the customer the job is invoiced to, and its contact. */
export const InvoiceCustomerQuery = z.object({ customerId: RecordId, contactId: RecordId });

/** MachineJob/BulkAdd: machine lines for one job. */
export const MachineJobBulkAddInput = z.object({
  ParentId: RefId,
  Machines: z.array(MachineLineInput).min(1, 'Choose at least one machine.').max(200),
});

/** MachineJob/change/{id}: the sub-job's own fields. */
export const MachineJobChangeInput = z.object({
  CustomerComment: comment.min(1, M.required),
  TechnicianComment: comment.default(''),
  InvoiceComment: comment.default(''),
  WarrentyTypeId: RefId.nullish(),
  RepairPlaceId: RefId.nullish(),
  JobCategoryId: RefId.nullish(),
  SupplierFailureCodeId: RefId.nullish(),
  NoInvoice: z.boolean().default(false),
  RowVersion: RowVersionInput,
});
export type MachineJobChangeInput = z.input<typeof MachineJobChangeInput>;

export const MachineJobFlagQuery = z.object({
  value: z.coerce
    .number({ error: M.wholeNumber })
    .int(M.wholeNumber)
    .min(0, 'Must be 0 or more.')
    .max(9, 'Must be 9 or less.'),
});

export const TransferParams = z.object({ id: RecordId, machineId: RecordId });
export const ParentParams = z.object({ parentId: RecordId });
