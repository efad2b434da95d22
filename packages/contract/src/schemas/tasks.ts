import { z } from 'zod';
import { LocalDateTime, LocalDateTimeInput } from '../http/common.ts';
import { QueryBool, RefId } from './fields.ts';

/** created (waiting), update (running), completed, failed, cancelled (000 §4, 001 §4). */
export const TASK_STATUSES = ['created', 'update', 'completed', 'failed', 'cancelled'] as const;

/** A background task as its notification shows it (000 §3, 001 §3). */
export const Task = z.object({
  taskId: z.number().int(),
  taskName: z.string(),
  status: z.enum(TASK_STATUSES),
  displayText: z.string(),
  progress: z.number().int().nullable(),
  planName: z.string().nullable(),
  errorMessage: z.string().nullable(),
  keepInNotificationBar: z.boolean(),
  discreet: z.boolean(),
  /** What a completed task made: clicking it goes to the link (001 §4). */
  returnObject: z.object({ link: z.string() }).nullable(),
  created: LocalDateTime,
  finished: LocalDateTime.nullable(),
});
export type Task = z.infer<typeof Task>;

export const TaskPlan = z.object({
  Name: z.string(),
  TaskName: z.string(),
  Cron: z.string(),
  Description: z.string(),
  Enabled: z.boolean(),
  NextRunAt: LocalDateTime.nullable(),
  LastRunAt: LocalDateTime.nullable(),
});
export const PlanNameParams = z.object({ name: z.string().min(1).max(100) });
export const TaskIdParams = z.object({ taskId: z.coerce.number().int().min(1) });

/** POST Statistics/ExportMachines: the machines of one customer, or all; inactive ones when asked. */
export const ExportMachinesInput = z.object({
  CustomerId: RefId.nullish(),
  IncludeInactive: z.boolean().default(false),
});

/** A file an export made, kept for its owner (002 §7.7). */
export const ExportFile = z.object({
  DisplayedExportDate: LocalDateTime,
  FileName: z.string(),
  Size: z.number().int(),
  TaskId: z.number().int().nullable(),
});
export const ExportFileQuery = z.object({ displayedExportDate: LocalDateTimeInput });
export const TaskListQuery = z.object({ includeFinished: QueryBool.default(true) });

/** What an export writes: the customers, the machines or the jobs (Admin → import and export). */
export const EXPORT_KINDS = ['Customers', 'Machines', 'Jobs'] as const;
/** POST Export/: start the export of one kind as a task; inactive customers and machines when asked. */
export const ExportStartInput = z.object({
  Kind: z.enum(EXPORT_KINDS),
  IncludeInactive: z.boolean().default(false),
});
