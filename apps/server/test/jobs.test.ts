import {
  JOB_COUNT_CAP,
  type JobListItem,
  type JobStatusWithCount,
  toLocalDateTime,
} from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, jobs } from '../src/db/schema/index.ts';
import {
  createAppointment,
  createCustomer,
  createDepartment,
  createJob,
  createMachine,
  createPartnerCompany,
  ensureReferenceData,
  JobPriority,
  JobStatus,
  JobType,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp, testClock } from './harness.ts';
import { allLicences } from './support.ts';

const HOUR = 3_600_000;
const NOW = new Date('2026-03-18T10:30:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

describe.each(engines)('the job list and the job lookups on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  const clock = testClock(NOW);

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;
  /** The parent jobs of one customer, by the filter: every test has a customer of its own. */
  const list = async (api: Api, body: object) => {
    const res = await api.post('JobList/Filtered', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Content: JobListItem[]; TotalCount: number; TotalCountCapped: boolean };
  };
  const ids = (page: { Content: JobListItem[] }) => page.Content.map((j) => j.Id);

  beforeAll(async () => {
    t = await startTestApp(engine, { clock });
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = await as(1);
    technician = await as(2);
  });
  afterAll(() => t.close());

  describe('JobList/Filtered', () => {
    it('lists my jobs: those I am booked on or created, newest first, no one else’s', async () => {
      const me = await signedInUser(t, 2);
      const customer = await createCustomer(t.db);
      const booked = await createJob(t.db, { customerId: customer.id, createdAt: ago(30) });
      const mine = await createJob(t.db, {
        customerId: customer.id,
        createdAt: ago(10),
        createdBy: me.user.id,
      });
      const theirs = await createJob(t.db, { customerId: customer.id, createdAt: ago(5) });
      await createAppointment(t.db, { jobId: booked.id, participants: [me.user.id] });
      await createAppointment(t.db, { jobId: theirs.id });
      const page = await list(me.api, { AssignedToMe: true });
      expect(ids(page)).toEqual([mine.id, booked.id]);
      expect(page.TotalCount).toBe(2);
      expect(ids(await list(me.api, { AssignedToMe: true, JobStatusIdList: [mine.jobStatusId] }))).toContain(
        mine.id,
      );
    });

    it('lists a customer manager’s company’s jobs as theirs (their landing), no other company’s', async () => {
      const customer = await createCustomer(t.db);
      const manager = (await signedInUser(t, 4, { customerId: customer.id })).api;
      const first = await createJob(t.db, { customerId: customer.id, createdAt: ago(20) });
      const second = await createJob(t.db, { customerId: customer.id, createdAt: ago(10) });
      await createJob(t.db, { customerId: (await createCustomer(t.db)).id, createdAt: ago(5) });
      const page = await list(manager, { AssignedToMe: true });
      expect(ids(page)).toEqual([second.id, first.id]);
      expect(page.TotalCount).toBe(2);
    });

    it('answers a customer’s parent jobs newest first with every field of a list item', async () => {
      const customer = await createCustomer(t.db);
      const machineA = await createMachine(t.db, { customerId: customer.id, name: 'Compressor GA 30' });
      const machineB = await createMachine(t.db, { customerId: customer.id, name: 'Dryer FD 40' });
      const older = await createJob(t.db, { customerId: customer.id, createdAt: ago(50) });
      const job = await createJob(t.db, {
        customerId: customer.id,
        displayName: 'Annual service – compressors',
        jobStatusId: JobStatus.Planned,
        jobSubStatusId: 3,
        jobTypeId: JobType.Repair,
        jobPriorityId: JobPriority.High,
        firstLineComment: 'Key at the reception',
        createdAt: ago(30),
        machines: [machineA, machineB],
        subJob: { customerComment: 'Makes a loud noise', invoiceComment: 'Under warranty' },
      });
      // A deleted machine line is not listed (000 §2).
      await t.db.update(jobs).set({ jobStatusId: JobStatus.Deleted }).where(eq(jobs.id, job.subJobs[1]!.id));

      const page = await list(technician, { CustomerId: customer.id });
      expect(ids(page)).toEqual([job.id, older.id]);
      expect(page.TotalCount).toBe(2);
      expect(page.TotalCountCapped).toBe(false);
      const address = customer.deliveryAddress!;
      expect(page.Content[0]).toEqual({
        Id: job.id,
        DisplayName: 'Annual service – compressors',
        JobStatusId: 20,
        StatusName: 'Planned',
        StatusColor: '#1976d2',
        StatusIcon: 'Event',
        JobSubStatusId: 3,
        SubStatusName: 'Confirmed with customer',
        JobTypeId: 2,
        JobTypeName: 'Repair',
        JobPriorityId: 2,
        PriorityName: 'High',
        DueAfterHours: 24,
        CreatedDate: toLocalDateTime(ago(30), 'Europe/Oslo'),
        daysAgo: 1,
        hoursAgo: 30,
        FirstLineComment: 'Key at the reception',
        OrderId: job.orderId,
        OrderIdMalformed: false,
        CustomerId: customer.id,
        CustomerName: customer.name,
        DeliveryAddress: {
          Street: address.street,
          Zip: address.zip,
          City: address.city,
          Country: address.country,
        },
        Machines: [
          {
            Id: job.subJobs[0]!.id,
            MachineId: machineA.id,
            MachineName: 'Compressor GA 30',
            CustomerComment: 'Makes a loud noise',
            InvoiceComment: 'Under warranty',
          },
        ],
        Appointments: [],
      });
      expect(page.Content[1]!.Machines).toEqual([]);
    });

    it('writes CreatedDate as the company’s wall clock', async () => {
      const customer = await createCustomer(t.db);
      // 23:30 UTC on a winter day is 00:30 the next day in Oslo.
      await createJob(t.db, { customerId: customer.id, createdAt: new Date('2026-01-14T23:30:00Z') });
      const page = await list(admin, { CustomerId: customer.id });
      expect(page.Content[0]!.CreatedDate).toBe('2026-01-15T00:30:00');
    });

    it('flags a malformed order id, but never a parts job’s (000 §5)', async () => {
      const customer = await createCustomer(t.db);
      const missing = await createJob(t.db, { customerId: customer.id, orderId: null, createdAt: ago(3) });
      const blank = await createJob(t.db, { customerId: customer.id, orderId: '  ', createdAt: ago(2) });
      const parts = await createJob(t.db, {
        customerId: customer.id,
        jobTypeId: JobType.Parts,
        createdAt: ago(1),
      });
      const page = await list(admin, { CustomerId: customer.id });
      const flag = (id: number) => page.Content.find((j) => j.Id === id)?.OrderIdMalformed;
      expect(flag(missing.id)).toBe(true);
      expect(flag(blank.id)).toBe(true);
      expect(parts.orderId).toBeNull();
      expect(flag(parts.id)).toBe(false);
    });

    it('filters by status; a sub-status narrows only its own status, and 0 or null means all', async () => {
      const customer = await createCustomer(t.db);
      const make = (jobStatusId: number, jobSubStatusId: number | null, hours: number) =>
        createJob(t.db, { customerId: customer.id, jobStatusId, jobSubStatusId, createdAt: ago(hours) });
      const newA = await make(10, 1, 6);
      const newB = await make(10, 2, 5);
      const newNone = await make(10, null, 4);
      const planned = await make(20, 3, 3);
      const closed = await make(100, null, 2);
      const base = { CustomerId: customer.id };

      expect(ids(await list(admin, { ...base, JobStatusIdList: [10] }))).toEqual([
        newNone.id,
        newB.id,
        newA.id,
      ]);
      expect(ids(await list(admin, { ...base, JobStatusIdList: [10], JobSubStatusIdList: [2] }))).toEqual([
        newB.id,
      ]);
      // Sub-status 2 belongs to 10: status 20 stays whole.
      expect(ids(await list(admin, { ...base, JobStatusIdList: [10, 20], JobSubStatusIdList: [2] }))).toEqual(
        [planned.id, newB.id],
      );
      for (const all of [[0], [null], [null, 0]])
        expect(
          ids(await list(admin, { ...base, JobStatusIdList: [10], JobSubStatusIdList: all })),
        ).toHaveLength(3);
      // Without statuses the sub-statuses filter on their own.
      expect(ids(await list(admin, { ...base, JobSubStatusIdList: [1, 3] }))).toEqual([planned.id, newA.id]);
      expect(ids(await list(admin, { ...base, JobStatusIdList: [100] }))).toEqual([closed.id]);
      expect(ids(await list(admin, { ...base, JobStatusIdList: [999] }))).toEqual([]);
    });

    it('filters by department, type and priority', async () => {
      const customer = await createCustomer(t.db);
      const north = await createDepartment(t.db);
      const south = await createDepartment(t.db);
      const a = await createJob(t.db, {
        customerId: customer.id,
        orderDepartmentId: north.id,
        jobTypeId: JobType.Repair,
        jobPriorityId: JobPriority.Critical,
        createdAt: ago(3),
      });
      const b = await createJob(t.db, {
        customerId: customer.id,
        orderDepartmentId: south.id,
        jobTypeId: JobType.Service,
        jobPriorityId: JobPriority.Critical,
        createdAt: ago(2),
      });
      const c = await createJob(t.db, {
        customerId: customer.id,
        orderDepartmentId: north.id,
        jobTypeId: JobType.Service,
        jobPriorityId: JobPriority.Low,
        createdAt: ago(1),
      });
      const base = { CustomerId: customer.id };
      expect(ids(await list(admin, { ...base, OrderDepartmentIdList: [north.id] }))).toEqual([c.id, a.id]);
      expect(ids(await list(admin, { ...base, JobTypeIdList: [JobType.Service] }))).toEqual([c.id, b.id]);
      expect(ids(await list(admin, { ...base, JobPriorityIdList: [JobPriority.Critical] }))).toEqual([
        b.id,
        a.id,
      ]);
      const combined = await list(admin, {
        ...base,
        OrderDepartmentIdList: [north.id],
        JobTypeIdList: [JobType.Service],
        JobPriorityIdList: [JobPriority.Low, JobPriority.High],
      });
      expect(ids(combined)).toEqual([c.id]);
      expect(combined.TotalCount).toBe(1);
    });

    it('lists a machine’s jobs: parents with a sub-job on it that is not deleted', async () => {
      const customer = await createCustomer(t.db);
      const machine = await createMachine(t.db, { customerId: customer.id });
      const other = await createMachine(t.db, { customerId: customer.id });
      const first = await createJob(t.db, {
        customerId: customer.id,
        machines: [machine],
        createdAt: ago(5),
      });
      const second = await createJob(t.db, {
        customerId: customer.id,
        machines: [other, machine],
        createdAt: ago(4),
      });
      await createJob(t.db, { customerId: customer.id, machines: [other], createdAt: ago(3) });
      const removed = await createJob(t.db, {
        customerId: customer.id,
        machines: [machine],
        createdAt: ago(2),
      });
      await t.db
        .update(jobs)
        .set({ jobStatusId: JobStatus.Deleted })
        .where(eq(jobs.id, removed.subJobs[0]!.id));

      // The same machine twice on one job (two lines): the job is listed and counted once.
      const twice = await createJob(t.db, {
        customerId: customer.id,
        machines: [machine, machine],
        createdAt: ago(1),
      });

      const page = await list(admin, { MachineId: machine.id });
      expect(ids(page)).toEqual([twice.id, second.id, first.id]);
      expect(page.Content[1]!.Machines.map((m) => m.MachineId)).toEqual([other.id, machine.id]);
      expect(page.TotalCount).toBe(3);
    });

    it('searches display name, first-line comment, order id, job id and customer name or number', async () => {
      const word = `Zq${Math.random().toString(36).slice(2, 8)}`;
      const customer = await createCustomer(t.db, { name: `${word} Mekaniske AS` });
      const other = await createCustomer(t.db);
      const byCustomer = await createJob(t.db, { customerId: customer.id, createdAt: ago(4) });
      const byName = await createJob(t.db, {
        customerId: other.id,
        displayName: `Pump ${word} overhaul`,
        createdAt: ago(3),
      });
      const byComment = await createJob(t.db, {
        customerId: other.id,
        firstLineComment: `Ask for ${word.toUpperCase()} at the gate`,
        createdAt: ago(2),
      });
      const byOrder = await createJob(t.db, {
        customerId: other.id,
        orderId: `${word}-77`,
        createdAt: ago(1),
      });
      await createJob(t.db, { customerId: other.id, createdAt: ago(1) });

      const found = await list(admin, { SearchWord: word.toLowerCase(), ItemsPerPage: 100 });
      expect(ids(found)).toEqual([byOrder.id, byComment.id, byName.id, byCustomer.id]);
      expect(found.TotalCount).toBe(4);
      expect(ids(await list(admin, { SearchWord: String(byName.id), CustomerId: other.id }))).toContain(
        byName.id,
      );
      expect(ids(await list(admin, { SearchWord: customer.customerNumber, ItemsPerPage: 999 }))).toContain(
        byCustomer.id,
      );
      // With a status too the words are checked on the status's jobs.
      expect(
        ids(await list(admin, { SearchWord: word, JobStatusIdList: [10], CustomerId: other.id })),
      ).toEqual([byOrder.id, byComment.id, byName.id]);
      // Pattern characters are taken literally.
      expect(ids(await list(admin, { SearchWord: `${word}%`, ItemsPerPage: 100 }))).toEqual([]);
    });

    it('pages by Page and ItemsPerPage without overlap, and counts the filter', async () => {
      const customer = await createCustomer(t.db);
      const created: number[] = [];
      // Two jobs share a creation time: the id decides, so no job is on two pages.
      for (const hours of [7, 6, 5, 5, 4, 3, 2]) {
        created.push((await createJob(t.db, { customerId: customer.id, createdAt: ago(hours) })).id);
      }
      const newestFirst = [...created].reverse();
      const pages = [];
      for (const Page of [1, 2, 3, 4])
        pages.push(await list(admin, { CustomerId: customer.id, Page, ItemsPerPage: 2 }));
      expect(pages.flatMap(ids)).toEqual(newestFirst);
      expect(pages.map((p) => p.TotalCount)).toEqual([7, 7, 7, 7]);
      expect(pages[3]!.Content).toHaveLength(1);
      const beyond = await list(admin, { CustomerId: customer.id, Page: 9, ItemsPerPage: 2 });
      expect(beyond).toEqual({ Content: [], TotalCount: 7, TotalCountCapped: false });
    });

    it('finds a word naming over a thousand customers by their jobs and by the jobs’ own text, newest first, counting no further than the page', async () => {
      // 1,001 customers named with the word: their jobs are read newest first and checked, not looked up.
      const named = await t.db
        .insert(customers)
        .values(
          Array.from({ length: 1_001 }, (_, i) => ({ name: `Vrenskog ${i} AS`, customerNumber: `VR-${i}` })),
        )
        .returning({ id: customers.id });
      const other = await createCustomer(t.db);
      const byCustomer = [];
      for (const [i, c] of named.slice(0, 3).entries())
        byCustomer.push(await createJob(t.db, { customerId: c.id, createdAt: ago(40 + i) }));
      const byText = await createJob(t.db, {
        customerId: other.id,
        displayName: 'Pump at Vrenskog quay',
        createdAt: ago(39),
      });
      const unrelated = await createJob(t.db, { customerId: other.id, createdAt: ago(38) });

      const page = await list(admin, { SearchWord: 'vrenskog', ItemsPerPage: 2 });
      expect(ids(page)).toEqual([byText.id, byCustomer[0]!.id]);
      expect(page.TotalCountCapped).toBe(true);
      const all = await list(admin, { SearchWord: 'vrenskog', ItemsPerPage: 10 });
      expect(ids(all)).toEqual([byText.id, ...byCustomer.map((j) => j.id)]);
      expect(ids(all)).not.toContain(unrelated.id);
      expect([all.TotalCount, all.TotalCountCapped]).toEqual([4, false]);
    });

    it('stops counting at the cap and says so', async () => {
      const customer = await createCustomer(t.db);
      const department = await createDepartment(t.db);
      const values = Array.from({ length: JOB_COUNT_CAP + 5 }, (_, i) => ({
        displayName: `Bulk job ${i}`,
        jobStatusId: JobStatus.Closed,
        jobTypeId: JobType.Service,
        customerId: customer.id,
        orderId: String(900000 + i),
        orderDepartmentId: i % 2 ? department.id : null,
        createdAt: ago(1000 + i),
      }));
      for (let i = 0; i < values.length; i += 2000) await t.db.insert(jobs).values(values.slice(i, i + 2000));
      const page = await list(admin, { CustomerId: customer.id, ItemsPerPage: 10 });
      expect(page.Content).toHaveLength(10);
      expect(page.TotalCount).toBe(JOB_COUNT_CAP);
      expect(page.TotalCountCapped).toBe(true);
      // With a department too, the count reads a bounded number of the customer's jobs.
      const half = await list(admin, {
        CustomerId: customer.id,
        OrderDepartmentIdList: [department.id],
        ItemsPerPage: 10,
      });
      expect(half.TotalCount).toBe(Math.floor((JOB_COUNT_CAP + 5) / 2));
      expect(half.TotalCountCapped).toBe(false);
      // The status counts are capped the same way.
      const statuses = (await admin.get('JobStatus/GetAll')).json() as JobStatusWithCount[];
      expect(statuses.find((s) => s.Id === JobStatus.Closed)).toMatchObject({
        Count: JOB_COUNT_CAP,
        CountCapped: true,
      });
    });

    it('shows customer users their company’s jobs and partners their customers’, in the query', async () => {
      const partner = await createPartnerCompany(t.db);
      const own = await createCustomer(t.db, { partnerCompanyId: partner.id });
      const sibling = await createCustomer(t.db, { partnerCompanyId: partner.id });
      const stranger = await createCustomer(t.db);
      const machine = await createMachine(t.db, { customerId: own.id });
      const strangerMachine = await createMachine(t.db, { customerId: stranger.id });
      const ownJob = await createJob(t.db, { customerId: own.id, machines: [machine], createdAt: ago(3) });
      const siblingJob = await createJob(t.db, { customerId: sibling.id, createdAt: ago(2) });
      const strangerJob = await createJob(t.db, {
        customerId: stranger.id,
        machines: [strangerMachine],
        createdAt: ago(1),
      });
      const manager = await as(4, { customerId: own.id });
      const employee = await as(6, { customerId: own.id });
      const partnerUser = await as(5, { partnerCompanyId: partner.id });

      for (const customerUser of [manager, employee]) {
        const all = await list(customerUser, { ItemsPerPage: 999 });
        expect(ids(all)).toEqual([ownJob.id]);
        expect(all.TotalCount).toBe(1);
        expect(ids(await list(customerUser, { CustomerId: own.id }))).toEqual([ownJob.id]);
        expect(ids(await list(customerUser, { MachineId: machine.id }))).toEqual([ownJob.id]);
        expect(ids(await list(customerUser, { SearchWord: stranger.name }))).toEqual([]);
        for (const body of [{ CustomerId: stranger.id }, { CustomerId: sibling.id }]) {
          const res = await customerUser.post('JobList/Filtered', body);
          expect(res.statusCode).toBe(404);
          expect(res.json().Message).toBe(`No customer with id ${body.CustomerId} was found.`);
        }
        expect(
          (await customerUser.post('JobList/Filtered', { MachineId: strangerMachine.id })).statusCode,
        ).toBe(404);
      }

      const partnerAll = await list(partnerUser, { ItemsPerPage: 999 });
      expect(ids(partnerAll)).toContain(ownJob.id);
      expect(ids(partnerAll)).toContain(siblingJob.id);
      expect(ids(partnerAll)).not.toContain(strangerJob.id);
      expect(ids(await list(partnerUser, { CustomerId: sibling.id }))).toEqual([siblingJob.id]);
      expect((await partnerUser.post('JobList/Filtered', { CustomerId: stranger.id })).statusCode).toBe(404);
      expect((await partnerUser.post('JobList/Filtered', { MachineId: strangerMachine.id })).statusCode).toBe(
        404,
      );
      // Staff see every company.
      expect(ids(await list(technician, { CustomerId: stranger.id }))).toEqual([strangerJob.id]);
    });

    it('answers 404 for unknown customers and machines', async () => {
      for (const body of [{ CustomerId: 2_000_000_000 }, { MachineId: 2_000_000_000 }]) {
        const res = await admin.post('JobList/Filtered', body);
        expect(res.statusCode).toBe(404);
        expect(res.json().Message).toMatch(/^No (customer|machine) with id 2000000000 was found\.$/);
      }
    });

    it('refuses a malformed filter with 400 and the fields, never 500', async () => {
      const cases: [unknown, string][] = [
        [{ ItemsPerPage: 1000 }, 'ItemsPerPage'],
        [{ ItemsPerPage: 0 }, 'ItemsPerPage'],
        [{ Page: 0 }, 'Page'],
        [{ Page: 'two' }, 'Page'],
        [{ JobStatusIdList: 10 }, 'JobStatusIdList'],
        [{ JobStatusIdList: ['x'] }, 'JobStatusIdList.0'],
        [{ JobStatusIdList: [0] }, 'JobStatusIdList.0'],
        [{ JobSubStatusIdList: [-1] }, 'JobSubStatusIdList.0'],
        [{ JobTypeIdList: [1.5] }, 'JobTypeIdList.0'],
        [{ OrderDepartmentIdList: [3_000_000_000] }, 'OrderDepartmentIdList.0'],
        [{ JobPriorityIdList: Array.from({ length: 201 }, (_, i) => i + 1) }, 'JobPriorityIdList'],
        [{ CustomerId: 'abc' }, 'CustomerId'],
        [{ MachineId: 0 }, 'MachineId'],
        [{ SearchWord: 'x'.repeat(201) }, 'SearchWord'],
      ];
      for (const [body, field] of cases) {
        const res = await admin.post('JobList/Filtered', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().Errors.map((e: { Field: string }) => e.Field)).toContain(field);
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/JobList/Filtered',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"Page":',
      });
      expect(malformed.statusCode).toBe(400);
      // Odd but valid words are searched, not failed.
      for (const SearchWord of ['%', '_', '\\', "'; drop table jobs; --", '日本語', '   '])
        expect((await admin.post('JobList/Filtered', { SearchWord })).statusCode, SearchWord).toBe(200);
      // A NUL is refused in every text of every call, a search word too (the input layer).
      expect((await admin.post('JobList/Filtered', { SearchWord: 'a\u0000b' })).statusCode).toBe(400);
    });

    it('answers an empty filter with the newest jobs of all', async () => {
      const customer = await createCustomer(t.db);
      const newest = await createJob(t.db, {
        customerId: customer.id,
        createdAt: new Date(NOW.getTime() + HOUR),
      });
      const page = await list(admin, {});
      expect(page.Content[0]!.Id).toBe(newest.id);
      expect(page.Content.length).toBeLessThanOrEqual(100);
    });
  });

  describe('job statuses, sub-statuses, types and priorities', () => {
    it('JobStatus/GetAll: statuses in their order with sub-statuses and counts of the caller’s parent jobs', async () => {
      const partner = await createPartnerCompany(t.db);
      const customer = await createCustomer(t.db, { partnerCompanyId: partner.id });
      const department = await createDepartment(t.db);
      await createJob(t.db, { customerId: customer.id, jobStatusId: 10, jobSubStatusId: 1, machines: 2 });
      await createJob(t.db, { customerId: customer.id, jobStatusId: 10, orderDepartmentId: department.id });
      await createJob(t.db, { customerId: customer.id, jobStatusId: 50, orderDepartmentId: department.id });
      const manager = await as(4, { customerId: customer.id });
      const partnerUser = await as(5, { partnerCompanyId: partner.id });

      for (const api of [manager, partnerUser]) {
        const res = await api.get('JobStatus/GetAll');
        expect(res.statusCode).toBe(200);
        const all = res.json() as JobStatusWithCount[];
        expect(all.map((s) => s.Id)).toEqual([10, 20, 30, 40, 50, 60, 70, 100, 110]);
        // Sub-jobs are not counted: two parents in status 10, one with sub-status 1.
        expect(all[0]).toEqual({
          Id: 10,
          Name: 'New',
          Names: expect.objectContaining({ en: 'New', no: 'Ny', 'zh-HK': '新建' }),
          Color: '#757575',
          Icon: 'NewReleases',
          SortOrder: 1,
          RowVersion: 1,
          Count: 2,
          CountCapped: false,
          SubStatuses: [
            {
              Id: 1,
              ParentId: 10,
              Name: 'Awaiting customer reply',
              Names: expect.objectContaining({
                en: 'Awaiting customer reply',
                sv: 'Väntar på svar från kunden',
              }),
              SetsOnMyWay: false,
              RowVersion: 1,
              Count: 1,
              CountCapped: false,
            },
            {
              Id: 2,
              ParentId: 10,
              Name: 'Needs quotation',
              Names: expect.objectContaining({ no: 'Trenger tilbud' }),
              SetsOnMyWay: false,
              RowVersion: 1,
              Count: 0,
              CountCapped: false,
            },
          ],
        });
        expect(all.find((s) => s.Id === 50)?.Count).toBe(1);
        expect(all.find((s) => s.Id === 100)?.Count).toBe(0);

        const byDepartment = (
          await api.get('JobStatus/GetAll', { OrderDepartmentFilter: String(department.id) })
        ).json() as JobStatusWithCount[];
        expect(byDepartment.find((s) => s.Id === 10)?.Count).toBe(1);
        expect(byDepartment.find((s) => s.Id === 10)?.SubStatuses[0]?.Count).toBe(0);
        expect(byDepartment.find((s) => s.Id === 50)?.Count).toBe(1);
      }
      // Staff count everyone's jobs.
      const staff = (await admin.get('JobStatus/GetAll')).json() as JobStatusWithCount[];
      expect(staff[0]!.Count).toBeGreaterThanOrEqual(2);
      const bad = await admin.get('JobStatus/GetAll', { OrderDepartmentFilter: 'north' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().Errors[0].Field).toBe('OrderDepartmentFilter');
    });

    it('JobStatus/Filtered pages and searches the statuses', async () => {
      const all = (await admin.get('JobStatus/Filtered')).json();
      expect(all.TotalCount).toBe(9);
      expect(all.Content[0]).toEqual({
        Id: 10,
        Name: 'New',
        Names: expect.objectContaining({ en: 'New' }),
        Color: '#757575',
        Icon: 'NewReleases',
        SortOrder: 1,
        RowVersion: 1,
      });
      const page = (await admin.get('JobStatus/Filtered', { Page: '2', ItemsPerPage: '4' })).json();
      expect(page.Content.map((s: { Id: number }) => s.Id)).toEqual([50, 60, 70, 100]);
      expect((await admin.get('JobStatus/Filtered', { SearchWord: 'prog' })).json()).toEqual({
        Content: [
          {
            Id: 30,
            Name: 'In progress',
            Names: expect.objectContaining({ no: 'Pågår' }),
            Color: '#ed6c02',
            Icon: 'Build',
            SortOrder: 3,
            RowVersion: 1,
          },
        ],
        TotalCount: 1,
      });
      expect((await admin.get('JobStatus/Filtered', { Page: '0' })).statusCode).toBe(400);
    });

    it('JobSubStatus/Filtered and ByStatus answer the sub-statuses; an unknown status is a 404', async () => {
      const all = (await technician.get('JobSubStatus/Filtered')).json();
      expect(all.TotalCount).toBe(10);
      const of40 = (await technician.get('JobSubStatus/Filtered', { JobStatusId: '40' })).json();
      expect(of40.Content).toEqual([
        {
          Id: 7,
          ParentId: 40,
          Name: 'Parts ordered',
          Names: expect.objectContaining({ en: 'Parts ordered' }),
          SetsOnMyWay: false,
          RowVersion: 1,
        },
        {
          Id: 8,
          ParentId: 40,
          Name: 'Parts arrived',
          Names: expect.objectContaining({ en: 'Parts arrived' }),
          SetsOnMyWay: false,
          RowVersion: 1,
        },
      ]);
      expect((await technician.get('JobSubStatus/ByStatus/40')).json()).toEqual(of40.Content);
      expect((await technician.get('JobSubStatus/ByStatus/100')).json()).toEqual([]);
      const unknown = await technician.get('JobSubStatus/ByStatus/77');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().Message).toBe('No job status with id 77 was found.');
      for (const bad of ['x', '0', '-1', '99999999999'])
        expect((await technician.get(`JobSubStatus/ByStatus/${bad}`)).statusCode, bad).toBe(400);
      expect((await technician.get('JobSubStatus/Filtered', { JobStatusId: 'x' })).statusCode).toBe(400);
    });

    it('jobtype and jobpriority answer the lists', async () => {
      const customerUser = await as(6, { customerId: (await createCustomer(t.db)).id });
      const types = (await customerUser.get('jobtype')).json() as { Id: number; Name: string }[];
      // Beside the catalogue's fields, the row version and names per language the Admin edits with.
      expect(types.every((x) => Number.isInteger((x as { RowVersion?: number }).RowVersion))).toBe(true);
      expect(types.map(({ Id, Name }) => ({ Id, Name }))).toEqual([
        { Id: 1, Name: 'Service' },
        { Id: 2, Name: 'Repair' },
        { Id: 3, Name: 'Parts' },
        { Id: 4, Name: 'Installation' },
        { Id: 5, Name: 'Inspection' },
      ]);
      const priorities = (await customerUser.get('jobpriority')).json() as {
        Id: number;
        Name: string;
        DueAfterHours: number;
      }[];
      expect(priorities.map(({ Id, Name, DueAfterHours }) => ({ Id, Name, DueAfterHours }))).toEqual([
        { Id: 1, Name: 'Critical', DueAfterHours: 4 },
        { Id: 2, Name: 'High', DueAfterHours: 24 },
        { Id: 3, Name: 'Normal', DueAfterHours: 72 },
        { Id: 4, Name: 'Low', DueAfterHours: 168 },
      ]);
    });
  });
});
