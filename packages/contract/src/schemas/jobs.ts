import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import {
  FIELD_MESSAGES,
  PagedQuery,
  QueryIdList,
  RecordId,
  Ref,
  RefId,
  RowVersion,
  SearchText,
} from './fields.ts';
import { LocalNamesOutput } from './local-names.ts';

const M = FIELD_MESSAGES;

/**
 * The most a job count counts: beyond it TotalCount (or a status's Count) says 10,000 with
 * TotalCountCapped (CountCapped). Counts also stop after a bounded number of index entries; a capped
 * number is a lower bound ('10,000+'), so no request counts through a million jobs.
 */
export const JOB_COUNT_CAP = 10_000;
/** The planner asks for 999 jobs at a time (000 §9); no page is larger. */
export const JOB_LIST_MAX_PAGE_SIZE = 999;

const ids = z.array(RefId).max(200, 'At most 200 ids.');
/** A sub-status id, where 0 and null mean 'all sub-statuses' (000 §7, 002 §3). */
const SubStatusRef = z
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(0, 'Must be a valid id.')
  .max(2_147_483_647, 'Must be a valid id.')
  .nullable();

/**
 * The job list filter (002 §3) with the customer and machine tabs' filters. Every list is optional;
 * an empty or missing list does not filter. A sub-status narrows only its own status.
 */
/** The job list's deadline filters (JobListFilter.Deadline). */
export const JOB_DEADLINES = ['Overdue', 'Within24Hours'] as const;
export type JobDeadline = (typeof JOB_DEADLINES)[number];

export const JobListFilter = z.object({
  Page: z.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(1_000_000).default(1),
  ItemsPerPage: z
    .number({ error: M.wholeNumber })
    .int(M.wholeNumber)
    .min(1)
    .max(JOB_LIST_MAX_PAGE_SIZE)
    .default(100),
  SearchWord: SearchText.nullish(),
  JobStatusIdList: ids.nullish(),
  JobSubStatusIdList: z.array(SubStatusRef).max(200, 'At most 200 ids.').nullish(),
  OrderDepartmentIdList: ids.nullish(),
  JobTypeIdList: ids.nullish(),
  JobPriorityIdList: ids.nullish(),
  /** Jobs of this customer (the customer's jobs tab). */
  CustomerId: RefId.nullish(),
  /** Parent jobs with a sub-job on this machine (the machine's jobs tab). */
  MachineId: RefId.nullish(),
  /** The 'my' list (001 §2.8 list/my): jobs the caller is booked on or created. */
  AssignedToMe: z.boolean().nullish(),
  /**
   * Open jobs (below Completed) by their priority deadline (000 §9): 'Overdue' past it, 'Within24Hours'
   * reaching it within a day (the dashboard's figures).
   */
  Deadline: z.enum(JOB_DEADLINES, { error: 'Must be Overdue or Within24Hours.' }).nullish(),
  /**
   * Jobs set to this status since Monday 00:00 of this week on the company's clock, whatever their
   * status now: the list behind the dashboard's 'completed this week' and 'approved this week'.
   */
  SetToStatusThisWeek: RefId.nullish(),
});
export type JobListFilter = z.input<typeof JobListFilter>;

export const JobAddress = z.object({
  Street: z.string(),
  Zip: z.string(),
  City: z.string(),
  Country: z.string(),
});

/** A machine line of a job list item: a sub-job that is not deleted (status 110). */
export const JobListMachine = z.object({
  /** The sub-job. */
  Id: z.number().int(),
  MachineId: z.number().int().nullable(),
  MachineName: z.string(),
  CustomerComment: z.string(),
  InvoiceComment: z.string(),
});
export type JobListMachine = z.infer<typeof JobListMachine>;

/** An appointment as a job shows it (000 §3): time range, type and participants. */
export const JobAppointment = z.object({
  Id: z.number().int(),
  Subject: z.string(),
  StartTime: LocalDateTime,
  EndTime: LocalDateTime,
  Type: z.number().int(),
  IsAbsence: z.boolean(),
  Participants: z.array(Ref),
});
export type JobAppointment = z.infer<typeof JobAppointment>;

/**
 * What a job list item and the whole job (schemas/job.ts) both say of a job: its status, type and
 * priority with their names, and its age. CreatedDate is local wall-clock time.
 */
export const jobHeadFields = {
  Id: z.number().int(),
  DisplayName: z.string(),
  JobStatusId: z.number().int(),
  StatusName: z.string(),
  StatusColor: z.string(),
  StatusIcon: z.string(),
  JobSubStatusId: z.number().int().nullable(),
  SubStatusName: z.string().nullable(),
  JobTypeId: z.number().int(),
  JobTypeName: z.string(),
  JobPriorityId: z.number().int().nullable(),
  PriorityName: z.string().nullable(),
  DueAfterHours: z.number().int().nullable(),
  CreatedDate: LocalDateTime,
  daysAgo: z.number().int(),
  hoursAgo: z.number().int(),
};

/** A job list item (000 §2, §3): a parent job with its machines. */
export const JobListItem = z.object({
  ...jobHeadFields,
  FirstLineComment: z.string(),
  OrderId: z.string().nullable(),
  /** The order id breaks the rule of 000 §5 (isOrderIdWellFormed): the list shows 'Malformed Order Id'. */
  OrderIdMalformed: z.boolean(),
  CustomerId: z.number().int().nullable(),
  CustomerName: z.string(),
  DeliveryAddress: JobAddress.nullable(),
  Machines: z.array(JobListMachine),
  /** Its appointments, earliest first (000 §2: the item's appointment lines). */
  Appointments: z.array(JobAppointment),
});
export type JobListItem = z.infer<typeof JobListItem>;

/** { Content, TotalCount }; TotalCountCapped says TotalCount is a lower bound (see JOB_COUNT_CAP). */
export const JobListPage = z.object({
  Content: z.array(JobListItem),
  TotalCount: z.number().int(),
  TotalCountCapped: z.boolean(),
});
export type JobListPage = z.infer<typeof JobListPage>;

/** A job status (000 §3 status lookup). Icons are names of @mui/icons-material. */
export const JobStatus = z.object({
  Id: z.number().int(),
  /** In the caller's language (Accept-Language), else English, else the stored name (decision 034). */
  Name: z.string(),
  Color: z.string(),
  Icon: z.string(),
  SortOrder: z.number().int(),
  RowVersion,
  /**
   * The names the company gave per language: always answered, optional in the type for older
   * clients. Optional fields come last (the answer writer puts them after the required ones).
   */
  Names: LocalNamesOutput.optional(),
});
export type JobStatus = z.infer<typeof JobStatus>;

export const JobSubStatus = z.object({
  Id: z.number().int(),
  /** The status this sub-status belongs to. */
  ParentId: z.number().int(),
  /** In the caller's language, else English, else the stored name (decision 034). */
  Name: z.string(),
  /** Setting a job to it sets the technician's current appointment On my way (decision 085). */
  SetsOnMyWay: z.boolean(),
  RowVersion,
  Names: LocalNamesOutput.optional(),
});
export type JobSubStatus = z.infer<typeof JobSubStatus>;

/** Counts are of parent jobs the caller may see; CountCapped says Count is a lower bound (JOB_COUNT_CAP). */
const counted = { Count: z.number().int(), CountCapped: z.boolean() };
// Names stays the last field (optional fields come last in the written answer).
const lastNames = { Names: LocalNamesOutput.optional() };
export const JobSubStatusWithCount = JobSubStatus.omit({ Names: true }).extend({ ...counted, ...lastNames });
export const JobStatusWithCount = JobStatus.omit({ Names: true }).extend({
  ...counted,
  SubStatuses: z.array(JobSubStatusWithCount),
  ...lastNames,
});
export type JobStatusWithCount = z.infer<typeof JobStatusWithCount>;

/** JobStatus/GetAll: the department filter the user stored (a comma list or repeated). */
export const JobStatusGetAllQuery = z.object({ OrderDepartmentFilter: QueryIdList.optional() });

export const JobSubStatusFilterQuery = PagedQuery.extend({ JobStatusId: RecordId.optional() });

/**
 * A job type: `Name` in the caller's language (decision 034). RowVersion and Names (the names the
 * company gave per language) are always answered, optional in the type for older clients (last).
 */
export const JobType = z.object({
  Id: z.number().int(),
  Name: z.string(),
  RowVersion: RowVersion.optional(),
  Names: LocalNamesOutput.optional(),
  /** The skills a job of this type needs: planned only for users with all of them (decision 063). */
  Skills: z.array(z.string()).optional(),
});
export type JobType = z.infer<typeof JobType>;
/** A job priority: as a job type, with the hours after which a job of it is due. */
export const JobPriority = z.object({
  Id: z.number().int(),
  Name: z.string(),
  DueAfterHours: z.number().int(),
  RowVersion: RowVersion.optional(),
  Names: LocalNamesOutput.optional(),
});
export type JobPriority = z.infer<typeof JobPriority>;
