import type { ChangeLogEntry, Job, SubJob } from '@fieldport/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../src/db/schema/index.ts';
import {
  createAddress,
  createContact,
  createCustomer,
  createJob,
  createMachine,
  ensureReferenceData,
  JobPriority,
  JobStatus,
  JobType,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

describe.each(engines)('one job and its machine sub-jobs on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;

  /** A customer with two machines, and the body of a new job on them. */
  const customerWithMachines = async () => {
    const customer = await createCustomer(t.db);
    const a = await createMachine(t.db, { customerId: customer.id, name: 'Compressor GA 30' });
    const b = await createMachine(t.db, { customerId: customer.id, name: 'Dryer FD 40' });
    const body = {
      CustomerId: customer.id,
      ContactPersonId: customer.defaultCustomerPersonId!,
      CustomerDeliveryAddress: customer.defaultDeliveryAddressId!,
      JobTypeId: JobType.Repair,
      JobPriorityId: JobPriority.High,
      EstimatedTime: '1,5',
      FirstLineComment: 'Call the site manager on arrival',
      Machines: [
        { MachineId: a.id, CustomerComment: 'Makes a loud noise' },
        { MachineId: b.id, CustomerComment: 'Leaks oil', WarrentyTypeId: 1 },
      ],
    };
    return { customer, machines: [a, b], body };
  };
  const created = async (body: object) => {
    const res = await technician.post('job/create', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Job;
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2, { name: 'Tina Tekniker' })).api;
  });
  afterAll(() => t.close());

  describe('job/create', () => {
    it('creates the job with an order number, its machines numbered L1, L2, and answers the whole job', async () => {
      const { customer, machines, body } = await customerWithMachines();
      const job = await created(body);
      expect(job).toMatchObject({
        ParentId: null,
        DisplayName: 'Compressor GA 30',
        JobStatusId: JobStatus.New,
        StatusName: 'New',
        JobTypeId: JobType.Repair,
        JobPriorityId: JobPriority.High,
        EstimatedTime: 1.5,
        CustomerId: customer.id,
        CustomerName: customer.name,
        ContactPersonId: customer.defaultCustomerPersonId,
        CustomerDeliveryAddress: customer.defaultDeliveryAddressId,
        FirstLineComment: 'Call the site manager on arrival',
        CreatedBy: 'Tina Tekniker',
        OrderIdMalformed: false,
        IsCompleteable: true,
        IsApproveable: false,
        IsDeletable: true,
        Appointments: [],
      });
      expect(job.OrderId).toMatch(/^\d+$/);
      expect(job.DeliveryAddress?.Id).toBe(customer.defaultDeliveryAddressId);
      expect(job.ContactPerson?.Id).toBe(customer.defaultCustomerPersonId);
      expect(
        job.InverseParent.map((s) => [s.OrderId, s.MachineId, s.CustomerComment, s.WarrentyTypeId, s.New]),
      ).toEqual([
        // New (000 §3) is only for a sub-job not saved yet: these are stored.
        [`${job.OrderId}L1`, machines[0]!.id, 'Makes a loud noise', null, false],
        [`${job.OrderId}L2`, machines[1]!.id, 'Leaks oil', 1, false],
      ]);
      // The job's machines (000 §3), beside its sub-jobs.
      expect(job.Machines.map((m) => [m.Id, m.Name])).toEqual(machines.map((m) => [m.id, m.name]));

      const next = await created(body);
      expect(Number(next.OrderId)).toBe(Number(job.OrderId) + 1);
      const got = await technician.get(`job/${job.Id}`);
      expect(got.json()).toEqual(job);
    });

    it('gives a parts job (type 3) no order id, and still no malformed flag', async () => {
      const { body } = await customerWithMachines();
      const job = await created({ ...body, JobTypeId: JobType.Parts });
      expect(job.OrderId).toBeNull();
      expect(job.OrderIdMalformed).toBe(false);
      expect(job.InverseParent.every((s) => s.OrderId === null && !s.OrderIdMalformed)).toBe(true);
    });

    it('gives a parts job that becomes a repair job its order id, and its machine jobs theirs', async () => {
      const { body } = await customerWithMachines();
      const parts = await created({ ...body, JobTypeId: JobType.Parts });
      const res = await technician.patch('job/changedetails', {
        Id: parts.Id,
        RowVersion: parts.RowVersion,
        DisplayName: parts.DisplayName,
        JobTypeId: JobType.Repair,
        JobPriorityId: JobPriority.High,
        EstimatedTime: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
      const job = res.json() as Job;
      expect(job.OrderId).toMatch(/^\d+$/);
      expect(job.InverseParent.map((s) => [s.OrderId, s.OrderIdMalformed])).toEqual([
        [`${job.OrderId}L1`, false],
        [`${job.OrderId}L2`, false],
      ]);
    });

    it('refuses a job without machines, a machine without a customer comment or of another customer, and an address or contact of another customer; nothing is written', async () => {
      const { body } = await customerWithMachines();
      const stranger = await createCustomer(t.db);
      const strangersMachine = await createMachine(t.db, { customerId: stranger.id });
      const before = await writes(t.db);
      const cases: [object, string, string][] = [
        [{ ...body, Machines: [] }, 'Machines', 'A job needs at least one machine.'],
        [
          { ...body, Machines: [{ MachineId: body.Machines[0]!.MachineId, CustomerComment: '  ' }] },
          'Machines.0.CustomerComment',
          'This field is required',
        ],
        [
          { ...body, Machines: [{ MachineId: strangersMachine.id, CustomerComment: 'x' }] },
          'Machines',
          `Machine ${strangersMachine.id} does not belong to the job's customer.`,
        ],
        [
          { ...body, CustomerDeliveryAddress: stranger.defaultDeliveryAddressId },
          'CustomerDeliveryAddress',
          `No address with id ${stranger.defaultDeliveryAddressId} was found.`,
        ],
        [
          { ...body, ContactPersonId: stranger.defaultCustomerPersonId },
          'ContactPersonId',
          `No contact with id ${stranger.defaultCustomerPersonId} was found.`,
        ],
        [{ ...body, JobPriorityId: 9999 }, 'JobPriorityId', 'No priority with id 9999 was found.'],
        [
          { ...body, JobStatusId: 70 },
          'JobStatusId',
          'A job cannot be set to Approved here; approving, closing and deleting have their own actions.',
        ],
      ];
      for (const [input, field, message] of cases) {
        const res = await technician.post('job/create', input);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().Errors).toContainEqual({ Field: field, Message: message });
      }
      const noEstimate = await technician.post('job/create', { ...body, EstimatedTime: '' });
      expect(noEstimate.json().Errors).toContainEqual({
        Field: 'EstimatedTime',
        Message: 'This field is required',
      });
      expect(await writes(t.db)).toEqual(before);
    });

    it('is for Admin and Technician only; a subcontractor gets 403', async () => {
      const { body } = await customerWithMachines();
      const subcontractor = (await signedInUser(t, 3)).api;
      expect((await subcontractor.post('job/create', body)).statusCode).toBe(403);
    });
  });

  describe('changes', () => {
    it('changes the details; a stale RowVersion answers 409 and changes nothing; the history tells what changed', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const change = {
        Id: job.Id,
        RowVersion: job.RowVersion,
        DisplayName: 'Compressor overhaul',
        JobTypeId: JobType.Service,
        JobPriorityId: JobPriority.Normal,
        EstimatedTime: 3,
        FirstLineComment: 'Key at the reception',
      };
      const res = await technician.patch('job/changedetails', change);
      expect(res.statusCode, res.body).toBe(200);
      const changed = res.json() as Job;
      expect(changed).toMatchObject({
        DisplayName: 'Compressor overhaul',
        EstimatedTime: 3,
        JobTypeId: JobType.Service,
      });
      expect(changed.RowVersion).toBeGreaterThan(job.RowVersion);
      expect(changed.InverseParent.every((s) => s.JobTypeId === JobType.Service)).toBe(true);

      const before = await writes(t.db);
      const stale = await admin.patch('job/changedetails', { ...change, DisplayName: 'Overwritten' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().Message).toBe(
        'Someone else changed this job after you opened it. Reload it and make your change again.',
      );
      expect(await writes(t.db)).toEqual(before);
      expect((await technician.get(`job/${job.Id}`)).json().DisplayName).toBe('Compressor overhaul');

      const history = (await technician.get(`JobHistory/${job.Id}`)).json() as ChangeLogEntry[];
      expect(history[0]).toMatchObject({ Entity: 'Job', Action: 'Change', UserName: 'Tina Tekniker' });
      expect(history[0]!.Changes).toContainEqual({
        Field: 'DisplayName',
        OldValue: 'Compressor GA 30',
        NewValue: 'Compressor overhaul',
      });
      expect(history.filter((h) => h.Entity === 'SubJob' && h.Action === 'New')).toHaveLength(2);
    });

    it('sets status and sub-status; the sub-jobs follow; sub-status 0 is none; a sub-status of another status is refused', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const res = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=20&jobSubStatusId=3`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        JobStatusId: 20,
        JobSubStatusId: 3,
        SubStatusName: 'Confirmed with customer',
      });
      expect((res.json() as Job).InverseParent.every((s) => s.JobStatusId === 20)).toBe(true);

      const none = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=30&jobSubStatusId=0`);
      expect(none.json()).toMatchObject({ JobStatusId: 30, JobSubStatusId: null });
      // The log names the statuses (issue 35.3): "Status: Planned → In progress", not "20 → 30".
      const history = (await technician.get(`JobHistory/${job.Id}`)).json() as ChangeLogEntry[];
      expect(history[0]!.Changes).toContainEqual({
        Field: 'JobStatusId',
        OldValue: '20',
        NewValue: '30',
        OldText: 'Planned',
        NewText: 'In progress',
      });

      const wrong = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=30&jobSubStatusId=1`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().Message).toBe('The sub-status does not belong to the status In progress.');

      const events = await t.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.entity, 'job'), eq(eventLog.entityId, String(job.Id))));
      expect(events.map((e) => e.changeType)).toEqual(['New', 'Change', 'Change', 'Change', 'Change']);
    });

    it('a queued status change (decision 075): an old rowVersion answers 409 and changes nothing; its Idempotency-Key sent twice changes it once', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const read = (await technician.get(`job/${job.Id}`)).json() as Job;
      // The office changes the job meanwhile.
      await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=20`);
      const stale = await technician.patch(
        `Job/${job.Id}/ChangeStatus?jobStatusId=30&rowVersion=${read.RowVersion}`,
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().Message).toBeTruthy();
      const office = (await technician.get(`job/${job.Id}`)).json() as Job;
      expect(office.JobStatusId).toBe(20);

      const send = () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api2/ServiceProvider/Job/${job.Id}/ChangeStatus?jobStatusId=30&rowVersion=${office.RowVersion}`,
          headers: { ...technician.headers, 'idempotency-key': `status-${job.Id}` },
        });
      const first = await send();
      expect(first.statusCode, first.body).toBe(200);
      // The answer was lost: the phone sends the same command again and gets the first answer.
      const again = await send();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ JobStatusId: 30, RowVersion: (first.json() as Job).RowVersion });
      const history = (await technician.get(`JobHistory/${job.Id}`)).json() as ChangeLogEntry[];
      const toInProgress = history.filter((h) =>
        h.Changes.some((c) => c.Field === 'JobStatusId' && c.NewValue === '30'),
      );
      expect(toInProgress).toHaveLength(1);
    });

    it('a drop on an unknown status or sub-status, or on approved, answers 4xx with a message and changes nothing', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const before = (await technician.get(`job/${job.Id}`)).json() as Job;

      const unknown = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=999`);
      expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
      expect(unknown.statusCode).toBeLessThan(500);
      expect(unknown.json().Message).toMatch(/job status.*999/i);

      const unknownSub = await technician.patch(
        `Job/${job.Id}/ChangeStatus?jobStatusId=20&jobSubStatusId=999`,
      );
      expect(unknownSub.statusCode).toBe(400);
      expect(unknownSub.json().Message).toBe('The sub-status does not belong to the status Planned.');

      const approved = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=70`);
      expect(approved.statusCode).toBe(400);
      expect(approved.json().Message).toMatch(/cannot be set to .*approving, closing and deleting/);

      const notANumber = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=planned`);
      expect(notANumber.statusCode).toBe(400);
      expect(notANumber.json().Message).toBeTruthy();

      const after = (await technician.get(`job/${job.Id}`)).json() as Job;
      expect([after.JobStatusId, after.JobSubStatusId, after.RowVersion]).toEqual([
        before.JobStatusId,
        before.JobSubStatusId,
        before.RowVersion,
      ]);
    });

    it('approves only from 50 to 69; an approved job can no longer change or be deleted', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const early = await admin.patch(`job/${job.Id}/approve`);
      expect(early.statusCode).toBe(409);
      expect(early.json().Message).toBe('Only a completed job (status 50 to 69) can be approved.');

      const completed = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=50`);
      expect(completed.json()).toMatchObject({ JobStatusId: 50, IsCompleteable: false, IsApproveable: true });
      const approved = await admin.patch(`job/${job.Id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ JobStatusId: 70, IsApproveable: false, IsDeletable: false });

      const locked = 'This job is approved, closed or deleted and can no longer be changed.';
      const back = await technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=10`);
      expect([back.statusCode, back.json().Message]).toEqual([409, locked]);
      const line = await technician.patch(`MachineJob/change/${job.InverseParent[0]!.Id}`, {
        CustomerComment: 'Changed later',
      });
      expect([line.statusCode, line.json().Message]).toEqual([409, locked]);
      const gone = await admin.delete(`job/${job.Id}`);
      expect([gone.statusCode, gone.json().Message]).toEqual([409, 'This job can no longer be deleted.']);
    });

    it('deletes a job: status 110 for it and its machines, which the job then no longer lists', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const res = await admin.delete(`job/${job.Id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ JobStatusId: 110, IsDeletable: false, InverseParent: [] });
      expect((await admin.get(`MachineJob/get/${job.InverseParent[0]!.Id}`)).statusCode).toBe(404);
    });

    it('swaps address and contact within the customer only, and the customer with every machine removed', async () => {
      const { customer, body } = await customerWithMachines();
      const job = await created(body);
      const site = await createAddress(t.db, { customerId: customer.id, name: 'Warehouse' });
      const person = await createContact(t.db, { customerId: customer.id, name: 'Ola Nordmann' });
      const other = await createCustomer(t.db);

      expect(
        (await technician.patch(`job/${job.Id}/swapaddress/${site.id}`)).json().DeliveryAddress.Name,
      ).toBe('Warehouse');
      expect(
        (await technician.patch(`job/${job.Id}/swapcontact/${person.id}`)).json().ContactPerson.Name,
      ).toBe('Ola Nordmann');
      const foreign = await technician.patch(`job/${job.Id}/swapaddress/${other.defaultDeliveryAddressId}`);
      expect(foreign.statusCode).toBe(404);

      expect((await technician.patch(`job/${job.Id}/swapcustomer/${other.id}?confirm=true`)).statusCode).toBe(
        403,
      );
      // Two machine jobs would be removed: without the confirmation the swap is refused and nothing changes.
      const unconfirmed = await admin.patch(`job/${job.Id}/swapcustomer/${other.id}`);
      expect(unconfirmed.statusCode).toBe(409);
      expect(unconfirmed.json().Message).toBe(
        'This job has 2 machine jobs, which are all removed when its customer changes. Confirm the change to go on.',
      );
      expect((await admin.get(`job/${job.Id}`)).json()).toMatchObject({
        CustomerId: customer.id,
        InverseParent: [{}, {}],
      });
      const swapped = await admin.patch(`job/${job.Id}/swapcustomer/${other.id}?confirm=true`);
      expect(swapped.statusCode, swapped.body).toBe(200);
      expect(swapped.json()).toMatchObject({
        CustomerId: other.id,
        CustomerDeliveryAddress: other.defaultDeliveryAddressId,
        ContactPersonId: other.defaultCustomerPersonId,
        InverseParent: [],
      });
    });

    it('swaps the customer of a job without machine jobs without confirmation', async () => {
      const job = await createJob(t.db, { jobStatusId: JobStatus.New });
      const other = await createCustomer(t.db);
      const swapped = await admin.patch(`job/${job.id}/swapcustomer/${other.id}`);
      expect(swapped.statusCode, swapped.body).toBe(200);
      expect(swapped.json().CustomerId).toBe(other.id);
    });

    it('sets the invoice customer and contact; refuses an unknown customer, a foreign contact and a technician', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const payer = await createCustomer(t.db, { name: 'Payer AS' });
      const stranger = await createCustomer(t.db);
      const url = (customerId: number, contactId: number) =>
        `Order/Job/${job.Id}/InvoiceCustomer?customerId=${customerId}&contactId=${contactId}`;

      const set = await admin.patch(url(payer.id, payer.defaultCustomerPersonId!));
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toMatchObject({
        InvoiceCustomerId: payer.id,
        InvoiceContactId: payer.defaultCustomerPersonId,
        CustomerId: body.CustomerId,
      });
      const history = (await admin.get(`JobHistory/${job.Id}`)).json() as ChangeLogEntry[];
      // The log names the ids it holds, as a person reads them (issue 35.3).
      expect(history[0]!.Changes).toContainEqual({
        Field: 'InvoiceCustomerId',
        OldValue: null,
        NewValue: String(payer.id),
        OldText: null,
        NewText: 'Payer AS',
      });

      const foreignContact = await admin.patch(url(payer.id, stranger.defaultCustomerPersonId!));
      expect(foreignContact.statusCode).toBe(400);
      expect(foreignContact.json().Message).toBe(
        `Contact ${stranger.defaultCustomerPersonId} does not belong to the chosen invoice customer.`,
      );
      expect((await admin.patch(url(999999, payer.defaultCustomerPersonId!))).statusCode).toBe(404);
      expect((await technician.patch(url(payer.id, payer.defaultCustomerPersonId!))).statusCode).toBe(403);
      expect(
        (await admin.patch(`Order/Job/${job.Id}/InvoiceCustomer?customerId=${payer.id}`)).statusCode,
      ).toBe(400);
      expect((await admin.get(`job/${job.Id}`)).json().InvoiceCustomerId).toBe(payer.id);
    });

    it('lets a subcontractor set the invoice customer only to a customer it may see', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const sub = (await signedInUser(t, 3)).api;
      const payer = await createCustomer(t.db);
      const res = await sub.patch(
        `Order/Job/${job.Id}/InvoiceCustomer?customerId=${payer.id}&contactId=${payer.defaultCustomerPersonId}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const partner = (await signedInUser(t, 5)).api;
      expect(
        (
          await partner.patch(
            `Order/Job/${job.Id}/InvoiceCustomer?customerId=${payer.id}&contactId=${payer.defaultCustomerPersonId}`,
          )
        ).statusCode,
      ).toBe(403);
    });

    it('shows a customer user its own company’s job and answers 404 for another’s', async () => {
      const { customer, body } = await customerWithMachines();
      const job = await created(body);
      const own = (await signedInUser(t, 4, { customerId: customer.id })).api;
      const stranger = (await signedInUser(t, 4, { customerId: (await createCustomer(t.db)).id })).api;
      expect((await own.get(`job/${job.Id}`)).statusCode).toBe(200);
      expect((await own.get(`job/${job.Id}/subjobs`)).json()).toHaveLength(2);
      expect((await stranger.get(`job/${job.Id}`)).statusCode).toBe(404);
      expect((await stranger.get(`JobHistory/${job.Id}`)).statusCode).toBe(404);
      expect((await stranger.get(`MachineJob/get/${job.InverseParent[0]!.Id}`)).statusCode).toBe(404);
    });
  });

  describe('machine sub-jobs', () => {
    it('adds machines numbered after the existing ones, moves one to another machine of the customer, flags and changes it', async () => {
      const { customer, machines, body } = await customerWithMachines();
      const job = await created({ ...body, Machines: [body.Machines[0]] });
      const third = await createMachine(t.db, { customerId: customer.id, name: 'Pump NK 80' });

      const added = await technician.post('MachineJob/BulkAdd', {
        ParentId: job.Id,
        Machines: [{ MachineId: machines[1]!.id, CustomerComment: 'Annual service' }],
      });
      expect(added.statusCode, added.body).toBe(200);
      const [line] = added.json() as SubJob[];
      expect(line).toMatchObject({
        OrderId: `${job.OrderId}L2`,
        MachineName: 'Dryer FD 40',
        ParentId: job.Id,
      });

      const one = await technician.put(`MachineJob/add/parent/${job.Id}`, {
        MachineId: third.id,
        CustomerComment: 'Check the pressure',
      });
      expect(one.json()).toMatchObject({ OrderId: `${job.OrderId}L3`, MachineName: 'Pump NK 80' });

      const moved = await technician.patch(`MachineJob/Transfer/${line!.Id}/ToMachine/${third.id}`);
      expect(moved.json()).toMatchObject({ MachineId: third.id, MachineName: 'Pump NK 80' });
      const strangersMachine = await createMachine(t.db, { customerId: (await createCustomer(t.db)).id });
      const refused = await technician.patch(
        `MachineJob/Transfer/${line!.Id}/ToMachine/${strangersMachine.id}`,
      );
      expect(refused.statusCode).toBe(400);

      const flagged = await technician.patch(`MachineJob/change/${line!.Id}/flag?value=2`);
      expect(flagged.json().Flag).toBe(2);
      expect((await technician.get(`job/${job.Id}`)).json().Flag).toBe(2);

      const current = (await technician.get(`MachineJob/get/${line!.Id}`)).json() as SubJob;
      const changed = await technician.patch(`MachineJob/change/${line!.Id}`, {
        CustomerComment: 'Annual service',
        TechnicianComment: 'Replaced the filter',
        InvoiceComment: 'Filter kit',
        RepairPlaceId: 1,
        RowVersion: current.RowVersion,
      });
      expect(changed.json()).toMatchObject({ TechnicianComment: 'Replaced the filter', RepairPlaceId: 1 });
      const stale = await technician.patch(`MachineJob/change/${line!.Id}`, {
        CustomerComment: 'Stale',
        RowVersion: current.RowVersion,
      });
      expect(stale.statusCode).toBe(409);
    });

    it('removes a machine line but never the last one', async () => {
      const { body } = await customerWithMachines();
      const job = await created(body);
      const [first, second] = job.InverseParent;
      const removed = await technician.delete(`MachineJob/remove/${first!.Id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().JobStatusId).toBe(110);
      expect((await technician.get(`job/${job.Id}`)).json().InverseParent.map((s: SubJob) => s.Id)).toEqual([
        second!.Id,
      ]);
      const last = await technician.delete(`MachineJob/remove/${second!.Id}`);
      expect([last.statusCode, last.json().Message]).toEqual([409, 'A job needs at least one machine.']);
    });

    it('numbers the machines of a job made by the factories after theirs', async () => {
      const customer = await createCustomer(t.db);
      const job = await createJob(t.db, { customerId: customer.id, machines: 2 });
      const machine = await createMachine(t.db, { customerId: customer.id });
      const res = await technician.put(`MachineJob/add/parent/${job.id}`, {
        MachineId: machine.id,
        CustomerComment: 'One more',
      });
      expect(res.json().OrderId).toBe(`${job.orderId}L3`);
    });
  });
});
