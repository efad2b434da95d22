import { contractRoutes, serviceAgreementRoutes } from './agreements.routes.ts';
import { appointmentRoutes } from './appointments.routes.ts';
import { articleRoutes, commonPartRoutes, jobCategoryArticleRoutes } from './articles.routes.ts';
import { changeLogRoutes } from './change-logs.routes.ts';
import { checklistRoutes } from './checklists.routes.ts';
import { codeRoutes } from './codes.routes.ts';
import { counterRoutes } from './counters.routes.ts';
import { customerGroupRoutes } from './customer-groups.routes.ts';
import { customerRoutes } from './customers.routes.ts';
import { dashboardRoutes } from './dashboard.routes.ts';
import { departmentRoutes } from './departments.routes.ts';
import { documentRoutes } from './documents.routes.ts';
import { faultReportRoutes } from './fault-reports.routes.ts';
import { importRoutes } from './imports.routes.ts';
import { jobRecordRoutes } from './job.routes.ts';
import { jobLookupRoutes } from './job-lookups.routes.ts';
import { jobStatusAdminRoutes } from './job-statuses.routes.ts';
import { jobRoutes } from './jobs.routes.ts';
import { kpiRoutes } from './kpi.routes.ts';
import { labelReportRoutes } from './label-reports.routes.ts';
import { leadRoutes } from './leads.routes.ts';
import { logRoutes } from './logs.routes.ts';
import { machineJobRoutes } from './machine-jobs.routes.ts';
import { machineRoutes } from './machines.routes.ts';
import { mapRoutes } from './maps.routes.ts';
import { openOrderRoutes } from './open-orders.routes.ts';
import { orderLineRoutes } from './order-lines.routes.ts';
import { orderRoutes } from './orders.routes.ts';
import { partnerCompanyRoutes } from './partner-companies.routes.ts';
import { assetTypeRoutes, machineModelRoutes, machineTypeRoutes, supplierRoutes } from './pim.routes.ts';
import { projectRoutes } from './projects.routes.ts';
import { qrRoutes } from './qr.routes.ts';
import { reportRoutes } from './reports.routes.ts';
import { sessionRoutes } from './session.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { statusLinkRoutes } from './status-links.routes.ts';
import { stockRoutes } from './stock.routes.ts';
import { taskRoutes } from './tasks.routes.ts';
import { timeReportRoutes } from './time-report.routes.ts';
import { userRoutes } from './users.routes.ts';

/** Every declared call of the catalogue, by name. Later areas add their groups here. */
export const api = {
  ...sessionRoutes,
  ...customerRoutes,
  ...customerGroupRoutes,
  ...departmentRoutes,
  ...machineRoutes,
  ...faultReportRoutes,
  ...labelReportRoutes,
  ...statusLinkRoutes,
  ...machineModelRoutes,
  ...machineTypeRoutes,
  ...supplierRoutes,
  ...assetTypeRoutes,
  ...qrRoutes,
  ...changeLogRoutes,
  ...jobRoutes,
  ...jobRecordRoutes,
  ...machineJobRoutes,
  ...jobLookupRoutes,
  ...jobStatusAdminRoutes,
  ...appointmentRoutes,
  ...mapRoutes,
  ...settingsRoutes,
  ...codeRoutes,
  ...stockRoutes,
  ...taskRoutes,
  ...importRoutes,
  ...userRoutes,
  ...partnerCompanyRoutes,
  ...documentRoutes,
  ...dashboardRoutes,
  ...reportRoutes,
  ...articleRoutes,
  ...jobCategoryArticleRoutes,
  ...commonPartRoutes,
  ...orderLineRoutes,
  ...orderRoutes,
  ...timeReportRoutes,
  ...openOrderRoutes,
  ...checklistRoutes,
  ...kpiRoutes,
  ...contractRoutes,
  ...serviceAgreementRoutes,
  ...counterRoutes,
  ...projectRoutes,
  ...leadRoutes,
  ...logRoutes,
} as const;

export type Api = typeof api;
export type RouteName = keyof Api;
