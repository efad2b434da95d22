import { type Api, api, type RouteDef } from '@fieldport/contract';
import { ROUTE_EXAMPLES, type RouteExample } from '@fieldport/contract/examples';
import { z } from 'zod';

/**
 * An example per call for /api2/docs: the request (path, query, body) and the success answer, made
 * from the call's own zod schemas by type, check and field name (a Nordic field-service company:
 * customers, machines, jobs, technicians), with the contract's hand-written examples
 * (`packages/contract/src/examples`) laid over the most used calls. Runs once, when the document is
 * first asked for (@fastify/swagger caches it); nothing of it runs per request.
 * apps/server/test/openapi-examples.test.ts parses every example with its call's schemas.
 */

/** The parts of a zod definition the generator reads (zod v4 `_zod.def`). */
interface Def {
  type: string;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}
interface CheckDef {
  check: string;
  format?: string;
  pattern?: RegExp;
  value?: number | bigint;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
}

const defOf = (s: z.ZodType) => s._zod.def as unknown as Def;

/** Wall-clock dates in the company's zone (spec README, Dates): a Monday in spring. */
const DAY = '2026-03-16';
const DATE_TIME = `${DAY}T08:30:00`;

/** Text by field name, exactly or (lower case) by ending. */
const TEXT: Record<string, string> = {
  ean: '7038010055690',
  customername: 'Fjordbygg Entreprenør AS',
  partnercompanyname: 'Vestland Maskinservice AS',
  machinename: 'Hjullaster L120H',
  modelname: 'Volvo L120H',
  typename: 'Wheel loader',
  assettypename: 'Rental fleet',
  suppliername: 'Volvo Construction Equipment',
  departmentname: 'Service Oslo',
  createdby: 'Lars Berg',
  email: 'ingrid.hansen@fjordbygg.no',
  emailadress: 'ingrid.hansen@fjordbygg.no',
  emailaddress: 'ingrid.hansen@fjordbygg.no',
  to: 'ingrid.hansen@fjordbygg.no',
  phone: '+47 913 45 678',
  mobile: '+47 913 45 678',
  fixedphone: '+47 32 21 45 00',
  telephone: '+47 32 21 45 00',
  address: 'Industriveien 14',
  street: 'Industriveien 14',
  zip: '3036',
  city: 'Drammen',
  county: 'Buskerud',
  country: 'NO',
  addresszipandcity: 'Industriveien 14, 3036 Drammen',
  serialnumber: 'VCE0L120H00045123',
  orderid: '10452',
  customernumber: '10234',
  organisationnumber: '987 654 321',
  invoicereference: 'PO 4500123',
  description: 'Hydraulic oil leak at the lift cylinder; the machine stands still.',
  customercomment: 'Leaks oil under the front axle after an hour of work.',
  techniciancomment: 'Replaced the seal kit of the lift cylinder and topped up 12 l of hydraulic oil.',
  invoicecomment: 'Invoice the seal kit and 3.5 hours of work.',
  firstlinecomment: 'Customer called at 07:40; the machine is needed on site on Friday.',
  subject: 'Service visit Fjordbygg',
  message: 'Saved.',
  optionalmessage: '',
  errormessage: '',
  password: 'Fjord!2026',
  access_token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3IiwidHlwIjoiYWNjZXNzIn0.q3Xl2Jd0nI8rW5cQvYp1oQ',
  accesstoken: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.eyJvaWQiOiI3In0.c2lnbmF0dXJl',
  refresh_token: 'r1.9f4c2b7e6d8a41c3b0e5f7a2d9c8b1e4',
  scope: 'ServiceProvider.Administrator',
  timezone: 'Europe/Oslo',
  workhourstart: '07:00',
  workhourend: '16:00',
  workstart: '07:00',
  workend: '15:00',
  mainlocationcoordinates: '10.2045,59.7439',
  googlemapsapikey: '',
  cron: '0 6 * * 1-5',
  color: '#2E7D32',
  statuscolor: '#2E7D32',
  icon: 'Build',
  statusicon: 'Build',
  statusname: 'Planned',
  jobstatusname: 'Planned',
  substatusname: 'Waiting for parts',
  jobtypename: 'Repair',
  priorityname: 'High',
  version: '0.1.0',
  code: 'H-112',
  qrcode: 'FP-000148',
  filename: 'service-report-10452.pdf',
  contenttype: 'application/pdf',
  relativepath: 'documents/Job/2051/service-report-10452.pdf',
  url: '/api2/resource/?relativePath=documents/Job/2051/service-report-10452.pdf',
  link: '/portal/machine/148',
  logopath: 'images/logo.png',
  polyline: '_p~iF~ps|U_ulLnnqC_mqNvxq`@',
  taskname: 'MachineExport',
  planname: 'Nightly machine export',
  body: 'Your code is 482913. It is valid for 60 minutes.',
  entity: 'Machine',
  entityclass: 'Machine',
  action: 'Update',
  method: 'PATCH',
  route: '/api2/ServiceProvider/machine/148',
  field: 'Name',
  oldvalue: 'Hjullaster L90H',
  newvalue: 'Hjullaster L120H',
  uiculture: 'en',
  erpbaseassembly: 'Standalone',
  erpfriendlyname: 'Standalone',
  estimatedtime: '2,5',
  creditlimit: '250000',
  displaytext: 'Industriveien 14, 3036 Drammen',
  group: 'global',
  text: 'Worn bucket teeth',
  input: '2,5',
  response: 'OK',
  orderdepartmentfilter: '',
  usertypeids: '2,3',
  prependitemidlist: '12',
  // RoutePlan's optimised order: appointment ids.
  order: '311,312',
};

/** A multipart call's files, by part name. */
const FILES: Record<string, string> = {
  imagefile: 'volvo-l120h.jpg',
  files: 'service-report-10452.pdf',
};

/** Ids by field name: one company's records, the same in every example. */
const IDS: Record<string, number> = {
  customerid: 12,
  parentcustomerid: 12,
  machineid: 148,
  jobid: 2051,
  parentid: 2051,
  appointmentid: 311,
  userid: 7,
  createdbyid: 1,
  resourceid: 7,
  departmentid: 2,
  orderdepartmentid: 2,
  jobstatusid: 20,
  jobsubstatusid: 3,
  jobtypeid: 1,
  jobpriorityid: 2,
  jobcategoryid: 4,
  defaultjobcategoryid: 4,
  machinemodelid: 9,
  modelid: 9,
  machinetypeid: 3,
  supplierid: 2,
  assettypeid: 1,
  partnercompanyid: 1,
  customergroupid: 100,
  deliveryaddressid: 31,
  defaultdeliveryaddressid: 31,
  customerdeliveryaddress: 31,
  addressid: 31,
  contactpersonid: 18,
  customerpersonid: 18,
  defaultcustomerpersonid: 18,
  documenttypeid: 1,
  documenttypecategoryid: 1,
  docid: 64,
  taskid: 57,
  repairplaceid: 1,
  warrentytypeid: 1,
  contracttypeid: 1,
  supplierfailurecodeid: 5,
  entityid: 148,
  fromid: 7,
  typeid: 1,
  eventid: 9120,
  usertypeid: 2,
  participants: 7,
};

/** The record a bare `Id` is, by the call's name. */
const ID_BY_CALL: [RegExp, number][] = [
  [/assettype/i, 1],
  [/jobtype|warrant|repairplace|documenttype/i, 1],
  [/priority/i, 2],
  [/category/i, 4],
  [/substatus/i, 3],
  [/failurecode|repaircode|code/i, 5],
  [/inverseparent|subjob/i, 2052],
  [/participant|technician|resource/i, 7],
  [/appointment|scheduler/i, 311],
  [/document/i, 64],
  [/task|export/i, 57],
  [/customergroup/i, 100],
  [/partner/i, 1],
  [/department/i, 2],
  [/address/i, 31],
  [/contact|person/i, 18],
  [/customer/i, 12],
  [/machinemodel|model/i, 9],
  [/machinetype/i, 3],
  [/supplier/i, 2],
  [/qr/i, 148],
  [/machine/i, 148],
  [/status/i, 20],
  [/job|map|support/i, 2051],
  [/user|session|account|technician/i, 7],
];

/** Other numbers by field name. */
const NUMBERS: Record<string, number> = {
  latitude: 59.7439,
  lat: 59.7439,
  longitude: 10.2045,
  lng: 10.2045,
  radius: 25,
  distancemeters: 23400,
  durationseconds: 1680,
  page: 1,
  itemsperpage: 50,
  totalcount: 128,
  rowversion: 3,
  revision: 1,
  build: 1,
  progress: 40,
  size: 184320,
  sortorder: 1,
  type: 1,
  appointmenttype: 1,
  estimatedtime: 2.5,
  dueafterhours: 24,
  averagedaysbetweenjobs: 45,
  expires_in: 900,
  daysago: 2,
  hoursago: 3,
  limit: 20,
  creditlimit: 250000,
  eventsequence: 9120,
  count: 3,
  flag: 0,
  value: 1,
};

/** Yes-no fields that are yes in the examples; the others are no. */
const TRUE =
  /^(IsActive|IsBookable|Success|CanExport|Can[A-Z]\w*|IsDelivery|IsDefault|ShowNewTimeReport|EmailAllowed|IsCompleteable|IsDeletable|IsContactPerson)$/;

/** Known patterns of the contract's strings (dates in the catalogue's forms, ids, colours). */
const PATTERNS: [RegExp, (key: string, call: string) => string][] = [
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/, () => DAY],
  [/^\^\\d\{4\}-\\d\{2\}-\\d\{2\}T/, (key) => timeFor(key)],
  [/^\^\(\\d\{4\}/, (key) => timeFor(key)],
  [/^\^\\d\{1,10\}\$$/, (key, call) => String(idFor(key, call))],
  [/^\^#/, () => '#2E7D32'],
  [/^\^\[A-Za-z0-9\]\{1,60\}\$$/, () => 'Build'],
  [/^\^\[0-9 \+#-\]/, () => TEXT.phone ?? ''],
  [/^\^\[A-Za-z0-9_-\]\+\$$/, (_, owner) => (/qr/i.test(owner) ? 'FP-000148' : 'machine-export')],
];

/** A date and time: a visit from 08:00 to 11:30, anything else at 08:30. */
function timeFor(key: string): string {
  if (/end/i.test(key)) return `${DAY}T11:30:00`;
  if (/start/i.test(key)) return `${DAY}T08:00:00`;
  return DATE_TIME;
}

/**
 * What a record is about: `owner` names the fields around it, nearest first, then the call
 * ('Machine InverseParent jobGet'); the first of them a table knows decides.
 */
function byOwner<T>(table: [RegExp, T][], owner: string): T | undefined {
  for (const part of owner.split(' ')) {
    const hit = table.find(([re]) => re.test(part));
    if (hit) return hit[1];
  }
  return undefined;
}

function idFor(key: string, owner: string): number {
  return IDS[key.toLowerCase()] ?? byOwner(ID_BY_CALL, owner) ?? 1;
}

/** A bare `Name`, by what the record is. */
const NAMES: [RegExp, string][] = [
  [/contact|person/i, 'Ingrid Hansen'],
  [/user|technician|participant|resource|account|session|createdby/i, 'Lars Berg'],
  [/address/i, 'Fjordbygg Entreprenør AS, Drammen'],
  [/customergroup/i, 'Construction'],
  [/department/i, 'Service Oslo'],
  [/partner/i, 'Vestland Maskinservice AS'],
  [/customer/i, 'Fjordbygg Entreprenør AS'],
  [/supplier/i, 'Volvo Construction Equipment'],
  [/machinetype/i, 'Wheel loader'],
  [/model/i, 'Volvo L120H'],
  [/assettype/i, 'Rental fleet'],
  [/document/i, 'Service report 10452'],
  [/status/i, 'Planned'],
  [/setting/i, 'TimeZone'],
  [/machine|qr/i, 'Hjullaster L120H'],
  [/category/i, 'Preventive maintenance'],
  [/warrant/i, 'Manufacturer warranty'],
  [/repairplace/i, 'Workshop'],
  [/code/i, 'Hydraulic leak'],
  [/priority/i, 'High'],
  [/jobtype/i, 'Repair'],
  [/task|export/i, 'Machine export'],
];

/** A record's DisplayName, as the lists show it. */
const DISPLAY_NAMES: [RegExp, string][] = [
  [/address/i, 'Industriveien 14, 3036 Drammen'],
  [/contact|person/i, 'Ingrid Hansen'],
  [/user|technician|participant|resource/i, 'Lars Berg'],
  [/customer/i, '10234 Fjordbygg Entreprenør AS'],
  [/machine|qr/i, 'Hjullaster L120H (VCE0L120H00045123)'],
  [/job|appointment|map|scheduler|event/i, '10452 Hjullaster L120H'],
];

/** Stored images, by what they show. */
const IMAGES: [RegExp, string][] = [
  [/customergroup/i, 'images/CustomerGroup/100.png'],
  [/machinetype/i, 'images/MachineType/3.png'],
  [/user|technician/i, 'images/User/7.png'],
];

/** E-mail addresses: the service company's staff, else the customer's contact. */
const EMAIL_FIELDS = new Set(['email', 'emailadress', 'emailaddress', 'username', 'userlogonname', 'to']);
const EMAILS: [RegExp, string][] = [
  [/partner/i, 'service@vestlandmaskin.no'],
  [/setting|company/i, 'post@nordservice.no'],
  [/contact|person|customer/i, 'ingrid.hansen@fjordbygg.no'],
  [/user|technician|participant|account|session|token|password|otp|mail/i, 'lars.berg@nordservice.no'],
];

/** A search word that would find the example record. */
const SEARCH_WORDS: [RegExp, string][] = [
  [/customer|address|contact/i, 'Fjordbygg'],
  [/user|technician|account/i, 'Berg'],
  [/job/i, '10452'],
];

function textFor(key: string, owner: string): string {
  const k = key.toLowerCase();
  if (/task|plan|export/i.test(owner) && (k === 'description' || k === 'displaytext'))
    return k === 'description' ? 'Exports every machine to Excel each weekday at 06:00.' : 'Machine export';
  if (k === 'imagepath') return byOwner(IMAGES, owner) ?? 'images/MachineModel/9.png';
  if (EMAIL_FIELDS.has(k)) return byOwner(EMAILS, owner) ?? TEXT.email ?? '';
  if (TEXT[k] !== undefined) return TEXT[k];
  if (k === 'name') return byOwner(NAMES, owner) ?? 'Ingrid Hansen';
  if (k === 'displayname') return byOwner(DISPLAY_NAMES, owner) ?? byOwner(NAMES, owner) ?? 'Ingrid Hansen';
  if (k === 'searchword' || k === 'query' || k === 'searchquery')
    return byOwner(SEARCH_WORDS, owner) ?? 'L120H';
  if (/(date|time)$/.test(k) || k.endsWith('at')) return timeFor(k);
  const ending = Object.keys(TEXT)
    .filter((t) => k.endsWith(t))
    .sort((a, b) => b.length - a.length)[0];
  return ending ? (TEXT[ending] ?? '') : (byOwner(NAMES, owner) ?? 'Hjullaster L120H');
}

function numberFor(key: string, call: string, checks: CheckDef[]): number {
  const k = key.toLowerCase();
  let value = IDS[k] ?? NUMBERS[k] ?? (k.endsWith('id') || k.endsWith('idlist') ? idFor(key, call) : 1);
  if (k.endsWith('idlist')) value = idFor(key.slice(0, -4), call);
  let min = -Infinity;
  let max = Infinity;
  let int = false;
  for (const c of checks) {
    if (c.check === 'greater_than') min = Number(c.value) + (c.inclusive ? 0 : 1);
    if (c.check === 'less_than') max = Number(c.value) - (c.inclusive ? 0 : 1);
    if (c.check === 'number_format') {
      int = c.format !== 'float32' && c.format !== 'float64';
      if (c.minimum !== undefined) min = Math.max(min, c.minimum);
      if (c.maximum !== undefined) max = Math.min(max, c.maximum);
    }
  }
  if (int) value = Math.round(value);
  return Math.min(Math.max(value, min), max);
}

function stringFor(key: string, call: string, checks: CheckDef[]): string {
  let value: string | undefined;
  let min = 0;
  let max = Infinity;
  for (const c of checks) {
    if (c.check === 'min_length' && c.minimum !== undefined) min = c.minimum;
    if (c.check === 'max_length' && c.maximum !== undefined) max = c.maximum;
    if (c.check === 'length_equals' && c.value !== undefined) min = max = Number(c.value);
    if (c.check === 'string_format' && c.format === 'email') value = textFor('email', call);
    if (c.check === 'string_format' && c.format === 'regex' && c.pattern) {
      const source = c.pattern.source;
      value = PATTERNS.find(([re]) => re.test(source))?.[1](key, call);
    }
  }
  value ??= textFor(key, call);
  if (value.length < min) value = value.padEnd(min, 'x');
  return value.slice(0, max);
}

/** A value `schema` accepts as input, for the field `key` of the call `call`. */
function exampleOf(schema: z.ZodType, key: string, call: string, owner = call): unknown {
  const d = defOf(schema);
  const checks = (d.checks ?? []).map((c) => c._zod.def);
  const inner = (s: z.ZodType | undefined) => (s ? exampleOf(s, key, call, owner) : undefined);
  switch (d.type) {
    case 'string':
      return stringFor(key, owner, checks);
    case 'number':
    case 'int':
      return numberFor(key, owner, checks);
    case 'boolean':
      return TRUE.test(key);
    case 'null':
      return null;
    case 'literal':
      return d.values?.[0];
    case 'enum': {
      const values = Object.values(d.entries ?? {});
      const hint = TEXT[key.toLowerCase()];
      return values.find((v) => v === hint) ?? values[0];
    }
    case 'object': {
      // A nested record's Id and Name are of what its field names (Machine, DeliveryAddress, …).
      const of = key === call || key === 'Content' ? owner : `${key} ${owner}`;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(d.shape ?? {})) {
        const value = exampleOf(v, k, call, of);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      const min = checks.find((c) => c.check === 'min_length')?.minimum ?? 1;
      return Array.from({ length: Math.max(min, 1) }, () => inner(d.element));
    }
    case 'record':
      return { [String(inner(d.keyType))]: inner(d.valueType) };
    case 'tuple':
      return (d.items ?? []).map((s) => exampleOf(s, key, call, owner));
    case 'union': {
      const options = d.options ?? [];
      const preferred = options.filter((o) => !['null', 'undefined'].includes(defOf(o).type));
      return inner(preferred[0] ?? options[0]);
    }
    case 'intersection':
      return { ...(inner(d.left) as object), ...(inner(d.right) as object) };
    case 'pipe':
      // A transform's input is what the caller sends; a preprocess (transform first) takes the output's.
      return defOf(d.in as z.ZodType).type === 'transform' ? inner(d.out) : inner(d.in);
    case 'lazy':
      return inner(d.getter?.());
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(d.innerType) ?? (d.type === 'nullable' ? null : undefined);
    default:
      // unknown, any: a multipart call's file parts are named by a file name, anything else has none.
      return /file/i.test(key) ? (FILES[key.toLowerCase()] ?? 'service-report-10452.pdf') : undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Overlays `over` on `base`: objects field by field, each list item over the made item, anything else replaced. */
function overlay(base: unknown, over: unknown): unknown {
  if (over === undefined) return base;
  if (Array.isArray(over) && Array.isArray(base)) return over.map((item) => overlay(base[0], item));
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = overlay(base[k], v);
  return out;
}

interface Examples {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  response?: unknown;
}

/** The examples of one call: generated from its schemas, with the contract's hand-written ones over them. */
function routeExamples(name: string, def: RouteDef): Examples {
  const over = (ROUTE_EXAMPLES as Record<string, RouteExample | undefined>)[name] ?? {};
  const part = (schema: z.ZodType | undefined, given: unknown) =>
    schema ? overlay(exampleOf(schema, name, name), given) : undefined;
  const out: Examples = {};
  // The id in the path of documentsOfJob is the job's.
  const of = /Of([A-Z]\w*)$/.exec(name)?.[1];
  const params = def.params
    ? overlay(exampleOf(def.params, name, name, of ? `${of} ${name}` : name), over.params)
    : undefined;
  const query = part(def.query, over.query);
  const body = part(def.body, over.body);
  const response = def.response.kind === 'json' ? part(def.response.schema, over.response) : undefined;
  if (params !== undefined) out.params = params as Record<string, unknown>;
  if (query !== undefined) out.query = query as Record<string, unknown>;
  if (body !== undefined) out.body = body;
  if (response !== undefined) out.response = response;
  return out;
}

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string; example?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }>; required?: boolean };
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }
  >;
}
interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

/** A multipart call's parts: the JSON parts as objects (sent as application/json), the files as binary. */
function multipartSchema(body: z.ZodType): object {
  const shape = defOf(body).shape ?? {};
  const properties: Record<string, object> = {};
  for (const [k, v] of Object.entries(shape)) {
    const isFile =
      ['unknown', 'any'].includes(defOf(v).type) || defOf(defOf(v).innerType ?? v).type === 'unknown';
    properties[k] = isFile
      ? { type: 'string', format: 'binary' }
      : z.toJSONSchema(v, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' });
  }
  return { type: 'object', properties };
}

/**
 * Adds every call's examples to the finished document (@fastify/swagger's `transformObject`): on its
 * path and query parameters, its request body (form and multipart calls under their own media type)
 * and its success answer; a call that answers bytes says which type.
 */
export function addExamples<T>(doc: T): T {
  const routes = api as Api as Record<string, RouteDef>;
  for (const methods of Object.values((doc as OpenApiDocument).paths ?? {}))
    for (const op of Object.values(methods)) {
      const def = op.operationId ? routes[op.operationId] : undefined;
      if (!def || !op.operationId) continue;
      const ex = routeExamples(op.operationId, def);
      for (const p of op.parameters ?? []) {
        const value =
          p.in === 'path' ? ex.params?.[p.name] : p.in === 'query' ? ex.query?.[p.name] : undefined;
        if (value !== undefined) p.example = value;
      }
      if (def.body && def.bodyKind === 'multipart')
        op.requestBody = {
          required: true,
          content: { 'multipart/form-data': { schema: multipartSchema(def.body), example: ex.body } },
        };
      else if (def.body && op.requestBody?.content) {
        const media = Object.values(op.requestBody.content)[0] ?? {};
        const type = def.bodyKind === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
        op.requestBody.content = { [type]: { ...media, example: ex.body } };
      }
      const responses = op.responses ?? {};
      const ok = responses['200'] ?? { description: 'Default Response' };
      if (def.response.kind === 'binary')
        ok.content = { [def.response.contentType]: { schema: { type: 'string', format: 'binary' } } };
      else for (const media of Object.values(ok.content ?? {})) media.example = ex.response;
      responses['200'] = ok;
      op.responses = responses;
    }
  return doc;
}
