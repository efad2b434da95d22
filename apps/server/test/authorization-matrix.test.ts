import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import {
  type Access,
  ALL_USER_TYPES,
  api,
  type FeatureKey,
  LIVE_EVENTS_PATH,
  type LicenceKey,
  portalLicenceOf,
  type RouteName,
  STAFF,
  type UserTypeId,
} from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  jobCategories,
  jobSubStatuses,
  repairCodes,
  repairPlaces,
  supportLogs,
  tasks,
  warrantyTypes,
} from '../src/db/schema/index.ts';
import {
  addDays,
  createAddress,
  createAppointment,
  createArticle,
  createAssetType,
  createChecklist,
  createChecklistTemplate,
  createContact,
  createContract,
  createContractType,
  createCounter,
  createCustomer,
  createCustomerGroup,
  createDepartment,
  createDocument,
  createJob,
  createLead,
  createLeadType,
  createMachine,
  createMachineModel,
  createMachineType,
  createPartnerCompany,
  createProject,
  createServiceAgreement,
  createStatusLink,
  createStore,
  createSupplier,
  createUser,
  sampleSections,
  stockArticle,
  wallClock,
} from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { form as multipartForm, type Part, pdf } from './sample-files.ts';
import { allLicences, basic, bearer, form, PASSWORD } from './support.ts';
import { installWriteCounter } from './write-counter.ts';

/**
 * The authorization matrix (ENGINEERING.md; issue 10): every declared route, called anonymously and by
 * each of the six user types, answers exactly as its declared access says.
 * - Allowed: the call does its work: the exact status its input deserves (2xx, or the 4xx of an unknown
 *   id or a bad value), never 401 or 403.
 * - Refused: 401 anonymous, 403 a user type the route does not admit, 404 another company's record
 *   (customer users and partners), and nothing written (a database-level write count, write-counter.ts).
 * - Routes that need a licence or a feature, and every route for customer users and partners (whose user
 *   types exist only under their portal licence), are refused with 403 while it is off.
 * - A marker planted in another company's records never reaches a customer user or partner: not in any
 *   answer of any read, not in any live event.
 * Rows are independent: a row that writes gets records of its own, a row that may end a session signs
 * its callers in afresh, and licences and features are all on again after each row; `--sequence.shuffle`
 * runs pass.
 */

type Input = {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart body's parts (uploads). */
  multipart?: Part[];
};
/** One company's records: a customer (of a partner company) with its address, contact, machine, job … */
type Company = {
  partner: number;
  customer: number;
  address: number;
  contact: number;
  machine: number;
  job: number;
  subJob: number;
  appointment: number;
  /** A document of the job published to the customer, and one of the machine. */
  jobDocument: number;
  machineDocument: number;
  /** Where the job document's file is stored (resource/?relativePath). */
  jobDocumentPath: string;
  /** The company's customer manager (not one of the callers). */
  manager: number;
  /** The model of the machine (used by no other company's machine), with a document. */
  model: number;
  /** The QR code the machine carries, and its label's token (the public fault form, decision 070). */
  qrcode: string;
  labelToken: string;
  /** A status link of the job (the customer's page, decision 072). */
  statusToken: string;
  /** A checklist on the job. */
  checklist: number;
  /** A contract type, a contract over the machine, a counter of it and its service agreement. */
  contractType: number;
  contract: number;
  counter: number;
  agreement: number;
};
/** What a row's input may use: the fixtures, fresh records for rows that write, the caller. */
type Ctx = {
  own: Company;
  other: Company;
  /** Reference data records of each kind (the built-in lookups have id 1). */
  ref: {
    customerGroup: number;
    department: number;
    supplier: number;
    machineType: number;
    assetType: number;
  };
  /** The caller's user id (null anonymous). */
  me: number | null;
  fresh: {
    customer(): Promise<{ id: number; address: number; contact: number }>;
    machine(): Promise<number>;
    /** The label token of a fresh machine (a label's reports are limited per hour). */
    labelToken(): Promise<string>;
    /** A job (of status `status`, default new) of a fresh customer, with `machines` sub-jobs (default 1). */
    job(
      status?: number,
      machines?: number,
    ): Promise<{
      id: number;
      subJob: number;
      machine: number;
      /** Another machine of the customer, on no job. */
      spare: number;
      customer: number;
      address: number;
      contact: number;
    }>;
    /** An appointment of a fresh job, with these participants (default one new technician). */
    appointment(participants?: number[], onMyWay?: boolean): Promise<number>;
    document(entityClass?: string, entityId?: number): Promise<number>;
    /** A customer employee of a fresh customer. */
    customerUser(): Promise<{ id: number; email: string }>;
    /** A row of the Admin's lookups, of a name no other uses. */
    lookup(kind: 'warranty' | 'place' | 'category' | 'repairCode' | 'subStatus'): Promise<number>;
    /** A support-log note on a fresh job, written by `author` (default the caller). */
    note(author?: number | null): Promise<number>;
    /** A background task of the caller's in this state (created: waiting; failed). */
    task(status: 'created' | 'failed'): Promise<number>;
  };
};
type Expected = number | Partial<Record<UserTypeId, number>>;
type Row = {
  allow: 'anonymous' | readonly UserTypeId[];
  /** What every caller sends; a function is called afresh for each call (fresh records for writes). */
  input?: Input | ((x: Ctx) => Input | Promise<Input>);
  /** The exact status an allowed caller gets (per user type where they differ); 200 when not given. */
  ok?: Expected;
  /** Anonymous routes: the exact status of an anonymous caller when it differs from a signed-in one's. */
  anonymousOk?: number;
  /**
   * Routes that read one company's record: the input naming company `c`'s record. Allowed staff get both
   * companies' records; customer users and partners their own company's and a 404 for another's.
   */
  scoped?: (c: Company) => Input;
  /** An input naming one's own record and another company's in one call: a 404 for everyone. */
  mixed?: (own: Company, other: Company) => Input;
  /** The status of another company's record per user type where it is not staff 200, others 404. */
  other?: Partial<Record<UserTypeId, number>>;
  /** The call may end its caller's session or change its account: each caller is a new user. */
  session?: true;
};

const everyone = ALL_USER_TYPES;
const staff = STAFF;
/** Staff and partners: reference data and logs. */
const readers: readonly UserTypeId[] = [1, 2, 3, 5];
const NONE = 999999;
/** How old a shared caller's sign-in may grow before the next row signs it in again (tokens last 15 min). */
const RENEW_SIGN_IN_MS = 10 * 60_000;
const MARKER = 'Qvarnmerke';
const matrixContact = {
  Name: 'Matrix Contact',
  Email: 'matrix.contact@example.test',
  Mobile: '+47 900 00 000',
};
const matrixLine = (machine: number) => ({ MachineId: machine, CustomerComment: 'Matrix check' });
const matrixJob = (c: { customer: number; address: number; contact: number; machine: number }) => ({
  DisplayName: 'Matrix job',
  CustomerId: c.customer,
  ContactPersonId: c.contact,
  CustomerDeliveryAddress: c.address,
  JobTypeId: 1,
  JobPriorityId: 1,
  EstimatedTime: 1,
  Machines: [matrixLine(c.machine)],
});
/** From today on: the fixtures' appointments are tomorrow's. */
const today = wallClock(new Date()).date;
const week = { date1: today, date2: addDays(today, 7) };
let named = 0;
/** A name no other row uses (names of reference data are unique). */
const unique = (name: string) => `${name} ${++named}`;
/** The name of the own company's documents not published to customers. */
const UNPUBLISHED = 'Skjultdok';

/**
 * Who may call each declared route, what they send and what they get. A route missing here fails the
 * suite, and so does a route whose declared access differs from this table: a change of access is a
 * deliberate edit in two places.
 */
const MATRIX: Record<RouteName, Row> = {
  // Session: anonymous routes carry their own credential checks.
  token: { allow: 'anonymous', input: { body: 'grant_type=client_credentials&scope=x' }, ok: 400 },
  tokenRefresh: { allow: 'anonymous', ok: 401, session: true },
  tokenRevoke: { allow: 'anonymous', session: true },
  tokenEntraId: { allow: 'anonymous', input: { query: { accessToken: 'x' } }, ok: 400 },
  userInfo: { allow: everyone },
  dashboardHome: { allow: readers },
  siteInfo: { allow: 'anonymous' },
  portal: { allow: 'anonymous' },
  recoverPassword: { allow: 'anonymous', input: { body: { username: 'matrix@example.test' } } },
  validateOtp: {
    allow: 'anonymous',
    input: { query: { email: 'matrix@example.test', code: '123456' } },
  },
  changePassword: {
    allow: 'anonymous',
    // A wrong code is a 200 with Success false (the catalogue's answer).
    input: { body: { Email: 'matrix@example.test', Code: '123456', Password: 'Aa1!aaaa' } },
    session: true,
  },
  logo: { allow: 'anonymous' },
  supportTicket: { allow: everyone, input: { body: { Subject: 'Matrix check' } } },
  mailLogs: { allow: [1] },
  eventLogs: { allow: [1] },
  smsLogs: { allow: [1] },
  taskLogs: { allow: [1] },
  // The test mail with an unknown placeholder is refused before anything is sent.
  settingsTestEmail: {
    allow: [1],
    input: { body: { Key: 'newjob', To: 'a@b.test', Subject: '{Nope}', Body: '' } },
    ok: 400,
  },
  myAccount: { allow: everyone },
  changeMyAccount: { allow: everyone, input: { body: { Phone: '+47 900 00 001' } }, session: true },
  // A wrong current password is refused on its field; the own sign-ins: an unknown one is not found.
  myAccountChangePassword: {
    allow: everyone,
    input: { body: { CurrentPassword: 'Not-the-password1!', NewPassword: 'Matrix!2026' } },
    ok: 400,
  },
  myAccountSessions: { allow: everyone },
  myAccountEndSession: {
    allow: everyone,
    input: { params: { id: '00000000-0000-4000-8000-000000000000' } },
    ok: 404,
  },
  myAccountEndOtherSessions: { allow: everyone, session: true },

  // Customers, addresses, contacts: everyone reads (scoped to their company), staff edit.
  customerSearch: {
    allow: everyone,
    input: { query: { searchQuery: 'a' } },
  },
  customerFiltered: { allow: everyone },
  customerGet: { allow: everyone, scoped: (c) => ({ query: { id: String(c.customer) } }) },
  customerCreate: { allow: staff, input: { body: { Name: 'Matrix customer' } } },
  customerChange: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customer()).id }, body: { Name: 'Matrix renamed' } }),
  },
  customerGetActiveState: { allow: everyone, scoped: (c) => ({ params: { id: c.customer } }) },
  customerToggleActiveState: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customer()).id } }),
  },
  customerGetPublicState: { allow: everyone, scoped: (c) => ({ params: { id: c.customer } }) },
  customerTogglePublicState: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customer()).id } }),
  },
  addressList: { allow: everyone, scoped: (c) => ({ params: { id: c.customer } }) },
  addressGet: {
    allow: everyone,
    scoped: (c) => ({ params: { id: c.customer, addressId: c.address } }),
    mixed: (mine, theirs) => ({ params: { id: mine.customer, addressId: theirs.address } }),
  },
  addressSave: {
    allow: staff,
    input: async (x) => ({
      params: { id: (await x.fresh.customer()).id },
      body: { Street: 'Matrixveien 1' },
    }),
  },
  contactList: { allow: everyone, scoped: (c) => ({ params: { id: c.customer } }) },
  contactGet: { allow: everyone, scoped: (c) => ({ params: { id: c.contact } }) },
  contactAdd: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customer()).id }, body: matrixContact }),
  },
  contactUpdate: {
    allow: staff,
    input: async (x) => {
      const c = await x.fresh.customer();
      return { params: { id: c.id, contactId: c.contact }, body: matrixContact };
    },
  },
  customerGroupFiltered: { allow: readers },
  customerGroupGet: { allow: readers, input: (x) => ({ params: { id: x.ref.customerGroup } }) },
  customerGroupCreate: {
    allow: [1],
    input: () => ({ multipart: [['CustomerGroup', JSON.stringify({ Name: unique('Matrix group') })]] }),
  },
  customerGroupChange: { allow: [1], ok: 400 },
  customerGroupDelete: {
    allow: [1],
    input: async () => ({ params: { id: (await createCustomerGroup(db())).id } }),
  },
  departmentFiltered: { allow: readers },
  departmentSearch: { allow: readers, input: { query: { searchQuery: 'x' } } },
  departmentGet: { allow: readers, input: (x) => ({ params: { id: x.ref.department } }) },
  departmentCreate: { allow: [1], input: { body: { Name: 'Matrix department' } } },
  departmentChange: {
    allow: [1],
    input: async () => ({
      body: { Id: (await createDepartment(db())).id, Name: unique('Matrix department') },
    }),
  },
  firm: { allow: readers },

  // Machines: everyone reads (scoped to their company or partner company), staff edit.
  machineSearch: { allow: everyone },
  machineFiltered: { allow: everyone, input: { body: {} } },
  machineGet: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  machineCreate: {
    allow: staff,
    input: async (x) => ({ body: { Name: 'Matrix machine', CustomerId: (await x.fresh.customer()).id } }),
  },
  machineChange: {
    allow: staff,
    input: async (x) => ({ body: { Id: await x.fresh.machine(), Name: 'Matrix renamed' } }),
  },
  machineBulkPartialUpdate: {
    allow: staff,
    input: async (x) => ({ body: [{ Id: await x.fresh.machine(), Name: 'Matrix renamed' }] }),
  },
  machineChangeOwner: {
    allow: staff,
    input: async (x) => ({
      params: { id: await x.fresh.machine() },
      body: { CustomerId: (await x.fresh.customer()).id },
    }),
  },
  machineChangeOwnerAll: {
    allow: staff,
    input: async (x) => {
      const from = (await x.fresh.job()).customer;
      return { params: { fromId: from, toId: (await x.fresh.customer()).id } };
    },
  },
  machineChangeModelInfo: {
    allow: staff,
    input: async (x) => ({ params: { id: await x.fresh.machine() }, body: { ModelId: NONE } }),
    ok: 400,
  },
  machinePerformance: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  // The fixtures' machines are covered by a contract: answered to those who see the machine.
  machineContract: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  machineGetActiveState: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  machineToggleActiveState: {
    allow: staff,
    input: async (x) => ({ params: { id: await x.fresh.machine() } }),
  },

  // Jobs: everyone lists jobs (their company's only; another company's customer is a 404) and reads
  // the job lookups.
  jobListFiltered: {
    allow: everyone,
    input: { body: {} },
    scoped: (c) => ({ body: { CustomerId: c.customer } }),
  },
  jobStatusGetAll: { allow: everyone },
  jobStatusFiltered: { allow: everyone },
  jobSubStatusFiltered: { allow: everyone },
  jobSubStatusByStatus: { allow: everyone, input: { params: { id: 10 } } },
  jobTypeList: { allow: everyone },
  jobPriorityList: { allow: everyone },
  jobGet: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  jobGetOldFormat: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  jobSubJobs: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  jobHistory: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  // The job's printable documents: who may read the job (reports.routes.ts).
  serviceReport: { allow: everyone, scoped: (c) => ({ params: { jobId: c.job } }) },
  hazardAnalysis: { allow: everyone, scoped: (c) => ({ params: { jobId: c.job } }) },
  serviceReportLink: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  jobCreate: {
    allow: [1, 2],
    input: async (x) => {
      const c = await x.fresh.customer();
      const machine = (await createMachine(db(), { customerId: c.id })).id;
      return { body: matrixJob({ customer: c.id, address: c.address, contact: c.contact, machine }) };
    },
  },
  faultReportCreate: {
    allow: [4, 6],
    scoped: (c) => ({ params: { id: c.machine }, body: { Description: 'Matrix fault', JobPriorityId: 3 } }),
  },
  jobChangeDetails: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return {
        body: {
          ...matrixJob({ customer: j.customer, address: j.address, contact: j.contact, machine: j.machine }),
          Id: j.id,
          RowVersion: 1,
        },
      };
    },
  },
  jobChangeStatus: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.job()).id }, query: { jobStatusId: '20' } }),
  },
  jobSignatureSave: {
    allow: staff,
    input: async (x) => ({
      params: { id: (await x.fresh.job()).id },
      body: {
        SignerName: 'Matrix Signer',
        Png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      },
    }),
  },
  jobApprove: { allow: [1, 2], input: async (x) => ({ params: { id: (await x.fresh.job(50)).id } }) },
  jobDelete: { allow: [1, 2], input: async (x) => ({ params: { id: (await x.fresh.job()).id } }) },
  jobSwapCustomer: {
    allow: [1, 3],
    input: async (x) => ({
      params: { jobId: (await x.fresh.job()).id, customerId: (await x.fresh.customer()).id },
      query: { confirm: 'true' },
    }),
  },
  jobInvoiceCustomer: {
    allow: [1, 3],
    input: async (x) => {
      const customer = await x.fresh.customer();
      return {
        params: { id: (await x.fresh.job()).id },
        query: { customerId: String(customer.id), contactId: String(customer.contact) },
      };
    },
  },
  jobSwapAddress: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { params: { jobId: j.id, id: (await createAddress(db(), { customerId: j.customer })).id } };
    },
  },
  jobSwapContact: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { params: { jobId: j.id, id: (await createContact(db(), { customerId: j.customer })).id } };
    },
  },
  machineJobGet: { allow: everyone, scoped: (c) => ({ params: { id: c.subJob } }) },
  machineJobBulkAdd: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { body: { ParentId: j.id, Machines: [matrixLine(j.machine)] } };
    },
  },
  machineJobAddToParent: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { params: { parentId: j.id }, body: matrixLine(j.machine) };
    },
  },
  machineJobTransfer: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { params: { id: j.subJob, machineId: j.spare } };
    },
  },
  machineJobChange: {
    allow: staff,
    input: async (x) => {
      const j = await x.fresh.job();
      return { params: { id: j.subJob }, body: matrixLine(j.machine) };
    },
  },
  machineJobFlag: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.job()).subJob }, query: { value: '1' } }),
  },
  // A job keeps one machine at least: the fresh job has two.
  machineJobRemove: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.job(10, 2)).subJob } }),
  },

  // A job's parts, hours and order lines: read like the job; the lookups (stock, purchase prices) and
  // the writes are the staff's; a line of no job answers 404.
  partLookup: { allow: staff },
  jobParts: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  jobPart: { allow: everyone, input: { params: { id: NONE } }, ok: 404 },
  customerPrice: { allow: staff, input: { params: { customerId: 0 } } },
  partAdd: {
    allow: staff,
    input: async (x) => {
      const article = await createArticle(db());
      const store = await createStore(db());
      await stockArticle(db(), store.id, article.id, '1');
      const JobId = (await x.fresh.job()).subJob;
      return { body: { JobId, ArticleNumber: article.articleNumber, Quantity: 1, StoreId: store.id } };
    },
  },
  partUpdate: { allow: staff, input: { body: { Id: NONE, Quantity: 1 } }, ok: 404 },
  jobTime: { allow: everyone, scoped: (c) => ({ params: { jobId: c.job } }) },
  jobTimeLine: { allow: everyone, input: { params: { id: NONE } }, ok: 404 },
  timeReportArticles: { allow: staff, input: (x) => ({ query: { jobId: String(x.own.job) } }) },
  timeAdd: {
    allow: staff,
    input: async (x) => {
      const article = await createArticle(db(), { isTimeArticle: true, isStockItem: false, unit: 'h' });
      const JobId = (await x.fresh.job()).subJob;
      return { body: { JobId, ArticleNumber: article.articleNumber, Quantity: 1.5, WorkDate: today } };
    },
  },
  timeUpdate: { allow: staff, input: { body: { Id: NONE, Quantity: 1 } }, ok: 404 },
  // The week time report (decision 046): who has an hour list reports their own; the office approves.
  timeReportGet: { allow: readers, input: { query: { WeekStart: today } } },
  timeReportAddRow: {
    allow: readers,
    input: async () => {
      const article = await createArticle(db(), { isTimeArticle: true, isStockItem: false, unit: 'h' });
      return { body: { WorkDate: today, Hours: 0.5, ArticleNumber: article.articleNumber } };
    },
  },
  timeReportUpdateRow: { allow: readers, input: { body: { Kind: 'Internal', Id: NONE, Hours: 1 } }, ok: 404 },
  timeReportDeleteRow: { allow: readers, input: { query: { Kind: 'Internal', Id: String(NONE) } }, ok: 404 },
  timeReportExport: { allow: readers, input: { body: { WeekStart: today } } },
  timeArticleDescription: { allow: readers },
  timeReportApprove: {
    allow: [1],
    input: (x) => ({ body: { UserId: x.me ?? NONE, WeekStart: today, Approved: false } }),
  },
  employment: { allow: readers },
  employmentChange: {
    allow: [1],
    input: async () => ({
      body: { UserId: (await createUser(db(), { userTypeId: 2 })).id, WeeklyHours: 30 },
    }),
  },
  vehicleList: { allow: readers },
  openOrders: { allow: [1] },
  orderLineGet: { allow: everyone, input: { params: { id: NONE } }, ok: 404 },
  orderLinesOfJob: { allow: everyone, scoped: (c) => ({ params: { jobId: c.job } }) },
  orderLineAdd: {
    allow: staff,
    input: async (x) => {
      const article = await createArticle(db(), { isStockItem: false });
      const jobId = (await x.fresh.job()).subJob;
      return { params: { jobId }, body: { ArticleNumber: article.articleNumber, Quantity: 1 } };
    },
  },
  orderLineChange: { allow: staff, input: { params: { jobId: NONE, id: NONE }, body: {} }, ok: 404 },
  orderLineRemove: { allow: staff, input: { params: { id: NONE } }, ok: 404 },
  // Orders and invoice preparation: read like the job; the office (Admin, Technician) changes them.
  orderJobs: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  orderTotal: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  orderOfJob: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  orderOptionsChange: {
    allow: [1, 2],
    input: async (x) => ({
      params: { jobId: (await x.fresh.job()).id },
      query: { InvoiceReference: 'Matrix' },
    }),
  },
  invoiceGet: { allow: everyone, scoped: (c) => ({ params: { jobId: c.job } }) },
  invoiceArticle: { allow: staff },
  invoiceMove: { allow: [1, 2], input: { body: { Id: NONE, ToJobId: NONE } }, ok: 404 },
  invoiceLink: { allow: [1, 2], input: { body: { Id: NONE, LinkToLineId: null } }, ok: 404 },
  invoiceUpdate: { allow: [1, 2], input: { body: { Id: NONE } }, ok: 404 },
  invoiceDelete: { allow: [1, 2], input: { body: { Id: NONE } }, ok: 404 },

  // Job categories, warranty types, repair places: everyone reads, the Admin keeps them.
  warrantyTypeList: { allow: everyone },
  warrantyTypeFiltered: { allow: everyone },
  warrantyTypeGet: { allow: everyone, input: { params: { id: 1 } } },
  warrantyTypeAdd: { allow: [1], input: () => ({ body: { Name: unique('Matrix warranty') } }) },
  warrantyTypeChange: {
    allow: [1],
    input: async (x) => ({ body: { Id: await x.fresh.lookup('warranty'), Name: unique('Matrix warranty') } }),
  },
  warrantyTypeRemove: {
    allow: [1],
    input: async (x) => ({ params: { id: await x.fresh.lookup('warranty') } }),
  },
  repairPlaceList: { allow: everyone },
  repairPlaceFiltered: { allow: everyone },
  repairPlaceGet: { allow: everyone, input: { params: { id: 1 } } },
  repairPlaceAdd: { allow: [1], input: () => ({ body: { Name: unique('Matrix place') } }) },
  repairPlaceChange: {
    allow: [1],
    input: async (x) => ({ body: { Id: await x.fresh.lookup('place'), Name: unique('Matrix place') } }),
  },
  repairPlaceRemove: { allow: [1], input: async (x) => ({ params: { id: await x.fresh.lookup('place') } }) },
  jobCategoryList: { allow: everyone },
  jobCategoryFiltered: { allow: everyone },
  jobCategoryGet: { allow: everyone, input: { params: { id: 1 } } },
  jobCategoryGetActiveState: { allow: everyone, input: { params: { id: 1 } } },
  jobCategoryToggleActive: {
    allow: [1],
    input: async (x) => ({ params: { id: await x.fresh.lookup('category') } }),
  },
  jobCategoryCreate: { allow: [1], input: () => ({ body: { Name: unique('Matrix category') } }) },
  jobCategoryChange: {
    allow: [1],
    input: async (x) => ({ body: { Id: await x.fresh.lookup('category'), Name: unique('Matrix category') } }),
  },
  // Repair and failure codes: everyone reads; repair codes the Admin's, failure codes the PIM's.
  repairCodeList: { allow: everyone },
  repairCodeFiltered: { allow: everyone },
  repairCodeGet: {
    allow: everyone,
    input: async (x) => ({ params: { id: await x.fresh.lookup('repairCode') } }),
  },
  repairCodeAdd: { allow: [1], input: () => ({ query: { code: unique('MX').replace(' ', '') } }) },
  repairCodeChange: {
    allow: [1],
    input: async (x) => ({ body: { Id: await x.fresh.lookup('repairCode'), Description: 'Matrix' } }),
  },
  repairCodeRemove: {
    allow: [1],
    input: async (x) => ({ params: { id: await x.fresh.lookup('repairCode') } }),
  },
  failureCodeFiltered: { allow: everyone },
  failureCodeList: { allow: everyone },
  failureCodesOfSupplier: { allow: everyone, input: (x) => ({ params: { id: x.ref.supplier } }) },
  failureCodeGet: { allow: everyone, input: { params: { id: NONE } }, ok: 404 },
  failureCodeAdd: { allow: [1, 2], input: { body: { SupplierId: NONE, Code: 'X' } }, ok: 400 },
  failureCodeChange: { allow: [1, 2], input: { params: { id: NONE }, body: {} }, ok: 404 },
  failureCodeRemove: { allow: [1, 2], input: { params: { id: NONE } }, ok: 404 },
  // A job's support log: the staff's notes.
  // Stores and stock (issue 14): staff only; a technician changes only their own van (stores.test.ts).
  storeGetAll: { allow: staff },
  storesWithStock: { allow: staff, input: { params: { article: 'NO-SUCH-ARTICLE' } }, ok: 404 },
  storeArticles: { allow: staff, input: { params: { id: NONE } }, ok: 404 },
  storeArticlesSet: {
    allow: staff,
    input: { body: { StoreId: NONE, Articles: [{ ArticleId: NONE }] } },
    ok: 400,
  },
  pickingList: { allow: staff },
  storeMoveStock: {
    allow: staff,
    input: { body: { FromStoreId: NONE, ToStoreId: NONE - 1, ArticleId: NONE, Quantity: 1 } },
    ok: 400,
  },
  storeReceiveStock: {
    allow: staff,
    input: { body: { StoreId: NONE, ArticleId: NONE, Quantity: 1 } },
    ok: 400,
  },
  inventoryMovements: { allow: staff },
  inventoryCount: {
    allow: staff,
    input: { body: { StoreId: NONE, Lines: [{ ArticleId: NONE, Counted: 1 }] } },
    ok: 400,
  },
  inventoryLookup: { allow: staff, input: { params: { query: 'matrix' } } },
  myCommonPartsOfModel: { allow: staff, input: (x) => ({ params: { id: x.own.model } }) },
  myCommonPartsOfMachineJob: { allow: staff, input: (x) => ({ params: { id: x.own.subJob } }) },
  supportLogOfJob: { allow: staff, input: (x) => ({ params: { id: x.own.job } }) },
  supportLogAdd: {
    allow: staff,
    input: async (x) => ({ body: { JobId: (await x.fresh.job()).id, Text: 'Matrix' } }),
  },
  // One's own note (another's: the test of notes below).
  supportLogChange: {
    allow: staff,
    input: async (x) => ({ body: { Id: await x.fresh.note(), Text: 'Matrix' } }),
  },
  // Checklists (CheckList licence): templates the staff's, the Admin's to write; checklists read like the job.
  checklistTemplates: { allow: staff },
  checklistTemplateGet: {
    allow: staff,
    input: async () => ({ params: { id: (await createChecklistTemplate(db())).id } }),
  },
  checklistTemplateCreate: { allow: [1], input: { query: { name: 'Matrix template' } } },
  checklistTemplateSave: {
    allow: [1],
    input: async () => ({
      params: { id: (await createChecklistTemplate(db())).id },
      body: { Name: 'Matrix template', Sections: sampleSections() },
    }),
  },
  checklistGet: { allow: everyone, scoped: (c) => ({ query: { entryId: String(c.checklist) } }) },
  checklistsOfJob: { allow: everyone, scoped: (c) => ({ query: { jobId: String(c.job) } }) },
  checklistStart: {
    allow: staff,
    input: async (x) => ({
      query: {
        jobId: String((await x.fresh.job()).id),
        templateId: String((await createChecklistTemplate(db())).id),
      },
    }),
  },
  checklistFieldChange: {
    allow: staff,
    input: async () => ({ body: { Id: (await createChecklist(db())).fieldId, Value: true } }),
  },
  checklistFollowUpCreate: {
    allow: staff,
    input: async () => ({ params: { id: (await createChecklist(db(), { failed: true })).fieldId } }),
  },
  // KPIs: read with the dashboard module like the job; the service manager's settings the Admin's.
  kpiOfJob: { allow: readers, scoped: (c) => ({ params: { id: c.job } }) },
  kpiOptions: { allow: readers, scoped: (c) => ({ params: { id: c.job } }) },
  kpiChange: {
    allow: [1],
    input: async (x) => ({ body: { JobId: (await x.fresh.job()).id, FirstTimeFix: true } }),
  },
  kpiSummary: { allow: readers },
  // Background tasks and exports: one's own (the Admin's: all); plans the Admin's.
  taskList: { allow: everyone },
  taskPlans: { allow: [1] },
  taskPlanDisable: { allow: [1], input: { params: { name: 'NoSuchPlan' } }, ok: 404 },
  taskPlanActivate: { allow: [1], input: { params: { name: 'NoSuchPlan' } }, ok: 404 },
  // One's own task: a waiting one is cancelled, a failed one restarted.
  taskCancelWait: {
    allow: everyone,
    input: async (x) => ({ params: { id: await x.fresh.task('created') } }),
  },
  taskRestart: {
    allow: everyone,
    input: async (x) => ({ params: { taskId: await x.fresh.task('failed') } }),
  },
  exportMachines: {
    allow: staff,
    input: async (x) => ({ body: { CustomerId: (await x.fresh.customer()).id } }),
  },
  exportStart: { allow: [1], input: { body: { Kind: 'Customers' } } },
  exportList: { allow: staff },
  // Import: the Admin's. A CSV file of one customer is previewed; the others answer an unknown import 404.
  importPreview: {
    allow: [1],
    input: () => ({
      multipart: [
        ['Kind', 'Customers'],
        [
          'File',
          {
            filename: 'customers.csv',
            data: Buffer.from(`CustomerNumber,Name\n${unique('MX')},Matrix\n`),
            contentType: 'text/csv',
          },
        ],
      ],
    }),
  },
  importGet: { allow: [1], input: { params: { id: NONE } }, ok: 404 },
  importList: { allow: [1] },
  importRun: { allow: [1], input: { params: { id: NONE } }, ok: 404 },
  importTemplate: { allow: [1], input: { params: { kind: 'Machines' } } },
  exportFile: { allow: staff, input: { query: { displayedExportDate: '2026-01-05T09:00:00' } }, ok: 404 },
  exportDelete: { allow: staff, input: { query: { displayedExportDate: '2026-01-05T09:00:00' } }, ok: 404 },
  // Settings: the Admin's.
  settingsGroupGet: { allow: [1], input: { query: { group: 'global' } } },
  settingsGroupSave: { allow: [1], input: { body: { Group: 'email', Values: { Nope: 1 } } }, ok: 400 },
  settingsListGet: { allow: [1], input: { query: { group: 'global' } } },
  settingsListSave: { allow: [1], input: { body: [{ Group: 'email', Name: 'Nope', Value: 1 }] }, ok: 400 },
  settingsByName: { allow: [1], input: { params: { name: 'TimeZone' } } },
  settingsSave: { allow: [1], input: { body: { Group: 'email', Name: 'Nope', Value: 1 } }, ok: 400 },
  settingsUpdateLogo: { allow: [1], ok: 400 },
  jobStatusChange: { allow: [1], input: { body: { Id: NONE } }, ok: 404 },
  jobTypeChange: { allow: [1], input: { body: { Id: NONE } }, ok: 404 },
  jobPriorityChange: { allow: [1], input: { body: { Id: NONE } }, ok: 404 },
  jobSubStatusCreate: {
    allow: [1],
    input: () => ({ body: { ParentId: 20, Name: unique('Matrix sub-status') } }),
  },
  jobSubStatusChange: {
    allow: [1],
    input: async (x) => ({
      body: { Id: await x.fresh.lookup('subStatus'), Name: unique('Matrix sub-status') },
    }),
  },
  jobSubStatusDelete: {
    allow: [1],
    input: async (x) => ({ params: { id: await x.fresh.lookup('subStatus') } }),
  },

  // Appointments: everyone reads (customers and partners their jobs' only), staff plan; the scheduler is the planner's.
  appointmentDateRange: { allow: everyone, input: { query: week } },
  appointmentsOfJob: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  appointmentGet: { allow: everyone, scoped: (c) => ({ params: { id: c.appointment } }) },
  appointmentCreate: {
    allow: staff,
    input: async (x) => ({
      body: {
        JobId: (await x.fresh.job()).id,
        StartTime: `${week.date2}T09:00:00`,
        EndTime: `${week.date2}T10:00:00`,
        Participants: [(await createUser(db(), { userTypeId: 2 })).id],
      },
    }),
  },
  appointmentChange: {
    allow: staff,
    input: async (x) => ({
      body: {
        Id: await x.fresh.appointment(),
        StartTime: `${week.date2}T12:00:00`,
        EndTime: `${week.date2}T13:00:00`,
        Subject: 'Matrix visit',
        Participants: [(await createUser(db(), { userTypeId: 2 })).id],
      },
    }),
  },
  appointmentDelete: { allow: staff, input: async (x) => ({ params: { id: await x.fresh.appointment() } }) },
  appointmentAvailable: {
    allow: staff,
    input: { body: { StartTime: '2026-01-05T09:00:00', EndTime: '2026-01-05T10:00:00' } },
  },
  appointmentBookable: { allow: staff },
  appointmentProposePlan: { allow: [1, 2], input: { body: { Date: '2026-01-05' } } },
  // A proposal task's plan: its owner's only (none here: 404 for everyone allowed).
  appointmentProposedPlan: { allow: [1, 2], input: { params: { id: 999_999 } }, ok: 404 },
  appointmentOptimiseDay: {
    allow: [1, 2],
    input: (x) => ({ body: { UserId: x.me ?? NONE, Date: '2026-01-05' } }),
  },
  schedulerDateRange: { allow: [1, 2], input: { query: week } },
  schedulerTravel: { allow: [1, 2], input: { query: { date1: week.date1, date2: week.date1 } } },
  schedulerEvent: { allow: [1, 2], input: (x) => ({ params: { id: x.own.appointment } }) },
  schedulerResources: { allow: [1, 2] },
  schedulerChangeTimes: {
    allow: [1, 2],
    input: async (x) => ({
      body: {
        id: await x.fresh.appointment(),
        startDate: `${week.date2}T09:00:00`,
        endDate: `${week.date2}T10:00:00`,
      },
    }),
  },

  // Maps: address look-ups for staff, job locations scoped, the planner's map for Admin and Technician.
  mapsAddressFromLngLat: { allow: staff, input: { query: { lng: '5.3221', lat: '60.3913' } } },
  mapsCoordinateFromAddress: { allow: staff, input: { query: { address: 'Bergen' } } },
  mapsSearchAddresses: { allow: staff, input: { query: { query: 'Bergen' } } },
  mapsJobLocation: { allow: everyone, scoped: (c) => ({ query: { jobId: String(c.job) } }) },
  mapsNearbyJobs: {
    allow: [1, 2],
    input: { body: { Origin: { Longitude: 10.75, Latitude: 59.91 }, Radius: 1000 } },
  },
  mapsRoutePlan: {
    allow: [1, 2],
    input: (x) => ({ query: { userId: String(x.me ?? 1), date: '2026-01-05' } }),
  },

  // PIM reference data: staff and partners read, administrators write.
  machineModelSearch: { allow: readers },
  machineModelList: { allow: readers },
  machineModelFiltered: { allow: readers },
  machineModelGet: { allow: readers, input: (x) => ({ params: { id: x.own.model } }) },
  machineModelGetActiveState: { allow: readers, input: (x) => ({ params: { id: x.own.model } }) },
  machineModelToggleActiveState: {
    allow: [1],
    input: async () => ({ params: { id: (await createMachineModel(db())).id } }),
  },
  machineModelSupplierFailureCodeUsage: { allow: staff, input: (x) => ({ params: { id: x.own.model } }) },
  machineModelJobs: { allow: staff, input: (x) => ({ params: { id: x.own.model } }) },
  machineModelJobTypes: { allow: staff, input: (x) => ({ params: { id: x.own.model } }) },
  machineModelCreate: { allow: [1], ok: 400 },
  machineModelChange: { allow: [1], ok: 400 },
  machineTypeList: { allow: readers },
  machineTypeFiltered: { allow: readers },
  machineTypeGet: { allow: readers, input: (x) => ({ params: { id: x.ref.machineType } }) },
  machineTypeCreate: { allow: [1], input: { body: { Name: 'Matrix type' } } },
  machineTypeChange: {
    allow: [1],
    input: async () => ({ body: { Id: (await createMachineType(db())).id, Name: unique('Matrix type') } }),
  },
  supplierList: { allow: readers },
  supplierFiltered: { allow: readers },
  supplierGet: { allow: readers, input: (x) => ({ params: { id: x.ref.supplier } }) },
  supplierCreate: { allow: [1], input: { body: { Name: 'Matrix supplier' } } },
  supplierChange: {
    allow: [1],
    input: async () => ({ body: { Id: (await createSupplier(db())).id, Name: unique('Matrix supplier') } }),
  },
  assetTypeToggleFeature: { allow: [1] },
  assetTypeList: { allow: readers },
  assetTypeFiltered: { allow: readers },
  assetTypeGet: { allow: readers, input: (x) => ({ params: { id: x.ref.assetType } }) },
  assetTypeCreate: { allow: [1], input: { body: { Name: 'Matrix asset type' } } },
  assetTypeChange: {
    allow: [1],
    input: async () => ({
      body: { Id: (await createAssetType(db())).id, Name: unique('Matrix asset type') },
    }),
  },
  assetTypeDelete: { allow: [1], input: async () => ({ params: { id: (await createAssetType(db())).id } }) },

  // Articles (issue 14): staff only, never customers or partners (purchase prices, stock); the PIM
  // staff read, the Admin writes; the dropdown search is every staff member's.
  articleSearch: { allow: staff, input: { query: { q: 'filter' } } },
  articleSearchRoot: { allow: staff, input: { query: { q: 'filter' } } },
  articleFiltered: { allow: [1, 2] },
  articleGet: {
    allow: [1, 2],
    input: async () => ({ params: { number: (await createArticle(db())).articleNumber } }),
  },
  articleCreate: { allow: [1], ok: 400 },
  articleChange: { allow: [1], ok: 400 },
  articleLogs: { allow: [1, 2] },
  jobCategoryArticlesFiltered: { allow: [1, 2], input: { query: { JobCategoryId: '1' } } },
  jobCategoryArticlesAdd: {
    allow: [1],
    input: async (x) => ({
      params: { id: await x.fresh.lookup('category') },
      body: [(await createArticle(db())).articleNumber],
    }),
  },
  jobCategoryArticlesChange: { allow: [1], input: { body: { Id: NONE, Quantity: 2 } }, ok: 404 },
  jobCategoryArticlesDelete: { allow: [1], input: { params: { id: NONE } }, ok: 404 },
  commonPartsFiltered: { allow: [1, 2] },
  commonPartsGet: { allow: [1, 2], input: (x) => ({ params: { modelId: x.own.model } }) },
  commonPartsAdd: {
    allow: [1],
    input: async () => ({
      params: { modelId: (await createMachineModel(db())).id },
      body: [{ ArticleId: (await createArticle(db())).id, Quantity: 2 }],
    }),
  },
  commonPartsMove: {
    allow: [1],
    input: async () => ({
      params: { modelId: (await createMachineModel(db())).id },
      query: { articleId: String(NONE), position: '1' },
    }),
    ok: 404,
  },
  commonPartsRemove: {
    allow: [1],
    input: async () => ({ params: { modelId: (await createMachineModel(db())).id, articleId: NONE } }),
    ok: 404,
  },

  // QR labels and stored images.
  qrLink: { allow: everyone, scoped: (c) => ({ params: { id: c.qrcode } }) },
  // The QR label's public fault form (decision 070): anyone with the label; its machine for customer users.
  labelPage: { allow: 'anonymous', input: (x) => ({ params: { token: x.own.labelToken } }) },
  labelReport: {
    allow: 'anonymous',
    input: async (x) => ({
      params: { token: await x.fresh.labelToken() },
      multipart: [
        ['Description', 'Matrix fault'],
        ['JobPriorityId', '3'],
        ['ReporterName', 'Matrix Reporter'],
        ['ReporterPhone', '+47 900 00 000'],
      ],
    }),
  },
  labelMachine: { allow: [4, 6], scoped: (c) => ({ params: { token: c.labelToken } }) },
  // The customer's status link (decision 072): anyone with the link; the report once the job is done
  // (the fixture's job is not: 404); "On my way" by a participant; revoking by the office.
  statusPage: { allow: 'anonymous', input: (x) => ({ params: { token: x.own.statusToken } }) },
  statusReport: { allow: 'anonymous', input: (x) => ({ params: { token: x.own.statusToken } }), ok: 404 },
  appointmentOnMyWay: {
    allow: staff,
    input: async (x) => ({ params: { id: await x.fresh.appointment(x.me === null ? [] : [x.me]) } }),
  },
  // The phone's position while on the way (decision 085): a participant of an appointment on the way only.
  appointmentPosition: {
    allow: staff,
    input: async (x) => ({
      params: { id: await x.fresh.appointment(x.me === null ? [] : [x.me], true) },
      body: { Latitude: 59.9, Longitude: 10.7 },
    }),
  },
  jobStatusLinkRevoke: { allow: [1], input: async (x) => ({ params: { id: (await x.fresh.job()).id } }) },
  qrConvertUrlToImage: { allow: everyone, input: { query: { url: 'https://example.test/x' } } },
  qrCreateList: { allow: staff, input: { query: { count: '1' } } },
  // A stored document's file, for those who see the document.
  resourceGet: { allow: everyone, scoped: (c) => ({ query: { relativePath: c.jobDocumentPath } }) },

  // Change logs: staff and partners (theirs only).
  customerLogs: { allow: readers },
  machineLogs: { allow: readers },
  appointmentLogs: { allow: readers },

  // User accounts: staff read; writes for Admin, customer accounts also for Technician and Subcontractor.
  userFiltered: { allow: staff },
  userSearchCustomerAccounts: { allow: staff, input: { query: { query: 'matrix' } } },
  userGet: { allow: staff, input: (x) => ({ params: { id: x.me ?? NONE } }) },
  userGetAccount: { allow: everyone, input: (x) => ({ params: { id: x.me ?? NONE } }) },
  userAdd: {
    allow: staff,
    input: async (x) => ({
      body: {
        Name: 'Matrix',
        EmailAdress: `matrix.${Math.random().toString(36).slice(2)}@example.test`,
        UserTypeId: 6,
        CustomerId: (await x.fresh.customer()).id,
      },
    }),
  },
  userChange: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customerUser()).id }, body: { Name: 'Matrix' } }),
    session: true,
  },
  userToggleActive: {
    allow: staff,
    input: async (x) => ({ params: { id: (await x.fresh.customerUser()).id } }),
    session: true,
  },
  userChangePasswordFor: {
    allow: staff,
    input: async (x) => ({
      params: { email: (await x.fresh.customerUser()).email },
      body: { Password: 'Aa1!aaaa' },
    }),
    session: true,
  },
  userSendResetPasswordMail: {
    allow: staff,
    input: async (x) => ({ query: { emailaddress: (await x.fresh.customerUser()).email } }),
  },
  passwordRecover: { allow: 'anonymous', input: { query: { Email: 'matrix@example.test' } } },
  passwordReset: {
    allow: 'anonymous',
    // A wrong code is a 200 with Success false (the catalogue's answer).
    input: { body: { Email: 'matrix@example.test', Code: '123456', Password: 'Aa1!aaaa' } },
    session: true,
  },

  // Partner companies: staff and partners (their own) read; the partner module writes.
  partnerCompanyToggleFeature: { allow: [1] },
  partnerCompanyList: { allow: readers },
  partnerCompanyFiltered: { allow: readers },
  partnerCompanyGet: { allow: readers, scoped: (c) => ({ params: { id: c.partner } }) },
  partnerCompanyCreate: { allow: [1], input: { body: { Name: 'Matrix Partner AS' } } },
  partnerCompanyChange: {
    allow: [1],
    input: async () => ({
      body: { Id: (await createPartnerCompany(db())).id, Name: unique('Matrix Partner AS') },
    }),
  },
  partnerCompanyDelete: {
    allow: [1],
    input: async () => ({ params: { id: (await createPartnerCompany(db())).id } }),
  },

  // Projects (ProjectsEnabled): staff read (the order options offer them); the Admin writes.
  projectToggleFeature: { allow: [1] },
  projectList: { allow: staff },
  projectFiltered: { allow: staff },
  projectGet: { allow: staff, input: async () => ({ params: { id: (await createProject(db())).id } }) },
  projectCreate: { allow: [1], input: () => ({ body: { Name: unique('Matrix project') } }) },
  projectChange: {
    allow: [1],
    input: async () => ({ body: { Id: (await createProject(db())).id, Name: unique('Matrix project') } }),
  },
  projectDelete: { allow: [1], input: async () => ({ params: { id: (await createProject(db())).id } }) },

  // Leads (LeadsEnabled): the Admin's; lead types are read by staff (a lead's type is shown to them).
  leadToggleFeature: { allow: [1] },
  leadFiltered: { allow: [1] },
  leadGet: { allow: [1], input: async () => ({ params: { id: (await createLead(db())).id } }) },
  leadCreate: { allow: [1], input: { body: { Name: 'Matrix lead AS' } } },
  leadChange: {
    allow: [1],
    input: async () => ({ body: { Id: (await createLead(db())).id, Name: unique('Matrix lead') } }),
  },
  leadDelete: { allow: [1], input: async () => ({ params: { id: (await createLead(db())).id } }) },
  leadConvert: {
    allow: [1],
    input: async () => ({ params: { id: (await createLead(db())).id }, body: {} }),
  },
  leadTypeList: { allow: staff },
  leadTypeFiltered: { allow: staff },
  leadTypeGet: { allow: staff, input: async () => ({ params: { id: (await createLeadType(db())).id } }) },
  leadTypeCreate: { allow: [1], input: () => ({ body: { Name: unique('Matrix lead type') } }) },
  leadTypeChange: {
    allow: [1],
    input: async () => ({ body: { Id: (await createLeadType(db())).id, Name: unique('Matrix lead type') } }),
  },
  leadTypeDelete: { allow: [1], input: async () => ({ params: { id: (await createLeadType(db())).id } }) },

  // Documents: everyone reads those of the records they see (customer users only published ones; another
  // company's record is a 404), staff upload, change and delete.
  documentsOfJob: { allow: everyone, scoped: (c) => ({ params: { id: c.job } }) },
  // Reference data: partners read every model's documents, customer users those of their machines' models.
  documentsOfMachineModel: {
    allow: everyone,
    scoped: (c) => ({ params: { id: c.model } }),
    other: { 5: 200 },
  },
  jobDocumentsUpload: {
    allow: staff,
    input: async (x) => ({
      params: { jobId: (await x.fresh.job()).id },
      multipart: [['Files', { filename: 'report.pdf', data: pdf('Matrix'), contentType: 'application/pdf' }]],
    }),
  },
  documentChange: {
    allow: staff,
    input: async (x) => ({ params: { id: await x.fresh.document() }, query: { Name: 'Matrix' } }),
  },
  documentDelete: { allow: staff, input: async (x) => ({ params: { id: await x.fresh.document() } }) },
  entityDocuments: {
    allow: everyone,
    scoped: (c) => ({ params: { entityClass: 'Machine', entityId: c.machine } }),
  },
  entityDocumentsUpload: {
    allow: staff,
    input: async (x) => ({
      params: { entityClass: 'Machine', entityId: await x.fresh.machine() },
      multipart: [['Files', { filename: 'manual.pdf', data: pdf('Matrix'), contentType: 'application/pdf' }]],
    }),
  },
  entityDocumentTogglePublish: {
    allow: staff,
    input: async (x) => ({
      params: { entityClass: 'Machine', docId: await x.fresh.document(), typeId: 1 },
    }),
  },
  entityDocumentDelete: {
    allow: staff,
    input: async (x) => {
      const machine = await x.fresh.machine();
      return {
        params: {
          entityClass: 'Machine',
          entityId: machine,
          docId: await x.fresh.document('Machine', machine),
          typeId: 1,
        },
      };
    },
  },

  // Agreements (Contracts licence): everyone reads what they may see, the Admin changes.
  contractTypeMap: { allow: everyone },
  contractTypeList: { allow: [1] },
  contractTypeCreate: {
    allow: [1],
    input: async () => ({
      body: { Name: `Matrix type ${Math.random().toString(36).slice(2)}`, Icon: 'Build' },
    }),
  },
  contractTypeChange: {
    allow: [1],
    input: async () => ({
      params: { id: (await createContractType(db())).id },
      body: { Icon: 'Handshake' },
    }),
  },
  contractTypeDelete: {
    allow: [1],
    input: async () => ({ params: { id: (await createContractType(db())).id } }),
  },
  contractFiltered: { allow: everyone },
  contractGet: { allow: everyone, scoped: (c) => ({ params: { id: c.contract } }) },
  contractCreate: {
    allow: [1],
    input: async (x) => ({
      body: {
        ContractTypeId: x.own.contractType,
        CustomerId: (await x.fresh.customer()).id,
        Name: 'Matrix contract',
        StartDate: today,
      },
    }),
  },
  contractChange: {
    allow: [1],
    input: async (x) => ({
      body: {
        Id: (
          await createContract(db(), {
            contractTypeId: x.own.contractType,
            customerId: (await x.fresh.customer()).id,
          })
        ).id,
        Name: 'Matrix renamed',
      },
    }),
  },
  contractDelete: {
    allow: [1],
    input: async (x) => ({
      params: {
        id: (
          await createContract(db(), {
            contractTypeId: x.own.contractType,
            customerId: (await x.fresh.customer()).id,
          })
        ).id,
      },
    }),
  },
  serviceAgreementList: { allow: everyone },
  nextOrders: { allow: [1] },
  serviceAgreementsOfMachine: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  serviceAgreementCreate: {
    allow: [1],
    input: async (x) => ({
      query: { agreementIsActive: 'true' },
      body: {
        MachineId: await x.fresh.machine(),
        Name: 'Matrix agreement',
        StartDate: today,
        IntervalMonths: 6,
      },
    }),
  },
  serviceAgreementChange: {
    allow: [1],
    input: async (x) => ({
      params: { id: (await createServiceAgreement(db(), { machineId: await x.fresh.machine() })).id },
      body: { Name: 'Matrix renamed' },
    }),
  },
  serviceAgreementDelete: {
    allow: [1],
    input: async (x) => ({
      params: { id: (await createServiceAgreement(db(), { machineId: await x.fresh.machine() })).id },
    }),
  },
  nextOrderJobCreate: {
    allow: [1],
    input: async (x) => ({
      params: { id: (await createServiceAgreement(db(), { machineId: (await x.fresh.job()).spare })).id },
      body: {},
    }),
  },
  nextOrderJobsCreate: { allow: [1], input: { body: { AgreementIds: [NONE] } } },

  // Counters: everyone reads those of the machines they see, the staff change.
  counterFiltered: { allow: everyone },
  counterOfMachine: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  counterHistory: { allow: everyone, scoped: (c) => ({ params: { id: c.machine } }) },
  counterGet: { allow: everyone, scoped: (c) => ({ params: { id: c.counter } }) },
  counterCreate: {
    allow: staff,
    input: async (x) => ({ body: { MachineId: await x.fresh.machine(), CounterType: 1, Value: 10 } }),
  },
  counterChange: {
    allow: staff,
    input: async (x) => ({
      body: {
        Id: (await createCounter(db(), { machineId: await x.fresh.machine() })).id,
        Name: 'Matrix renamed',
      },
    }),
  },
  counterReadingAdd: {
    allow: staff,
    input: async (x) => ({
      body: { CounterId: (await createCounter(db(), { machineId: await x.fresh.machine() })).id, Value: 5 },
    }),
  },
  counterDelete: {
    allow: staff,
    input: async (x) => {
      const machine = await x.fresh.machine();
      const counter = await createCounter(db(), { machineId: machine });
      return { query: { machineId: String(machine), counterId: String(counter.id) } };
    },
  },
};

/** The search fields of the catalogue's reads. */
const SEARCH_FIELDS = ['SearchWord', 'searchQuery', 'query', 'searchWord'];
/** A read's input searching for `text`, when the read has a search field (in its query, or its body). */
const searching = (name: RouteName, input: Input, text: string) =>
  withField(name, input, SEARCH_FIELDS, text);

/** A read's input with one of `fields` (the first its query or body has) set to `value`; null if it has none. */
function withField(name: RouteName, input: Input, fields: string[], value: string | number): Input | null {
  const def = api[name] as { query?: unknown; body?: unknown };
  for (const [part, schema] of [
    ['query', def.query],
    ['body', def.body],
  ] as const) {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    const field = shape && fields.find((f) => f in shape);
    if (field) {
      const given = (input[part] as object | undefined) ?? {};
      return { ...input, [part]: { ...given, [field]: part === 'query' ? String(value) : value } };
    }
  }
  return null;
}

/** The filters of the catalogue's reads that name one record, and which of a company's records they name. */
const FILTERS: [string[], keyof Company][] = [
  [['CustomerId', 'customerId'], 'customer'],
  [['MachineId', 'machineId'], 'machine'],
  [['JobId', 'jobId'], 'job'],
  [['PartnerCompanyId', 'partnerCompanyId'], 'partner'],
];

/** The test database of the engine running (for the rows' fresh records). */
let currentDb: Awaited<ReturnType<typeof startTestApp>>['db'] | undefined;
const db = () => currentDb!;

const fill = (path: string, params: Input['params'] = {}) =>
  path.replace(/:(\w+)/g, (_, n: string) => encodeURIComponent(String(params[n] ?? 1)));

/** The licence and the feature a route's access needs, beside the portal licence of the user type. */
const needs = (access: Access): { licence?: LicenceKey; feature?: FeatureKey } =>
  access.kind === 'user'
    ? {
        ...(access.licence ? { licence: access.licence } : {}),
        ...(access.feature ? { feature: access.feature } : {}),
      }
    : {};

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
  let changes: () => Promise<string>;
  /** The shared callers; rows that may end a session sign in callers of their own. */
  const shared = new Map<UserTypeId, { id: number; token: string; email: string; signedInAt: number }>();
  const own = {} as Company;
  const other = {} as Company;
  let addresses = 0;
  /** A caller's address of its own, so the sign-in and recovery rate limits never mix rows. */
  const nextAddress = () => {
    addresses++;
    return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  };

  async function company(partnerName: string, marker: string): Promise<Company> {
    const partner = await createPartnerCompany(t.db, { name: `${partnerName} ${marker}`.trim() });
    const c = await createCustomer(t.db, {
      partnerCompanyId: partner.id,
      ...(marker ? { name: `${marker} Mekaniske AS` } : {}),
      address: marker ? { street: `${marker}gata 7`, name: `${marker} site` } : {},
      contact: marker ? { name: `${marker} Kontakt`, email: `kontakt@${marker.toLowerCase()}.example` } : {},
    });
    const qrcode = `FPMATRIX${marker ? 'OTHER' : 'OWN'}`;
    const machine = await createMachine(t.db, {
      customerId: c.id,
      qrcode,
      ...(marker ? { name: `${marker} compressor` } : {}),
    });
    await createDocument(t.db, {
      entityClass: 'MachineModel',
      entityId: machine.machineModelId!,
      publishToCustomer: true,
    });
    const job = await createJob(t.db, {
      customerId: c.id,
      machines: [machine],
      ...(marker ? { displayName: `${marker} service`, customerComment: `${marker} comment` } : {}),
    });
    const appointment = await createAppointment(t.db, {
      jobId: job.id,
      ...(marker ? { subject: `${marker} visit` } : {}),
    });
    const published = { publishToCustomer: true, ...(marker ? { name: `${marker} report` } : {}) };
    const jobDocument = await createDocument(t.db, { entityClass: 'Job', entityId: job.id, ...published });
    const file = join(t.uploads, jobDocument.storagePath);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, '%PDF-1.4\n%matrix\n');
    const machineDocument = await createDocument(t.db, {
      entityClass: 'Machine',
      entityId: machine.id,
      ...published,
    });
    // Documents not published to customers, named apart.
    for (const [entityClass, entityId] of [
      ['Job', job.id],
      ['Machine', machine.id],
    ] as const)
      await createDocument(t.db, {
        entityClass,
        entityId,
        publishToCustomer: false,
        name: `${UNPUBLISHED} ${entityClass} ${marker}`.trim(),
      });
    // A customer user of the company, named with the marker too.
    const manager = await createUser(t.db, {
      userTypeId: 4,
      customerId: c.id,
      ...(marker ? { name: `${marker} Manager` } : {}),
    });
    const contractType = await createContractType(t.db);
    const contract = await createContract(t.db, {
      contractTypeId: contractType.id,
      customerId: c.id,
      machineIds: [machine.id],
      startDate: '2020-01-01',
      ...(marker ? { name: `${marker} contract`, notes: `${marker} notes` } : {}),
    });
    const counter = await createCounter(t.db, {
      machineId: machine.id,
      readings: [[120, new Date(Date.now() - 86_400_000)]],
      ...(marker ? { name: `${marker} hours` } : {}),
    });
    const agreement = await createServiceAgreement(t.db, {
      machineId: machine.id,
      contractId: contract.id,
      counterId: counter.id,
      counterInterval: '500',
      ...(marker ? { name: `${marker} agreement` } : {}),
    });
    return {
      contractType: contractType.id,
      contract: contract.id,
      counter: counter.id,
      agreement: agreement.id,
      partner: partner.id,
      customer: c.id,
      address: c.deliveryAddress!.id,
      contact: c.contact!.id,
      machine: machine.id,
      job: job.id,
      subJob: job.subJobs[0]!.id,
      appointment: appointment.id,
      jobDocument: jobDocument.id,
      jobDocumentPath: jobDocument.storagePath,
      machineDocument: machineDocument.id,
      manager: manager.id,
      model: machine.machineModelId!,
      qrcode,
      labelToken: await t.labelToken(machine.id),
      statusToken: await createStatusLink(t.db, job.id),
      checklist: (
        await createChecklist(t.db, { jobId: job.id, ...(marker ? { name: `${marker} checks` } : {}) })
      ).id,
    };
  }

  async function signIn(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: api.token.path,
      remoteAddress: nextAddress(),
      headers: { authorization: basic(email, PASSWORD), 'content-type': 'application/x-www-form-urlencoded' },
      payload: form,
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { access_token: string; refresh_token: string };
  }

  /** A new user of the type, of the own company where the type has one, signed in. */
  async function newCaller(type: UserTypeId) {
    const user = await createUser(t.db, {
      userTypeId: type,
      ...(type === 4 || type === 6 ? { customerId: own.customer } : {}),
      ...(type === 5 ? { partnerCompanyId: own.partner } : {}),
    });
    return {
      id: user.id,
      token: (await signIn(user.email)).access_token,
      email: user.email,
      signedInAt: Date.now(),
    };
  }

  const ref = {} as Ctx['ref'];
  const ctx = (me: number | null): Ctx => ({
    own,
    other,
    ref,
    me,
    fresh: {
      async customer() {
        const c = await createCustomer(t.db);
        return { id: c.id, address: c.deliveryAddress!.id, contact: c.contact!.id };
      },
      machine: async () => (await createMachine(t.db)).id,
      labelToken: async () => t.labelToken((await createMachine(t.db)).id),
      async job(status = 10, machines = 1) {
        const c = await createCustomer(t.db);
        const list = [];
        for (let i = 0; i < machines; i++) list.push(await createMachine(t.db, { customerId: c.id }));
        const spare = await createMachine(t.db, { customerId: c.id });
        const j = await createJob(t.db, { customerId: c.id, machines: list, jobStatusId: status });
        return {
          id: j.id,
          subJob: j.subJobs[0]!.id,
          machine: list[0]!.id,
          spare: spare.id,
          customer: c.id,
          address: c.deliveryAddress!.id,
          contact: c.contact!.id,
        };
      },
      appointment: async (participants?: number[], onMyWay = false) =>
        (
          await createAppointment(t.db, {
            ...(participants ? { participants } : {}),
            ...(onMyWay ? { onMyWayAt: new Date() } : {}),
          })
        ).id,
      async document(entityClass = 'Machine', entityId?: number) {
        const id = entityId ?? (await createMachine(t.db)).id;
        return (await createDocument(t.db, { entityClass, entityId: id, documentTypeCategoryId: 1 })).id;
      },
      async customerUser() {
        const u = await createUser(t.db, { userTypeId: 6 });
        return { id: u.id, email: u.email };
      },
      async lookup(kind) {
        const name = unique(`Matrix ${kind}`);
        const [row] =
          kind === 'repairCode'
            ? await t.db
                .insert(repairCodes)
                .values({ code: name.replaceAll(' ', '') })
                .returning()
            : kind === 'subStatus'
              ? await t.db.insert(jobSubStatuses).values({ jobStatusId: 20, name }).returning()
              : await t.db
                  .insert({ warranty: warrantyTypes, place: repairPlaces, category: jobCategories }[kind])
                  .values({ name })
                  .returning();
        return row!.id;
      },
      async note(author = me) {
        const job = (await createJob(t.db)).id;
        const [row] = await t.db
          .insert(supportLogs)
          .values({ jobId: job, text: 'Matrix note', createdBy: author })
          .returning();
        return row!.id;
      },
      async task(status) {
        const task = await t.app.services.tasks.enqueue({
          name: 'ExportMachines',
          displayText: 'task_export_machines',
          input: { UserId: me },
          createdBy: me,
        });
        if (status !== 'created')
          await t.db.update(tasks).set({ status, error: 'Matrix' }).where(eq(tasks.id, task.id));
        return task.id;
      },
    },
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    currentDb = t.db;
    await allLicences(t.app);
    Object.assign(own, await company('Own Partner AS', ''));
    Object.assign(other, await company('Andre Partner AS', MARKER));
    for (const type of ALL_USER_TYPES) shared.set(type, await newCaller(type));
    Object.assign(ref, {
      customerGroup: (await createCustomerGroup(t.db)).id,
      department: (await createDepartment(t.db)).id,
      supplier: (await createSupplier(t.db)).id,
      machineType: (await createMachineType(t.db)).id,
      assetType: (await createAssetType(t.db)).id,
    });
    // Another company's change logs carry the marker too: its customer and machine changed through the API.
    const admin = bearer(shared.get(1)!.token);
    for (const [method, url, payload] of [
      ['PATCH', fill(api.customerChange.path, { id: other.customer }), { Name: `${MARKER} Mekaniske ASA` }],
      ['PATCH', api.machineChange.path, { Id: other.machine, Name: `${MARKER} blower` }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: admin, payload });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    }
    changes = (await installWriteCounter(t.db)).changes;
  });
  afterAll(() => t?.close());
  // An access token lasts 15 minutes, and the matrix takes longer than that on a busy machine (it did:
  // every row after the 15th minute was answered 401): a shared caller older than 10 minutes signs in
  // again before the next row, as the same user.
  beforeEach(async () => {
    for (const [type, caller] of shared)
      if (Date.now() - caller.signedInAt > RENEW_SIGN_IN_MS)
        shared.set(type, {
          ...caller,
          token: (await signIn(caller.email)).access_token,
          signedInAt: Date.now(),
        });
  });
  // A row that switches a licence or feature off (assetTypeToggleFeature, the licence-off checks)
  // leaves them all on again for the next, whichever it is.
  afterEach(() => allLicences(t.app));

  const inputOf = async (name: RouteName, me: number | null): Promise<Input> => {
    const { input, scoped } = MATRIX[name];
    if (typeof input === 'function') return input(ctx(me));
    return input ?? scoped?.(own) ?? {};
  };

  const call = (name: RouteName, token: string | null, input: Input) => {
    const def = api[name];
    const isForm = typeof input.body === 'string';
    const multipart = input.multipart ? multipartForm(input.multipart) : null;
    return t.app.inject({
      method: def.method,
      url: fill(def.path, input.params),
      remoteAddress: nextAddress(),
      ...(input.query ? { query: input.query } : {}),
      ...(input.body !== undefined ? { payload: input.body as string } : {}),
      ...(multipart ? { payload: multipart.payload } : {}),
      headers: {
        ...(token ? bearer(token) : {}),
        ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(multipart ? { 'content-type': multipart.contentType } : {}),
      },
    });
  };

  /** Calls and asserts a refusal: exactly `status`, and nothing written. */
  async function refused(name: RouteName, token: string | null, input: Input, status: number, who: string) {
    const before = await changes();
    const res = await call(name, token, input);
    expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    expect(await changes(), `${who}: a refused call wrote to the database`).toBe(before);
    return res;
  }

  const expected = (row: Row, type: UserTypeId) =>
    typeof row.ok === 'object' ? (row.ok[type] ?? 200) : (row.ok ?? 200);

  /** The callers of a row: the shared ones, or new ones where the row may end its caller's session. */
  const callersOf = async (row: Row) => {
    const callers = new Map<UserTypeId, { id: number; token: string }>();
    for (const type of ALL_USER_TYPES)
      callers.set(type, row.session ? await newCaller(type) : shared.get(type)!);
    return callers;
  };

  it.each(Object.keys(MATRIX) as RouteName[])('%s', async (name) => {
    const row = MATRIX[name];
    const callers = await callersOf(row);
    if (row.allow === 'anonymous') {
      const anonymous = await call(name, null, await inputOf(name, null));
      expect(anonymous.statusCode, `anonymous: ${anonymous.body}`).toBe(row.anonymousOk ?? expected(row, 1));
      // Signed-in callers get the anonymous answer: the route does not look at who calls.
      for (const type of ALL_USER_TYPES) {
        const res = await call(name, callers.get(type)!.token, await inputOf(name, null));
        expect(res.statusCode, `type ${type}: ${res.body}`).toBe(expected(row, type));
      }
      return;
    }
    await refused(name, null, await inputOf(name, null), 401, 'anonymous');
    for (const type of ALL_USER_TYPES) {
      const caller = callers.get(type)!;
      const input = await inputOf(name, caller.id);
      if (!row.allow.includes(type)) {
        await refused(name, caller.token, input, 403, `type ${type}`);
        continue;
      }
      const res = await call(name, caller.token, input);
      expect(res.statusCode, `type ${type}: ${res.body}`).toBe(expected(row, type));
    }
  });

  /** What a route needs switched on, and whom each refuses while it is off. */
  const offsOf = (name: RouteName) => {
    const row = MATRIX[name];
    const offs: { group: 'licences' | 'features'; key: string; types: readonly UserTypeId[] }[] = [];
    if (row.allow === 'anonymous') return offs;
    const allow = row.allow;
    const { licence, feature } = needs(api[name].access);
    if (licence) offs.push({ group: 'licences', key: licence, types: allow });
    if (feature) offs.push({ group: 'features', key: feature, types: allow });
    for (const portal of ['CustomerPortal', 'PartnerPortal'] as const) {
      const types = allow.filter((type) => portalLicenceOf(type) === portal);
      if (types.length > 0) offs.push({ group: 'licences', key: portal, types });
    }
    return offs;
  };
  const licensedRoutes = (Object.keys(MATRIX) as RouteName[]).filter((n) => offsOf(n).length > 0);
  it.each(licensedRoutes)(
    '%s: refused while the licence or feature it needs, or the caller’s portal licence, is off; the others still served',
    async (name) => {
      const row = MATRIX[name];
      const callers = await callersOf(row);
      for (const off of offsOf(name)) {
        await t.app.services.settings.write(off.group, { [off.key]: false });
        for (const type of row.allow as readonly UserTypeId[]) {
          const caller = callers.get(type)!;
          const input = await inputOf(name, caller.id);
          const who = `type ${type}, ${off.key} off`;
          if (off.types.includes(type)) await refused(name, caller.token, input, 403, who);
          else {
            const res = await call(name, caller.token, input);
            expect(res.statusCode, `${who}: ${res.body}`).toBe(expected(row, type));
          }
        }
        await allLicences(t.app);
      }
    },
  );

  const scopedRoutes = (Object.keys(MATRIX) as RouteName[]).filter((n) => MATRIX[n].scoped);
  it.each(scopedRoutes)(
    '%s: customer users and partners get their own company’s record, 404 for another’s',
    async (name) => {
      const row = MATRIX[name];
      const scoped = row.scoped!;
      for (const type of row.allow as readonly UserTypeId[]) {
        const caller = shared.get(type)!;
        const mine = await call(name, caller.token, scoped(own));
        expect(mine.statusCode, `type ${type} own: ${mine.body}`).toBe(expected(row, type));
        // One's own record named with another company's in one call: not found, whoever asks.
        if (row.mixed) {
          const mixed = await refused(name, caller.token, row.mixed(own, other), 404, `type ${type} mixed`);
          if (!STAFF.includes(type)) expect(mixed.body).not.toContain(MARKER);
        }
        const otherOk = STAFF.includes(type) ? expected(row, type) : row.other?.[type];
        if (otherOk !== undefined) {
          const theirs = await call(name, caller.token, scoped(other));
          expect(theirs.statusCode, `type ${type} other: ${theirs.body}`).toBe(otherOk);
        } else {
          const theirs = await refused(name, caller.token, scoped(other), 404, `type ${type} other`);
          expect(theirs.body).not.toContain(MARKER);
          // Where one's own record answers 404 too, it is for another reason than not being seen.
          if (mine.statusCode === 404)
            expect(theirs.json().Message, `type ${type}`).not.toBe(mine.json().Message);
        }
      }
    },
  );

  /** Routes that only read: every GET and the POSTs that filter. */
  const READS = (Object.keys(MATRIX) as RouteName[]).filter(
    (n) => api[n].method === 'GET' || ['machineFiltered', 'jobListFiltered', 'mapsNearbyJobs'].includes(n),
  );
  // Some 450 calls in one test: 21 s of the default 30 s on a loaded 2-core machine, and once over it.
  it('no answer to a customer user or partner carries another company’s marker', async () => {
    let calls = 0;
    for (const type of [4, 5, 6] as const) {
      const caller = shared.get(type)!;
      for (const name of READS) {
        const row = MATRIX[name];
        if (row.allow !== 'anonymous' && !row.allow.includes(type)) continue;
        const inputs = [await inputOf(name, caller.id)];
        if (row.scoped) inputs.push(row.scoped(own), row.scoped(other));
        for (const text of [MARKER, MARKER.toLowerCase().slice(2, 8)]) {
          const search = searching(name, inputs[0]!, text);
          if (search) inputs.push(search);
        }
        // Filtered by another company's record: an empty answer or a 404, never its rows.
        const filtered: Input[] = [];
        for (const [fields, record] of FILTERS) {
          const input = withField(name, inputs[0]!, fields, other[record]);
          if (input) filtered.push(input);
        }
        for (const input of filtered) {
          const res = await call(name, caller.token, input);
          calls++;
          expect([200, 404], `${name} as type ${type} filtered: ${res.body}`).toContain(res.statusCode);
          expect(res.body.toLowerCase(), `${name} as type ${type}`).not.toContain(MARKER.toLowerCase());
        }
        for (const [i, input] of inputs.entries()) {
          const res = await call(name, caller.token, input);
          calls++;
          // The row's own input answers as in the matrix; another company's record is a 404.
          const status =
            row.scoped && i === 2
              ? (row.other?.[type] ?? 404)
              : i === 0 || (row.scoped && i === 1)
                ? expected(row, type)
                : 200;
          expect(res.statusCode, `${name} as type ${type}: ${res.body}`).toBe(status);
          expect(res.body.toLowerCase(), `${name} as type ${type}`).not.toContain(MARKER.toLowerCase());
        }
      }
    }
    expect(calls).toBeGreaterThan(400);
    // The marker is there to be found: the Admin finds it, so the check above could fail.
    const admin = shared.get(1)!;
    const found: RouteName[] = [];
    for (const name of READS) {
      const search = searching(name, await inputOf(name, admin.id), MARKER);
      if (search && (await call(name, admin.token, search)).body.includes(MARKER)) found.push(name);
    }
    expect(found).toEqual(
      expect.arrayContaining([
        'customerSearch',
        'customerFiltered',
        'machineSearch',
        'machineFiltered',
        'jobListFiltered',
        'partnerCompanyFiltered',
      ]),
    );
    for (const name of ['customerLogs', 'machineLogs'] as const)
      expect((await call(name, admin.token, {})).body, name).toContain(MARKER);
  }, 120_000);

  it('customer users see the documents published to customers only; partners also all of their jobs’', async () => {
    const reads = [
      ['documentsOfJob', { params: { id: own.job } }, 'Job'],
      ['entityDocuments', { params: { entityClass: 'Job', entityId: own.job } }, 'Job'],
      ['entityDocuments', { params: { entityClass: 'Machine', entityId: own.machine } }, 'Machine'],
    ] as const;
    for (const type of ALL_USER_TYPES)
      for (const [name, input, entityClass] of reads) {
        const res = await call(name, shared.get(type)!.token, input);
        expect(res.statusCode, `${name} as type ${type}: ${res.body}`).toBe(200);
        // Every caller sees the published one.
        expect(res.body, `${name} as type ${type}`).toContain(
          `"Id":${entityClass === 'Job' ? own.jobDocument : own.machineDocument},`,
        );
        const seesAll = STAFF.includes(type) || (type === 5 && entityClass === 'Job');
        expect(res.body.includes(`${UNPUBLISHED} ${entityClass}`), `${name} as type ${type}`).toBe(seesAll);
      }
    // Another company's records' documents, of every class that belongs to a company: not found.
    for (const type of [4, 5, 6] as const)
      for (const [entityClass, entityId] of [
        ['Customer', other.customer],
        ['Job', other.job],
        ['Machine', other.machine],
      ] as const) {
        const input = { params: { entityClass, entityId } };
        expect(
          (
            await call('entityDocuments', shared.get(type)!.token, {
              params: {
                entityClass,
                entityId:
                  own[entityClass === 'Customer' ? 'customer' : entityClass === 'Job' ? 'job' : 'machine'],
              },
            })
          ).statusCode,
          `type ${type} own ${entityClass}`,
        ).toBe(200);
        await refused(
          'entityDocuments',
          shared.get(type)!.token,
          input,
          404,
          `type ${type} other ${entityClass}`,
        );
      }
  });

  it('staff but the Admin manage customer accounts only; nobody raises an account’s type or moves its own', async () => {
    const fresh = ctx(null).fresh;
    for (const type of [2, 3] as const) {
      const caller = shared.get(type)!;
      const who = `type ${type}`;
      for (const accountType of [1, 2, 3, 5] as const) {
        const account = await createUser(t.db, { userTypeId: accountType });
        const body = { Name: 'Matrix', EmailAdress: `matrix.${type}.${accountType}@example.test` };
        const add = {
          body: {
            ...body,
            UserTypeId: accountType,
            ...(accountType === 5 ? { PartnerCompanyId: own.partner } : {}),
          },
        };
        await refused('userAdd', caller.token, add, 403, `${who} adds a type ${accountType}`);
        await refused(
          'userChange',
          caller.token,
          { params: { id: account.id }, body: { Name: 'Matrix' } },
          403,
          `${who} changes a type ${accountType}`,
        );
        await refused(
          'userToggleActive',
          caller.token,
          { params: { id: account.id } },
          403,
          `${who} switches a type ${accountType}`,
        );
        await refused(
          'userChangePasswordFor',
          caller.token,
          { params: { email: account.email }, body: { Password: 'Aa1!aaaa' } },
          403,
          `${who} sets a type ${accountType}'s password`,
        );
        await refused(
          'userSendResetPasswordMail',
          caller.token,
          { query: { emailaddress: account.email } },
          403,
          `${who} resets a type ${accountType}'s password`,
        );
        // A customer account they may change is not raised to this type.
        const customerUser = await fresh.customerUser();
        await refused(
          'userChange',
          caller.token,
          { params: { id: customerUser.id }, body: { UserTypeId: accountType } },
          403,
          `${who} raises a customer account to type ${accountType}`,
        );
      }
    }
    // One's own account: the fields that say who one is are not one's to change.
    for (const type of ALL_USER_TYPES) {
      const caller = await newCaller(type);
      const before = (await call('userInfo', caller.token, {})).json();
      const res = await call('changeMyAccount', caller.token, {
        body: {
          UserTypeId: 1,
          CustomerId: other.customer,
          PartnerCompanyId: other.partner,
          IsActive: false,
          Email: 'x@example.test',
        },
      });
      expect([200, 400], `type ${type}: ${res.body}`).toContain(res.statusCode);
      const after = await call('userInfo', caller.token, {});
      expect(after.statusCode, `type ${type}`).toBe(200);
      expect(after.json().UserInfo, `type ${type}`).toEqual(before.UserInfo);
    }
  });

  it('a support-log note is changed by its author or an Admin only', async () => {
    const author = shared.get(2)!;
    for (const type of STAFF) {
      const note = await ctx(author.id).fresh.note();
      const input = { body: { Id: note, Text: `Matrix by ${type}` } };
      if (type === 3) await refused('supportLogChange', shared.get(type)!.token, input, 403, `type ${type}`);
      else
        expect(
          (await call('supportLogChange', shared.get(type)!.token, input)).statusCode,
          `type ${type}`,
        ).toBe(200);
    }
    const admins = await ctx(shared.get(1)!.id).fresh.note();
    await refused('supportLogChange', author.token, { body: { Id: admins, Text: 'Matrix' } }, 403, 'type 2');
  });

  it('another user’s account and tasks: customer users and partners (and staff but the Admin, for tasks) are answered 404', async () => {
    const admin = shared.get(1)!;
    const started = await call('exportMachines', admin.token, { body: { CustomerId: other.customer } });
    expect(started.statusCode, started.body).toBe(200);
    const task = (started.json() as { taskId: number }).taskId;
    for (const type of ALL_USER_TYPES) {
      const caller = shared.get(type)!;
      const who = `type ${type}`;
      for (const id of [own.manager, other.manager]) {
        if (STAFF.includes(type))
          expect((await call('userGetAccount', caller.token, { params: { id } })).statusCode, who).toBe(200);
        else await refused('userGetAccount', caller.token, { params: { id } }, 404, `${who}, user ${id}`);
      }
      const list = await call('taskList', caller.token, {});
      expect(list.statusCode, `${who}: ${list.body}`).toBe(200);
      expect(list.body.includes(`"taskId":${task},`), who).toBe(type === 1);
      if (type === 1) continue;
      await refused('taskCancelWait', caller.token, { params: { id: task } }, 404, `${who} cancels`);
      await refused('taskRestart', caller.token, { params: { taskId: task } }, 404, `${who} restarts`);
    }
    // The Admin handles everybody's: the waiting task is cancelled.
    expect((await call('taskCancelWait', admin.token, { params: { id: task } })).statusCode).toBe(200);
  });

  /** What a socket was sent: the customer events' ids, and every event as `name [args]`. */
  type Seen = { customers: string[]; all: string[] };
  const sockets: Socket[] = [];
  let url = '';
  /** A socket of the live-event hub, resolved once it is caught up (`sync`). */
  /** `since`: the last sequence seen, to be sent what was missed since (`eventual-data`) first. */
  const connect = async (token?: string, since?: number) => {
    if (!url) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    return new Promise<Seen>((resolve, reject) => {
      const socket = io(url, {
        path: LIVE_EVENTS_PATH,
        ...(token ? { auth: { token, ...(since === undefined ? {} : { since }) } } : {}),
        transports: ['websocket'],
        reconnection: false,
      });
      sockets.push(socket);
      const seen: Seen = { customers: [], all: [] };
      socket.on('customer', (e: { EntityId: string }) => seen.customers.push(e.EntityId));
      socket.onAny((event: string, ...args: unknown[]) => seen.all.push(`${event} ${JSON.stringify(args)}`));
      socket.on('sync', () => resolve(seen));
      socket.on('connect_error', reject);
    });
  };
  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });

  it('the live-event hub refuses anonymous sockets and sends each user type the changes of its own records only', async () => {
    await expect(connect()).rejects.toMatchObject({ data: { code: 'unauthorized' } });
    const seen = new Map<UserTypeId, Seen>();
    // Callers of their own: the shared ones' sessions stay out of this test's way.
    for (const type of ALL_USER_TYPES) seen.set(type, await connect((await newCaller(type)).token));
    const admin = bearer(shared.get(1)!.token);
    const send = async (method: 'PATCH' | 'PUT', url: string, payload: object) => {
      const res = await t.app.inject({ method, url, headers: admin, payload });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    };
    // Another company's records change, with the marker in what changes; then the own company's.
    await send('PATCH', fill(api.customerChange.path, { id: other.customer }), { Name: `${MARKER} live` });
    await send('PUT', fill(api.contactUpdate.path, { id: other.customer, contactId: other.contact }), {
      ...matrixContact,
      Name: `${MARKER} live contact`,
    });
    await send('PATCH', api.machineChange.path, { Id: other.machine, Name: `${MARKER} live machine` });
    await send('PATCH', `${fill(api.jobChangeStatus.path, { id: other.job })}?jobStatusId=20`, {});
    await send('PATCH', api.appointmentChange.path, {
      Id: other.appointment,
      StartTime: `${week.date2}T09:00:00`,
      EndTime: `${week.date2}T10:00:00`,
      Type: 1,
      Subject: `${MARKER} live visit`,
      Participants: [shared.get(2)!.id],
    });
    await send('PATCH', fill(api.customerChange.path, { id: own.customer }), { Name: 'Matrix live own' });
    // Events arrive in order: once the own company's is there, another company's would have been too.
    const end = Date.now() + 5_000;
    while ([...seen.values()].some((s) => !s.customers.includes(String(own.customer))) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 10));
    for (const type of ALL_USER_TYPES)
      expect(new Set(seen.get(type)!.customers), `type ${type}`).toEqual(
        new Set(type <= 3 ? [String(other.customer), String(own.customer)] : [String(own.customer)]),
      );
    for (const type of ALL_USER_TYPES) {
      const events = seen.get(type)!.all;
      expect(events.length, `type ${type}`).toBeGreaterThan(0);
      if (type > 3)
        for (const e of events) expect(e.toLowerCase(), `type ${type}`).not.toContain(MARKER.toLowerCase());
      // Nothing of another company's customer, machine, job or appointment, under any of its ids.
      const theirs = (
        [
          ['customer', other.customer],
          ['machine', other.machine],
          ['job', other.job],
          ['appointment', other.appointment],
        ] as const
      ).map(([entity, id]) => ({ head: `${entity} [{`, id: `"EntityId":"${id}"` }));
      // Staff are sent each of them (so the check could fail); customer users and partners none.
      for (const { head, id } of theirs)
        expect(
          events.some((e) => e.startsWith(head) && e.includes(id)),
          `type ${type}: ${head} ${id} in ${events.join('\n')}`,
        ).toBe(type <= 3);
    }
    // A reconnecting client is sent what it missed first: another company's changes are not among it.
    for (const type of ALL_USER_TYPES) {
      const missed = (await connect((await newCaller(type)).token, 0)).all.filter((e) =>
        e.startsWith('eventual-data '),
      );
      expect(missed.length, `type ${type}`).toBe(1);
      const replayed = missed[0]!;
      expect(replayed.includes(`"EntityId":"${own.customer}"`), `type ${type}`).toBe(true);
      for (const [entity, id] of [
        ['customer', other.customer],
        ['machine', other.machine],
        ['job', other.job],
        ['appointment', other.appointment],
      ] as const)
        expect(
          replayed.includes(`"Entity":"${entity}","EntityId":"${id}"`) ||
            new RegExp(
              `"EntityId":"${id}"[^}]*"Entity":"${entity}"|"Entity":"${entity}"[^}]*"EntityId":"${id}"`,
            ).test(replayed),
          `type ${type}: ${entity} ${id} replayed`,
        ).toBe(type <= 3);
      if (type > 3) expect(replayed.toLowerCase(), `type ${type}`).not.toContain(MARKER.toLowerCase());
    }
  });

  it('with its portal licence off, a customer user’s or partner’s socket is refused, and an open one is sent nothing more', async () => {
    const open = new Map<UserTypeId, Seen>();
    const callers = new Map<UserTypeId, string>();
    for (const type of ALL_USER_TYPES) {
      callers.set(type, (await newCaller(type)).token);
      open.set(type, await connect(callers.get(type)));
    }
    await t.app.services.settings.write('licences', { CustomerPortal: false, PartnerPortal: false });
    for (const type of [4, 5, 6] as const)
      await expect(connect(callers.get(type)), `type ${type}`).rejects.toMatchObject({
        data: { code: 'licence_required' },
      });
    const res = await t.app.inject({
      method: 'PATCH',
      url: fill(api.customerChange.path, { id: own.customer }),
      headers: bearer(shared.get(1)!.token),
      payload: { Name: 'Matrix unlicensed' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // Staff are sent the change; once every staff socket has it, the others would have had it too.
    const end = Date.now() + 5_000;
    while ([1, 2, 3].some((type) => !open.get(type as UserTypeId)!.customers.length) && Date.now() < end)
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    for (const type of ALL_USER_TYPES)
      expect(open.get(type)!.customers, `type ${type}`).toEqual(type <= 3 ? [String(own.customer)] : []);
  });
});
