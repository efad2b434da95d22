import { FEATURE_KEYS, isOrderIdWellFormed, LICENCE_KEYS } from '@fieldport/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database, Db } from '../src/db/database.ts';
import {
  addresses,
  appointmentParticipants,
  appointments,
  articles,
  checklistFields,
  checklists,
  checklistTemplates,
  commonParts,
  customerPersons,
  customers,
  departments,
  jobCategories,
  jobCategoryArticles,
  jobStatuses,
  jobs,
  machineModels,
  machines,
  partnerCompanies,
  timeEntries,
  timeWeekApprovals,
  users,
} from '../src/db/schema/index.ts';
import { createCustomer, createJob, createUser, JOB_STATUSES } from '../src/dev/factories/index.ts';
import { metresBetween } from '../src/infra/geocoder.ts';
import { readGroup } from '../src/modules/settings/settings.repository.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { type SeedOptions, seedDatabase } from '../src/seed/seed.ts';
import { engines, openTestDatabase, testConfig } from './harness.ts';
import { signIn } from './support.ts';

/** Wednesday 11 March 2026, 11:30 in Oslo: the week runs from Monday the 9th to Friday the 13th. */
const NOW = new Date('2026-03-11T10:30:00Z');
const NOW_LOCAL = '2026-03-11 11:30:00';
const demo = (now = NOW): SeedOptions => ({
  demoData: true,
  adminEmail: undefined,
  adminPassword: undefined,
  now,
});

async function tableCounts(db: Db) {
  const n = async (table: string) =>
    Number(
      (await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`)).rows[0]!
        .n,
    );
  const tables = [
    'users',
    'customers',
    'addresses',
    'customer_persons',
    'machines',
    'jobs',
    'appointments',
    'settings',
    'job_statuses',
  ];
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await n(t)] as const)));
}

/**
 * At least 12 bookable active technicians over 3 departments, and each of them has work (an appointment
 * with a job, not only an absence) on each of the given days.
 */
async function expectEveryTechnicianEveryDay(db: Db, days: readonly string[]) {
  const technicians = await db
    .select()
    .from(users)
    .where(and(eq(users.isBookable, true), eq(users.isActive, true), inArray(users.userTypeId, [2, 3])));
  expect(technicians.length).toBeGreaterThanOrEqual(12);
  expect(new Set(technicians.map((u) => u.departmentId)).size).toBe(3);
  const work = await db
    .select({ userId: appointmentParticipants.userId, start: appointments.startTime })
    .from(appointments)
    .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
    .where(and(eq(appointments.isAbsence, false), isNotNull(appointments.jobId)));
  const planned = new Set(work.map((w) => `${w.userId} ${w.start.slice(0, 10)}`));
  const missing = technicians.flatMap((u) =>
    days.filter((day) => !planned.has(`${u.id} ${day}`)).map((day) => `${u.name} on ${day}`),
  );
  expect(missing).toEqual([]);
}

describe.each(engines)('the demo company on %s', (engine) => {
  let database: Database;
  let db: Db;
  let result: Awaited<ReturnType<typeof seedDatabase>>;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.db;
    result = await seedDatabase(db, demo());
  });
  afterAll(() => database.close());

  it('reports a demo seed', () => {
    expect(result).toEqual({ demo: true, createdAdmin: null });
  });

  it('has a catalogue of a few hundred articles, time articles, common parts on every model and articles on every job category', async () => {
    const all = await db.select().from(articles);
    expect(all.length).toBeGreaterThan(250);
    expect(new Set(all.map((a) => a.articleNumber.toLowerCase())).size).toBe(all.length);
    const time = all.filter((a) => a.isTimeArticle);
    // The company's own records in its one language, English like the rest of its catalogue (decision 083).
    expect(time.map((a) => [a.articleNumber, a.name])).toEqual(
      expect.arrayContaining([
        ['LABOUR', 'Labour'],
        ['TRAVEL', 'Travel time'],
      ]),
    );
    expect(time.filter((a) => /arbeid|reise|overtid|kjøring/i.test(`${a.articleNumber} ${a.name}`))).toEqual(
      [],
    );
    expect(time.every((a) => a.unit === 'h' && !a.isStockItem)).toBe(true);
    expect(all.some((a) => a.unit === 'l')).toBe(true);
    // Money with at most two decimals, sold above cost.
    expect(all.every((a) => Number(a.salesPrice) > Number(a.costPrice))).toBe(true);
    const perModel = await db
      .select({
        id: machineModels.id,
        n: sql<number>`(select count(*)::int from common_parts c where c.machine_model_id = ${machineModels.id})`,
      })
      .from(machineModels);
    expect(perModel.every((m) => m.n >= 3 && m.n <= 8)).toBe(true);
    const [links] = await db.select({ n: count() }).from(commonParts);
    expect(links?.n).toBe(perModel.reduce((sum, m) => sum + m.n, 0));
    const perCategory = await db
      .select({ id: jobCategories.id, n: count(jobCategoryArticles.id) })
      .from(jobCategories)
      .leftJoin(jobCategoryArticles, eq(jobCategoryArticles.jobCategoryId, jobCategories.id))
      .groupBy(jobCategories.id);
    expect(perCategory.every((c) => c.n >= 3)).toBe(true);
  });

  it('has at least 40 active customers, each with a geocoded Nordic delivery address and a contact', async () => {
    const rows = await db
      .select({ customer: customers, address: addresses, contact: customerPersons })
      .from(customers)
      .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
      .leftJoin(customerPersons, eq(customerPersons.id, customers.defaultCustomerPersonId));
    expect(rows.filter((r) => r.customer.isActive).length).toBeGreaterThanOrEqual(40);
    for (const { customer, address, contact } of rows) {
      expect(address, customer.name).not.toBeNull();
      expect(address!.customerId).toBe(customer.id);
      expect(address!.isDelivery).toBe(true);
      expect(address!.street).toMatch(/\S+ \d+$/);
      expect(['NO', 'SE', 'DK', 'FI']).toContain(address!.country);
      expect(address!.latitude).toBeGreaterThan(54.5);
      expect(address!.latitude).toBeLessThan(71);
      expect(address!.longitude).toBeGreaterThan(4.5);
      expect(address!.longitude).toBeLessThan(31);
      expect(contact?.customerId).toBe(customer.id);
    }
    expect(new Set(rows.map((r) => r.address!.country)).size).toBe(4);
    expect(new Set(rows.map((r) => r.customer.name)).size).toBe(rows.length);
  });

  it('has 150 machines with models, types and suppliers', async () => {
    const rows = await db.select().from(machines);
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(
      rows.every((m) => m.machineModelId !== null && m.serialNumber !== '' && m.deliveryAddressId !== null),
    ).toBe(true);
    const kinds = await db.execute<{ name: string }>(sql`
      select distinct t.name from machines m join machine_models mm on mm.id = m.machine_model_id
      join machine_types t on t.id = mm.machine_type_id`);
    expect(kinds.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Compressor', 'Forklift', 'Pump', 'CNC machine', 'Generator', 'Boiler']),
    );
  });

  it('has at least 300 parent jobs over every status, with machine sub-jobs and well-formed order ids', async () => {
    const all = await db.select().from(jobs).orderBy(asc(jobs.id));
    const parents = all.filter((j) => j.parentId === null);
    const children = all.filter((j) => j.parentId !== null);
    expect(parents.length).toBeGreaterThanOrEqual(300);
    expect(new Set(parents.map((j) => j.jobStatusId))).toEqual(new Set(JOB_STATUSES.map((s) => s.id)));
    expect(children.length).toBeGreaterThanOrEqual(parents.length);
    const byId = new Map(all.map((j) => [j.id, j]));
    for (const child of children) {
      const parent = byId.get(child.parentId!)!;
      expect(parent.parentId).toBeNull();
      expect(child.machineId).not.toBeNull();
      expect(child.customerComment).not.toBe('');
      if (child.jobTypeId !== 3) expect(child.orderId).toMatch(new RegExp(`^${parent.orderId}L\\d+$`));
    }
    for (const j of all)
      expect(isOrderIdWellFormed({ ParentId: j.parentId, JobTypeId: j.jobTypeId, OrderId: j.orderId })).toBe(
        true,
      );
    expect(parents.filter((j) => j.jobTypeId === 3).every((j) => j.orderId === null)).toBe(true);
    expect(
      parents.every((j) => j.createdAt <= NOW && j.customerId && j.deliveryAddressId && j.contactPersonId),
    ).toBe(true);
    const numbers = parents.filter((j) => j.orderId).map((j) => Number(j.orderId));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('has two checklist templates used on completed jobs, filled in, some with a failed field', async () => {
    const templates = await db.select().from(checklistTemplates).orderBy(asc(checklistTemplates.id));
    expect(templates.map((t) => t.name)).toEqual(['Compressor service', 'Pump inspection']);
    const rows = await db
      .select({ templateId: checklists.templateId, status: jobs.jobStatusId })
      .from(checklists)
      .innerJoin(jobs, eq(jobs.id, checklists.jobId));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.status >= 50 && r.status !== 110)).toBe(true);
    expect(new Set(rows.map((r) => r.templateId))).toEqual(new Set(templates.map((t) => t.id)));
    const fields = await db.select().from(checklistFields);
    expect(
      fields.some(
        (f) => f.boolValue === false || (f.numberValue !== null && f.max !== null && f.numberValue > f.max),
      ),
    ).toBe(true);
    expect(fields.filter((f) => f.required).every((f) => f.answeredAt !== null)).toBe(true);
  });

  it('has contracts of three types on a third of the machines, with agreements and a year of counter readings', async () => {
    const { rows } = await db.execute<{
      types: number;
      covered: number;
      machines: number;
      agreements: number;
    }>(sql`
      select (select count(distinct contract_type_id)::int from contracts) as types,
             (select count(distinct machine_id)::int from contract_machines) as covered,
             (select count(*)::int from machines where is_active) as machines,
             (select count(*)::int from service_agreements) as agreements`);
    const r = rows[0]!;
    expect(r.types).toBe(3);
    expect(r.covered).toBe(Math.ceil(r.machines / 3));
    expect(r.agreements).toBe(r.covered);
    const span = await db.execute<{ counters: number; days: number }>(sql`
      select count(distinct counter_id)::int as counters,
             extract(day from max(read_at) - min(read_at))::int as days from counter_readings`);
    expect(span.rows[0]!.counters).toBe(r.covered);
    expect(span.rows[0]!.days).toBeGreaterThanOrEqual(350);
  });

  it('names every machine type in all five languages, "CNC-maskin" for a Norwegian reader (issue 35.8, decision 089)', async () => {
    const { rows } = await db.execute<{ name: string; names: Record<string, string> }>(
      sql`select name, names from machine_types order by name`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (const t of rows) {
      expect(Object.keys(t.names).sort(), t.name).toEqual(['en', 'no', 'sv', 'zh-CN', 'zh-HK']);
      expect(t.names.en, t.name).toBe(t.name);
    }
    const cnc = rows.find((t) => t.name === 'CNC machine');
    expect([cnc?.names.no, cnc?.names['zh-HK']]).toEqual(['CNC-maskin', '數控機床']);
  });

  it('names its contract types, counters and agreements in no one language: built-in types, unnamed counters (issue 35.8)', async () => {
    const { rows } = await db.execute<{ type: string; names: Record<string, string> }>(sql`
      select distinct t.name as type, t.names from contracts c join contract_types t on t.id = c.contract_type_id`);
    expect(rows.map((t) => t.type).sort()).toEqual(['Full service', 'Inspection', 'Rental']);
    for (const t of rows)
      expect(Object.keys(t.names).sort(), t.type).toEqual(['en', 'no', 'sv', 'zh-CN', 'zh-HK']);
    const named = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from counters where name <> ''`,
    );
    expect(named.rows[0]!.n).toBe(0);
    // No title repeats a type's English name (the reader sees the type beside it, in their language).
    const titles = await db.execute<{ n: number }>(sql`
      select (select count(*)::int from contracts c join contract_types t on t.id = c.contract_type_id
               where c.name ilike '%' || t.name || '%')
           + (select count(*)::int from service_agreements a join contracts c on c.id = a.contract_id
               join contract_types t on t.id = c.contract_type_id where a.name ilike '%' || t.name || '%') as n`);
    expect(titles.rows[0]!.n).toBe(0);
  });

  it('has at least 12 bookable active technicians in 3 departments', async () => {
    const rows = await db
      .select()
      .from(users)
      .where(and(eq(users.isBookable, true), eq(users.isActive, true), inArray(users.userTypeId, [2, 3])));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(new Set(rows.map((u) => u.departmentId)).size).toBe(3);
    expect((await db.select().from(departments)).length).toBe(3);
  });

  it('has a month of time reported by every technician, the older weeks approved', async () => {
    const techs = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.userTypeId, [2, 3]), eq(users.isActive, true)));
    const days = await db
      .select({
        userId: timeEntries.userId,
        days: sql<number>`count(distinct ${timeEntries.workDate})::int`,
        most: sql<string>`max(${timeEntries.hours})`,
      })
      .from(timeEntries)
      .groupBy(timeEntries.userId);
    expect(techs.length).toBeGreaterThanOrEqual(12);
    for (const t of techs) {
      const mine = days.find((d) => d.userId === t.id);
      // Four weeks of work days at least, less the days the demo's job hours already fill.
      expect(mine?.days ?? 0, `user ${t.id}`).toBeGreaterThanOrEqual(15);
      expect(Number(mine?.most)).toBeLessThanOrEqual(8);
    }
    const [approved] = await db.select({ n: count() }).from(timeWeekApprovals);
    expect(approved?.n).toBe(techs.length * 2);
  });

  it('has appointments in the current week and the next, Monday to Friday within work hours', async () => {
    const rows = await db
      .select({ a: appointments, status: jobs.jobStatusId })
      .from(appointments)
      .leftJoin(jobs, eq(jobs.id, appointments.jobId));
    expect(rows.length).toBeGreaterThanOrEqual(60);
    const days = new Set<string>();
    for (const { a, status } of rows) {
      const [day, startClock] = a.startTime.split(' ');
      const [endDay, endClock] = a.endTime.split(' ');
      const thisWeek = day! >= '2026-03-09' && day! <= '2026-03-13';
      const nextWeek = day! >= '2026-03-16' && day! <= '2026-03-20';
      expect(thisWeek || nextWeek, a.startTime).toBe(true);
      expect(endDay).toBe(day);
      expect(startClock! >= '08:00:00' && endClock! <= '16:00:00' && startClock! < endClock!).toBe(true);
      days.add(day!);
      if (a.isAbsence) expect(a.jobId).toBeNull();
      else expect(status).not.toBe(10);
      if (!a.isAbsence && a.startTime > NOW_LOCAL) expect(status).toBe(20);
    }
    expect(days.size).toBe(10);
    // Wednesday late morning: work done earlier in the week, and planned work still to come.
    expect(rows.some((r) => r.a.endTime < NOW_LOCAL && !r.a.isAbsence)).toBe(true);
    expect(rows.some((r) => r.a.startTime > NOW_LOCAL && !r.a.isAbsence)).toBe(true);
    // Every appointment has participants, and they are bookable people.
    const people = await db
      .select({ appointmentId: appointmentParticipants.appointmentId, bookable: users.isBookable })
      .from(appointmentParticipants)
      .innerJoin(users, eq(users.id, appointmentParticipants.userId));
    expect(new Set(people.map((p) => p.appointmentId)).size).toBe(rows.length);
    expect(people.every((p) => p.bookable)).toBe(true);
    expect(people.length).toBeGreaterThan(rows.length); // some visits take two
    // Nobody is in two places at once.
    const clashes = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from appointment_participants p1
      join appointment_participants p2 on p2.user_id = p1.user_id and p2.appointment_id > p1.appointment_id
      join appointments a1 on a1.id = p1.appointment_id
      join appointments a2 on a2.id = p2.appointment_id
      where a1.start_time < a2.end_time and a2.start_time < a1.end_time`);
    expect(clashes.rows[0]!.n).toBe(0);
  });

  it('gives every technician a home, and days they can drive: each visit reachable from the one before (issue 30.4)', async () => {
    const technicians = await db
      .select({ id: users.id, lat: users.homeLatitude, lon: users.homeLongitude })
      .from(users)
      .where(and(eq(users.isBookable, true), eq(users.isActive, true)));
    expect(technicians.every((u) => u.lat !== null && u.lon !== null)).toBe(true);
    const visits = await db
      .select({
        userId: appointmentParticipants.userId,
        start: appointments.startTime,
        end: appointments.endTime,
        latitude: addresses.latitude,
        longitude: addresses.longitude,
      })
      .from(appointments)
      .innerJoin(appointmentParticipants, eq(appointmentParticipants.appointmentId, appointments.id))
      .innerJoin(jobs, eq(jobs.id, appointments.jobId))
      .innerJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
      .orderBy(asc(appointmentParticipants.userId), asc(appointments.startTime));
    const minutes = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`) / 60_000;
    const late: string[] = [];
    let legs = 0;
    for (let i = 1; i < visits.length; i++) {
      const [a, b] = [visits[i - 1]!, visits[i]!];
      if (a.userId !== b.userId || a.start.slice(0, 10) !== b.start.slice(0, 10)) continue;
      // The planner's estimate: 1.3 × the straight line at 60 km/h, whole minutes up.
      if (a.latitude === null || a.longitude === null || b.latitude === null || b.longitude === null)
        continue;
      const metres = metresBetween(
        { latitude: a.latitude, longitude: a.longitude },
        { latitude: b.latitude, longitude: b.longitude },
      );
      const drive = Math.ceil((metres * 1.3) / 1000);
      legs++;
      if (minutes(a.end) + drive > minutes(b.start)) late.push(`${b.userId} ${b.start}: ${drive} min`);
    }
    expect(legs).toBeGreaterThan(50);
    expect(late).toEqual([]);
  });

  it('plans every technician on every day of the week, Monday to Friday (issue 12)', async () => {
    await expectEveryTechnicianEveryDay(db, [
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
    ]);
  });

  // Seeded on a weekend, the week shown is the one of that Saturday or Sunday, still fully planned.
  it.each([
    ['Saturday', '2026-03-14T09:00:00Z'],
    ['Sunday', '2026-03-15T20:00:00Z'],
  ])('plans the whole current week when seeded on a %s', async (_, when) => {
    const other = await openTestDatabase(engine);
    try {
      await seedDatabase(other.db, demo(new Date(when)));
      await expectEveryTechnicianEveryDay(other.db, [
        '2026-03-09',
        '2026-03-10',
        '2026-03-11',
        '2026-03-12',
        '2026-03-13',
      ]);
      // The coming week is planned too: on a weekend a technician still has work ahead (the picking list).
      await expectEveryTechnicianEveryDay(other.db, [
        '2026-03-16',
        '2026-03-17',
        '2026-03-18',
        '2026-03-19',
        '2026-03-20',
      ]);
    } finally {
      await other.close();
    }
  });

  it('turns every licence and feature on and names the company', async () => {
    const licences = await readGroup(db, 'licences');
    for (const k of LICENCE_KEYS) expect(licences[k], k).toBe(true);
    const features = await readGroup(db, 'features');
    for (const k of FEATURE_KEYS) expect(features[k], k).toBe(true);
    const company = await readGroup(db, 'serviceprovider');
    expect(Object.keys(company).sort()).toEqual([
      'AddressStreet',
      'AddressZipAndCity',
      'CompanyName',
      'Email',
      'Telephone',
    ]);
    expect(company.CompanyName).not.toBe('');
  });

  it('gives the demo accounts their roles: one demo customer, one partner company owning customers and machines', async () => {
    const rows = await db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    const by = (t: number) => rows.find((u) => u.userTypeId === t)!;
    expect(rows).toHaveLength(6);
    expect(by(1).logonName).toBe('serviceprovider');
    expect(by(2).isBookable && by(3).isBookable).toBe(true);
    expect(by(4).customerId).not.toBeNull();
    expect(by(6).customerId).toBe(by(4).customerId);
    const partnerId = by(5).partnerCompanyId!;
    expect(partnerId).not.toBeNull();
    const [owned] = await db
      .select({ n: count() })
      .from(customers)
      .where(eq(customers.partnerCompanyId, partnerId));
    const [ownedMachines] = await db
      .select({ n: count() })
      .from(machines)
      .where(eq(machines.partnerCompanyId, partnerId));
    expect(owned!.n).toBeGreaterThan(0);
    expect(ownedMachines!.n).toBeGreaterThan(0);
    expect((await db.select().from(partnerCompanies)).length).toBeGreaterThan(1);
    // The demo customer has machines and jobs to show its portal users.
    const [demoJobs] = await db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.customerId, by(4).customerId!), isNull(jobs.parentId)));
    expect(demoJobs!.n).toBeGreaterThan(5);
  });

  it('lets the six demo accounts sign in with Demo!2026', async () => {
    const config = testConfig();
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      for (const account of DEMO_ACCOUNTS) {
        const res = await signIn(app, account.email, DEMO_PASSWORD);
        expect(res.statusCode, `${account.email}: ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ token_type: 'Bearer' });
      }
    } finally {
      await app.close();
    }
  });

  it('makes the same company from the same seed, whatever the date', async () => {
    const other = await openTestDatabase(engine);
    try {
      await seedDatabase(other.db, demo(new Date('2026-07-02T06:00:00Z')));
      const names = (d: Db) => d.select({ name: customers.name }).from(customers).orderBy(asc(customers.id));
      const serials = (d: Db) =>
        d.select({ s: machines.serialNumber }).from(machines).orderBy(asc(machines.id));
      const staff = (d: Db) => d.select({ e: users.email }).from(users).orderBy(asc(users.id));
      expect(await names(other.db)).toEqual(await names(db));
      expect(await serials(other.db)).toEqual(await serials(db));
      expect(await staff(other.db)).toEqual(await staff(db));
      // The other date moves the week: July 2026's appointments sit in the week of Monday 29 June.
      const [first] = await other.db
        .select()
        .from(appointments)
        .orderBy(asc(appointments.startTime))
        .limit(1);
      expect(first!.startTime.startsWith('2026-06-29')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('leaves a seeded database alone on the next start', async () => {
    const before = await tableCounts(db);
    const again = await seedDatabase(db, demo(new Date()));
    expect(again).toEqual({ demo: false, createdAdmin: null });
    expect(await tableCounts(db)).toEqual(before);
  });

  it('lets tests add factory rows next to the demo data without collisions', async () => {
    const [top] = await db
      .select({ max: sql<number>`max(${jobs.orderId}::int)` })
      .from(jobs)
      .where(and(isNull(jobs.parentId), isNotNull(jobs.orderId)));
    const customer = await createCustomer(db);
    const job = await createJob(db, { customerId: customer.id });
    expect(Number(job.orderId)).toBe(top!.max + 1);
    const user = await createUser(db, { userTypeId: 2 });
    expect(user.email).not.toMatch(/@demo\.test$/);
    expect((await db.select().from(jobStatuses)).length).toBe(JOB_STATUSES.length);
  });
});

describe.each(engines)('seeding on %s', (engine) => {
  it('rolls the whole seed back when it fails half-way, so the next start seeds again', async () => {
    const database = await openTestDatabase(engine);
    try {
      // A department in the way makes the demo's department insert fail after settings and reference data.
      await database.db.insert(departments).values({ id: 1, name: 'In the way' });
      await expect(seedDatabase(database.db, demo())).rejects.toThrow();
      const counts = await tableCounts(database.db);
      expect(counts).toMatchObject({ users: 0, customers: 0, settings: 0, job_statuses: 0 });
      await database.db.delete(departments);
      expect(await seedDatabase(database.db, demo())).toEqual({ demo: true, createdAdmin: null });
    } finally {
      await database.close();
    }
  });

  it('with DEMO_DATA=0 creates only the reference data, and the first administrator once ADMIN_EMAIL is set', async () => {
    const database = await openTestDatabase(engine);
    try {
      const opts = { demoData: false, adminEmail: undefined, adminPassword: undefined, now: NOW };
      expect(await seedDatabase(database.db, opts)).toEqual({ demo: false, createdAdmin: null });
      expect((await tableCounts(database.db)).users).toBe(0);
      expect((await database.db.select().from(jobStatuses)).length).toBe(JOB_STATUSES.length);
      // A common breached password (decision 060) stops the start before anything is written.
      await expect(
        seedDatabase(database.db, { ...opts, adminEmail: 'boss@example.test', adminPassword: 'Password1!' }),
      ).rejects.toThrow('ADMIN_PASSWORD: is one of the most common breached passwords');
      expect((await tableCounts(database.db)).users).toBe(0);
      // Configured later, the first administrator is created on the next start, and nothing else.
      expect(
        await seedDatabase(database.db, {
          ...opts,
          adminEmail: 'boss@example.test',
          adminPassword: 'Boss!2026x',
        }),
      ).toEqual({
        demo: false,
        createdAdmin: 'boss@example.test',
      });
      const all = await database.db.select().from(users);
      expect(all).toHaveLength(1);
      expect(all[0]).toMatchObject({
        email: 'boss@example.test',
        logonName: 'serviceprovider',
        userTypeId: 1,
      });
      expect(await tableCounts(database.db)).toMatchObject({
        customers: 0,
        machines: 0,
        jobs: 0,
        job_statuses: JOB_STATUSES.length,
      });
      const config = testConfig();
      const app = await buildApp({ config, database, logger: false });
      await app.ready();
      try {
        expect((await signIn(app, 'boss@example.test', 'Boss!2026x')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
