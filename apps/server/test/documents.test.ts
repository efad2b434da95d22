import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, eventLog } from '../src/db/schema/index.ts';
import {
  createCustomer,
  createDocument,
  createJob,
  createMachine,
  createMachineModel,
  createPartnerCompany,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { docm, docx, elf, form, gif, html, type Part, pdf } from './sample-files.ts';
import { allLicences } from './support.ts';

const file = (filename: string, data: Buffer, contentType?: string): Part => [
  'Files',
  { filename, data, ...(contentType ? { contentType } : {}) },
];

describe.each(engines)('documents on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let technician: Api;
  let admin: Api;
  let png: Buffer;
  /** The customer the customer users and the partner belong to, and another. */
  let own: { customer: number; machine: number; model: number; type: number };
  let other: { customer: number; machine: number };
  let manager: Api;
  let employee: Api;
  let partner: Api;

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;

  const upload = (api: Api, path: string, parts: Part[], query = '') => {
    const { payload, contentType } = form(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api2/ServiceProvider/${path}${query}`,
      headers: { ...api.headers, 'content-type': contentType },
      payload,
    });
  };
  const resource = (api: Api, relativePath: string) => api.get('/api2/resource/', { relativePath });
  const storedFiles = (cls: string) => {
    const folder = join(t.uploads, 'documents', cls);
    return existsSync(folder) ? readdirSync(folder).length : 0;
  };
  const documentRows = async () => (await t.db.select({ n: count() }).from(documents))[0]!.n;

  /** A published and an unpublished PDF on a machine, uploaded by the technician. */
  async function twoDocuments(cls: string, id: number) {
    const shared = await upload(technician, `${cls}/${id}/Documents`, [
      file('manual.pdf', pdf('shared')),
      ['PublishToCustomer', 'true'],
      ['DocumentTypeId', '2'],
    ]);
    const internal = await upload(technician, `${cls}/${id}/Documents`, [
      file('internal.pdf', pdf('internal')),
    ]);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(internal.statusCode, internal.body).toBe(200);
    return { shared: shared.json()[0], internal: internal.json()[0] };
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    technician = await as(2);
    admin = await as(1);
    png = await QRCode.toBuffer('fieldport', { type: 'png' });
    const company = await createPartnerCompany(t.db);
    const mine = await createCustomer(t.db, { partnerCompanyId: company.id });
    const model = await createMachineModel(t.db);
    const theirs = await createCustomer(t.db);
    own = {
      customer: mine.id,
      machine: (await createMachine(t.db, { customerId: mine.id, machineModelId: model.id })).id,
      model: model.id,
      type: model.machineTypeId!,
    };
    other = { customer: theirs.id, machine: (await createMachine(t.db, { customerId: theirs.id })).id };
    manager = await as(4, { customerId: mine.id });
    employee = await as(6, { customerId: mine.id });
    partner = await as(5, { partnerCompanyId: company.id });
  });
  afterAll(() => t.close());

  it('stores an uploaded PDF, lists it, serves it by its path and logs it in the machine’s change log', async () => {
    const machine = await createMachine(t.db);
    const res = await upload(technician, `Machine/${machine.id}/Documents`, [
      file('Service manual GA30.pdf', pdf(), 'application/pdf'),
      ['DocumentTypeId', '2'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [doc] = res.json();
    expect(doc).toMatchObject({
      EntityClass: 'Machine',
      EntityId: machine.id,
      Name: 'Service manual GA30',
      FileName: 'Service manual GA30.pdf',
      ContentType: 'application/pdf',
      Size: pdf().length,
      DocumentTypeCategoryId: 2,
      PublishToCustomer: false,
      CreatedBy: expect.any(String),
    });
    expect(doc.CreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(doc.RelativePath).toMatch(/^documents\/machine\/[0-9a-f-]+\.pdf$/);
    expect(doc.Url).toBe(`/api2/resource/?relativePath=${encodeURIComponent(doc.RelativePath)}`);
    expect(existsSync(join(t.uploads, doc.RelativePath))).toBe(true);

    const list = await technician.get(`Machine/${machine.id}/Documents`);
    expect(list.json()).toEqual([doc]);
    const served = await t.app.inject({ method: 'GET', url: doc.Url, headers: technician.headers });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Service manual GA30.pdf"; filename*=UTF-8''Service%20manual%20GA30.pdf`,
    );
    expect(served.rawPayload.equals(pdf())).toBe(true);

    const logs = await admin.get('Log/MachineLogs/Filtered', { MachineId: String(machine.id) });
    expect(logs.json().Content).toEqual([
      expect.objectContaining({
        Entity: 'MachineDocument',
        EntityId: doc.Id,
        Action: 'New',
        Description: 'Service manual GA30',
        CustomerId: machine.customerId,
      }),
    ]);
    const events = await t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'document'), eq(eventLog.entityId, String(doc.Id))));
    expect(events).toMatchObject([
      { changeType: 'New', payload: { EntityClass: 'Machine', RecordId: machine.id } },
    ]);
  });

  it('takes several files at once, each typed by its content, and names them after it', async () => {
    const customer = await createCustomer(t.db);
    const res = await upload(technician, `customer/${customer.id}/documents`, [
      file('scan', pdf()),
      file('Offer.docx', docx()),
      file('photo.JPEG', Buffer.from(await QRCode.toBuffer('x', { type: 'png' }))),
      file('readings.csv', Buffer.from('Date;Hours\n2026-01-05;1200\n')),
      file('notes.txt', Buffer.from('Filter changed. Ølkjøler OK.\n')),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().map((d: { FileName: string; ContentType: string }) => [d.FileName, d.ContentType]),
    ).toEqual([
      ['scan.pdf', 'application/pdf'],
      ['Offer.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      // A PNG named as a JPEG is a PNG.
      ['photo.JPEG.png', 'image/png'],
      ['readings.csv', 'text/csv; charset=utf-8'],
      ['notes.txt', 'text/plain; charset=utf-8'],
    ]);
    const list = (await technician.get(`Customer/${customer.id}/Documents`)).json();
    // Newest first.
    expect(list.map((d: { Name: string }) => d.Name)).toEqual([
      'notes',
      'readings',
      'photo',
      'Offer',
      'scan',
    ]);
    const offer = list.find((d: { Name: string }) => d.Name === 'Offer');
    const served = await resource(technician, offer.RelativePath);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="Offer.docx"/);
    const logs = await admin.get('Log/CustomerLogs/Filtered', { CustomerId: String(customer.id) });
    expect(
      logs.json().Content.filter((l: { Entity: string }) => l.Entity === 'CustomerDocument'),
    ).toHaveLength(5);
  });

  it('refuses files by their content, not their names, and then stores none of the upload', async () => {
    const machine = await createMachine(t.db);
    const path = `Machine/${machine.id}/Documents`;
    const before = { ...(await writes(t.db)), rows: await documentRows(), files: storedFiles('machine') };
    const refused: [string, Buffer][] = [
      ['manual.pdf', gif()],
      ['manual.pdf', elf()],
      ['manual.pdf', html()],
      ['notes.txt', elf()],
      ['archive.docx', Buffer.from(docm())],
      ['page.txt', Buffer.from([0x68, 0x69, 0x00, 0x01, 0x02])],
      ['empty.pdf', Buffer.alloc(0)],
    ];
    for (const [name, data] of refused) {
      // A good file first: the refusal of the second must leave the first unstored too.
      const res = await upload(technician, path, [
        file('good.pdf', pdf()),
        file(name, data, 'application/pdf'),
      ]);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const message = `${name} cannot be uploaded: documents may be PDF, PNG, JPEG, WebP, Word, Excel, PowerPoint, OpenDocument, plain text or CSV files.`;
      expect(res.json()).toEqual({ Message: message, Errors: [{ Field: 'Files', Message: message }] });
    }
    const huge = await upload(technician, path, [
      file('good.pdf', pdf()),
      file('huge.pdf', Buffer.concat([pdf(), Buffer.alloc(20 * 1024 * 1024)])),
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().Message).toBe('huge.pdf is larger than 20 MB.');
    const many = await upload(
      technician,
      path,
      Array.from({ length: 11 }, (_, i) => file(`part ${i}.pdf`, pdf())),
    );
    expect(many.statusCode).toBe(413);
    expect(many.json().Message).toBe('At most 10 files can be uploaded at once.');
    const none = await upload(technician, path, [['DocumentTypeId', '2']]);
    expect(none.statusCode).toBe(400);
    expect(none.json().Message).toBe('Choose at least one file to upload.');
    const badType = await upload(technician, path, [file('a.pdf', pdf()), ['DocumentTypeId', '99']]);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().Errors).toEqual([
      { Field: 'DocumentTypeId', Message: 'Must be a document type (1, 2, 3, 4, 5, 6).' },
    ]);
    const notMultipart = await technician.post(path, { Files: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    const unknownClass = await upload(technician, `Tractor/${machine.id}/Documents`, [file('a.pdf', pdf())]);
    expect(unknownClass.statusCode).toBe(400);
    expect(unknownClass.json().Errors[0]).toMatchObject({ Field: 'entityClass' });
    const missing = await upload(technician, 'Machine/99999999/Documents', [file('a.pdf', pdf())]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('No machine with id 99999999 was found.');

    expect({ ...(await writes(t.db)), rows: await documentRows(), files: storedFiles('machine') }).toEqual(
      before,
    );
  });

  it('stores and lists an uploaded name without control and bidirectional formatting characters', async () => {
    const machine = await createMachine(t.db);
    // U+202E shows "invoice\u202Efdp.exe" as "invoiceexe.pdf"; marks, isolates, C0 and C1 besides.
    const res = await upload(technician, `Machine/${machine.id}/Documents`, [
      file('invoice\u202Efdp.exe', pdf()),
      file('\u200FRe\u2067po\u2069rt\u061C\u0007\u0085 2026\u200E.pdf', pdf('second')),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().map((d: { Name: string; FileName: string }) => [d.Name, d.FileName])).toEqual([
      ['invoicefdp', 'invoicefdp.exe.pdf'],
      ['Report 2026', 'Report 2026.pdf'],
    ]);
    const listed = (await technician.get(`Machine/${machine.id}/Documents`)).json() as {
      Name: string;
      FileName: string;
    }[];
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what must be gone.
    const unsafe = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
    expect(listed).toHaveLength(2);
    for (const d of listed) expect(`${d.Name} ${d.FileName}`).not.toMatch(unsafe);
    const stored = await t.db.select().from(documents).where(eq(documents.entityId, machine.id));
    for (const d of stored) expect(`${d.name} ${d.fileName}`).not.toMatch(unsafe);

    // A rename is shown in the same lists: cleaned alike; nothing but such characters is no name.
    const [doc] = res.json();
    const renamed = await technician.patch(
      `documents/Change/${doc.Id}?Name=${encodeURIComponent('Offer\u202Etxt.exe')}`,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().Name).toBe('Offertxt.exe');
    const empty = await technician.patch(
      `documents/Change/${doc.Id}?Name=${encodeURIComponent('\u202E\u200F')}`,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors).toEqual([{ Field: 'Name', Message: 'This field is required' }]);
  });

  it('renames, files under another type and publishes through documents/Change, logging each change', async () => {
    const machine = await createMachine(t.db);
    const [doc] = (
      await upload(technician, `Machine/${machine.id}/Documents`, [file('scan 1.pdf', pdf())])
    ).json();
    const renamed = await technician.patch(
      `documents/Change/${doc.Id}?Name=${encodeURIComponent('Pressure test 2026')}&DocumentTypeCategoryId=3`,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      Id: doc.Id,
      Name: 'Pressure test 2026',
      FileName: 'scan 1.pdf',
      DocumentTypeCategoryId: 3,
      PublishToCustomer: false,
    });
    const published = await technician.patch(`documents/Change/${doc.Id}?PublishToCustomer=true`);
    expect(published.json()).toMatchObject({ Name: 'Pressure test 2026', PublishToCustomer: true });

    const before = await writes(t.db);
    for (const bad of [
      'Name=',
      'Name=%20%20',
      `Name=${'x'.repeat(201)}`,
      'DocumentTypeCategoryId=0',
      'PublishToCustomer=maybe',
    ]) {
      const res = await technician.patch(`documents/Change/${doc.Id}?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().Errors).toHaveLength(1);
    }
    // Nothing sent, nothing changed: no log line either.
    expect((await technician.patch(`documents/Change/${doc.Id}`)).json()).toMatchObject({
      Name: 'Pressure test 2026',
    });
    expect((await technician.patch('documents/Change/99999999?Name=X')).statusCode).toBe(404);
    expect(await writes(t.db)).toEqual(before);

    const logs = (await admin.get('Log/MachineLogs/Filtered', { MachineId: String(machine.id) })).json()
      .Content;
    expect(logs.map((l: { Action: string }) => l.Action)).toEqual(['Change', 'Change', 'New']);
    expect(logs[1].Changes).toEqual([
      { Field: 'Name', OldValue: 'scan 1', NewValue: 'Pressure test 2026' },
      { Field: 'DocumentTypeCategoryId', OldValue: '1', NewValue: '3' },
    ]);
  });

  it('toggles publication by record class, document and type, and refuses a wrong type or class', async () => {
    const machine = await createMachine(t.db);
    const [doc] = (
      await upload(technician, `Machine/${machine.id}/Documents`, [
        file('a.pdf', pdf()),
        ['DocumentTypeId', '4'],
      ])
    ).json();
    const on = await technician.patch(`machine/Documents/${doc.Id}/4/TogglePublishToCustomer`);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().PublishToCustomer).toBe(true);
    const off = await technician.patch(`MACHINE/Documents/${doc.Id}/4/TogglePublishToCustomer`);
    expect(off.json().PublishToCustomer).toBe(false);
    const before = await writes(t.db);
    const wrongType = await technician.patch(`Machine/Documents/${doc.Id}/2/TogglePublishToCustomer`);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json().Message).toBe(`Document ${doc.Id} is not of document type 2.`);
    expect(
      (await technician.patch(`Customer/Documents/${doc.Id}/4/TogglePublishToCustomer`)).statusCode,
    ).toBe(404);
    expect((await technician.patch(`Machine/Documents/${doc.Id}/9/TogglePublishToCustomer`)).statusCode).toBe(
      400,
    );
    expect(await writes(t.db)).toEqual(before);
  });

  it('deletes a document with its file, by either path, and only with its own record and type', async () => {
    const machine = await createMachine(t.db);
    const docs = (
      await upload(technician, `Machine/${machine.id}/Documents`, [
        file('a.pdf', pdf()),
        file('b.pdf', pdf('b')),
      ])
    ).json();
    const [b, a] = [docs[1], docs[0]];
    const before = await writes(t.db);
    expect((await technician.delete(`Machine/${machine.id}/Documents/${a.Id}/2`)).statusCode).toBe(404);
    expect((await technician.delete(`Machine/${machine.id + 1}/Documents/${a.Id}/1`)).statusCode).toBe(404);
    expect((await technician.delete(`documents/Delete/${a.Id}?DocumentTypeCategoryId=5`)).statusCode).toBe(
      404,
    );
    expect(await writes(t.db)).toEqual(before);
    expect(existsSync(join(t.uploads, a.RelativePath))).toBe(true);

    const deleted = await technician.delete(`machine/${machine.id}/documents/${a.Id}/1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ Id: a.Id });
    expect(existsSync(join(t.uploads, a.RelativePath))).toBe(false);
    expect((await resource(technician, a.RelativePath)).statusCode).toBe(404);
    expect((await technician.delete(`documents/Delete/${b.Id}?DocumentTypeCategoryId=1`)).json()).toEqual({
      Id: b.Id,
    });
    expect(existsSync(join(t.uploads, b.RelativePath))).toBe(false);
    expect((await technician.get(`Machine/${machine.id}/Documents`)).json()).toEqual([]);
    expect((await technician.delete(`documents/Delete/${b.Id}`)).statusCode).toBe(404);
    const logs = (await admin.get('Log/MachineLogs/Filtered', { MachineId: String(machine.id) })).json()
      .Content;
    expect(logs.map((l: { Action: string }) => l.Action)).toEqual(['Delete', 'Delete', 'New', 'New']);
  });

  it('shows customer users only published documents of their own company, and nothing of another', async () => {
    const mine = await twoDocuments('Machine', own.machine);
    const theirs = await twoDocuments('Machine', other.machine);
    const onCustomer = await twoDocuments('Customer', own.customer);
    for (const user of [manager, employee]) {
      const list = await user.get(`Machine/${own.machine}/Documents`);
      expect(list.statusCode).toBe(200);
      const ids = list.json().map((d: { Id: number }) => d.Id);
      expect(ids).toContain(mine.shared.Id);
      expect(ids).not.toContain(mine.internal.Id);
      expect(list.json().every((d: { PublishToCustomer: boolean }) => d.PublishToCustomer)).toBe(true);
      expect((await resource(user, mine.shared.RelativePath)).statusCode).toBe(200);
      expect((await resource(user, mine.internal.RelativePath)).statusCode).toBe(404);
      // Another spelling of the same path is the same document.
      expect(
        (await resource(user, `./documents//machine/${mine.internal.RelativePath.split('/')[2]}`)).statusCode,
      ).toBe(404);
      const customerDocs = (await user.get(`Customer/${own.customer}/Documents`)).json();
      expect(customerDocs.map((d: { Id: number }) => d.Id)).toEqual([onCustomer.shared.Id]);

      const foreign = await user.get(`Machine/${other.machine}/Documents`);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().Message).toBe(`No machine with id ${other.machine} was found.`);
      expect((await user.get(`Customer/${other.customer}/Documents`)).statusCode).toBe(404);
      expect((await resource(user, theirs.shared.RelativePath)).statusCode).toBe(404);
      // Writing is for staff.
      expect((await user.patch(`documents/Change/${mine.shared.Id}?Name=Mine`)).statusCode).toBe(403);
      expect(
        (await upload(user, `Machine/${own.machine}/Documents`, [file('a.pdf', pdf())])).statusCode,
      ).toBe(403);
    }
    // The partner sees what customer users see of its customers' machines and customers (the
    // published documents; its own jobs' documents all, see the job documents test); nothing of others.
    const partnerList = (await partner.get(`Machine/${own.machine}/Documents`)).json();
    expect(partnerList.map((d: { Id: number }) => d.Id)).toEqual([mine.shared.Id]);
    expect((await resource(partner, mine.shared.RelativePath)).statusCode).toBe(200);
    expect((await resource(partner, mine.internal.RelativePath)).statusCode).toBe(404);
    const partnerCustomerDocs = (await partner.get(`Customer/${own.customer}/Documents`)).json();
    expect(partnerCustomerDocs.map((d: { Id: number }) => d.Id)).toEqual([onCustomer.shared.Id]);
    expect((await partner.get(`Machine/${other.machine}/Documents`)).statusCode).toBe(404);
    expect((await resource(partner, theirs.internal.RelativePath)).statusCode).toBe(404);
  });

  it('shows customer users the published documents of the models their machines are of, and no other', async () => {
    const ownModel = await twoDocuments('MachineModel', own.model);
    const otherModel = await createMachineModel(t.db);
    await twoDocuments('MachineModel', otherModel.id);
    const [typeDoc] = (
      await upload(technician, `MachineType/${own.type}/Documents`, [
        file('type.pdf', pdf()),
        ['PublishToCustomer', 'true'],
      ])
    ).json();

    const forManager = await manager.get(`documents/GetAll/MachineModel/${own.model}`);
    expect(forManager.json().map((d: { Id: number }) => d.Id)).toEqual([ownModel.shared.Id]);
    expect((await manager.get(`MachineType/${typeDoc.EntityId}/Documents`)).json()).toHaveLength(1);
    expect((await manager.get(`documents/GetAll/MachineModel/${otherModel.id}`)).statusCode).toBe(404);
    expect((await manager.get(`Supplier/${otherModel.supplierId}/Documents`)).statusCode).toBe(404);
    // Staff read all reference data; partners every model's, but like customer users only what is
    // published (spec README).
    expect((await partner.get(`documents/GetAll/MachineModel/${otherModel.id}`)).json()).toHaveLength(1);
    expect((await technician.get(`MachineModel/${own.model}/Documents`)).json()).toHaveLength(2);
    expect((await technician.get('documents/GetAll/MachineModel/99999999')).statusCode).toBe(404);
  });

  it('uploads job documents, published with toCustomer, and lists them for whoever may see the job', async () => {
    const job = await createJob(t.db, { customerId: own.customer });
    const foreignJob = await createJob(t.db, { customerId: other.customer });
    const published = await upload(
      technician,
      `jobdocuments/${job.id}`,
      [file('report.pdf', pdf())],
      '?toCustomer=true',
    );
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()[0]).toMatchObject({
      EntityClass: 'Job',
      EntityId: job.id,
      PublishToCustomer: true,
    });
    const internal = await upload(technician, `jobdocuments/${job.id}`, [
      file('notes.txt', Buffer.from('Internal')),
    ]);
    expect(internal.json()[0].PublishToCustomer).toBe(false);
    expect((await technician.get(`documents/GetAll/Job/${job.id}`)).json()).toHaveLength(2);
    expect((await technician.get(`Job/${job.id}/Documents`)).json()).toHaveLength(2);
    expect((await employee.get(`documents/GetAll/Job/${job.id}`)).json()).toEqual([published.json()[0]]);
    expect((await employee.get(`documents/GetAll/Job/${foreignJob.id}`)).statusCode).toBe(404);
    expect((await partner.get(`documents/GetAll/Job/${job.id}`)).json()).toHaveLength(2);
    expect((await partner.get(`documents/GetAll/Job/${foreignJob.id}`)).statusCode).toBe(404);
    const before = await documentRows();
    expect((await upload(technician, 'jobdocuments/99999999', [file('a.pdf', pdf())])).statusCode).toBe(404);
    expect((await upload(technician, `jobdocuments/${job.id}`, [file('a.pdf', gif())])).statusCode).toBe(400);
    expect(await documentRows()).toBe(before);
  });

  it('lists a document whose file has gone, and answers its download with 404', async () => {
    const machine = await createMachine(t.db);
    const row = await createDocument(t.db, { entityId: machine.id, publishToCustomer: true });
    const [listed] = (await technician.get(`Machine/${machine.id}/Documents`)).json();
    expect(listed).toMatchObject({ Id: row.id, Name: row.name, FileName: `${row.name}.pdf`, CreatedBy: '' });
    const download = await resource(technician, row.storagePath);
    expect(download.statusCode).toBe(404);
    expect(download.json().Message).toBe('The file was not found.');
  });

  it('still serves images outside the documents folder, and nothing outside the uploads', async () => {
    const [doc] = (
      await upload(technician, `Machine/${own.machine}/Documents`, [
        file('photo.png', png),
        ['PublishToCustomer', 'true'],
      ])
    ).json();
    expect(doc.ContentType).toBe('image/png');
    const served = await resource(manager, doc.RelativePath);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await resource(manager, '../../etc/passwd')).statusCode).toBe(400);
  });
});
