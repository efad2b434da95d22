import type { JobKpi, KpiSummary } from '@fieldport/contract';
import { JOB_STATUS, toLocalDateTime } from '@fieldport/contract';
import type { KpiRow } from './kpi.repository.ts';

const HOUR = 3_600_000;
/** Hours between two instants, to one decimal. */
const hours = (from: number, to: number) => Math.round(((to - from) / HOUR) * 10) / 10;
const isCompleted = (status: number) => status >= JOB_STATUS.Completed && status <= JOB_STATUS.Closed;

/**
 * A job's KPIs from what its row gathered: response (creation to first appointment), completion
 * (creation to the first completed status), visits; a revisit when another job on one of its machines
 * came within 30 days before it; first-time fix when completed on at most one visit and no job on its
 * machines followed within 30 days, unless the service manager set it.
 */
export function kpiOf(row: KpiRow, tz: string): JobKpi {
  const created = Number(row.created_at);
  const firstAt = row.first_appointment_at === null ? null : Number(row.first_appointment_at);
  const completedAt = row.completed_at === null ? null : Number(row.completed_at);
  const computedFix = isCompleted(row.status) ? row.visits <= 1 && row.followed_by === null : null;
  return {
    JobId: row.id,
    Created: toLocalDateTime(new Date(created), tz),
    FirstAppointment: row.first_appointment,
    ResponseHours: firstAt === null ? null : hours(created, firstAt),
    Completed: completedAt === null ? null : toLocalDateTime(new Date(completedAt), tz),
    CompletionHours: completedAt === null ? null : hours(created, completedAt),
    Visits: Number(row.visits),
    Revisit: row.revisit_of !== null,
    RevisitOfJobId: row.revisit_of === null ? null : Number(row.revisit_of),
    FirstTimeFix: row.first_time_fix ?? computedFix,
    FirstTimeFixSet: row.first_time_fix !== null,
    ExcludeFromKpi: row.exclude_from_kpi ?? false,
    Reason: row.reason ?? '',
  };
}

const average = (values: number[]) =>
  values.length === 0 ? null : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10;

/** The KPIs of many jobs summed; those the service manager left out are not counted. */
export function summed(kpis: JobKpi[]): Omit<KpiSummary, 'Month'> {
  const counted = kpis.filter((k) => !k.ExcludeFromKpi);
  const judged = counted.filter((k) => k.FirstTimeFix !== null);
  const fixes = judged.filter((k) => k.FirstTimeFix === true).length;
  return {
    Jobs: counted.length,
    Completed: counted.filter((k) => k.Completed !== null || k.FirstTimeFix !== null).length,
    AverageResponseHours: average(
      counted.flatMap((k) => (k.ResponseHours === null ? [] : [k.ResponseHours])),
    ),
    AverageCompletionHours: average(
      counted.flatMap((k) => (k.CompletionHours === null ? [] : [k.CompletionHours])),
    ),
    FirstTimeFixes: fixes,
    FirstTimeFixRate: judged.length === 0 ? null : Math.round((fixes / judged.length) * 1000) / 1000,
    Revisits: counted.filter((k) => k.Revisit).length,
  };
}
