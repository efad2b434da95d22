import {
  appointmentRoutes,
  articleRoutes,
  assetTypeRoutes,
  changeLogRoutes,
  checklistRoutes,
  codeRoutes,
  commonPartRoutes,
  contractRoutes,
  counterRoutes,
  customerGroupRoutes,
  customerRoutes,
  dashboardRoutes,
  departmentRoutes,
  documentRoutes,
  importRoutes,
  jobCategoryArticleRoutes,
  jobLookupRoutes,
  jobRecordRoutes,
  jobRoutes,
  jobStatusAdminRoutes,
  kpiRoutes,
  leadRoutes,
  logRoutes,
  machineJobRoutes,
  machineModelRoutes,
  machineRoutes,
  machineTypeRoutes,
  mapRoutes,
  openOrderRoutes,
  orderLineRoutes,
  orderRoutes,
  partnerCompanyRoutes,
  projectRoutes,
  qrRoutes,
  type RouteDef,
  reportRoutes,
  serviceAgreementRoutes,
  sessionRoutes,
  settingsRoutes,
  stockRoutes,
  supplierRoutes,
  taskRoutes,
  timeReportRoutes,
  userRoutes,
} from '@fieldport/contract';

/**
 * The OpenAPI tag of each call: the contract's area (the route group it is declared in), so
 * /api2/docs lists the calls by area. Derived here because the declarations carry no tags; a call a
 * declaration tags itself keeps its own.
 */
const AREAS: Record<string, Record<string, RouteDef>> = {
  Session: sessionRoutes,
  Dashboard: { ...dashboardRoutes, ...openOrderRoutes },
  'Time reporting': timeReportRoutes,
  Customers: customerRoutes,
  'Customer groups': customerGroupRoutes,
  Departments: departmentRoutes,
  Machines: machineRoutes,
  'Machine models': machineModelRoutes,
  'Machine types': machineTypeRoutes,
  Suppliers: supplierRoutes,
  'Asset types': assetTypeRoutes,
  'QR codes': qrRoutes,
  'Change logs': changeLogRoutes,
  'Job list': jobRoutes,
  Job: jobRecordRoutes,
  'Machine jobs': machineJobRoutes,
  'Job lookups': jobLookupRoutes,
  'Job statuses': jobStatusAdminRoutes,
  Appointments: appointmentRoutes,
  Maps: mapRoutes,
  Settings: settingsRoutes,
  Codes: codeRoutes,
  Articles: { ...articleRoutes, ...jobCategoryArticleRoutes, ...commonPartRoutes },
  'Stores and inventory': stockRoutes,
  'Parts, hours and order lines': orderLineRoutes,
  'Orders and invoices': orderRoutes,
  Tasks: taskRoutes,
  'Import and export': importRoutes,
  Logs: logRoutes,
  Users: userRoutes,
  'Partner companies': partnerCompanyRoutes,
  Documents: documentRoutes,
  Reports: reportRoutes,
  Checklists: checklistRoutes,
  KPI: kpiRoutes,
  Agreements: { ...contractRoutes, ...serviceAgreementRoutes },
  Counters: counterRoutes,
  Projects: projectRoutes,
  Leads: leadRoutes,
};

const TAG_OF = new Map<string, string>(
  Object.entries(AREAS).flatMap(([tag, routes]) => Object.keys(routes).map((name) => [name, tag] as const)),
);

/** The tags of a call for OpenAPI: its own, else its area's, else none. */
export function tagsOf(name: string, def: RouteDef): string[] {
  if (def.tags?.length) return [...def.tags];
  const tag = TAG_OF.get(name);
  return tag ? [tag] : [];
}
