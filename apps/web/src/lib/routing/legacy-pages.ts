import type { RouteName } from './routes.ts';

/** Old-site page of a route (001 §2.12): used by the auto-redirect and the old-site button. */
export interface LegacySpec {
  /** Page file under the legacy views folder, e.g. 'JobEdit.aspx'. */
  page: string;
  /** Other legacy page names that lead here. */
  aliases?: readonly string[];
  /** Route parameter → legacy query parameter, where the general rule (see legacy.ts) does not fit. */
  params?: Readonly<Record<string, string>>;
  /** Route query parameter → legacy query parameter, passed through both ways. */
  query?: Readonly<Record<string, string>>;
}

/**
 * The old site's pages by route name: read by the auto-redirect and the old-site link only, so they
 * are not part of the first download with the route table (decision 012).
 */
export const LEGACY_PAGES: Partial<Record<RouteName, LegacySpec>> = {
  Dashboard: { page: 'Default.aspx', aliases: ['Dashboard.aspx', 'Index.aspx'] },
  TimeReport: { page: 'TimeReport.aspx' },
  OpenOrders: { page: 'OpenOrders.aspx' },
  MachineExport: { page: 'MachineExport.aspx' },
  JobList: { page: 'JobList.aspx', aliases: ['Jobs.aspx'] },
  NewJobStart: { page: 'NewJob.aspx', query: { customerId: 'customerid', machineId: 'machineid' } },
  ViewJob: { page: 'JobEdit.aspx', aliases: ['EditJob.aspx', 'Job.aspx'] },
  ViewJobPlanning: { page: 'Appointment.aspx', params: { jobId: 'jobid', appointmentId: 'id' } },
  Planner: { page: 'Planner.aspx', aliases: ['Scheduler.aspx'] },
  CustomerList: {
    page: 'CustomerList.aspx',
    aliases: ['Customers.aspx'],
    query: { 'CL-filter-keyword': 'search' },
  },
  ViewCustomer: { page: 'CustomerEdit.aspx', aliases: ['Customer.aspx'] },
  CustomerGroupList: { page: 'CustomerGroups.aspx' },
  ServiceAgreements: { page: 'ServiceAgreements.aspx' },
  Contracts: { page: 'ContractList.aspx', aliases: ['Contracts.aspx'], params: { contractTypeId: 'typeId' } },
  NextOrders: { page: 'NextOrders.aspx' },
  LegacyContractEdit: {
    page: 'ContractEdit.aspx',
    query: { contractId: 'contractId', contractDetailId: 'contractDetailId' },
  },
  MachineModelList: { page: 'MachineModelList.aspx', aliases: ['Models.aspx'] },
  MachineModel: { page: 'MachineModelEdit.aspx' },
  MachineList: {
    page: 'MachineList.aspx',
    aliases: ['Machines.aspx'],
    query: { 'ML-filter-keyword': 'search' },
  },
  ViewMachine: { page: 'MachineEdit.aspx', aliases: ['Machine.aspx'] },
  MachineTypeList: { page: 'MachineTypeList.aspx' },
  MachineType: { page: 'MachineTypeEdit.aspx' },
  ArticleList: { page: 'ArticleList.aspx', aliases: ['Articles.aspx'] },
  ViewArticle: { page: 'ArticleEdit.aspx', aliases: ['Article.aspx'] },
  SupplierList: { page: 'SupplierList.aspx', aliases: ['Suppliers.aspx'] },
  Supplier: { page: 'SupplierEdit.aspx' },
  PartnerCompanyList: { page: 'PartnerCompanies.aspx' },
  PartnerCompany: { page: 'PartnerCompanyEdit.aspx' },
  Admin: { page: 'Admin.aspx' },
  CompanySettings: { page: 'CompanySettings.aspx' },
  EmailSettings: { page: 'EmailSettings.aspx' },
  AdminTechnicians: { page: 'Technicians.aspx' },
  DepartmentList: { page: 'Departments.aspx' },
  Department: { page: 'DepartmentEdit.aspx' },
  JobStatuses: { page: 'JobStatuses.aspx' },
  MyCarInventory: { page: 'CarInventory.aspx' },
  MyAccount: { page: 'MyAccount.aspx' },
  MyHourList: { page: 'HourList.aspx' },
  SiteSettings: { page: 'SiteSettings.aspx' },
  QrCodes: { page: 'QrCodes.aspx' },
  SearchResults: { page: 'Search.aspx', query: { q: 'q' } },
  About: { page: 'About.aspx' },
  Logout: { page: 'Logout.aspx' },
};
