import { FIELD_MESSAGES, type Job, JobCreateInput, type MachineLineInput } from '@fieldport/contract';
import { z } from 'zod';

const M = FIELD_MESSAGES;

/** A choice that must be made: nothing chosen says 'This field is required' (not 'a valid id'). */
const chosen = z.number({ error: M.required }).int(M.required).min(1, M.required);
/** ERP addresses have ids below zero (001 §5). */
const chosenAddress = z
  .number({ error: M.required })
  .int(M.required)
  .refine((v) => v !== 0, M.required);

/** 000 §4: -1 in the global settings means no default job category. */
const NO_CATEGORY = -1;

/**
 * The new job's form (000 §5): the contract's create input, with the choices of customer, delivery
 * address, contact, job type and priority required; at least one machine, each with a customer
 * comment; the estimate in hours, a comma accepted as decimal separator. The server checks the same.
 */
export const newJobSchema = JobCreateInput.extend({
  CustomerId: chosen,
  CustomerDeliveryAddress: chosenAddress,
  ContactPersonId: chosen,
  JobTypeId: chosen,
  JobPriorityId: chosen,
});
export type NewJobValues = z.input<typeof newJobSchema>;
export type NewJobOutput = z.output<typeof newJobSchema>;
export type MachineLineValues = z.input<typeof MachineLineInput>;

/** The first step (NewJobStart): who the job is for and which of their machines. */
export const newJobStartSchema = z.object({
  CustomerId: chosen,
  CustomerDeliveryAddress: chosenAddress,
  ContactPersonId: chosen,
  MachineIds: z.array(z.number()).min(1, 'A job needs at least one machine.'),
});
export type NewJobStartValues = z.input<typeof newJobStartSchema>;

/** What the New job pages carry in their address (001 §2.3 query customerId, machineId). */
export interface NewJobQuery {
  customerId: number | null;
  addressId: number | null;
  contactId: number | null;
  machineIds: number[];
  /** The job being copied (NewJobStart's jobId), whose details and machine lines the overview takes. */
  copyOf?: number | null;
  /** Articles chosen through the article picker (picker=article), the new job's first parts. */
  articleNumbers?: string[];
}

const idOf = (v: string | null, negative = false): number | null => {
  if (v === null) return null;
  const re = negative ? /^-?\d{1,10}$/ : /^\d{1,10}$/;
  if (!re.test(v)) return null;
  const n = Number(v);
  return n === 0 ? null : n;
};

/** Reads the query: machineId and articleNumber repeated or comma separated, unknown values dropped. */
export function readNewJobQuery(search: URLSearchParams): NewJobQuery {
  const machineIds = search
    .getAll('machineId')
    .flatMap((v) => v.split(','))
    .map((v) => idOf(v.trim()))
    .filter((v): v is number => v !== null);
  return {
    customerId: idOf(search.get('customerId')),
    addressId: idOf(search.get('addressId'), true),
    contactId: idOf(search.get('contactId')),
    machineIds: [...new Set(machineIds)],
    copyOf: idOf(search.get('copyOf')),
    articleNumbers: readArticleNumbers(search),
  };
}

/** An article number as the catalogue holds it (002 §7.3: at most 50 characters). */
const ARTICLE_NUMBER_MAX = 50;

/** articleNumber repeated or comma separated, each once, blanks and overlong ones dropped. */
function readArticleNumbers(search: URLSearchParams): string[] {
  const numbers = search
    .getAll('articleNumber')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && v.length <= ARTICLE_NUMBER_MAX);
  return [...new Set(numbers)];
}

/** The query of a choice (for pathFor): only what is chosen. */
export function newJobQueryOf(q: NewJobQuery): Record<string, string> {
  const out: Record<string, string> = {};
  if (q.customerId) out.customerId = String(q.customerId);
  if (q.addressId) out.addressId = String(q.addressId);
  if (q.contactId) out.contactId = String(q.contactId);
  if (q.machineIds.length > 0) out.machineId = q.machineIds.join(',');
  if (q.copyOf) out.copyOf = String(q.copyOf);
  if (q.articleNumbers?.length) out.articleNumber = q.articleNumbers.join(',');
  return out;
}

/** A machine line as the form starts it: the default job category of the global settings, if any. */
export const machineLine = (MachineId: number, defaultCategoryId: number | undefined): MachineLineValues => ({
  MachineId,
  CustomerComment: '',
  WarrentyTypeId: null,
  RepairPlaceId: null,
  JobCategoryId:
    defaultCategoryId === undefined || defaultCategoryId === NO_CATEGORY ? null : defaultCategoryId,
  SupplierFailureCodeId: null,
});

/** A server refusal's field (`Machines.0.CustomerComment`) is the form's field of the same name. */
export const formFieldOf = (wire: string) => wire.replace(/\[(\d+)\]/g, '.$1');

/** 000 §4: a copied job starts as new or unplanned. */
const COPY_STATUS = 10;

/**
 * The overview's values for a copy of `job` (000 §4): no Id and no DisplayName (the server names the
 * new job), status 10 without a sub-status, its other details as they were, and for each chosen
 * machine the copied job's line of that machine with its comment and codes (a machine added since
 * starts empty).
 */
export function copiedValues(
  job: Job,
  base: NewJobValues,
  machineIds: number[],
  defaultCategoryId: number | undefined,
): NewJobValues {
  const lineOf = new Map(job.InverseParent.map((s) => [s.MachineId, s]));
  return {
    ...base,
    DisplayName: '',
    JobStatusId: COPY_STATUS,
    JobSubStatusId: null,
    JobTypeId: job.JobTypeId,
    // A job without a priority leaves it to be chosen (the form holds null until then, as at the start).
    JobPriorityId: job.JobPriorityId as number,
    EstimatedTime: job.EstimatedTime === null ? '' : String(job.EstimatedTime).replace('.', ','),
    OrderDepartmentId: job.OrderDepartmentId,
    FirstLineComment: job.FirstLineComment,
    InvoiceReference: job.InvoiceReference,
    NoInvoice: job.NoInvoice,
    Machines: machineIds.map((id) => {
      const s = lineOf.get(id);
      return s
        ? {
            MachineId: id,
            CustomerComment: s.CustomerComment,
            WarrentyTypeId: s.WarrentyTypeId,
            RepairPlaceId: s.RepairPlaceId,
            JobCategoryId: s.JobCategoryId,
            SupplierFailureCodeId: s.SupplierFailureCodeId,
          }
        : machineLine(id, defaultCategoryId);
    }),
  };
}

/** The machines of a job's lines, each once, in their order. */
export const machinesOf = (job: Job): number[] => [
  ...new Set(job.InverseParent.flatMap((s) => (s.MachineId === null ? [] : [s.MachineId]))),
];
