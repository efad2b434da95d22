import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';

/** A count of parent jobs; Capped says it is a lower bound (JOB_COUNT_CAP). */
export const DashboardCount = z.object({ Count: z.number().int(), Capped: z.boolean() });
export type DashboardCount = z.infer<typeof DashboardCount>;

/** A stretch of time, on the company's wall clock. */
export const TimeSpan = z.object({ StartTime: LocalDateTime, EndTime: LocalDateTime });
export type TimeSpan = z.infer<typeof TimeSpan>;

/** One appointment of a person's day. */
export const DayAppointment = TimeSpan.extend({
  Id: z.number().int(),
  JobId: z.number().int().nullable(),
  Subject: z.string(),
  IsAbsence: z.boolean(),
});
export type DayAppointment = z.infer<typeof DayAppointment>;

/** A bookable person's day: appointments in time order and the free gaps within the work hours. */
export const PersonDay = z.object({
  UserId: z.number().int(),
  Name: z.string(),
  Appointments: z.array(DayAppointment),
  Gaps: z.array(TimeSpan),
});
export type PersonDay = z.infer<typeof PersonDay>;

/**
 * GET Dashboard/Home: what the office needs at the start of the day (001 §2.7), of the jobs the
 * caller may see. Open jobs are those below 50 (not yet completed); their priority deadline is that of
 * 000 §9. The week starts on Monday, on the company's clock. The jobs by status come from
 * JobStatus/GetAll.
 */
export const DashboardHome = z.object({
  /** The company's today, YYYY-MM-DD. */
  Today: z.string(),
  /** Open jobs past their priority deadline. */
  Overdue: DashboardCount,
  /** Open jobs whose deadline comes within 24 hours. */
  DueWithin24Hours: DashboardCount,
  /** Jobs set to Completed (50) this week, and to Approved (70) this week. */
  CompletedThisWeek: z.number().int(),
  ApprovedThisWeek: z.number().int(),
  /** The caller's background tasks not yet finished. */
  OpenTasks: z.number().int(),
  /** Today's work hours (the company's WorkHourStart to WorkHourEnd), the span the gaps are of. */
  WorkDay: TimeSpan,
  /** Staff only: each bookable person's appointments today and the gaps between work start and end. */
  People: z.array(PersonDay),
});
export type DashboardHome = z.infer<typeof DashboardHome>;
