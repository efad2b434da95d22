import { z } from 'zod';
import { LocalDate } from '../http/common.ts';
import { DecimalInput, line, RecordId, RefId, RowVersion, RowVersionInput } from './fields.ts';
import { QuantityInput } from './order-lines.ts';

/**
 * The week time report (002 §7.20 TimeReport; decision 046). A row is hours one user reports on one
 * day: on a machine job ('Job': a time-article line of the job's order, the same line the job time
 * calls write) or without a job ('Internal': travel, training, internal work, with a time article).
 */
export const TimeRowKind = z.enum(['Job', 'Internal']);

/** A day of the time report: a real date whose whole week lies within the years 1900–9998. */
const ReportDay = LocalDate.refine(
  (d) => d >= '1900-01-01' && d <= '9998-12-31',
  'Must be a date as YYYY-MM-DD.',
);
export type TimeRowKind = z.infer<typeof TimeRowKind>;

export const TimeRow = z.object({
  Kind: TimeRowKind,
  Id: z.number().int(),
  UserId: z.number().int(),
  WorkDate: z.string(),
  Hours: z.number(),
  ArticleNumber: z.string(),
  Description: z.string(),
  Comment: z.string(),
  /** The machine job the hours are on ('Job' rows), its order's job and order id. */
  JobId: z.number().int().nullable(),
  ParentJobId: z.number().int().nullable(),
  OrderId: z.string().nullable(),
  JobName: z.string().nullable(),
  /** No longer changed here: the week is approved, or the job is approved, closed or deleted. */
  Locked: z.boolean(),
  RowVersion,
});
export type TimeRow = z.infer<typeof TimeRow>;

/** One user's week: the rows, the day totals (Monday first) and the employment's hours to compare. */
export const TimeReportUserWeek = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  WeeklyHours: z.number(),
  TotalHours: z.number(),
  DayTotals: z.array(z.number()),
  Approved: z.boolean(),
  ApprovedAt: z.string().nullable(),
  ApprovedByName: z.string().nullable(),
  Rows: z.array(TimeRow),
});
export type TimeReportUserWeek = z.infer<typeof TimeReportUserWeek>;

export const TimeReport = z.object({
  WeekStart: z.string(),
  WeekEnd: z.string(),
  /** The seven days, Monday first. */
  Days: z.array(z.string()),
  Users: z.array(TimeReportUserWeek),
});
export type TimeReport = z.infer<typeof TimeReport>;

/**
 * GET TimeReport: the week of a day (any day; the week starts on Monday; this week on the company's
 * clock when none is given), one user or (office) all.
 */
export const TimeReportQuery = z.object({
  WeekStart: ReportDay.optional(),
  UserId: RecordId.optional(),
});

/** POST TimeReport/AddRow: hours on a day, on a machine job or (no JobId) internal. */
export const TimeRowAddInput = z.object({
  UserId: RefId.nullable().optional(),
  WorkDate: ReportDay,
  Hours: QuantityInput,
  ArticleNumber: line(50).pipe(z.string().min(1, 'This field is required')),
  JobId: RefId.nullable().optional(),
  Description: line(300).optional(),
  Comment: line(1000).optional(),
});

/** POST TimeReport/UpdateRow: a row's day, hours, article or texts. */
export const TimeRowUpdateInput = z.object({
  Kind: TimeRowKind,
  Id: RefId,
  WorkDate: ReportDay.optional(),
  Hours: QuantityInput.optional(),
  ArticleNumber: line(50).pipe(z.string().min(1, 'This field is required')).optional(),
  Description: line(300).optional(),
  Comment: line(1000).optional(),
  RowVersion: RowVersionInput,
});

/** DELETE TimeReport with parameters: the row's kind and id. */
export const TimeRowRef = z.object({ Kind: TimeRowKind, Id: RecordId });
export const TimeRowDeleted = z.object({ Kind: TimeRowKind, Id: z.number().int() });

/** POST TimeReport/Export: the week (of one user, or the office's all) as a workbook. */
export const TimeReportExportInput = z.object({ WeekStart: ReportDay, UserId: RefId.optional() });

/** POST TimeReport/Approve: approve a user's week (locks its rows) or open it again. */
export const TimeWeekApproveInput = z.object({
  UserId: RefId,
  WeekStart: ReportDay,
  Approved: z.boolean(),
});
export const TimeWeekState = z.object({
  UserId: z.number().int(),
  WeekStart: z.string(),
  Approved: z.boolean(),
  ApprovedAt: z.string().nullable(),
  ApprovedByName: z.string().nullable(),
});

/** GET TimeReport/TimeArticleDescription: the active time articles with their descriptions. */
export const TimeArticleDescription = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Description: z.string(),
  Unit: z.string(),
});
export type TimeArticleDescription = z.infer<typeof TimeArticleDescription>;

/** GET employment: a user's hours per week (37.5 unless the Admin set other). */
export const EmploymentQuery = z.object({ UserId: RecordId.optional() });
export const Employment = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  WeeklyHours: z.number(),
  StartDate: z.string().nullable(),
});
export type Employment = z.infer<typeof Employment>;

/** PATCH employment (the Admin): a user's hours per week and, when sent, the start date (null clears it). */
export const EmploymentChangeInput = z.object({
  UserId: RefId,
  WeeklyHours: DecimalInput.refine((v) => v !== null && v >= 0 && v <= 168, 'Must be from 0 to 168 hours.'),
  StartDate: LocalDate.nullish(),
});
export type EmploymentChangeInput = z.input<typeof EmploymentChangeInput>;

/** GET UserController/getVehicleList: the vans (the caller's own; the Admin every van). */
export const Vehicle = z.object({
  StoreId: z.number().int(),
  Name: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  IsMine: z.boolean(),
});
export type Vehicle = z.infer<typeof Vehicle>;
