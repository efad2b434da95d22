import type { MailLogEntry, SmsLogEntry } from '@fieldport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createContact,
  createCustomer,
  createLead,
  createMachine,
  createUser,
  ensureReferenceData,
  JobPriority,
  JobType,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type List<T> = { Content: T[]; TotalCount: number };
type Job = { Id: number; RowVersion: number; DisplayName: string; InverseParent: { Id: number }[] };

const SUPPORT = 'kundeservice.paths@fieldport.test';

/**
 * Every path that changes a job's status sends the same messages, once (decision
 * 055): completed through ChangeStatus, the work queue's drop
 * (ChangeStatus with a sub-status), the job's details; confirmed through planning or by hand; and the
 * paths that complete nothing (approve, appointments on a completed job, machine sub-jobs) send nothing more.
 */
describe.each(engines)('a job’s messages on every path that moves its status, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let bookable: number;
  let n = 0;

  /** A new job (status 10) with two machines, whose contact allows e-mail. */
  const newJob = async () => {
    const tag = `p${++n}${engine}`;
    const customer = await createCustomer(t.db, { name: `Kunde ${tag}` });
    const contact = await createContact(t.db, {
      customerId: customer.id,
      name: `Kari ${tag}`,
      email: `kari.${tag}@kunde.test`,
      emailAllowed: true,
    });
    const machines = [
      await createMachine(t.db, { customerId: customer.id, name: 'Pump A' }),
      await createMachine(t.db, { customerId: customer.id, name: 'Pump B' }),
    ];
    const res = await technician.post('job/create', {
      CustomerId: customer.id,
      ContactPersonId: contact.id,
      CustomerDeliveryAddress: customer.defaultDeliveryAddressId!,
      JobTypeId: JobType.Repair,
      JobPriorityId: JobPriority.High,
      EstimatedTime: '1',
      Machines: machines.map((m) => ({ MachineId: m.id, CustomerComment: 'Leaks' })),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { job: res.json() as Job, email: contact.email!, customerName: customer.name };
  };
  /** The subjects of the mails written to an address, oldest first, once the worker has run. */
  const subjectsTo = async (to: string) => {
    await t.app.services.tasks.drain();
    const list = (await admin.get('Log/MailLogs/Filtered', { SearchWord: to, ItemsPerPage: '100' })).json();
    return (list as List<MailLogEntry>).Content.filter((m) => m.To === to)
      .map((m) => m.Subject)
      .reverse();
  };
  const ok = async (p: Promise<{ statusCode: number; body: string }>) => {
    const res = await p;
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const completed = (id: number) => `Completed ${id}`;
  const confirmed = (id: number) => `Confirmed ${id}`;
  const officeCopy = (id: number) => `Office: ${id} confirmed`;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
    bookable = (await createUser(t.db, { userTypeId: 2, isBookable: true })).id;
    await ok(admin.post('settings/group', { Group: 'serviceprovider', Values: { Email: SUPPORT } }));
    await ok(
      admin.post('settings/group', {
        Group: 'email',
        Values: {
          NewJobEmailEnabled: false,
          CompletedJobEmailEnabled: true,
          CompletedJobEmailSubject: 'Completed {JobId}',
          ConfirmedEmailEmailEnabled: true,
          ConfirmedEmailEmailSubject: 'Confirmed {JobId}',
          ConfirmedCustomerSupportEmailEnabled: true,
          ConfirmedCustomerSupportEmailSubject: 'Office: {JobId} confirmed',
        },
      }),
    );
  });
  afterAll(() => t.close());

  it('ChangeStatus to 50 mails completedJob once, not once per machine; approving after it mails nothing more', async () => {
    const { job, email } = await newJob();
    await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=50`));
    await ok(admin.patch(`job/${job.Id}/approve`));
    expect(await subjectsTo(email)).toEqual([completed(job.Id)]);
  });

  it('the work queue’s drop (ChangeStatus with a sub-status) mails completedJob once', async () => {
    const { job, email } = await newJob();
    await ok(technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=50&jobSubStatusId=9`));
    // Dropped on another completed group: still completed, nothing more.
    await ok(technician.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=60&jobSubStatusId=10`));
    expect(await subjectsTo(email)).toEqual([completed(job.Id)]);
  });

  it('the job’s details saved with status 50 mail completedJob once; saving again mails nothing', async () => {
    const { job, email } = await newJob();
    const details = {
      Id: job.Id,
      DisplayName: job.DisplayName,
      JobTypeId: JobType.Repair,
      JobPriorityId: JobPriority.High,
      EstimatedTime: 1,
      JobStatusId: 50,
    };
    const res = await ok(technician.patch('job/changedetails', { ...details, RowVersion: job.RowVersion }));
    const saved = JSON.parse(res.body) as Job;
    await ok(
      technician.patch('job/changedetails', {
        ...details,
        FirstLineComment: 'Done',
        RowVersion: saved.RowVersion,
      }),
    );
    expect(await subjectsTo(email)).toEqual([completed(job.Id)]);
  });

  it('a change that is refused mails nothing', async () => {
    const { job, email } = await newJob();
    const stale = await technician.patch('job/changedetails', {
      Id: job.Id,
      RowVersion: job.RowVersion - 1,
      DisplayName: job.DisplayName,
      JobTypeId: JobType.Repair,
      JobPriorityId: JobPriority.High,
      EstimatedTime: 1,
      JobStatusId: 50,
    });
    expect(stale.statusCode).toBe(409);
    expect((await admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=70`)).statusCode).toBe(400);
    expect(await subjectsTo(email)).toEqual([]);
  });

  it('planning a new job confirms it once: confirmed-email to the contact, the copy to the office', async () => {
    const { job, email } = await newJob();
    const day = '2031-03-04';
    const plan = (hour: number) =>
      ok(
        technician.post('Appointment/create', {
          JobId: job.Id,
          StartTime: `${day}T${hour}:00:00`,
          EndTime: `${day}T${hour + 1}:00:00`,
          Participants: [bookable],
        }),
      );
    await plan(10);
    // A second visit is no new confirmation.
    await plan(13);
    expect(await subjectsTo(email)).toEqual([confirmed(job.Id)]);
    expect((await subjectsTo(SUPPORT)).filter((s) => s === officeCopy(job.Id))).toEqual([officeCopy(job.Id)]);
    // Its machine jobs followed it to the planned status.
    const view = (await admin.get(`job/${job.Id}`)).json() as {
      JobStatusId: number;
      InverseParent: { JobStatusId: number }[];
    };
    expect(view.JobStatusId).toBe(20);
    expect(view.InverseParent.map((s) => s.JobStatusId)).toEqual([20, 20]);
  });

  it('the office’s copy goes by SMS to the company’s own telephone when its text is on', async () => {
    const phone = `+47 400 ${engine === 'pglite' ? '11' : '22'} 333`;
    await ok(admin.post('settings/group', { Group: 'serviceprovider', Values: { Telephone: phone } }));
    await ok(
      admin.post('settings/group', {
        Group: 'email',
        Values: {
          ConfirmedCustomerSupportSmsEnabled: true,
          ConfirmedCustomerSupportSmsText: 'Confirmed: job {JobId} for {CustomerName}',
        },
      }),
    );
    try {
      const { job, customerName } = await newJob();
      await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=30`));
      await t.app.services.tasks.drain();
      const texts = (
        await admin.get('Log/SMSLogs/Filtered', { SearchWord: phone })
      ).json() as List<SmsLogEntry>;
      expect(texts.Content.map((x) => [x.To, x.Text])).toEqual([
        [phone, `Confirmed: job ${job.Id} for ${customerName}`],
      ]);
    } finally {
      await ok(
        admin.post('settings/group', {
          Group: 'email',
          Values: { ConfirmedCustomerSupportSmsEnabled: false },
        }),
      );
    }
  });

  it('a job set to an open status by hand is confirmed; completed later, completedJob follows once', async () => {
    const { job, email } = await newJob();
    await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=30`));
    await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=40`));
    await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=50`));
    expect(await subjectsTo(email)).toEqual([confirmed(job.Id), completed(job.Id)]);
  });

  it('appointments and machine sub-jobs of a completed job mail nothing more', async () => {
    const { job, email } = await newJob();
    await ok(admin.patch(`Job/${job.Id}/ChangeStatus?jobStatusId=50`));
    await ok(
      technician.post('Appointment/create', {
        JobId: job.Id,
        StartTime: '2031-03-05T10:00:00',
        EndTime: '2031-03-05T11:00:00',
        Participants: [bookable],
      }),
    );
    await ok(technician.delete(`MachineJob/remove/${job.InverseParent[1]!.Id}`));
    expect(await subjectsTo(email)).toEqual([completed(job.Id)]);
  });

  it('a job converted from a lead sends the new job’s mail, as a job created on its page', async () => {
    await ok(admin.post('settings/group', { Group: 'email', Values: { NewJobEmailEnabled: true } }));
    try {
      const lead = await createLead(t.db, { email: `lead.${engine}@kunde.test` });
      const res = await ok(admin.post(`Lead/${lead.id}/Convert`, { RowVersion: lead.rowVersion }));
      const { JobId, CustomerId } = JSON.parse(res.body) as { JobId: number; CustomerId: number };
      // The lead's contact allows no e-mail until asked: the mail is queued and not written to them.
      await t.app.services.tasks.drain();
      const tasks = (await admin.get('Log/TaskLogs', { Type: 'JobEmail' })).json() as List<{
        DisplayText: string;
      }>;
      expect(tasks.Content.filter((x) => x.DisplayText === `JobEmail newjob ${JobId}`)).toHaveLength(1);
      expect(CustomerId).toBeGreaterThan(0);
    } finally {
      await ok(admin.post('settings/group', { Group: 'email', Values: { NewJobEmailEnabled: false } }));
    }
  });
});
