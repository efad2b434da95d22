import type { Checklist, ChecklistField, Counter, Job, OrderLine, SubJob } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counterReadings, documents, orderLines, stockMovements } from '../src/db/schema/index.ts';
import {
  createArticle,
  createChecklistTemplate,
  createCounter,
  createCustomer,
  createJob,
  createMachine,
  createStore,
  stockArticle,
} from '../src/dev/factories/index.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { form, jpegWithGps } from './sample-files.ts';

/**
 * The calls a phone's outbox sends (decisions 075, 095): each, sent twice under one Idempotency-Key
 * (the first answer was lost), is applied once and answers the first answer again; a change based on an
 * old RowVersion (the office saved the record meanwhile) answers 409 and changes nothing.
 */
describe.each(engines)('the outbox’s calls on %s', (engine) => {
  const s = staffApp(engine, { name: 'Oda Outbox' });

  /** Sends `method path body` as the technician with the Idempotency-Key `key`. */
  const sendWithKey = (method: 'POST' | 'PATCH' | 'PUT', path: string, key: string, payload: object) =>
    s.t.app.inject({
      method,
      url: `/api2/ServiceProvider/${path}`,
      headers: { ...s.technician.headers, 'idempotency-key': key },
      payload,
    });
  const twice = async (method: 'POST' | 'PATCH' | 'PUT', path: string, key: string, payload: object) => {
    const first = await sendWithKey(method, path, key, payload);
    expect(first.statusCode, first.body).toBe(200);
    const again = await sendWithKey(method, path, key, payload);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    return first.json();
  };
  const tag = () => Math.random().toString(36).slice(2, 10);

  async function job() {
    const customer = await createCustomer(s.t.db);
    return createJob(s.t.db, { customerId: customer.id, machines: 1, jobStatusId: 20 });
  }

  it('a time line: added once under its key; its change applied once under its key; a stale RowVersion answers 409', async () => {
    const { subJobs } = await job();
    const sub = subJobs[0]!;
    const labour = await createArticle(s.t.db, { isTimeArticle: true, isStockItem: false, unit: 'h' });
    const add = { JobId: sub.id, ArticleNumber: labour.articleNumber, Quantity: 1.5, WorkDate: '2026-03-02' };
    const line = (await twice('POST', 'time/add', `time-${tag()}`, add)) as OrderLine;
    expect(await s.t.db.$count(orderLines, eq(orderLines.jobId, sub.id))).toBe(1);

    const change = { Id: line.Id, Quantity: 2, RowVersion: line.RowVersion };
    const changed = (await twice('POST', 'time/detail/update', `time-${tag()}`, change)) as OrderLine;
    expect(changed).toMatchObject({ Quantity: 2, RowVersion: line.RowVersion + 1 });

    // The office changed the line since: the phone's change on the old version is refused.
    const stale = await sendWithKey('POST', 'time/detail/update', `time-${tag()}`, {
      Id: line.Id,
      Quantity: 3,
      RowVersion: line.RowVersion,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Message).toBeTruthy();
    expect((await s.technician.get(`time/job-time/${line.Id}`)).json()).toMatchObject({ Quantity: 2 });
  });

  it('a part from the van: the stock moves once for a repeated add or change; a stale RowVersion answers 409', async () => {
    const { subJobs } = await job();
    const sub = subJobs[0]!;
    const article = await createArticle(s.t.db);
    const van = await createStore(s.t.db);
    await stockArticle(s.t.db, van.id, article.id, '10');
    const add = { JobId: sub.id, ArticleNumber: article.articleNumber, Quantity: 2, StoreId: van.id };
    const line = (await twice('POST', 'parts/add-part', `part-${tag()}`, add)) as OrderLine;
    expect(await stockOf(s.t.db, van.id, article.id)).toBe('8.000');

    const change = { Id: line.Id, Quantity: 3, RowVersion: line.RowVersion };
    const changed = (await twice('POST', 'parts/update-part', `part-${tag()}`, change)) as OrderLine;
    expect(changed).toMatchObject({ Quantity: 3, RowVersion: line.RowVersion + 1 });
    expect(await stockOf(s.t.db, van.id, article.id)).toBe('7.000');

    const stale = await sendWithKey('POST', 'parts/update-part', `part-${tag()}`, {
      Id: line.Id,
      Quantity: 5,
      RowVersion: line.RowVersion,
    });
    expect(stale.statusCode).toBe(409);
    expect(await stockOf(s.t.db, van.id, article.id)).toBe('7.000');
    const moves = await s.t.db.select().from(stockMovements).where(eq(stockMovements.orderLineId, line.Id));
    // Taken 2, given back 2 and taken 3: the stock moved by the parts used, once each.
    expect(moves.map((m) => m.quantity).sort()).toEqual(['-2.000', '-3.000', '2.000']);
  });

  it('a checklist answer: applied once under its key; a stale RowVersion answers 409', async () => {
    const { id } = await job();
    const template = await createChecklistTemplate(s.t.db);
    const started = await s.technician.post(`checklist/start?jobId=${id}&templateId=${template.id}`);
    const field = (started.json() as Checklist).Fields.find((f) => f.Type === 'Number')!;
    const answer = { Id: field.Id, Value: 7, RowVersion: field.RowVersion };
    const answered = (await twice('PATCH', 'checklist/field/', `answer-${tag()}`, answer)) as ChecklistField;
    expect(answered).toMatchObject({ Value: 7, RowVersion: field.RowVersion + 1 });

    const stale = await sendWithKey('PATCH', 'checklist/field/', `answer-${tag()}`, {
      Id: field.Id,
      Value: 6,
      RowVersion: field.RowVersion,
    });
    expect(stale.statusCode).toBe(409);
    const read = (await s.technician.get(`checklist/?entryId=${(started.json() as Checklist).Id}`)).json();
    expect((read as Checklist).Fields.find((f) => f.Id === field.Id)).toMatchObject({ Value: 7 });
  });

  it('a sub-job’s comment: applied once under its key; a stale RowVersion answers 409 and changes nothing', async () => {
    const { id } = await job();
    const [sub] = (await s.technician.get(`job/${id}/subjobs`)).json() as SubJob[];
    const body = {
      CustomerComment: sub!.CustomerComment,
      TechnicianComment: 'Replaced the seal',
      InvoiceComment: sub!.InvoiceComment,
      NoInvoice: sub!.NoInvoice,
      RowVersion: sub!.RowVersion,
    };
    const changed = (await twice(
      'PATCH',
      `MachineJob/change/${sub!.Id}`,
      `comment-${tag()}`,
      body,
    )) as SubJob;
    expect(changed).toMatchObject({
      TechnicianComment: 'Replaced the seal',
      RowVersion: sub!.RowVersion + 1,
    });

    const stale = await sendWithKey('PATCH', `MachineJob/change/${sub!.Id}`, `comment-${tag()}`, {
      ...body,
      TechnicianComment: 'Something else',
    });
    expect(stale.statusCode).toBe(409);
    const [read] = (await s.technician.get(`job/${id}/subjobs`)).json() as SubJob[];
    expect(read).toMatchObject({ TechnicianComment: 'Replaced the seal', RowVersion: sub!.RowVersion + 1 });
  });

  it('the job’s comment: applied once under its key; a stale RowVersion answers 409 and changes nothing', async () => {
    const { id } = await job();
    const read = (await s.technician.get(`job/${id}`)).json() as Job;
    const body = {
      Id: id,
      DisplayName: read.DisplayName,
      JobStatusId: read.JobStatusId,
      JobSubStatusId: read.JobSubStatusId,
      JobTypeId: read.JobTypeId,
      JobPriorityId: read.JobPriorityId,
      EstimatedTime: read.EstimatedTime ?? '',
      NoInvoice: read.NoInvoice,
      FirstLineComment: 'Dog on site',
      InvoiceReference: read.InvoiceReference,
      OrderDepartmentId: read.OrderDepartmentId,
      RowVersion: read.RowVersion,
    };
    const changed = (await twice('PATCH', 'job/changedetails', `job-comment-${tag()}`, body)) as Job;
    expect(changed).toMatchObject({ FirstLineComment: 'Dog on site', RowVersion: read.RowVersion + 1 });

    const stale = await sendWithKey('PATCH', 'job/changedetails', `job-comment-${tag()}`, {
      ...body,
      FirstLineComment: 'Something else',
    });
    expect(stale.statusCode).toBe(409);
    expect((await s.technician.get(`job/${id}`)).json()).toMatchObject({
      FirstLineComment: 'Dog on site',
      RowVersion: read.RowVersion + 1,
    });
  });

  it('a job’s photo: uploaded once under its key (one document for a repeated upload, the first answer again)', async () => {
    const { id } = await job();
    const filename = `pump-${tag()}.jpg`;
    const body = form([
      ['Files', { filename, data: await jpegWithGps(), contentType: 'image/jpeg' }],
      ['DocumentTypeId', '5'],
    ]);
    const key = `photo-${tag()}`;
    const upload = () =>
      s.t.app.inject({
        method: 'POST',
        url: `/api2/ServiceProvider/jobdocuments/${id}?toCustomer=false`,
        headers: { ...s.technician.headers, 'idempotency-key': key, 'content-type': body.contentType },
        payload: body.payload,
      });
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await s.t.db.$count(documents, eq(documents.fileName, filename))).toBe(1);
  });

  it('a counter reading: put once under its key (one reading for a repeated put)', async () => {
    const customer = await createCustomer(s.t.db);
    const machine = await createMachine(s.t.db, { customerId: customer.id });
    const counter = await createCounter(s.t.db, { machineId: machine.id, counterType: 1 });
    const reading = { CounterId: counter.id, Value: '1250,5', ReadingDate: '2026-03-02T08:12' };
    const put = (await twice('PUT', 'Counter/Machine', `reading-${tag()}`, reading)) as Counter;
    expect(put).toMatchObject({ LastValue: 1250.5, ReadingCount: 1 });
    expect(await s.t.db.$count(counterReadings, eq(counterReadings.counterId, counter.id))).toBe(1);
  });
});
