import type { MailLogEntry } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema/index.ts';
import { createLeadType, ensureReferenceDataOnce } from '../src/dev/factories/index.ts';
import { LEAD_EMAIL_TASK } from '../src/modules/leads/lead-mail.service.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

type List<T> = { Content: T[]; TotalCount: number };
const tag = () => Math.random().toString(36).slice(2, 8);

describe.each(engines)('the new-lead mail (the lead e-mail page) on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;

  const emailSettings = async () =>
    (await admin.get('settings/group', { group: 'email' })).json().Values as Record<string, unknown>;
  const save = (Values: Record<string, unknown>) => admin.post('settings/group', { Group: 'email', Values });
  const mailsTo = async (to: string) =>
    ((await admin.get('Log/MailLogs/Filtered', { SearchWord: to })).json() as List<MailLogEntry>).Content;
  const leadMailTasks = () => t.db.select().from(tasks).where(eq(tasks.name, LEAD_EMAIL_TASK));

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await ensureReferenceDataOnce(t.db);
    admin = (await signedInUser(t, 1, { name: 'Ada Admin' })).api;
    technician = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  it('is off by default, with a lead template and no address', async () => {
    expect(await emailSettings()).toMatchObject({
      NewLeadEmailEnabled: false,
      NewLeadEmailTo: '',
      NewLeadEmailSubject: 'New lead: {LeadName}',
    });
  });

  it('refuses bad settings with the field’s message and saves nothing', async () => {
    const before = await emailSettings();
    // On without an address.
    const noAddress = await save({ NewLeadEmailEnabled: true });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().Errors).toEqual([
      { Field: 'Values.NewLeadEmailTo', Message: 'This field is required' },
    ]);
    // Not an address.
    const badAddress = await save({ NewLeadEmailEnabled: true, NewLeadEmailTo: 'sales@' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().Errors).toEqual([
      { Field: 'Values.NewLeadEmailTo', Message: 'Invalid E-mail address' },
    ]);
    // A job's placeholder means nothing in the lead's mail; a lead's in a job's.
    const jobPlaceholder = await save({
      NewLeadEmailTo: 'sales@demo.test',
      NewLeadEmailSubject: 'Lead {LeadName} for {JobId}',
    });
    expect(jobPlaceholder.statusCode).toBe(400);
    expect(jobPlaceholder.json().Errors).toEqual([
      { Field: 'Values.NewLeadEmailSubject', Message: 'The placeholder {JobId} is unknown.' },
    ]);
    const leadInJob = await save({ NewJobEmailSubject: 'Job {JobId} from {LeadName}' });
    expect(leadInJob.statusCode).toBe(400);
    expect(leadInJob.json().Message).toContain('{LeadName}');
    // Only the Admin keeps settings.
    expect((await technician.post('settings/group', { Group: 'email', Values: {} })).statusCode).toBe(403);
    expect(await emailSettings()).toEqual(before);
  });

  it('mails a new lead to the address from the template, through a task, once', async () => {
    const to = `sales.${tag()}@demo.test`;
    const saved = await save({
      NewLeadEmailEnabled: true,
      NewLeadEmailTo: to,
      NewLeadEmailSubject: 'New lead: {LeadName} ({LeadType})',
      NewLeadEmailBody:
        '{LeadContactName} <{LeadEmail}>, {LeadAddress}. {LeadDescription} Added by {LeadCreatedBy}.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const type = await createLeadType(t.db, { name: `Trade fair ${tag()}` });
    const created = await admin.post('Lead/', {
      Name: 'Vestlandet Fisk AS',
      ContactName: 'Kari Nordmann',
      Email: 'kari@fisk.example',
      Street: 'Kaien 1',
      Zip: '5003',
      City: 'Bergen',
      Description: 'Two ice machines.',
      LeadTypeId: type.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    // Queued in the lead's change, sent by the worker.
    expect(await mailsTo(to)).toEqual([]);
    await t.app.services.tasks.drain();
    const mails = await mailsTo(to);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      To: to,
      Subject: `New lead: Vestlandet Fisk AS (${type.name})`,
      Body: 'Kari Nordmann <kari@fisk.example>, Kaien 1, 5003 Bergen. Two ice machines. Added by Ada Admin.',
      Status: 'Recorded',
    });
    // A change of the lead sends nothing more.
    const lead = created.json();
    expect(
      (await admin.patch('Lead/', { Id: lead.Id, City: 'Ålesund', RowVersion: lead.RowVersion })).statusCode,
    ).toBe(200);
    await t.app.services.tasks.drain();
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it('switched off, a new lead queues no mail', async () => {
    const to = `off.${tag()}@demo.test`;
    expect((await save({ NewLeadEmailEnabled: false, NewLeadEmailTo: to })).statusCode).toBe(200);
    const before = (await leadMailTasks()).length;
    expect((await admin.post('Lead/', { Name: `Nordkapp Is AS ${tag()}` })).statusCode).toBe(200);
    await t.app.services.tasks.drain();
    expect((await leadMailTasks()).length).toBe(before);
    expect(await mailsTo(to)).toEqual([]);
  });

  it('a refused lead queues no mail', async () => {
    const to = `refused.${tag()}@demo.test`;
    expect((await save({ NewLeadEmailEnabled: true, NewLeadEmailTo: to })).statusCode).toBe(200);
    const before = (await leadMailTasks()).length;
    expect((await admin.post('Lead/', { Name: '' })).statusCode).toBe(400);
    expect((await admin.post('Lead/', { Name: 'X', LeadTypeId: 999_999 })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
    expect((await leadMailTasks()).length).toBe(before);
  });
});
