import type { Checklist, ChecklistSummary, ChecklistTemplate, Job } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checklistFields, checklists, checklistTemplates, jobs } from '../src/db/schema/index.ts';
import {
  createChecklistTemplate,
  createCustomer,
  createDocument,
  createJob,
  createPartnerCompany,
} from '../src/dev/factories/index.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('checklists on %s', (engine) => {
  const s = staffApp(engine, { name: 'Kari Checks' });

  /** A customer's job with one machine, and an active template with a field of every type. */
  async function setup(status = 20) {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1, jobStatusId: status });
    const template = await createChecklistTemplate(s.t.db);
    return { customer, job, template };
  }
  async function started() {
    const x = await setup();
    const res = await s.technician.post(`checklist/start?jobId=${x.job.id}&templateId=${x.template.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return { ...x, checklist: res.json() as Checklist };
  }
  const fieldOf = (c: Checklist, label: string) => c.Fields.find((f) => f.Label === label)!;
  const fieldCount = async () => (await s.t.db.select({ n: count() }).from(checklistFields))[0]!.n;

  it('the Admin makes a template and saves its sections; staff read it, others may not write', async () => {
    const made = await s.admin.post('checklist/templates/?name=Compressor%20service');
    expect(made.statusCode, made.body).toBe(200);
    const t = made.json() as ChecklistTemplate;
    expect(t).toMatchObject({ Name: 'Compressor service', IsActive: true, RowVersion: 1 });
    expect(t.Sections[0]!.Fields[0]).toMatchObject({ Type: 'YesNo', Required: true });

    const sections = [
      {
        Title: 'Before',
        Fields: [
          { Label: 'Isolated', Type: 'YesNo', Required: true },
          { Label: 'Oil level', Type: 'Number', Min: 2, Max: 4, Unit: 'l' },
          { Label: 'Belt', Type: 'Choice', Choices: ['New', 'Worn'] },
        ],
      },
    ];
    const saved = await s.admin.post(`checklist/templates/${t.Id}/`, {
      Name: 'Compressor service',
      Sections: sections,
      RowVersion: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ChecklistTemplate).Sections[0]!.Fields.map((f) => f.Label)).toEqual([
      'Isolated',
      'Oil level',
      'Belt',
    ]);
    // An older version is refused, as is a choice without options.
    const stale = await s.admin.post(`checklist/templates/${t.Id}/`, {
      Name: 'X',
      Sections: sections,
      RowVersion: 1,
    });
    expect(stale.statusCode).toBe(409);
    const bad = await s.admin.post(`checklist/templates/${t.Id}/`, {
      Name: 'X',
      Sections: [{ Title: 'A', Fields: [{ Label: 'C', Type: 'Choice', Choices: ['One'] }] }],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().Errors)).toContain('A choice needs at least two options.');
    const [row] = await s.t.db.select().from(checklistTemplates).where(eq(checklistTemplates.id, t.Id));
    expect(row!.name).toBe('Compressor service');

    const list = (await s.technician.get('checklist/templates')).json() as {
      Id: number;
      FieldCount: number;
    }[];
    expect(list.find((x) => x.Id === t.Id)).toMatchObject({ FieldCount: 3 });
    expect((await s.technician.get(`checklist/templates/${t.Id}`)).json()).toMatchObject({ Id: t.Id });
    expect((await s.technician.post('checklist/templates/?name=Mine')).statusCode).toBe(403);
    expect(
      (await s.technician.post(`checklist/templates/${t.Id}/`, { Name: 'Mine', Sections: sections }))
        .statusCode,
    ).toBe(403);
    expect((await s.admin.get('checklist/templates/999999')).statusCode).toBe(404);
  });

  it('starts a checklist on a job with the template’s fields; lists it on the job; history and event written', async () => {
    const { job, template, checklist } = await started();
    expect(checklist).toMatchObject({
      JobId: job.id,
      TemplateId: template.id,
      Name: template.name,
      FieldCount: 5,
      AnsweredCount: 0,
      FailedCount: 0,
      Complete: false,
      CreatedBy: 'Kari Checks',
    });
    expect(checklist.Fields.map((f) => [f.Section, f.Type])).toEqual([
      ['Safety', 'YesNo'],
      ['Safety', 'Number'],
      ['Finish', 'Text'],
      ['Finish', 'Choice'],
      ['Finish', 'Photo'],
    ]);
    // A sub-job's id names its job.
    const list = (
      await s.admin.get('checklist/list', { jobId: String(job.subJobs[0]!.id) })
    ).json() as ChecklistSummary[];
    expect(list.map((c) => c.Id)).toEqual([checklist.Id]);
    expect((await s.admin.get('checklist/', { entryId: String(checklist.Id) })).json()).toMatchObject({
      Id: checklist.Id,
    });
    const history = JSON.stringify((await s.admin.get(`JobHistory/${job.id}`)).json());
    expect(history).toContain(template.name);
    // A later change of the template leaves the started checklist as it was.
    await s.t.db
      .update(checklistTemplates)
      .set({ sections: [] })
      .where(eq(checklistTemplates.id, template.id));
    expect(
      ((await s.admin.get('checklist/', { entryId: String(checklist.Id) })).json() as Checklist).Fields,
    ).toHaveLength(5);
  });

  it('refuses to start on an approved job, from an inactive or unknown template, writing nothing', async () => {
    const { job, template } = await setup(70);
    const before = { w: await writes(s.t.db), f: await fieldCount() };
    expect(
      (await s.technician.post(`checklist/start?jobId=${job.id}&templateId=${template.id}`)).statusCode,
    ).toBe(409);
    const open = await setup();
    await s.t.db
      .update(checklistTemplates)
      .set({ isActive: false })
      .where(eq(checklistTemplates.id, open.template.id));
    const inactive = await s.technician.post(
      `checklist/start?jobId=${open.job.id}&templateId=${open.template.id}`,
    );
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().Message).toBe('This checklist template is not active.');
    expect(
      (await s.technician.post(`checklist/start?jobId=${open.job.id}&templateId=999999`)).statusCode,
    ).toBe(400);
    expect(
      (await s.technician.post(`checklist/start?jobId=999999&templateId=${open.template.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await s.technician.post(`checklist/start?jobId=x&templateId=${open.template.id}`)).statusCode,
    ).toBe(400);
    expect({ w: await writes(s.t.db), f: await fieldCount() }).toEqual(before);
  });

  it('answers each field by its type; a no or a number out of range fails; complete when the required are answered', async () => {
    const { job, checklist } = await started();
    const answer = (label: string, Value: unknown) =>
      s.technician.patch('checklist/field/', { Id: fieldOf(checklist, label).Id, Value });
    const yes = await answer('Guards in place', false);
    expect(yes.statusCode, yes.body).toBe(200);
    expect(yes.json()).toMatchObject({
      Value: false,
      Failed: true,
      AnsweredBy: 'Kari Checks',
      RowVersion: 2,
    });
    expect((await answer('Pressure', 9.5)).json()).toMatchObject({ Value: 9.5, Failed: true });
    expect((await answer('Pressure', 7)).json()).toMatchObject({ Value: 7, Failed: false });
    expect((await answer('Remarks', 'Filter replaced')).json()).toMatchObject({ Value: 'Filter replaced' });
    expect((await answer('Condition', 'Fair')).json()).toMatchObject({ Value: 'Fair', Failed: false });
    const doc = await createDocument(s.t.db, { entityClass: 'Job', entityId: job.id });
    expect((await answer('Photo of the nameplate', doc.id)).json()).toMatchObject({ Value: doc.id });
    const now = (await s.admin.get('checklist/', { entryId: String(checklist.Id) })).json() as Checklist;
    expect(now).toMatchObject({ AnsweredCount: 5, FailedCount: 1, Complete: true });
    // Null clears an answer.
    expect((await answer('Remarks', null)).json()).toMatchObject({
      Value: null,
      AnsweredBy: null,
      Answered: null,
    });
    const history = JSON.stringify((await s.admin.get(`JobHistory/${job.id}`)).json());
    expect(history).toContain('Checklist: Pressure');
  });

  it('a field answered with the wrong type is a 400 with the message, and nothing is written', async () => {
    const { checklist } = await started();
    const other = await createJob(s.t.db);
    const otherDoc = await createDocument(s.t.db, { entityClass: 'Job', entityId: other.id });
    const before = await writes(s.t.db);
    const cases: [string, unknown, string][] = [
      ['Guards in place', 'yes', 'The answer must be yes or no.'],
      ['Guards in place', 1, 'The answer must be yes or no.'],
      ['Pressure', '7', 'The answer must be a number.'],
      ['Pressure', true, 'The answer must be a number.'],
      ['Remarks', 12, 'The answer must be a text of at most 2000 characters.'],
      ['Remarks', 'x'.repeat(2001), 'The answer must be a text of at most 2000 characters.'],
      ['Condition', 'Excellent', 'The answer must be one of: Good, Fair, Poor.'],
      ['Photo of the nameplate', 'photo.jpg', 'The answer must be a photo uploaded to this job.'],
      ['Photo of the nameplate', otherDoc.id, 'The answer must be a photo uploaded to this job.'],
    ];
    for (const [label, Value, message] of cases) {
      const res = await s.technician.patch('checklist/field/', { Id: fieldOf(checklist, label).Id, Value });
      expect(res.statusCode, `${label} ${String(Value)}`).toBe(400);
      expect(res.json()).toMatchObject({ Message: message, Errors: [{ Field: 'Value', Message: message }] });
    }
    expect(
      (await s.technician.patch('checklist/field/', { Id: fieldOf(checklist, 'Pressure').Id, Value: [1] }))
        .statusCode,
    ).toBe(400);
    expect((await s.technician.patch('checklist/field/', { Id: 999999, Value: true })).statusCode).toBe(404);
    expect(await writes(s.t.db)).toEqual(before);
    const rows = await s.t.db
      .select()
      .from(checklistFields)
      .where(eq(checklistFields.checklistId, checklist.Id));
    expect(rows.every((r) => r.answeredAt === null && r.rowVersion === 1)).toBe(true);
  });

  it('a stale answer is refused with 409; an approved job’s checklist can no longer be changed', async () => {
    const { job, checklist } = await started();
    const id = fieldOf(checklist, 'Guards in place').Id;
    expect(
      (await s.technician.patch('checklist/field/', { Id: id, Value: true, RowVersion: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await s.technician.patch('checklist/field/', { Id: id, Value: false, RowVersion: 1 })).statusCode,
    ).toBe(409);
    await s.t.db.update(jobs).set({ jobStatusId: 70 }).where(eq(jobs.id, job.id));
    expect((await s.technician.patch('checklist/field/', { Id: id, Value: false })).statusCode).toBe(409);
  });

  it('a failed field raises a follow-up job through the job rules, once', async () => {
    const { job, customer, checklist } = await started();
    const guards = fieldOf(checklist, 'Guards in place');
    // Not failed yet.
    expect((await s.technician.post(`checklist/field/${guards.Id}/followup`)).statusCode).toBe(409);
    await s.technician.patch('checklist/field/', { Id: guards.Id, Value: false });
    const res = await s.technician.post(`checklist/field/${guards.Id}/followup`);
    expect(res.statusCode, res.body).toBe(200);
    const { JobId } = res.json() as { JobId: number };
    const made = (await s.admin.get(`job/${JobId}`)).json() as Job;
    expect(made).toMatchObject({ CustomerId: customer.id, JobStatusId: 10 });
    expect(made.DisplayName).toBe('Follow-up: Guards in place');
    expect(made.OrderId).toMatch(/^\d+$/);
    const field = ((await s.admin.get('checklist/', { entryId: String(checklist.Id) })).json() as Checklist)
      .Fields[0]!;
    expect(field.FollowUpJobId).toBe(JobId);
    const again = await s.technician.post(`checklist/field/${guards.Id}/followup`);
    expect(again.statusCode).toBe(409);
    expect(again.json().Message).toBe(`A follow-up job was already raised from this field (job ${JobId}).`);
    expect(job.id).not.toBe(JobId);
  });

  it('twin follow-up clicks make one job, linked to the field; the other is refused with nothing written', async () => {
    const { customer, checklist } = await started();
    const guards = fieldOf(checklist, 'Guards in place');
    await s.technician.patch('checklist/field/', { Id: guards.Id, Value: false });
    const jobsOf = async () =>
      (await s.t.db.select({ n: count() }).from(jobs).where(eq(jobs.customerId, customer.id)))[0]!.n;
    const before = await jobsOf();
    const answers = await Promise.all([
      s.technician.post(`checklist/field/${guards.Id}/followup`),
      s.technician.post(`checklist/field/${guards.Id}/followup`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const { JobId } = answers.find((a) => a.statusCode === 200)!.json() as { JobId: number };
    expect(answers.find((a) => a.statusCode === 409)!.json().Message).toBe(
      `A follow-up job was already raised from this field (job ${JobId}).`,
    );
    // One job more (with its machine sub-job), and it is the one the field names.
    const parents = await s.t.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.customerId, customer.id));
    expect(parents.map((p) => p.id)).toContain(JobId);
    expect((await jobsOf()) - before).toBe(2);
    const field = ((await s.admin.get('checklist/', { entryId: String(checklist.Id) })).json() as Checklist)
      .Fields[0]!;
    expect(field.FollowUpJobId).toBe(JobId);
  });

  it('customer users and partners read their own company’s checklists only, and fill in none', async () => {
    const partner = await createPartnerCompany(s.t.db);
    const customer = await createCustomer(s.t.db, { partnerCompanyId: partner.id });
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const template = await createChecklistTemplate(s.t.db);
    const c = (
      await s.admin.post(`checklist/start?jobId=${job.id}&templateId=${template.id}`)
    ).json() as Checklist;
    const { checklist: foreign, job: foreignJob } = await started();
    const manager = (await signedInUser(s.t, 4, { customerId: customer.id })).api;
    const partnerUser = (await signedInUser(s.t, 5, { partnerCompanyId: partner.id })).api;
    for (const who of [manager, partnerUser]) {
      expect((await who.get('checklist/list', { jobId: String(job.id) })).json()).toHaveLength(1);
      expect((await who.get('checklist/', { entryId: String(c.Id) })).statusCode).toBe(200);
      expect((await who.get('checklist/list', { jobId: String(foreignJob.id) })).statusCode).toBe(404);
      expect((await who.get('checklist/', { entryId: String(foreign.Id) })).statusCode).toBe(404);
      expect((await who.patch('checklist/field/', { Id: c.Fields[0]!.Id, Value: true })).statusCode).toBe(
        403,
      );
      expect((await who.post(`checklist/start?jobId=${job.id}&templateId=${template.id}`)).statusCode).toBe(
        403,
      );
      expect((await who.get('checklist/templates')).statusCode).toBe(403);
    }
    const n = await s.t.db.select({ n: count() }).from(checklists).where(eq(checklists.jobId, job.id));
    expect(n[0]!.n).toBe(1);
  });

  it('without the CheckList licence every checklist call is refused', async () => {
    const { checklist } = await started();
    await s.t.app.services.settings.write('licences', { CheckList: false });
    try {
      const res = await s.admin.get('checklist/', { entryId: String(checklist.Id) });
      expect(res.statusCode).toBe(403);
      expect((await s.technician.get('checklist/templates')).statusCode).toBe(403);
    } finally {
      await s.t.app.services.settings.write('licences', { CheckList: true });
    }
  });
});
