import type { EventLogEntry, MailLogEntry, SmsLogEntry, TaskLogEntry } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLog, tasks } from '../src/db/schema/index.ts';
import {
  createContact,
  createCustomer,
  createMachine,
  ensureReferenceData,
  JobPriority,
  JobType,
} from '../src/dev/factories/index.ts';
import { assertCron, TaskQueue } from '../src/modules/tasks/task-queue.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type List<T> = { Content: T[]; TotalCount: number };

describe.each(engines)('the job’s e-mails and texts, and the Admin’s logs on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let adminId: number;
  let technician: Api;
  let technicianId: number;

  /** A customer whose job's contact allows e-mail and SMS as asked, and the body of a new job. */
  const jobFor = async (allow: { email: boolean; sms: boolean }, tag: string) => {
    const customer = await createCustomer(t.db, { name: `Kunde ${tag}` });
    const contact = await createContact(t.db, {
      customerId: customer.id,
      name: `Kari ${tag}`,
      email: `kari.${tag}@kunde.test`,
      mobile: `+47 900 ${String(Math.floor(Math.random() * 90_000) + 10_000)}`,
      emailAllowed: allow.email,
      smsAllowed: allow.sms,
    });
    const machine = await createMachine(t.db, { customerId: customer.id, name: 'Pump P-200' });
    return {
      contact,
      body: {
        CustomerId: customer.id,
        ContactPersonId: contact.id,
        CustomerDeliveryAddress: customer.defaultDeliveryAddressId!,
        JobTypeId: JobType.Repair,
        JobPriorityId: JobPriority.High,
        EstimatedTime: '1',
        FirstLineComment: 'Leaks oil',
        Machines: [{ MachineId: machine.id, CustomerComment: 'Leaks oil' }],
      },
    };
  };
  const createJob = async (body: object) => {
    const res = await technician.post('job/create', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Id: number; OrderId: string };
  };
  const mailsTo = async (to: string) =>
    ((await admin.get('Log/MailLogs/Filtered', { SearchWord: to })).json() as List<MailLogEntry>).Content;
  const textsTo = async (to: string) =>
    ((await admin.get('Log/SMSLogs/Filtered', { SearchWord: to })).json() as List<SmsLogEntry>).Content;
  const saveEmail = (Values: Record<string, unknown>) =>
    admin.post('settings/group', { Group: 'email', Values });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    const a = await signedInUser(t, 1, { name: 'Ada Admin' });
    admin = a.api;
    adminId = a.user.id;
    const tech = await signedInUser(t, 2, { name: 'Tina Tekniker' });
    technician = tech.api;
    technicianId = tech.user.id;
  });
  afterAll(() => t.close());

  it('refuses a template with an unknown placeholder, naming it, and saves nothing', async () => {
    const res = await saveEmail({
      NewJobEmailEnabled: true,
      NewJobEmailSubject: 'Job {JobId} for {Kunde}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toContain('{Kunde}');
    expect(res.json().Errors).toEqual([
      { Field: 'Values.NewJobEmailSubject', Message: 'The placeholder {Kunde} is unknown.' },
    ]);
    const stored = (await admin.get('settings/group', { group: 'email' })).json().Values;
    expect(stored.NewJobEmailEnabled).toBe(false);
    expect(stored.NewJobEmailSubject).toBe('New job {JobId}');
    // One setting at a time is checked the same way.
    const one = await admin.post('settings', {
      Group: 'email',
      Name: 'CompletedJobEmailBody',
      Value: '{Nope}',
    });
    expect(one.statusCode).toBe(400);
    expect(one.json().Message).toContain('{Nope}');
  });

  it('mails a new job to its contact who allows e-mail, from the template, through a task', async () => {
    const saved = await saveEmail({
      NewJobEmailEnabled: true,
      NewJobEmailSubject: 'Job {JobId} registered for {CustomerName}',
      NewJobEmailBody: 'Hello {ContactName}, {CompanyName} has registered job {OrderId}: {JobDescription}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { contact, body } = await jobFor({ email: true, sms: false }, 'mailyes');
    const job = await createJob(body);
    // Queued in the job's change, sent by the worker.
    expect(await mailsTo(contact.email)).toEqual([]);
    await t.app.services.tasks.drain();
    const [mail, ...more] = await mailsTo(contact.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      To: 'kari.mailyes@kunde.test',
      Subject: `Job ${job.Id} registered for Kunde mailyes`,
      Body: `Hello Kari mailyes, Fieldport has registered job ${job.OrderId}: Leaks oil.`,
      Status: 'Recorded',
    });
    // The sending is in the task log, done.
    const log = (await admin.get('Log/TaskLogs', { Type: 'JobEmail' })).json() as List<TaskLogEntry>;
    expect(log.Content.find((x) => x.DisplayText.endsWith(` ${job.Id}`))).toMatchObject({
      Type: 'JobEmail',
      Status: 'completed',
      Attempts: 1,
    });
  });

  it('sends nothing to a contact who does not allow e-mail, nor when the template is off', async () => {
    const { contact, body } = await jobFor({ email: false, sms: false }, 'mailno');
    await createJob(body);
    await t.app.services.tasks.drain();
    expect(await mailsTo(contact.email)).toEqual([]);

    expect((await saveEmail({ NewJobEmailEnabled: false })).statusCode).toBe(200);
    const other = await jobFor({ email: true, sms: false }, 'mailoff');
    await createJob(other.body);
    await t.app.services.tasks.drain();
    expect(await mailsTo(other.contact.email)).toEqual([]);
  });

  it('mails the completed job, and texts contacts who allow SMS only', async () => {
    expect(
      (
        await saveEmail({
          CompletedJobEmailEnabled: true,
          CompletedJobSmsEnabled: true,
          CompletedJobSmsText: 'Job {JobId} is done. {CompanyName}',
        })
      ).statusCode,
    ).toBe(200);
    const yes = await jobFor({ email: true, sms: true }, 'doneyes');
    const no = await jobFor({ email: false, sms: false }, 'doneno');
    const jobYes = await createJob(yes.body);
    const jobNo = await createJob(no.body);
    for (const id of [jobYes.Id, jobNo.Id]) {
      const res = await admin.patch(`Job/${id}/ChangeStatus?jobStatusId=50`);
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.services.tasks.drain();
    expect((await mailsTo(yes.contact.email)).map((m) => m.Subject)).toEqual([
      `Job ${jobYes.Id} is completed`,
    ]);
    expect((await textsTo(yes.contact.mobile)).map((s) => [s.Text, s.Status])).toEqual([
      [`Job ${jobYes.Id} is done. Fieldport`, 'Recorded'],
    ]);
    expect(await mailsTo(no.contact.email)).toEqual([]);
    expect(await textsTo(no.contact.mobile)).toEqual([]);
  });

  it('sends the template’s test mail with example values, and refuses an unknown placeholder', async () => {
    const ok = await admin.post('settings/TestEmail', {
      Key: 'newjob',
      To: 'test.mail@fieldport.test',
      Subject: 'Test {JobId}',
      Body: 'For {CustomerName}',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      Success: true,
      Message:
        'The test mail to test.mail@fieldport.test was written in the mail log (no mail server is configured).',
    });
    expect((await mailsTo('test.mail@fieldport.test')).map((m) => [m.Subject, m.Body])).toEqual([
      ['Test 10234', 'For Nordic Pumps AS'],
    ]);
    const bad = await admin.post('settings/TestEmail', {
      Key: 'newjob',
      To: 'test.bad@fieldport.test',
      Subject: 'ok',
      Body: 'Hi {Whom}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors).toEqual([{ Field: 'Body', Message: 'The placeholder {Whom} is unknown.' }]);
    expect(await mailsTo('test.bad@fieldport.test')).toEqual([]);
  });

  it('lists the change events by type, user and day range, newest first, paged', async () => {
    const { body } = await jobFor({ email: false, sms: false }, 'events');
    const job = await createJob(body);
    const today = new Date().toLocaleString('sv', { timeZone: 'Europe/Oslo' }).slice(0, 10);
    const byTech = (
      await admin.get('Log/EventLogs/Filtered', {
        Type: 'job',
        UserId: String(technicianId),
        DateFrom: today,
        DateTo: today,
        ItemsPerPage: '2',
      })
    ).json() as List<EventLogEntry>;
    expect(byTech.Content).toHaveLength(2);
    expect(byTech.TotalCount).toBeGreaterThan(2);
    // The job's creation (and its machine sub-job's) are the newest of the technician's job events.
    const all = (
      (
        await admin.get('Log/EventLogs/Filtered', { Type: 'job', UserId: String(technicianId) })
      ).json() as List<EventLogEntry>
    ).Content;
    expect(all.slice(0, 2).map((e) => e.Id)).toEqual(byTech.Content.map((e) => e.Id));
    const ofJob = all.filter((e) => e.EntityId === String(job.Id));
    expect(ofJob.map((e) => e.ChangeType)).toContain('New');
    expect(ofJob[0]).toMatchObject({
      Type: 'job',
      UserId: technicianId,
      UserName: 'Tina Tekniker',
    });
    expect(byTech.Content[0]!.Created.slice(0, 10)).toBe(today);
    const page2 = (
      await admin.get('Log/EventLogs/Filtered', {
        Type: 'job',
        UserId: String(technicianId),
        ItemsPerPage: '2',
        Page: '2',
      })
    ).json() as List<EventLogEntry>;
    expect(page2.Content[0]!.Id).toBeLessThan(byTech.Content[1]!.Id);
    // Someone else's changes, and other days, are left out.
    const byAdmin = (
      await admin.get('Log/EventLogs/Filtered', { UserId: String(adminId) })
    ).json() as List<EventLogEntry>;
    expect(byAdmin.Content.every((e) => e.UserId === adminId)).toBe(true);
    expect(byAdmin.Content.some((e) => e.Type === 'settings')).toBe(true);
    const yesterday = (
      await admin.get('Log/EventLogs/Filtered', { DateFrom: '2020-01-01', DateTo: '2020-01-02' })
    ).json() as List<EventLogEntry>;
    expect(yesterday).toEqual({ Content: [], TotalCount: 0 });
    const bad = await admin.get('Log/EventLogs/Filtered', { DateFrom: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the logs for the Admin: other users are refused', async () => {
    for (const path of ['Log/EventLogs/Filtered', 'Log/SMSLogs/Filtered', 'Log/TaskLogs'])
      expect((await technician.get(path)).statusCode).toBe(403);
    const customerUser = (await signedInUser(t, 4)).api;
    expect((await customerUser.get('Log/EventLogs/Filtered')).statusCode).toBe(403);
  });

  it('refuses a plan whose cron pattern does not parse', async () => {
    expect(() => assertCron('61 25 * * *', 'Broken')).toThrow(/Broken/);
    const queue = new TaskQueue(t.db);
    await expect(
      queue.ensurePlan({ name: 'Broken', taskName: 'X', cron: 'every night', description: '' }),
    ).rejects.toThrow(/not a cron pattern/);
    const plans = (await admin.get('task/plans')).json() as { Name: string }[];
    expect(plans.map((p) => p.Name)).not.toContain('Broken');
  });
});

describe.each(engines)('a job’s mail the mail server refuses on %s', (engine) => {
  // A mail server that is not there: every send fails.
  let broken: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    broken = await startTestApp(engine, { smtpUrl: 'smtp://127.0.0.1:9' });
  });

  it('retries a mail the mail server refuses, and keeps each try in the mail log', async () => {
    {
      await ensureReferenceData(broken.db);
      const api = (await signedInUser(broken, 1)).api;
      expect(
        (await api.post('settings/group', { Group: 'email', Values: { NewJobEmailEnabled: true } }))
          .statusCode,
      ).toBe(200);
      const customer = await createCustomer(broken.db);
      const contact = await createContact(broken.db, {
        customerId: customer.id,
        email: 'retry@kunde.test',
        emailAllowed: true,
      });
      const machine = await createMachine(broken.db, { customerId: customer.id });
      const res = await api.post('job/create', {
        CustomerId: customer.id,
        ContactPersonId: contact.id,
        CustomerDeliveryAddress: customer.defaultDeliveryAddressId!,
        JobTypeId: JobType.Repair,
        JobPriorityId: JobPriority.High,
        EstimatedTime: '1',
        Machines: [{ MachineId: machine.id, CustomerComment: 'Stopped' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      await broken.app.services.tasks.drain();
      const [task] = await broken.db.select().from(tasks).where(eq(tasks.name, 'JobEmail'));
      // Waits to be tried again, later.
      expect(task).toMatchObject({ status: 'created', attempts: 1 });
      expect(task!.error).toContain('retry@kunde.test');
      expect(task!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Its time comes: tried again, and again after that, until it stays failed.
      for (let i = 0; i < 3; i++) {
        await broken.db
          .update(tasks)
          .set({ runAt: new Date(0) })
          .where(eq(tasks.id, task!.id));
        await broken.app.services.tasks.drain();
      }
      const [last] = await broken.db.select().from(tasks).where(eq(tasks.id, task!.id));
      expect(last).toMatchObject({ status: 'failed', attempts: 4 });
      const tries = await broken.db.select().from(mailLog).where(eq(mailLog.to, 'retry@kunde.test'));
      expect(tries.map((m) => m.status)).toEqual(['Failed', 'Failed', 'Failed', 'Failed']);
    }
  });

  afterAll(() => broken.close());
});
