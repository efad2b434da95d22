import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import { line, RefId, RowVersion, RowVersionInput } from './fields.ts';

/**
 * A job's KPIs (002 §7.11): the measures a service manager reports on. Computed from the job's data
 * (created, appointments, status history, other jobs on its machines) on every read; only the service
 * manager's settings (KPI/Options) are stored.
 */
export const JobKpi = z.object({
  JobId: z.number().int(),
  Created: LocalDateTime,
  FirstAppointment: LocalDateTime.nullable(),
  /** Hours from creation to the first appointment's start. */
  ResponseHours: z.number().nullable(),
  Completed: LocalDateTime.nullable(),
  /** Hours from creation to the first time the job reached completed (50) or beyond. */
  CompletionHours: z.number().nullable(),
  /** Appointments of the job (visits). */
  Visits: z.number().int(),
  /** Another job on one of its machines created within 30 days before it: this job is a revisit. */
  Revisit: z.boolean(),
  RevisitOfJobId: z.number().int().nullable(),
  /** Completed on one visit and not a revisit, unless the service manager set it. */
  FirstTimeFix: z.boolean().nullable(),
  /** Whether FirstTimeFix is the service manager's setting rather than computed. */
  FirstTimeFixSet: z.boolean(),
  ExcludeFromKpi: z.boolean(),
  Reason: z.string(),
});
export type JobKpi = z.infer<typeof JobKpi>;

/** The reasons a service manager may give for a first-time-fix setting (keys of the kpi namespace). */
export const KPI_REASONS = [
  'parts_missing',
  'wrong_diagnosis',
  'customer_not_present',
  'extra_work',
  'other',
] as const;

/** What the service manager may set on a job's KPIs, with the reasons to choose from. */
export const KpiOptions = z.object({
  JobId: z.number().int(),
  FirstTimeFix: z.boolean().nullable(),
  ExcludeFromKpi: z.boolean(),
  Reason: z.string(),
  Reasons: z.array(z.string()),
  RowVersion,
});
export type KpiOptions = z.infer<typeof KpiOptions>;

/** PATCH KPI/job: FirstTimeFix null gives the computed value back. */
export const KpiChangeInput = z.object({
  JobId: RefId,
  FirstTimeFix: z.boolean().nullable().optional(),
  ExcludeFromKpi: z.boolean().optional(),
  Reason: line(200).optional(),
  RowVersion: RowVersionInput,
});
export type KpiChangeInput = z.input<typeof KpiChangeInput>;

export const KpiSummaryQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month as YYYY-MM.')
    .optional(),
});

/** The KPIs of the jobs created in a month, summed (the dashboard's card); jobs excluded by the service manager are left out. */
export const KpiSummary = z.object({
  Month: z.string(),
  Jobs: z.number().int(),
  Completed: z.number().int(),
  AverageResponseHours: z.number().nullable(),
  AverageCompletionHours: z.number().nullable(),
  FirstTimeFixes: z.number().int(),
  /** Share of completed jobs fixed the first time, 0–1. */
  FirstTimeFixRate: z.number().nullable(),
  Revisits: z.number().int(),
});
export type KpiSummary = z.infer<typeof KpiSummary>;
