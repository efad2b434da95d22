import type { AddressInfo } from 'node:net';
import { ALL_USER_TYPES, api, LIVE_EVENTS_PATH, type RouteName, type UserTypeId } from '@fieldport/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createJob,
  createMachine,
  createPartnerCompany,
  createUser,
} from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, bearer, tokensOf } from './support.ts';

type Input = { params?: Record<string, string | number>; query?: Record<string, string>; body?: unknown };
/** The own and the other company's records, for routes that read one record of a customer. */
type Fixture = {
  addressOf(customerId: number): number;
  contactOf(customerId: number): number;
  machineOf(customerId: number): number;
  jobOf(customerId: number): number;
};
type Row = {
  allow: 'anonymous' | readonly UserTypeId[];
  input?: Input;
  /**
   * For routes that read one customer's record: the input naming a record of customer `customerId`.
   * Customer users and partners must get their own company's record and a 404 for another's.
   */
  scoped?: (customerId: number, x: Fixture) => Input;
};

const everyone = ALL_USER_TYPES;
const staff: readonly UserTypeId[] = [1, 2, 3];
/** Staff and partners: reference data and logs. */
const readers: readonly UserTypeId[] = [1, 2, 3, 5];
const matrixContact = {
  Name: 'Matrix Contact',
  Email: 'matrix.contact@example.test',
  Mobile: '+47 900 00 000',
};

const matrixLine = { MachineId: 1, CustomerComment: 'Matrix check' };
const matrixJob = {
  DisplayName: 'Matrix job',
  ContactPersonId: 1,
  CustomerDeliveryAddress: 1,
  JobTypeId: 1,
  JobPriorityId: 1,
  EstimatedTime: 1,
  Machines: [matrixLine],
};

/**
 * Who may call each declared route. A route missing here fails the suite, and so does a route whose
 * declared access differs from this table: a change of access is a deliberate edit in two places.
 */
const MATRIX: Record<RouteName, Row> = {
  token: { allow: 'anonymous', input: { body: 'grant_type=client_credentials&scope=x' } },
  tokenRefresh: { allow: 'anonymous' },
  tokenRevoke: { allow: 'anonymous' },
  tokenEntraId: { allow: 'anonymous', input: { query: { accessToken: 'x' } } },
  userInfo: { allow: everyone },
  dashboardHome: { allow: readers },
  siteInfo: { allow: 'anonymous' },
  portal: { allow: 'anonymous' },
  recoverPassword: { allow: 'anonymous', input: { body: { username: 'matrix@example.test' } } },
  validateOtp: { allow: 'anonymous', input: { query: { email: 'matrix@example.test', code: '123456' } } },
  changePassword: {
    allow: 'anonymous',
    input: { body: { Email: 'matrix@example.test', Code: '123456', Password: 'Aa1!aaaa' } },
  },
  logo: { allow: 'anonymous' },
  supportTicket: { allow: everyone, input: { body: { Subject: 'Matrix check' } } },
  mailLogs: { allow: [1] },
  myAccount: { allow: everyone },
  changeMyAccount: { allow: everyone, input: { body: {} } },

  // Customers, addresses, contacts: everyone reads (scoped to their company), staff edit.
  customerSearch: { allow: everyone, input: { query: { searchQuery: 'a' } } },
  customerFiltered: { allow: everyone },
  customerGet: {
    allow: everyone,
    input: { query: { id: '1' } },
    scoped: (f) => ({ query: { id: String(f) } }),
  },
  customerCreate: { allow: staff, input: { body: { Name: 'Matrix customer' } } },
  customerChange: { allow: staff, input: { body: {} } },
  customerGetActiveState: { allow: everyone, scoped: (f) => ({ params: { id: f } }) },
  customerToggleActiveState: { allow: staff },
  customerGetPublicState: { allow: everyone, scoped: (f) => ({ params: { id: f } }) },
  customerTogglePublicState: { allow: staff },
  addressList: { allow: everyone, scoped: (f) => ({ params: { id: f } }) },
  addressGet: {
    allow: everyone,
    scoped: (f, x) => ({ params: { id: f, addressId: x.addressOf(f) } }),
  },
  addressSave: { allow: staff, input: { body: { Street: 'Matrixveien 1' } } },
  contactList: { allow: everyone, scoped: (f) => ({ params: { id: f } }) },
  contactGet: { allow: everyone, scoped: (f, x) => ({ params: { id: x.contactOf(f) } }) },
  contactAdd: { allow: staff, input: { body: matrixContact } },
  contactUpdate: { allow: staff, input: { params: { id: 1, contactId: 1 }, body: matrixContact } },
  customerGroupFiltered: { allow: readers },
  customerGroupGet: { allow: readers },
  customerGroupCreate: { allow: [1] },
  customerGroupChange: { allow: [1] },
  customerGroupDelete: { allow: [1], input: { params: { id: 999999 } } },
  departmentFiltered: { allow: readers },
  departmentSearch: { allow: readers, input: { query: { searchQuery: 'x' } } },
  departmentGet: { allow: readers },
  departmentCreate: { allow: [1], input: { body: { Name: 'Matrix department' } } },
  departmentChange: { allow: [1], input: { body: { Id: 999999, Name: 'Matrix' } } },
  firm: { allow: readers },

  // Machines: everyone reads (scoped to their company or partner company), staff edit.
  machineSearch: { allow: everyone },
  machineFiltered: { allow: everyone, input: { body: {} } },
  machineGet: { allow: everyone, scoped: (f, x) => ({ params: { id: x.machineOf(f) } }) },
  machineCreate: { allow: staff, input: { body: { Name: 'Matrix machine', CustomerId: 1 } } },
  machineChange: { allow: staff, input: { body: { Id: 999999 } } },
  machineBulkPartialUpdate: { allow: staff, input: { body: [{ Id: 999999 }] } },
  machineChangeOwner: { allow: staff, input: { params: { id: 999999 }, body: { CustomerId: 1 } } },
  machineChangeOwnerAll: { allow: staff, input: { params: { fromId: 999998, toId: 999999 } } },
  machineChangeModelInfo: { allow: staff, input: { params: { id: 999999 }, body: { ModelId: 1 } } },
  machinePerformance: { allow: everyone, scoped: (f, x) => ({ params: { id: x.machineOf(f) } }) },
  machineContract: { allow: everyone },
  machineGetActiveState: { allow: everyone, scoped: (f, x) => ({ params: { id: x.machineOf(f) } }) },
  machineToggleActiveState: { allow: staff, input: { params: { id: 999999 } } },

  // Jobs: everyone lists jobs (their company's only; another company's customer is a 404) and reads
  // the job lookups.
  jobListFiltered: { allow: everyone, input: { body: {} }, scoped: (f) => ({ body: { CustomerId: f } }) },
  jobStatusGetAll: { allow: everyone },
  jobStatusFiltered: { allow: everyone },
  jobSubStatusFiltered: { allow: everyone },
  jobSubStatusByStatus: { allow: everyone, input: { params: { id: 10 } } },
  jobTypeList: { allow: everyone },
  jobPriorityList: { allow: everyone },
  jobGet: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  jobGetOldFormat: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  jobSubJobs: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  jobHistory: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  // Changes name a job that is not there, so the matrix changes no fixture: allowed callers get 400 or 404.
  jobCreate: { allow: [1, 2], input: { body: { ...matrixJob, CustomerId: 999999 } } },
  jobChangeDetails: { allow: staff, input: { body: { ...matrixJob, Id: 999999, RowVersion: 1 } } },
  jobChangeStatus: { allow: staff, input: { params: { id: 999999 }, query: { jobStatusId: '20' } } },
  jobApprove: { allow: [1, 2], input: { params: { id: 999999 } } },
  jobDelete: { allow: [1, 2], input: { params: { id: 999999 } } },
  jobSwapCustomer: { allow: [1, 3], input: { params: { jobId: 999999, customerId: 1 } } },
  jobSwapAddress: { allow: staff, input: { params: { jobId: 999999, id: 1 } } },
  jobSwapContact: { allow: staff, input: { params: { jobId: 999999, id: 1 } } },
  machineJobGet: { allow: everyone, input: { params: { id: 999999 } } },
  machineJobBulkAdd: { allow: staff, input: { body: { ParentId: 999999, Machines: [matrixLine] } } },
  machineJobAddToParent: { allow: staff, input: { params: { parentId: 999999 }, body: matrixLine } },
  machineJobTransfer: { allow: staff, input: { params: { id: 999999, machineId: 1 } } },
  machineJobChange: { allow: staff, input: { params: { id: 999999 }, body: matrixLine } },
  machineJobFlag: { allow: staff, input: { params: { id: 999999 }, query: { value: '1' } } },
  machineJobRemove: { allow: staff, input: { params: { id: 999999 } } },

  // Job categories, warranty types, repair places: everyone reads, the Admin keeps them.
  warrantyTypeList: { allow: everyone },
  warrantyTypeFiltered: { allow: everyone },
  warrantyTypeGet: { allow: everyone },
  warrantyTypeAdd: { allow: [1], input: { body: { Name: '' } } },
  warrantyTypeChange: { allow: [1], input: { body: { Id: 999999 } } },
  warrantyTypeRemove: { allow: [1], input: { params: { id: 999999 } } },
  repairPlaceList: { allow: everyone },
  repairPlaceFiltered: { allow: everyone },
  repairPlaceGet: { allow: everyone },
  repairPlaceAdd: { allow: [1], input: { body: { Name: '' } } },
  repairPlaceChange: { allow: [1], input: { body: { Id: 999999 } } },
  repairPlaceRemove: { allow: [1], input: { params: { id: 999999 } } },
  jobCategoryList: { allow: everyone },
  jobCategoryFiltered: { allow: everyone },
  jobCategoryGet: { allow: everyone },
  jobCategoryGetActiveState: { allow: everyone },
  jobCategoryToggleActive: { allow: [1], input: { params: { id: 999999 } } },
  jobCategoryCreate: { allow: [1], input: { body: { Name: '' } } },
  jobCategoryChange: { allow: [1], input: { body: { Id: 999999 } } },
  // Repair and failure codes: everyone reads; repair codes the Admin's, failure codes the PIM's.
  repairCodeList: { allow: everyone },
  repairCodeFiltered: { allow: everyone },
  repairCodeGet: { allow: everyone, input: { params: { id: 999999 } } },
  repairCodeAdd: { allow: [1], input: { query: { code: '' } } },
  repairCodeChange: { allow: [1], input: { body: { Id: 999999 } } },
  repairCodeRemove: { allow: [1], input: { params: { id: 999999 } } },
  failureCodeFiltered: { allow: everyone },
  failureCodeList: { allow: everyone },
  failureCodesOfSupplier: { allow: everyone, input: { params: { id: 999999 } } },
  failureCodeGet: { allow: everyone, input: { params: { id: 999999 } } },
  failureCodeAdd: { allow: [1, 2], input: { body: { SupplierId: 999999, Code: 'X' } } },
  failureCodeChange: { allow: [1, 2], input: { params: { id: 999999 }, body: {} } },
  failureCodeRemove: { allow: [1, 2], input: { params: { id: 999999 } } },
  // A job's support log: the staff's notes.
  supportLogOfJob: { allow: staff, input: { params: { id: 999999 } } },
  supportLogAdd: { allow: staff, input: { body: { JobId: 999999, Text: 'Matrix' } } },
  supportLogChange: { allow: staff, input: { body: { Id: 999999, Text: 'Matrix' } } },
  // Background tasks and exports: one's own (the Admin's: all); plans the Admin's.
  taskList: { allow: everyone },
  taskPlans: { allow: [1] },
  taskPlanDisable: { allow: [1], input: { params: { name: 'NoSuchPlan' } } },
  taskPlanActivate: { allow: [1], input: { params: { name: 'NoSuchPlan' } } },
  taskCancelWait: { allow: everyone, input: { params: { id: 999999 } } },
  taskRestart: { allow: everyone, input: { params: { taskId: 999999 } } },
  exportMachines: { allow: staff, input: { body: { CustomerId: 999999 } } },
  exportList: { allow: staff },
  exportFile: { allow: staff, input: { query: { displayedExportDate: '2026-01-05T09:00:00' } } },
  exportDelete: { allow: staff, input: { query: { displayedExportDate: '2026-01-05T09:00:00' } } },
  // Settings: the Admin's.
  settingsGroupGet: { allow: [1], input: { query: { group: 'global' } } },
  settingsGroupSave: { allow: [1], input: { body: { Group: 'email', Values: { Nope: 1 } } } },
  settingsListGet: { allow: [1], input: { query: { group: 'global' } } },
  settingsListSave: { allow: [1], input: { body: [{ Group: 'email', Name: 'Nope', Value: 1 }] } },
  settingsByName: { allow: [1], input: { params: { name: 'TimeZone' } } },
  settingsSave: { allow: [1], input: { body: { Group: 'email', Name: 'Nope', Value: 1 } } },
  settingsUpdateLogo: { allow: [1] },
  jobStatusChange: { allow: [1], input: { body: { Id: 999999 } } },
  jobSubStatusCreate: { allow: [1], input: { body: { ParentId: 999999, Name: 'Matrix' } } },
  jobSubStatusChange: { allow: [1], input: { body: { Id: 999999, Name: 'Matrix' } } },
  jobSubStatusDelete: { allow: [1], input: { params: { id: 999999 } } },

  // Appointments: everyone reads (customers and partners their jobs' only), staff plan; the scheduler is the planner's.
  appointmentDateRange: { allow: everyone, input: { query: { date1: '2026-01-05', date2: '2026-01-11' } } },
  appointmentsOfJob: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  appointmentGet: { allow: everyone, input: { params: { id: 999999 } } },
  appointmentCreate: {
    allow: staff,
    input: { body: { StartTime: '2026-01-05T09:00:00', EndTime: '2026-01-05T08:00:00', Participants: [] } },
  },
  appointmentChange: {
    allow: staff,
    input: {
      body: {
        Id: 999999,
        StartTime: '2026-01-05T09:00:00',
        EndTime: '2026-01-05T10:00:00',
        Type: 3,
        Subject: 'x',
      },
    },
  },
  appointmentDelete: { allow: staff, input: { params: { id: 999999 } } },
  appointmentAvailable: {
    allow: staff,
    input: { body: { StartTime: '2026-01-05T09:00:00', EndTime: '2026-01-05T10:00:00' } },
  },
  appointmentBookable: { allow: staff },
  schedulerDateRange: { allow: [1, 2], input: { query: { date1: '2026-01-05', date2: '2026-01-11' } } },
  schedulerEvent: { allow: [1, 2], input: { params: { id: 999999 } } },
  schedulerResources: { allow: [1, 2] },
  schedulerChangeTimes: {
    allow: [1, 2],
    input: { body: { id: 999999, startDate: '2026-01-05T09:00:00', endDate: '2026-01-05T10:00:00' } },
  },

  // Maps: address look-ups for staff, job locations scoped, the planner's map for Admin and Technician.
  mapsAddressFromLngLat: { allow: staff, input: { query: { lng: '5.3221', lat: '60.3913' } } },
  mapsCoordinateFromAddress: { allow: staff, input: { query: { address: 'Bergen' } } },
  mapsSearchAddresses: { allow: staff, input: { query: { query: 'Bergen' } } },
  mapsJobLocation: { allow: everyone, scoped: (f, x) => ({ query: { jobId: String(x.jobOf(f)) } }) },
  mapsNearbyJobs: {
    allow: [1, 2],
    input: { body: { Origin: { Longitude: 10.75, Latitude: 59.91 }, Radius: 1000 } },
  },
  mapsRoutePlan: { allow: [1, 2], input: { query: { userId: '1', date: '2026-01-05' } } },

  // PIM reference data: staff and partners read, administrators write.
  machineModelSearch: { allow: readers },
  machineModelList: { allow: readers },
  machineModelFiltered: { allow: readers },
  machineModelGet: { allow: readers },
  machineModelGetActiveState: { allow: readers },
  machineModelToggleActiveState: { allow: [1], input: { params: { id: 999999 } } },
  machineModelSupplierFailureCodeUsage: { allow: staff },
  machineModelJobs: { allow: staff },
  machineModelJobTypes: { allow: staff },
  machineModelCreate: { allow: [1] },
  machineModelChange: { allow: [1] },
  machineTypeList: { allow: readers },
  machineTypeFiltered: { allow: readers },
  machineTypeGet: { allow: readers },
  machineTypeCreate: { allow: [1], input: { body: { Name: 'Matrix type' } } },
  machineTypeChange: { allow: [1], input: { body: { Id: 999999, Name: 'Matrix type' } } },
  supplierList: { allow: readers },
  supplierFiltered: { allow: readers },
  supplierGet: { allow: readers },
  supplierCreate: { allow: [1], input: { body: { Name: 'Matrix supplier' } } },
  supplierChange: { allow: [1], input: { body: { Id: 999999 } } },
  assetTypeList: { allow: readers },
  assetTypeFiltered: { allow: readers },
  assetTypeGet: { allow: readers },
  assetTypeCreate: { allow: [1], input: { body: { Name: 'Matrix asset type' } } },
  assetTypeChange: { allow: [1], input: { body: { Id: 999999 } } },
  assetTypeDelete: { allow: [1], input: { params: { id: 999999 } } },

  // QR labels and stored images.
  qrLink: { allow: everyone, input: { params: { id: 'FPMATRIX' } } },
  qrConvertUrlToImage: { allow: everyone, input: { query: { url: 'https://example.test/x' } } },
  qrCreateList: { allow: staff, input: { query: { count: '1' } } },
  resourceGet: { allow: everyone, input: { query: { relativePath: 'matrix/none.png' } } },

  // Change logs: staff and partners (theirs only).
  customerLogs: { allow: readers },
  machineLogs: { allow: readers },

  // User accounts: staff read; writes for Admin, customer accounts also for Technician and Subcontractor.
  userFiltered: { allow: staff },
  userSearchCustomerAccounts: { allow: staff, input: { query: { query: 'matrix' } } },
  userGet: { allow: staff, input: { params: { id: 999999 } } },
  userGetAccount: { allow: everyone, input: { params: { id: 999999 } } },
  userAdd: {
    allow: staff,
    input: {
      body: { Name: 'Matrix', EmailAdress: 'matrix.user@example.test', UserTypeId: 6, CustomerId: 999999 },
    },
  },
  userChange: { allow: staff, input: { params: { id: 999999 }, body: { Name: 'Matrix' } } },
  userToggleActive: { allow: staff, input: { params: { id: 999999 } } },
  userChangePasswordFor: {
    allow: staff,
    input: { params: { email: 'nobody@example.test' }, body: { Password: 'Aa1!aaaa' } },
  },
  userSendResetPasswordMail: { allow: staff, input: { query: { emailaddress: 'nobody@example.test' } } },
  passwordRecover: { allow: 'anonymous', input: { query: { Email: 'matrix@example.test' } } },
  passwordReset: {
    allow: 'anonymous',
    input: { body: { Email: 'matrix@example.test', Code: '123456', Password: 'Aa1!aaaa' } },
  },

  // Partner companies: staff and partners (their own) read; the partner module writes.
  partnerCompanyList: { allow: readers },
  partnerCompanyFiltered: { allow: readers },
  partnerCompanyGet: { allow: readers, input: { params: { id: 999999 } } },
  partnerCompanyCreate: { allow: [1], input: { body: { Name: 'Matrix Partner AS' } } },
  partnerCompanyChange: { allow: [1], input: { body: { Id: 999999, Name: 'Matrix' } } },
  partnerCompanyDelete: { allow: [1], input: { params: { id: 999999 } } },

  // Documents: everyone reads those of the records they see (customer users only published ones; another
  // company's record is a 404), staff upload, change and delete.
  documentsOfJob: { allow: everyone, scoped: (f, x) => ({ params: { id: x.jobOf(f) } }) },
  documentsOfMachineModel: { allow: everyone, input: { params: { id: 999999 } } },
  jobDocumentsUpload: { allow: staff, input: { params: { jobId: 999999 } } },
  documentChange: { allow: staff, input: { params: { id: 999999 }, query: { Name: 'Matrix' } } },
  documentDelete: { allow: staff, input: { params: { id: 999999 } } },
  entityDocuments: {
    allow: everyone,
    input: { params: { entityClass: 'Supplier', entityId: 999999 } },
    scoped: (f, x) => ({ params: { entityClass: 'Machine', entityId: x.machineOf(f) } }),
  },
  entityDocumentsUpload: { allow: staff, input: { params: { entityClass: 'Machine', entityId: 999999 } } },
  entityDocumentTogglePublish: {
    allow: staff,
    input: { params: { entityClass: 'Machine', docId: 999999, typeId: 1 } },
  },
  entityDocumentDelete: {
    allow: staff,
    input: { params: { entityClass: 'Machine', entityId: 999999, docId: 999999, typeId: 1 } },
  },

  // Last: it switches the asset-type feature off for the routes that need it.
  assetTypeToggleFeature: { allow: [1] },
};

const fill = (path: string, params: Input['params'] = {}) =>
  path.replace(/:(\w+)/g, (_, n: string) => String(params[n] ?? 1));

describe('the authorization matrix covers every declared route', () => {
  const declared = Object.keys(api).sort();
  it('names every route, and only declared ones', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(declared);
  });
  it.each(declared)('%s is declared with the access of the matrix', (name) => {
    const def = api[name as RouteName];
    const row = MATRIX[name as RouteName];
    if (row.allow === 'anonymous') expect(def.access.kind).toBe('anonymous');
    else
      expect(def.access.kind === 'user' ? [...def.access.userTypes].sort() : def.access.kind).toEqual(
        [...row.allow].sort(),
      );
  });
});

describe.each(engines)('each user type is let in or turned away as the matrix says, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  const tokens = new Map<UserTypeId, string>();

  /** The company of the customer users and the partner, and another company. */
  const own = { customer: 0, address: 0, contact: 0, machine: 0, job: 0 };
  const other = { customer: 0, address: 0, contact: 0, machine: 0, job: 0 };
  const fixture: Fixture = {
    addressOf: (id) => (id === own.customer ? own.address : other.address),
    contactOf: (id) => (id === own.customer ? own.contact : other.contact),
    machineOf: (id) => (id === own.customer ? own.machine : other.machine),
    jobOf: (id) => (id === own.customer ? own.job : other.job),
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    const partner = await createPartnerCompany(t.db);
    for (const [target, partnerCompanyId] of [
      [own, partner.id],
      [other, null],
    ] as const) {
      const c = await createCustomer(t.db, { partnerCompanyId });
      target.customer = c.id;
      target.address = c.deliveryAddress!.id;
      target.contact = c.contact!.id;
      target.machine = (await createMachine(t.db, { customerId: c.id })).id;
      target.job = (await createJob(t.db, { customerId: c.id })).id;
    }
    for (const type of ALL_USER_TYPES) {
      const user = await createUser(t.db, {
        userTypeId: type,
        ...(type === 4 || type === 6 ? { customerId: own.customer } : {}),
        ...(type === 5 ? { partnerCompanyId: partner.id } : {}),
      });
      tokens.set(type, (await tokensOf(t.app, user.email)).access_token);
    }
  });
  afterAll(() => t.close());

  const call = (name: RouteName, headers: Record<string, string>, given?: Input) => {
    const def = api[name];
    const input = given ?? MATRIX[name].input ?? {};
    const isForm = typeof input.body === 'string';
    return t.app.inject({
      method: def.method,
      url: fill(def.path, input.params),
      ...(input.query ? { query: input.query } : {}),
      ...(input.body !== undefined ? { payload: input.body as string } : {}),
      headers: { ...headers, ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
  };

  it.each(Object.keys(MATRIX) as RouteName[])('%s', async (name) => {
    const row = MATRIX[name];
    const anonymous = await call(name, {});
    if (row.allow === 'anonymous') {
      expect(anonymous.statusCode, anonymous.body).not.toBe(403);
      return;
    }
    expect(anonymous.statusCode).toBe(401);
    for (const type of ALL_USER_TYPES) {
      const res = await call(name, bearer(tokens.get(type)!));
      if (row.allow.includes(type))
        expect([401, 403], `type ${type}: ${res.body}`).not.toContain(res.statusCode);
      else expect(res.statusCode, `type ${type}`).toBe(403);
      expect(res.statusCode, `type ${type}: ${res.body}`).toBeLessThan(500);
    }
  });

  const scopedRoutes = (Object.keys(MATRIX) as RouteName[]).filter((n) => MATRIX[n].scoped);
  it.each(scopedRoutes)(
    '%s: customer users and partners get their own company’s record, 404 for another’s',
    async (name) => {
      const scoped = MATRIX[name].scoped!;
      for (const type of ALL_USER_TYPES) {
        const auth = bearer(tokens.get(type)!);
        const mine = await call(name, auth, scoped(own.customer, fixture));
        const theirs = await call(name, auth, scoped(other.customer, fixture));
        expect(mine.statusCode, `type ${type} own: ${mine.body}`).toBe(200);
        if (type === 1 || type === 2 || type === 3) expect(theirs.statusCode, `type ${type} other`).toBe(200);
        else expect(theirs.statusCode, `type ${type} other: ${theirs.body}`).toBe(404);
      }
    },
  );

  it('the live-event hub refuses anonymous sockets and sends each user type the changes of its own records only', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const sockets: Socket[] = [];
    const connect = (token?: string) =>
      new Promise<{ customers: string[] }>((resolve, reject) => {
        const socket = io(url, {
          path: LIVE_EVENTS_PATH,
          ...(token ? { auth: { token } } : {}),
          transports: ['websocket'],
          reconnection: false,
        });
        sockets.push(socket);
        const seen = { customers: [] as string[] };
        socket.on('customer', (e: { EntityId: string }) => seen.customers.push(e.EntityId));
        socket.on('sync', () => resolve(seen));
        socket.on('connect_error', reject);
      });
    try {
      await expect(connect()).rejects.toMatchObject({ data: { code: 'unauthorized' } });
      const seen = new Map<UserTypeId, { customers: string[] }>();
      for (const type of ALL_USER_TYPES) seen.set(type, await connect(tokens.get(type)));
      for (const id of [other.customer, own.customer]) {
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api2/ServiceProvider/customer/${id}`,
          headers: bearer(tokens.get(1)!),
          payload: { Name: `Matrix live ${id}` },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      // Events arrive in order: once the own company's is there, another company's would have been too.
      const end = Date.now() + 5_000;
      while ([...seen.values()].some((s) => !s.customers.includes(String(own.customer))) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 10));
      for (const type of ALL_USER_TYPES)
        expect(seen.get(type)!.customers, `type ${type}`).toEqual(
          type <= 3 ? [String(other.customer), String(own.customer)] : [String(own.customer)],
        );
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });
});
