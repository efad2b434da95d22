import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { JobKpi, KpiChangeInput, KpiOptions, KpiSummary, KpiSummaryQuery } from '../schemas/kpi.ts';

/**
 * KPIs (002 §7.11): a job's measures for whoever has the dashboard module (scoped to the partner's
 * own jobs); the service manager's settings are the Admin's.
 */
const readers = users([1, 2, 3, 5], { permission: 'Module.Dashboard' });
const manager = users([1], { permission: 'Module.DashboardAdmin' });

export const kpiRoutes = {
  kpiOfJob: defineRoute({
    method: 'GET',
    path: sp('kpi/job/:id'),
    summary: 'A job’s KPIs: response time, time to completion, visits, revisit and first-time fix.',
    access: readers,
    params: RecordIdParams,
    response: json(JobKpi),
  }),
  kpiOptions: defineRoute({
    method: 'GET',
    path: sp('KPI/Options/:id'),
    summary: 'What the service manager has set on a job’s KPIs, with the reasons to choose from.',
    access: readers,
    params: RecordIdParams,
    response: json(KpiOptions),
  }),
  kpiChange: defineRoute({
    method: 'PATCH',
    path: sp('KPI/job'),
    summary: 'Set a job’s first-time fix (null: computed), leave it out of the KPIs, give a reason.',
    access: manager,
    body: KpiChangeInput,
    response: json(JobKpi),
  }),
  kpiSummary: defineRoute({
    method: 'GET',
    path: sp('kpi/summary'),
    summary: 'The KPIs of the jobs created in a month (this month by default), summed for the dashboard.',
    access: readers,
    query: KpiSummaryQuery,
    response: json(KpiSummary),
  }),
} as const;
