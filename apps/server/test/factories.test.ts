import { isOrderIdWellFormed } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../src/db/database.ts';
import {
  appointmentParticipants,
  jobPriorities,
  jobStatuses,
  jobSubStatuses,
  jobTypes,
  machineModels,
} from '../src/db/schema/index.ts';
import {
  createAddress,
  createAppointment,
  createAssetType,
  createContact,
  createCustomer,
  createCustomerGroup,
  createDepartment,
  createFake,
  createJob,
  createMachine,
  createMachineModel,
  createMachineType,
  createPartnerCompany,
  createSupplier,
  createUser,
  customerValues,
  ensureReferenceData,
  JOB_STATUSES,
  JOB_SUB_STATUSES,
  type Job,
  pickCity,
} from '../src/dev/factories/index.ts';
import { verifyPassword } from '../src/modules/session/passwords.ts';
import { engines, openTestDatabase } from './harness.ts';

const wellFormed = (j: Job) =>
  isOrderIdWellFormed({ ParentId: j.parentId, JobTypeId: j.jobTypeId, OrderId: j.orderId });

describe.each(engines)('factories on %s', (engine) => {
  let database: Database;
  let db: Db;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    db = database.db;
  });
  afterAll(() => database.close());

  describe('order ids (the standalone rule)', () => {
    it('gives a parent job the next number and its machine sub-jobs the parent’s id plus L and a number', async () => {
      const first = await createJob(db, { machines: 2 });
      expect(first.orderId).toMatch(/^\d+$/);
      expect(first.parentId).toBeNull();
      expect(first.subJobs.map((j) => j.orderId)).toEqual([`${first.orderId}L1`, `${first.orderId}L2`]);
      for (const sub of first.subJobs) {
        expect(sub.parentId).toBe(first.id);
        expect(sub.machineId).not.toBeNull();
        expect(sub.customerId).toBe(first.customerId);
        expect(sub.customerComment).not.toBe('');
      }
      const second = await createJob(db);
      expect(Number(second.orderId)).toBe(Number(first.orderId) + 1);
      expect([first, second, ...first.subJobs].every(wellFormed)).toBe(true);
    });

    it('numbers a child made later after its siblings', async () => {
      const parent = await createJob(db, { machines: 1 });
      const machine = await createMachine(db, { customerId: parent.customerId! });
      const child = await createJob(db, { parentId: parent.id, machineId: machine.id });
      expect(child.orderId).toBe(`${parent.orderId}L2`);
      expect(child).toMatchObject({
        parentId: parent.id,
        customerId: parent.customerId,
        jobStatusId: parent.jobStatusId,
      });
      expect(wellFormed(child)).toBe(true);
    });

    it('gives parts jobs (type 3) no order id, and they still count as well formed', async () => {
      const before = await createJob(db);
      const parts = await createJob(db, { jobTypeId: 3, machines: 1 });
      expect(parts.orderId).toBeNull();
      expect(parts.subJobs[0]!.orderId).toBeNull();
      expect([parts, ...parts.subJobs].every(wellFormed)).toBe(true);
      // Parts jobs take no number: the next parent follows the one before.
      const after = await createJob(db);
      expect(Number(after.orderId)).toBe(Number(before.orderId) + 1);
    });

    it('keeps an order id given explicitly, even a malformed one', async () => {
      const job = await createJob(db, { orderId: null });
      expect(job.orderId).toBeNull();
      expect(wellFormed(job)).toBe(false);
    });
  });

  it('makes unique values on every call', async () => {
    const many = async <T>(make: () => Promise<T>, n = 4) => {
      const out: T[] = [];
      for (let i = 0; i < n; i++) out.push(await make());
      return out;
    };
    const distinct = <T>(rows: T[], key: (r: T) => unknown) =>
      expect(new Set(rows.map(key)).size).toBe(rows.length);
    const people = await many(() => createUser(db, { userTypeId: 2 }));
    distinct(people, (u) => u.email.toLowerCase());
    distinct(people, (u) => u.logonName.toLowerCase());
    const firms = await many(() => createCustomer(db));
    distinct(firms, (c) => c.customerNumber);
    distinct(firms, (c) => c.name);
    distinct(await many(() => createDepartment(db)), (d) => d.id);
    distinct(await many(() => createCustomerGroup(db)), (g) => g.id);
    distinct(await many(() => createPartnerCompany(db)), (p) => p.name);
    distinct(await many(() => createSupplier(db)), (s) => s.name);
    distinct(await many(() => createMachineType(db)), (t) => t.name);
    distinct(await many(() => createAssetType(db)), (t) => t.name);
    distinct(await many(() => createMachine(db)), (m) => m.qrcode);
    distinct(await many(() => createContact(db)), (c) => c.email);
  });

  it('makes a customer with a geocoded default delivery address and a default contact', async () => {
    const c = await createCustomer(db, {
      name: 'Havbris Fiskeoppdrett AS',
      city: pickCity(createFake(1), 'NO'),
    });
    expect(c.name).toBe('Havbris Fiskeoppdrett AS');
    expect(c.defaultDeliveryAddressId).toBe(c.deliveryAddress!.id);
    expect(c.defaultCustomerPersonId).toBe(c.contact!.id);
    expect(c.deliveryAddress).toMatchObject({ customerId: c.id, isDelivery: true, country: 'NO' });
    expect(c.deliveryAddress!.latitude).toEqual(expect.any(Number));
    expect(c.deliveryAddress!.longitude).toEqual(expect.any(Number));
    const bare = await createCustomer(db, { address: null, contact: null });
    expect(bare.defaultDeliveryAddressId).toBeNull();
    const extra = await createAddress(db, { customerId: bare.id, isInvoice: true, isDelivery: false });
    expect(extra).toMatchObject({ customerId: bare.id, isInvoice: true, isDelivery: false });
  });

  it('makes users of every type with the demo password and the links their type needs', async () => {
    const tech = await createUser(db);
    expect(tech).toMatchObject({ userTypeId: 2, isBookable: true, isActive: true });
    expect(await verifyPassword(tech.passwordHash, 'Demo!2026')).toBe(true);
    const admin = await createUser(db, { userTypeId: 1, password: 'Other#2026' });
    expect(admin.isBookable).toBe(false);
    expect(await verifyPassword(admin.passwordHash, 'Other#2026')).toBe(true);
    expect((await createUser(db, { userTypeId: 3 })).isBookable).toBe(true);
    expect((await createUser(db, { userTypeId: 4 })).customerId).not.toBeNull();
    expect((await createUser(db, { userTypeId: 5 })).partnerCompanyId).not.toBeNull();
    expect((await createUser(db, { userTypeId: 6 })).customerId).not.toBeNull();
  });

  it('refuses a customer user whose customer does not exist (users.customerId is a foreign key)', async () => {
    const customer = await createCustomer(db, { address: null, contact: null });
    const user = await createUser(db, { userTypeId: 4, customerId: customer.id });
    expect(user.customerId).toBe(customer.id);
    await expect(
      createUser(db, { userTypeId: 4, customerId: customer.id + 1_000_000 }),
    ).rejects.toMatchObject({ cause: { code: '23503' } });
  });

  it('makes machines of a real model at the customer’s delivery address', async () => {
    const customer = await createCustomer(db);
    const machine = await createMachine(db, { customerId: customer.id });
    expect(machine.deliveryAddressId).toBe(customer.defaultDeliveryAddressId);
    const [model] = await db
      .select()
      .from(machineModels)
      .where(eq(machineModels.id, machine.machineModelId!));
    expect(model!.machineTypeId).not.toBeNull();
    expect(model!.supplierId).not.toBeNull();
    expect(machine.name.startsWith(model!.name)).toBe(true);
    const own = await createMachineModel(db, { name: 'Custom press 9000' });
    expect((await createMachine(db, { customerId: customer.id, machineModelId: own.id })).name).toMatch(
      /^Custom press 9000/,
    );
  });

  it('makes an appointment on a job with its participants, in local wall-clock time', async () => {
    const [a, b] = [await createUser(db), await createUser(db, { userTypeId: 3 })];
    const appt = await createAppointment(db, {
      startTime: '2026-03-10 09:00:00',
      endTime: '2026-03-10 11:30:00',
      participants: [a!, b!.id],
    });
    expect(appt).toMatchObject({
      startTime: '2026-03-10 09:00:00',
      endTime: '2026-03-10 11:30:00',
      isAbsence: false,
      type: 1,
    });
    expect(appt.jobId).not.toBeNull();
    expect(appt.subject).not.toBe('');
    const rows = await db
      .select()
      .from(appointmentParticipants)
      .where(eq(appointmentParticipants.appointmentId, appt.id));
    expect(rows.map((r) => r.userId).sort()).toEqual([a!.id, b!.id].sort());
    const absence = await createAppointment(db, { isAbsence: true, participants: [a!] });
    expect(absence).toMatchObject({ jobId: null, subject: 'Absence' });
    expect(absence.startTime).toMatch(/^\d{4}-\d{2}-\d{2} 09:00:00$/);
  });

  it('ensures the reference data idempotently, keeping serial ids free for new rows', async () => {
    await ensureReferenceData(db);
    await ensureReferenceData(db);
    const n = async (
      t: typeof jobStatuses | typeof jobTypes | typeof jobPriorities | typeof jobSubStatuses,
    ) => (await db.select({ n: count() }).from(t))[0]!.n;
    expect(await n(jobStatuses)).toBe(JOB_STATUSES.length);
    expect(await n(jobTypes)).toBe(5);
    expect(await n(jobPriorities)).toBe(4);
    expect(await n(jobSubStatuses)).toBe(JOB_SUB_STATUSES.length);
    const [added] = await db
      .insert(jobSubStatuses)
      .values({ jobStatusId: 20, name: 'Waiting for access' })
      .returning();
    expect(added!.id).toBeGreaterThan(JOB_SUB_STATUSES.length);
    const [critical] = await db.select().from(jobPriorities).where(eq(jobPriorities.id, 1));
    expect(critical).toMatchObject({ name: 'Critical', dueAfterHours: 4 });
  });

  it('repeats the same values from the same seed', () => {
    const make = () => {
      const f = createFake(42);
      return Array.from({ length: 5 }, () => customerValues(f, pickCity(f)).name);
    };
    expect(make()).toEqual(make());
    expect(new Set(make()).size).toBe(5);
  });
});
