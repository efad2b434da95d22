import { FEATURE_KEYS, LICENCE_KEYS, orderIdFor } from '@fieldport/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/database.ts';
import {
  addresses,
  appointmentParticipants,
  appointments,
  assetTypes,
  customerGroups,
  customerPersons,
  customers,
  departments,
  jobs,
  machineModels,
  machines,
  machineTypes,
  partnerCompanies,
  suppliers,
  users,
} from '../db/schema/index.ts';
import { metresBetween } from '../infra/geocoder.ts';
import { writeGroup } from '../modules/settings/settings.repository.ts';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts.ts';
import { seedDemoAgreements } from './demo-agreements.ts';
import { seedDemoArticles } from './demo-articles.ts';
import { seedDemoChecklists } from './demo-checklists.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoOrders } from './demo-orders.ts';
import { seedDemoStock } from './demo-stock.ts';
import { seedDemoTime } from './demo-time.ts';
import {
  ASSET_TYPE_OF,
  ASSET_TYPES,
  addDays,
  addressValues,
  atMinutes,
  CITIES,
  type City,
  type Country,
  CUSTOMER_GROUP_NAMES,
  contactValues,
  createFake,
  customerDomain,
  customerValues,
  DEFAULT_TIME_ZONE,
  type Executor,
  type Fake,
  JobStatus,
  JobType,
  jobValues,
  MACHINE_TYPE_NAMES,
  MACHINE_TYPES,
  type MachineTypeName,
  machineValues,
  mobileNumber,
  mondayOf,
  orderNumbersPast,
  personName,
  pick,
  SUPPLIERS,
  serialNumber,
  slug,
  subJobValues,
  wallClock,
} from './factories/index.ts';

/** The fixed random seed of the demo company: every start looks the same (apart from dates relative to now). */
export const DEMO_SEED = 20_260_101;

export const DEMO_COMPANY = {
  CompanyName: 'Nordlys Service AS',
  AddressStreet: 'Industriveien 14',
  AddressZipAndCity: '0581 Oslo',
  Telephone: '+47 22 65 40 00',
  Email: 'post@nordlys-service.demo.test',
};

export const DEMO_CUSTOMER_NAME = 'Fjellheim Industri AS';
const CUSTOMER_COUNT = 48;
const MACHINE_COUNT = 150;
const PARENT_JOB_COUNT = 300;

/** Parent jobs per status: every status appears, most work is open or recently finished. */
const STATUS_MIX: Record<number, number> = {
  [JobStatus.New]: 60,
  [JobStatus.Planned]: 45,
  [JobStatus.InProgress]: 30,
  [JobStatus.WaitingForParts]: 20,
  [JobStatus.Completed]: 35,
  [JobStatus.ReadyForInvoicing]: 25,
  [JobStatus.Approved]: 30,
  [JobStatus.Closed]: 40,
  [JobStatus.Deleted]: 15,
};

/** How old (days) a job of each status is: work visited this week is at least a week old. */
const AGE_DAYS: Record<number, [number, number]> = {
  10: [0, 12],
  20: [2, 20],
  30: [7, 25],
  40: [7, 30],
  50: [7, 30],
  60: [8, 45],
  70: [15, 90],
  100: [45, 400],
  110: [5, 200],
};

const SUB_STATUSES: Record<number, number[]> = {
  10: [1, 2],
  20: [3, 4],
  30: [5, 6],
  40: [7, 8],
  50: [9],
  60: [10],
};

/** Departments: 1 eastern Norway, 2 the rest of Norway, 3 Sweden, Denmark and Finland. */
const DEPARTMENTS = [
  { id: 1, name: 'Service Øst – Oslo' },
  { id: 2, name: 'Service Vest og Nord – Bergen' },
  { id: 3, name: 'Service Norden – Stockholm' },
];
const EAST = new Set([
  'Oslo',
  'Drammen',
  'Fredrikstad',
  'Hamar',
  'Lillehammer',
  'Tønsberg',
  'Skien',
  'Gjøvik',
  'Kristiansand',
]);
const departmentOf = (city: City) => (city.country !== 'NO' ? 3 : EAST.has(city.city) ? 1 : 2);

const PARTNERS = [
  {
    name: 'Fjordteknikk AS',
    organisationNumber: '913 456 782',
    email: 'post@fjordteknikk.example',
    phone: '+47 55 20 14 00',
    cities: ['Bergen', 'Stavanger', 'Sandnes', 'Haugesund', 'Ålesund', 'Molde'],
  },
  {
    name: 'Norrland Maskinservice AB',
    organisationNumber: '556712-3456',
    email: 'info@norrlandmaskin.example',
    phone: '+46 90 14 22 00',
    cities: ['Umeå', 'Luleå', 'Sundsvall'],
  },
];

const TECHNICIAN_NOTES = [
  'Replaced filters and checked belts. Machine running normally.',
  'Changed the worn seal and tested under load, no leaks.',
  'Fault found in the control board connector, re-terminated and tested.',
  'Performed service according to checklist, next service in 12 months.',
  'Replaced sensor, cleared alarm log, customer informed.',
  'Adjusted pressure settings and updated the service label.',
];
const ABSENCES = ['Vacation', 'Course: safety training', 'Doctor', 'Sick leave', 'Internal meeting'];

export interface DemoOptions {
  now: Date;
  /** The hash of the demo password, shared by every demo account. */
  passwordHash: string;
}

/** Inserts many rows in chunks, returning them in the order given. */
async function insertAll<T extends PgTable>(
  db: Executor,
  table: T,
  rows: T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  const out: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += 400) {
    const chunk = rows.slice(i, i + 400);
    // biome-ignore lint/suspicious/noExplicitAny: drizzle's insert is not generic over the table.
    out.push(...((await (db.insert(table) as any).values(chunk).returning()) as T['$inferSelect'][]));
  }
  return out;
}

/** A weighted choice: `weights` maps each item to its weight. */
function weighted<T>(f: Fake, items: readonly [T, number][]): T {
  return f.faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
}

/**
 * The Nordic demo company of the spec README, into an empty database (reference data present):
 * settings, departments, staff and the six demo accounts, customers with geocoded addresses and
 * contacts, machines, jobs over every status with machine sub-jobs, and this week's appointments.
 */
export async function seedDemoCompany(db: Executor, opts: DemoOptions): Promise<void> {
  const f = createFake(DEMO_SEED);
  const { now, passwordHash } = opts;

  // Settings: all licences and features on, the company's own details.
  const settingsDb = db as unknown as Db;
  await writeGroup(settingsDb, 'licences', Object.fromEntries(LICENCE_KEYS.map((k) => [k, true])));
  await writeGroup(settingsDb, 'features', Object.fromEntries(FEATURE_KEYS.map((k) => [k, true])));
  await writeGroup(settingsDb, 'serviceprovider', DEMO_COMPANY);

  await db.insert(departments).values(DEPARTMENTS);
  await db.insert(customerGroups).values(CUSTOMER_GROUP_NAMES.map((name, i) => ({ id: i + 1, name })));
  const partners = await insertAll(
    db,
    partnerCompanies,
    PARTNERS.map(({ cities: _, ...p }) => p),
  );

  // Customers: the demo customer in Oslo first, then partner-owned ones, then the rest anywhere in the Nordics.
  const byName = (name: string) => CITIES.find((c) => c.city === name)!;
  const plan: { city: City; partnerCompanyId: number | null }[] = [
    { city: byName('Oslo'), partnerCompanyId: null },
  ];
  PARTNERS.forEach((p, pi) => {
    for (const name of p.cities) plan.push({ city: byName(name), partnerCompanyId: partners[pi]!.id });
  });
  while (plan.length < CUSTOMER_COUNT) plan.push({ city: pick(f, CITIES), partnerCompanyId: null });
  const customerRows = await insertAll(
    db,
    customers,
    plan.map((p, i) => ({
      customerNumber: String(10001 + i),
      ...customerValues(f, p.city, {
        customerGroupId: f.faker.number.int({ min: 1, max: CUSTOMER_GROUP_NAMES.length }),
        partnerCompanyId: p.partnerCompanyId,
        isActive: i < CUSTOMER_COUNT - 2,
        ...(i === 0 ? { name: DEMO_CUSTOMER_NAME, customerGroupId: 1 } : {}),
      }),
    })),
  );
  const cityOf = new Map(customerRows.map((c, i) => [c.id, plan[i]!.city]));

  // Addresses: a main site each, some a second site, some a separate invoice address.
  const addressRows = await insertAll(
    db,
    addresses,
    customerRows.flatMap((c) => {
      const city = cityOf.get(c.id)!;
      const rows = [addressValues(f, c.id, city, { name: 'Main site' })];
      if (f.faker.datatype.boolean({ probability: 0.3 }))
        rows.push(
          addressValues(
            f,
            c.id,
            pick(
              f,
              CITIES.filter((x) => x.country === city.country),
            ),
            { name: pick(f, ['Warehouse', 'Branch office', 'Workshop', 'Plant 2']) },
          ),
        );
      if (f.faker.datatype.boolean({ probability: 0.4 }))
        rows.push(
          addressValues(f, c.id, city, {
            name: 'Invoice address',
            street: `${city.country === 'SE' ? 'Box' : city.country === 'FI' ? 'PL' : 'Postboks'} ${f.faker.number.int({ min: 10, max: 9000 })}`,
            isDelivery: false,
            isInvoice: true,
          }),
        );
      return rows;
    }),
  );
  const deliveryAddresses = new Map<number, typeof addressRows>();
  for (const a of addressRows)
    if (a.isDelivery)
      deliveryAddresses.set(a.customerId, [...(deliveryAddresses.get(a.customerId) ?? []), a]);

  // Contacts: 1–3 each; the demo customer's include its two portal users.
  const demoCustomer = customerRows[0]!;
  const manager = DEMO_ACCOUNTS.find((a) => a.userTypeId === 4)!;
  const employee = DEMO_ACCOUNTS.find((a) => a.userTypeId === 6)!;
  const contactRows = await insertAll(
    db,
    customerPersons,
    customerRows.flatMap((c) => {
      const city = cityOf.get(c.id)!;
      const domain = customerDomain(c.name);
      const rows = Array.from({ length: f.faker.number.int({ min: 1, max: 3 }) }, () =>
        contactValues(f, c.id, city.country, domain),
      );
      if (c.id === demoCustomer.id)
        rows.unshift(
          contactValues(f, c.id, 'NO', domain, {
            name: manager.name,
            email: manager.email,
            emailAllowed: true,
          }),
          contactValues(f, c.id, 'NO', domain, { name: employee.name, email: employee.email }),
        );
      return rows;
    }),
  );
  // Every customer's first delivery address and first contact become its defaults.
  await db.execute(sql`
    update ${customers} c set
      default_delivery_address_id = (select min(a.id) from ${addresses} a where a.customer_id = c.id and a.is_delivery),
      default_customer_person_id = (select min(p.id) from ${customerPersons} p where p.customer_id = c.id)`);
  const contactsOf = new Map<number, number[]>();
  for (const p of contactRows) contactsOf.set(p.customerId, [...(contactsOf.get(p.customerId) ?? []), p.id]);

  // Staff and portal users.
  const demoUsers = await insertAll(
    db,
    users,
    DEMO_ACCOUNTS.map((a) => ({
      email: a.email,
      name: a.name,
      logonName: a.logonName,
      passwordHash,
      userTypeId: a.userTypeId,
      phone: mobileNumber(f, 'NO'),
      uiculture: 'en',
      departmentId: a.userTypeId === 1 || a.userTypeId === 2 ? 1 : a.userTypeId === 3 ? 2 : null,
      isBookable: a.userTypeId === 2 || a.userTypeId === 3,
      customerId: a.userTypeId === 4 || a.userTypeId === 6 ? demoCustomer.id : null,
      partnerCompanyId: a.userTypeId === 5 ? partners[0]!.id : null,
      isContactPerson: a.userTypeId === 4,
      canExport: a.userTypeId === 1,
    })),
  );
  const admin = demoUsers[0]!;
  const staffPlan: { type: 1 | 2 | 3; department: number; country: Country; active?: boolean }[] = [
    { type: 1, department: 1, country: 'NO' },
    { type: 1, department: 3, country: 'SE' },
    ...[1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3].map((department) => ({
      type: 2 as const,
      department,
      country: department === 3 ? ('SE' as const) : ('NO' as const),
    })),
    { type: 3, department: 3, country: 'FI' },
    { type: 2, department: 2, country: 'NO', active: false },
  ];
  const staff = await insertAll(
    db,
    users,
    staffPlan.map((s) => {
      const name = personName(f, s.country);
      const handle = f.unique(slug(name), '.');
      return {
        name,
        email: `${handle}@nordlys-service.demo.test`,
        logonName: handle,
        passwordHash,
        userTypeId: s.type,
        phone: mobileNumber(f, s.country),
        uiculture: s.country === 'SE' ? 'sv' : s.country === 'NO' ? 'no' : 'en',
        departmentId: s.department,
        isBookable: s.type !== 1,
        isActive: s.active ?? true,
        canExport: s.type === 1,
      };
    }),
  );
  // Portal users of a few other customers, so that "own" and "other" customer both exist.
  await insertAll(
    db,
    users,
    customerRows.slice(7, 10).map((c) => {
      const person = contactRows.find((p) => p.customerId === c.id)!;
      return {
        name: person.name,
        email: person.email,
        logonName: person.email,
        passwordHash,
        userTypeId: 4,
        phone: person.mobile,
        customerId: c.id,
        partnerCompanyId: c.partnerCompanyId,
        isContactPerson: true,
      };
    }),
  );
  const bookable = [...demoUsers, ...staff].filter((u) => u.isBookable && u.isActive);
  const planners = [admin, ...staff.filter((u) => u.userTypeId === 1)];

  // The machine catalogue: suppliers, types, asset types and models.
  const supplierRows = await insertAll(
    db,
    suppliers,
    SUPPLIERS.map((s) => ({ name: s.name, email: s.email, phone: s.phone })),
  );
  const typeRows = await insertAll(
    db,
    machineTypes,
    MACHINE_TYPES.map((name) => ({ name, names: MACHINE_TYPE_NAMES[name] })),
  );
  const assetRows = await insertAll(
    db,
    assetTypes,
    ASSET_TYPES.map((name) => ({ name })),
  );
  const typeId = (name: MachineTypeName) => typeRows.find((t) => t.name === name)!.id;
  const assetId = (name: MachineTypeName) => assetRows.find((a) => a.name === ASSET_TYPE_OF[name])!.id;
  const catalogue = SUPPLIERS.flatMap((s, si) =>
    s.models.map((m) => ({ ...m, supplierId: supplierRows[si]!.id, prefix: s.serialPrefix })),
  );
  const modelRows = await insertAll(
    db,
    machineModels,
    catalogue.map((m) => ({
      name: m.name,
      machineTypeId: typeId(m.type),
      supplierId: m.supplierId,
      assetTypeId: assetId(m.type),
    })),
  );
  // Articles, the models' common parts and the job categories' articles (own Fake: the rest stays as it was).
  await seedDemoArticles(db, createFake(DEMO_SEED + 14), {
    models: modelRows.map((m, i) => ({ id: m.id, type: catalogue[i]!.type })),
    supplierOf: (type) => catalogue.find((m) => m.type === type)?.supplierId ?? null,
  });

  // Machines: one for every customer, the rest spread (the demo customer gets a few more).
  const owners = customerRows.map((c) => c.id);
  owners.push(demoCustomer.id, demoCustomer.id, demoCustomer.id, demoCustomer.id, demoCustomer.id);
  while (owners.length < MACHINE_COUNT) owners.push(pick(f, customerRows.slice(0, CUSTOMER_COUNT - 2)).id);
  const machinePlan = owners.map((customerId) => ({
    customerId,
    model: f.faker.number.int({ min: 0, max: catalogue.length - 1 }),
  }));
  const machineRows = await insertAll(
    db,
    machines,
    machinePlan.map(({ customerId, model }, i) => {
      const entry = catalogue[model]!;
      const customer = customerRows.find((c) => c.id === customerId)!;
      return machineValues(f, customerId, entry.name, entry.prefix, {
        qrcode: `FPM${String(100001 + i)}`,
        serialNumber: serialNumber(f, entry.prefix),
        machineModelId: modelRows[model]!.id,
        assetTypeId: assetId(entry.type),
        deliveryAddressId: pick(f, deliveryAddresses.get(customerId)!).id,
        partnerCompanyId: customer.partnerCompanyId,
        isActive: f.faker.datatype.boolean({ probability: 0.97 }),
      });
    }),
  );
  const machineType = new Map(machineRows.map((m, i) => [m.id, catalogue[machinePlan[i]!.model]!.type]));
  const machinesOf = new Map<number, typeof machineRows>();
  for (const m of machineRows)
    if (m.isActive) machinesOf.set(m.customerId, [...(machinesOf.get(m.customerId) ?? []), m]);

  // Parent jobs: the status mix, shuffled; order ids follow creation time.
  const statuses = f.faker.helpers.shuffle(
    Object.entries(STATUS_MIX).flatMap(([s, n]) => Array<number>(n).fill(Number(s))),
  );
  const withMachines = customerRows.filter((c) => machinesOf.has(c.id));
  const jobPlan = statuses.slice(0, PARENT_JOB_COUNT).map((status) => {
    const customer = f.faker.datatype.boolean({ probability: 0.06 }) ? demoCustomer : pick(f, withMachines);
    const own = machinesOf.get(customer.id)!;
    const count = Math.min(
      own.length,
      weighted(f, [
        [1, 70],
        [2, 20],
        [3, 10],
      ]),
    );
    const jobMachines = f.faker.helpers.arrayElements(own, count);
    const jobTypeId = weighted(f, [
      [JobType.Service, 40],
      [JobType.Repair, 30],
      [JobType.Parts, 10],
      [JobType.Installation, 10],
      [JobType.Inspection, 10],
    ]);
    const [minDays, maxDays] = AGE_DAYS[status]!;
    const ageMinutes = f.faker.number.int({ min: minDays * 1440 + 30, max: maxDays * 1440 + 600 });
    const createdAt = new Date(now.getTime() - ageMinutes * 60_000);
    const updatedAt = new Date(
      Math.min(
        now.getTime(),
        createdAt.getTime() + f.faker.number.int({ min: 1, max: Math.max(2, minDays) * 1440 }) * 60_000,
      ),
    );
    const subs = SUB_STATUSES[status];
    const done = status >= JobStatus.Completed && status !== JobStatus.Deleted;
    const values = jobValues(
      f,
      {
        jobStatusId: status,
        jobSubStatusId: subs && f.faker.datatype.boolean({ probability: 0.4 }) ? pick(f, subs) : null,
        jobTypeId,
        jobPriorityId: weighted(f, [
          [1, 5],
          [2, 20],
          [3, 55],
          [4, 20],
        ]),
        customerId: customer.id,
        contactPersonId: pick(f, contactsOf.get(customer.id)!),
        deliveryAddressId: jobMachines[0]!.deliveryAddressId,
        orderDepartmentId: departmentOf(cityOf.get(customer.id)!),
        createdBy: pick(f, planners).id,
        createdAt,
        updatedAt,
        noInvoice: f.faker.datatype.boolean({ probability: 0.1 }),
        invoiceReference: f.faker.datatype.boolean({ probability: 0.3 })
          ? `PO ${f.faker.string.numeric(6)}`
          : '',
        technicianComment: done ? pick(f, TECHNICIAN_NOTES) : '',
        flag: weighted(f, [
          [0, 85],
          [1, 10],
          [2, 5],
        ]),
      },
      // A job over machines of different kinds is not named after one of them.
      new Set(jobMachines.map((m) => machineType.get(m.id))).size === 1
        ? machineType.get(jobMachines[0]!.id)
        : undefined,
    );
    return { values, jobMachines, done, createdAt };
  });
  jobPlan.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  let orderNumber = 10001;
  const parentRows = await insertAll(
    db,
    jobs,
    jobPlan.map((j) => ({
      ...j.values,
      orderId: orderIdFor(j.values.jobTypeId, null, j.values.jobTypeId === JobType.Parts ? 0 : orderNumber++),
    })),
  );
  await orderNumbersPast(db, orderNumber - 1);
  await insertAll(
    db,
    jobs,
    parentRows.flatMap((parent, i) =>
      jobPlan[i]!.jobMachines.map((m, n) =>
        subJobValues(
          f,
          parent,
          m,
          n + 1,
          {
            warrantyTypeId: weighted(f, [
              [1, 70],
              [2, 20],
              [3, 7],
              [4, 3],
            ]),
            repairPlaceId: weighted(f, [
              [1, 80],
              [2, 15],
              [3, 5],
            ]),
            jobCategoryId:
              parent.jobTypeId === JobType.Repair
                ? 2
                : parent.jobTypeId === JobType.Installation
                  ? 3
                  : parent.jobTypeId === JobType.Inspection
                    ? 4
                    : 1,
            technicianComment: jobPlan[i]!.done ? pick(f, TECHNICIAN_NOTES) : '',
            invoiceComment:
              jobPlan[i]!.done && f.faker.datatype.boolean({ probability: 0.5 })
                ? 'Travel and 2 hours work'
                : '',
            noInvoice: parent.noInvoice,
            flag: parent.flag > 0 && n === 0 ? parent.flag : 0,
          },
          machineType.get(m.id),
        ),
      ),
    ),
  );

  const siteOf = new Map(addressRows.map((a) => [a.id, a]));
  await seedWeek(db, f, {
    now,
    parents: parentRows,
    bookable,
    createdBy: admin.id,
    placeOf: (job) => {
      const a = job.deliveryAddressId === null ? undefined : siteOf.get(job.deliveryAddressId);
      return a?.latitude == null || a.longitude == null
        ? null
        : { latitude: a.latitude, longitude: a.longitude };
    },
  });
  // After the articles exist (demo-articles.ts): stores, vans and their opening stock.
  await seedDemoStock(db);
  // After the articles and stores: parts and hours on the finished jobs.
  await seedDemoOrders(db, { createdBy: admin.id });
  // After the hours on jobs: a month of each technician's time report.
  await seedDemoTime(db, { now, approvedBy: admin.id });
  // Checklist templates, checklists on finished jobs, and their completion lines for the KPIs.
  await seedDemoChecklists(db, { now });
  // Contracts of three types on a third of the machines, their service agreements and counters.
  await seedDemoAgreements(db, { now, createdBy: admin.id });
  // Projects, lead types and open leads of the Admin's organisation pages.
  await seedDemoLeads(db);
}

type JobRow = typeof jobs.$inferSelect;
type UserRow = typeof users.$inferSelect;
type Place = { latitude: number; longitude: number };
/** The main office (GlobalSettings.Maps' default): where a technician with no department's work lives. */
const OFFICE: Place = { latitude: 59.9139, longitude: 10.7522 };

/**
 * This week's and next week's appointments (Monday to Friday, local wall clock, within work hours
 * 08–16): past slots carry started or finished work, the slot at "now" work in progress, future slots
 * planned jobs. Next week has a random stream of its own, so this week's bookings are the same as
 * before it was added; on a weekend the technicians still have planned work ahead (the picking list,
 * My jobs).
 */
async function seedWeek(
  db: Executor,
  f: Fake,
  opts: {
    now: Date;
    parents: JobRow[];
    bookable: UserRow[];
    createdBy: number;
    placeOf(job: JobRow): Place | null;
  },
) {
  const monday = mondayOf(opts.now, DEFAULT_TIME_ZONE);
  const nowText = wallClock(opts.now, DEFAULT_TIME_ZONE).text;
  const pools = new Map<string, JobRow[]>();
  const categoryOf = (status: number) =>
    status === JobStatus.Planned
      ? 'future'
      : status === JobStatus.InProgress
        ? 'current'
        : status >= 40 && status <= 60
          ? 'past'
          : null;
  for (const job of opts.parents) {
    const cat = categoryOf(job.jobStatusId);
    if (!cat) continue;
    for (const key of [`${cat}:${job.orderDepartmentId}`, cat])
      pools.set(key, [...(pools.get(key) ?? []), job]);
    // Work in progress also had visits earlier in the week.
    if (cat === 'current')
      for (const key of [`past:${job.orderDepartmentId}`, 'past'])
        pools.set(key, [...(pools.get(key) ?? []), job]);
  }
  // The job of a visit: of the pool, the one nearest the technician's last stop, a job already booked
  // counting as 200 km further each time (so the pool's jobs are spread over the weeks), and none
  // booked twice in a day (issue 30.4: a technician's day drivable in time).
  const used = new Map<number, number>();
  const nearest = (cat: string, department: number | null, near: Place, day: Set<number>): JobRow | null => {
    for (const key of [`${cat}:${department}`, cat]) {
      let best: { job: JobRow; cost: number } | null = null;
      for (const job of pools.get(key) ?? []) {
        const at = opts.placeOf(job);
        if (!at || day.has(job.id)) continue;
        const cost = metresBetween(near, at) / 1000 + 200 * (used.get(job.id) ?? 0);
        if (!best || cost < best.cost) best = { job, cost };
      }
      if (best) return best.job;
    }
    return null;
  };
  // Each technician lives near a site of their department's planned work (their day starts there),
  // spread over the department's sites.
  const homes = new Map<number, Place>();
  for (const [i, tech] of opts.bookable.entries()) {
    const pool = (pools.get(`future:${tech.departmentId}`) ?? pools.get('future') ?? []).filter((j) =>
      opts.placeOf(j),
    );
    const site = pool.length ? opts.placeOf(pool[(i * 7) % pool.length]!)! : OFFICE;
    const home = { latitude: site.latitude + 0.02, longitude: site.longitude - 0.03 };
    homes.set(tech.id, home);
    await db
      .update(users)
      .set({ homeLatitude: home.latitude, homeLongitude: home.longitude })
      .where(eq(users.id, tech.id));
  }
  /** Minutes of driving between two places as the planner estimates it (1.3 × the straight line at 60 km/h). */
  const driveMinutes = (a: Place, b: Place) => Math.ceil((metresBetween(a, b) * 1.3) / 1000);

  const rows: (typeof appointments.$inferInsert)[] = [];
  const people: number[][] = [];
  /** Each user's booked intervals (day, minutes), so that a second participant is never double-booked. */
  const busy = new Map<number, { day: string; from: number; to: number; at?: Place }[]>();
  const book = (userId: number, day: string, from: number, to: number, at?: Place) =>
    busy.set(userId, [...(busy.get(userId) ?? []), { day, from, to, ...(at ? { at } : {}) }]);
  const visits: { index: number; tech: UserRow; day: string; from: number; to: number; at: Place }[] = [];
  const weeks: [Fake, number[]][] = [
    [f, [0, 1, 2, 3, 4]],
    [createFake(DEMO_SEED + 15), [7, 8, 9, 10, 11]],
  ];
  for (const [wf, days] of weeks)
    for (const tech of opts.bookable) {
      for (const d of days) {
        const day = addDays(monday, d);
        let dayStart = 8 * 60;
        let dayEnd = 16 * 60;
        // An absence takes half a day, the morning or the afternoon: every technician works every day
        // of the week (issue 12: "every day of the week planned").
        if (wf.faker.datatype.boolean({ probability: 0.06 })) {
          const morning = wf.faker.datatype.boolean();
          const [from, to] = morning ? [8 * 60, 12 * 60] : [12 * 60, 16 * 60];
          rows.push({
            subject: pick(wf, ABSENCES),
            startTime: atMinutes(day, from),
            endTime: atMinutes(day, to),
            isAbsence: true,
            createdBy: opts.createdBy,
          });
          people.push([tech.id]);
          book(tech.id, day, from, to);
          if (morning) dayStart = 12 * 60;
          else dayEnd = 12 * 60;
        }
        let start = dayStart + pick(wf, [0, 0, 15, 30]);
        const count = wf.faker.number.int({ min: 1, max: 3 });
        let here = homes.get(tech.id)!;
        let previousEnd = start;
        const today = new Set<number>();
        for (let v = 0; v < count && start < dayEnd - 60; v++) {
          const categoryAt = (at: number) =>
            atMinutes(day, at + 60) <= nowText ? 'past' : atMinutes(day, at) > nowText ? 'future' : 'current';
          // After the first visit the drive from the last one must fit before this one starts; a start
          // moved past "now" by the drive takes a job of the later category.
          const fitted = (job: JobRow) =>
            v === 0
              ? start
              : Math.max(
                  start,
                  previousEnd + Math.ceil((driveMinutes(here, opts.placeOf(job)!) + 10) / 15) * 15,
                );
          let cat = categoryAt(start);
          let job = nearest(cat, tech.departmentId, here, today);
          if (!job) break;
          if (categoryAt(fitted(job)) !== cat) {
            cat = categoryAt(fitted(job));
            job = nearest(cat, tech.departmentId, here, today);
            if (!job || categoryAt(fitted(job)) !== cat) break;
          }
          start = fitted(job);
          if (start >= dayEnd - 60) break;
          const startText = atMinutes(day, start);
          const there = opts.placeOf(job)!;
          used.set(job.id, (used.get(job.id) ?? 0) + 1);
          today.add(job.id);
          here = there;
          const hours = Math.min(4, Math.max(1, Math.round(Number(job.estimatedTime ?? 2) * 2) / 2));
          const end = Math.min(start + hours * 60, dayEnd);
          visits.push({ index: rows.length, tech, day, from: start, to: end, at: there });
          rows.push({
            subject: job.displayName,
            jobId: job.id,
            startTime: startText,
            endTime: atMinutes(day, end),
            type: wf.faker.datatype.boolean({ probability: 0.1 }) ? 2 : 1,
            isAbsence: false,
            createdBy: opts.createdBy,
          });
          people.push([tech.id]);
          book(tech.id, day, start, end, there);
          previousEnd = end;
          start = end + pick(wf, [30, 45, 60, 90]);
        }
      }
    }
  // Some visits need two: a free colleague of the same department joins.
  for (const v of visits) {
    if (!f.faker.datatype.boolean({ probability: 0.12 })) continue;
    // Free for the visit, with time to drive between it and the colleague's own visits that day.
    const free = (u: UserRow) =>
      !(busy.get(u.id) ?? []).some((b) => {
        if (b.day !== v.day) return false;
        const drive = b.at ? driveMinutes(b.at, v.at) : 0;
        return b.from < v.to + drive && v.from < b.to + drive;
      });
    const mate = opts.bookable.find(
      (u) => u.id !== v.tech.id && u.departmentId === v.tech.departmentId && free(u),
    );
    if (!mate) continue;
    people[v.index]!.push(mate.id);
    book(mate.id, v.day, v.from, v.to, v.at);
  }
  const inserted = await insertAll(db, appointments, rows);
  await insertAll(
    db,
    appointmentParticipants,
    inserted.flatMap((a, i) => people[i]!.map((userId) => ({ appointmentId: a.id, userId }))),
  );
}
