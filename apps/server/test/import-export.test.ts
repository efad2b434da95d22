import type { ImportFile, Task } from '@fieldport/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customerPersons, customers, importFiles, machines } from '../src/db/schema/index.ts';
import { createCustomer, createJob, createMachine } from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { form } from './sample-files.ts';
import { allLicences } from './support.ts';

/** A workbook of one sheet: the headings, then the rows. */
async function workbook(rows: (string | number | Date)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Import');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

let serial = 0;
const unique = (s: string) => `${s}-${Date.now().toString(36)}-${++serial}`;

describe.each(engines)('import and export on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
  });
  afterAll(() => t.close());

  const upload = (api: Api, kind: string, file: { filename: string; data: Buffer }) => {
    const { payload, contentType } = form([
      ['Kind', kind],
      ['File', file],
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/Import/Preview',
      headers: { ...api.headers, 'content-type': contentType },
      payload,
    });
  };
  const preview = async (kind: string, file: { filename: string; data: Buffer }) => {
    const res = await upload(admin, kind, file);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportFile;
  };
  /** Runs a previewed import to its end; answers the task and the import as it stands after. */
  const run = async (id: number) => {
    const started = await admin.post(`Import/${id}/Run`);
    expect(started.statusCode, started.body).toBe(200);
    const task = started.json() as Task;
    await t.app.services.tasks.drain();
    const after = (await admin.get(`Import/${id}`)).json() as ImportFile;
    const done = ((await admin.get('task')).json() as Task[]).find((x) => x.taskId === task.taskId)!;
    return { task: done, after };
  };
  const importFileCount = async () =>
    Number((await t.db.select({ n: sql<number>`count(*)` }).from(importFiles))[0]!.n);

  it('imports a workbook of machines after a preview, and the same file again creates nothing', async () => {
    const owner = await createCustomer(t.db, { customerNumber: unique('C') });
    const [a, b] = [unique('SN'), unique('SN')];
    const data = await workbook([
      ['SerialNumber', 'Name', 'CustomerNumber', 'InstallationDate', 'Active'],
      [a, 'Compressor GA 30', owner.customerNumber, new Date(Date.UTC(2024, 4, 17)), 'yes'],
      [b, 'Dryer FD 40', owner.customerNumber, '', ''],
    ]);
    const first = await preview('Machines', { filename: 'machines.xlsx', data });
    expect(first).toMatchObject({
      Kind: 'Machines',
      FileName: 'machines.xlsx',
      Status: 'previewed',
      RowCount: 2,
      NewCount: 2,
      Problems: [],
    });
    expect(first.Rows.map((r) => [r.Row, r.Values.SerialNumber, r.Values.InstallationDate])).toEqual([
      [2, a, '2024-05-17'],
      [3, b, ''],
    ]);
    // A preview writes no machine.
    expect(await t.db.select().from(machines).where(eq(machines.customerId, owner.id))).toEqual([]);

    const { task, after } = await run(first.ImportId);
    expect(task).toMatchObject({ status: 'completed', progress: 100, taskName: 'Import' });
    expect(task.returnObject?.link).toBe(`/admin/import-export/import?importId=${first.ImportId}`);
    expect(after).toMatchObject({ Status: 'completed', Report: { Created: 2, Updated: 0, Unchanged: 0 } });
    const made = await t.db.select().from(machines).where(eq(machines.customerId, owner.id));
    expect(made.map((m) => [m.serialNumber, m.name, m.installDate]).sort()).toEqual(
      [
        [a, 'Compressor GA 30', '2024-05-17'],
        [b, 'Dryer FD 40', null],
      ].sort(),
    );
    // The machine list shows them.
    const list = await admin.post('Machine/Filtered', { CustomerId: owner.id, Page: 1, PageSize: 10 });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { TotalCount: number }).TotalCount).toBe(2);

    // The same file again: nothing new, nothing changed.
    const again = await preview('Machines', { filename: 'machines.xlsx', data });
    expect(again).toMatchObject({ RowCount: 2, NewCount: 0, Problems: [] });
    expect((await run(again.ImportId)).after.Report).toEqual({ Created: 0, Updated: 0, Unchanged: 2 });
    expect(await t.db.select().from(machines).where(eq(machines.customerId, owner.id))).toHaveLength(2);

    // A run once started is not started again.
    expect((await admin.post(`Import/${first.ImportId}/Run`)).statusCode).toBe(409);
  });

  it('names every bad row with its row, column and message, and imports nothing of such a file', async () => {
    const known = unique('K');
    const csv = [
      'CustomerNumber;Name;Active',
      `${known};Fjord Fisk AS;yes`,
      `${unique('K')};;yes`,
      `${unique('K')};Bergen Bakeri;maybe`,
      `${known};Twin AS;no`,
    ].join('\r\n');
    const p = await preview('Customers', { filename: 'kunder.csv', data: Buffer.from(csv) });
    expect(p.RowCount).toBe(4);
    expect(p.Problems).toEqual([
      { Row: 3, Column: 'Name', Message: 'A value is required.' },
      { Row: 4, Column: 'Active', Message: 'Write yes or no.' },
      { Row: 5, Column: 'CustomerNumber', Message: 'The same value is on row 2.' },
    ]);
    const refused = await admin.post(`Import/${p.ImportId}/Run`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Message).toMatch(/Nothing was imported/);
    expect(await t.db.select().from(customers).where(eq(customers.customerNumber, known))).toEqual([]);

    // A missing required column is named on the heading row.
    const noSerial = await preview('Machines', {
      filename: 'm.csv',
      data: Buffer.from('Name,CustomerNumber\nPump,1\n'),
    });
    expect(noSerial.Problems).toEqual([
      { Row: 1, Column: 'SerialNumber', Message: 'The column is missing.' },
    ]);
  });

  it('checks the file again when it runs: a row that went bad since the preview fails the whole import', async () => {
    const owner = await createCustomer(t.db, { customerNumber: unique('C') });
    const sn = unique('SN');
    const other = unique('SN');
    const csv = `SerialNumber,Name,CustomerNumber\n${sn},Lift,${owner.customerNumber}\n${other},Pump,${owner.customerNumber}\n`;
    const p = await preview('Machines', { filename: 'm.csv', data: Buffer.from(csv) });
    expect(p.Problems).toEqual([]);
    // The customer's number changes before the import runs: both rows now name an unknown customer.
    await t.db
      .update(customers)
      .set({ customerNumber: unique('gone') })
      .where(eq(customers.id, owner.id));
    const { task, after } = await run(p.ImportId);
    expect(task.status).toBe('failed');
    expect(after.Status).toBe('failed');
    expect(after.Problems.map((x) => [x.Row, x.Column])).toEqual([
      [2, 'CustomerNumber'],
      [3, 'CustomerNumber'],
    ]);
    expect(
      await t.db
        .select()
        .from(machines)
        .where(inArray(machines.serialNumber, [sn, other])),
    ).toEqual([]);
  });

  it('imports addresses and contacts of customers by number, once, and fills the customers’ defaults', async () => {
    const number = unique('C');
    const customer = await createCustomer(t.db, { customerNumber: number });
    await t.db
      .update(customers)
      .set({ defaultDeliveryAddressId: null, defaultCustomerPersonId: null })
      .where(eq(customers.id, customer.id));
    const addressCsv = `CustomerNumber,Street,Zip,City,Country\n${number},Strandgata 1,5013,Bergen,no\n${number.toLowerCase()},Kaigata 2,5015,Bergen,NO\n`;
    const a = await preview('Addresses', { filename: 'a.csv', data: Buffer.from(addressCsv) });
    expect(a).toMatchObject({ NewCount: 2, Problems: [] });
    expect((await run(a.ImportId)).after.Report).toEqual({ Created: 2, Updated: 0, Unchanged: 0 });
    const again = await preview('Addresses', { filename: 'a.csv', data: Buffer.from(addressCsv) });
    expect((await run(again.ImportId)).after.Report).toEqual({ Created: 0, Updated: 0, Unchanged: 2 });
    const made = await t.db.select().from(addresses).where(eq(addresses.customerId, customer.id));
    expect(made.filter((x) => x.street === 'Strandgata 1' || x.street === 'Kaigata 2')).toHaveLength(2);
    expect(made.find((x) => x.street === 'Strandgata 1')?.country).toBe('NO');

    const contactCsv = `CustomerNumber,Name,Email,Mobile\n${number},Kari Nordmann,kari@example.test,+47 900 00 001\n${number},Ola,not-an-address,\n`;
    const bad = await preview('Contacts', { filename: 'c.csv', data: Buffer.from(contactCsv) });
    expect(bad.Problems).toEqual([{ Row: 3, Column: 'Email', Message: 'Not a valid e-mail address.' }]);
    const good = await preview('Contacts', {
      filename: 'c.csv',
      data: Buffer.from(contactCsv.replace('not-an-address', 'ola@example.test')),
    });
    expect((await run(good.ImportId)).after.Report).toEqual({ Created: 2, Updated: 0, Unchanged: 0 });
    const [c] = await t.db.select().from(customers).where(eq(customers.id, customer.id));
    const persons = await t.db
      .select()
      .from(customerPersons)
      .where(eq(customerPersons.customerId, customer.id));
    expect(persons.map((x) => x.id)).toContain(c!.defaultCustomerPersonId);
    expect(made.map((x) => x.id)).toContain(c!.defaultDeliveryAddressId);
  });

  it('refuses a file that is neither a workbook nor CSV, or over 10 MB, before reading a row', async () => {
    const before = await importFileCount();
    const pdf = await upload(admin, 'Customers', {
      filename: 'customers.csv',
      data: Buffer.from(
        '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n',
        'latin1',
      ),
    });
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().Message).toBe('The import file must be an Excel workbook (.xlsx) or a CSV file.');
    const png = await upload(admin, 'Customers', {
      filename: 'x.xlsx',
      data: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    expect(png.statusCode).toBe(415);
    const big = await upload(admin, 'Customers', {
      filename: 'big.csv',
      data: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().Message).toBe('The import file is larger than 10 MB.');
    const unknownKind = await upload(admin, 'Jobs', { filename: 'a.csv', data: Buffer.from('A\n1\n') });
    expect(unknownKind.statusCode).toBe(400);
    expect(await importFileCount()).toBe(before);
  });

  it('is the Admin’s: other user types are refused and write nothing', async () => {
    const before = await importFileCount();
    const csv = { filename: 'c.csv', data: Buffer.from(`CustomerNumber,Name\n${unique('X')},Nope\n`) };
    for (const type of [2, 3, 4, 5, 6]) {
      const api = (await signedInUser(t, type)).api;
      expect((await upload(api, 'Customers', csv)).statusCode, `type ${type}`).toBe(403);
      expect((await api.get('Import/Template/Machines')).statusCode).toBe(403);
      expect((await api.post('Export/', { Kind: 'Customers' })).statusCode).toBe(403);
    }
    expect(await importFileCount()).toBe(before);
  });

  it('answers a template workbook with each kind’s columns', async () => {
    const res = await admin.get('Import/Template/Addresses');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('import-addresses.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      'CustomerNumber',
      'Street',
      'City',
      'Zip',
      'Name',
      'Country',
      'Delivery',
      'Invoice',
    ]);
  });

  it('exports customers and jobs in batches to workbooks only their maker downloads', async () => {
    // More customers than one batch (2,000): the export reads them batch by batch.
    const prefix = unique('EXP');
    const values = Array.from({ length: 2_100 }, (_, i) => ({
      customerNumber: `${prefix}-${i}`,
      name: `Export customer ${i}`,
    }));
    for (let i = 0; i < values.length; i += 500)
      await t.db.insert(customers).values(values.slice(i, i + 500));
    const customer = await createCustomer(t.db, { customerNumber: unique('J') });
    const machine = await createMachine(t.db, { customerId: customer.id, serialNumber: unique('SN') });
    const job = await createJob(t.db, {
      customerId: customer.id,
      machineId: machine.id,
      displayName: 'Export job',
    });

    const started = await admin.post('Export/', { Kind: 'Customers' });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ taskName: 'ExportCustomers', displayText: 'Exporting customers' });
    await t.app.services.tasks.drain();
    const jobs = await admin.post('Export/', { Kind: 'Jobs' });
    expect(jobs.json()).toMatchObject({ taskName: 'ExportJobs' });
    await t.app.services.tasks.drain();

    const files = (await admin.get('Export/')).json() as { DisplayedExportDate: string; FileName: string }[];
    const byName = (stem: string) => files.find((f) => f.FileName.startsWith(stem))!;
    const read = async (stem: string, sheet: string) => {
      const res = await admin.get('Export/File', { displayedExportDate: byName(stem).DisplayedExportDate });
      expect(res.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return book.getWorksheet(sheet)!.getSheetValues().filter(Boolean) as unknown[][];
    };
    const customerRows = await read('customers-', 'Customers');
    expect(customerRows[0]?.slice(1, 4)).toEqual(['Id', 'Customer number', 'Name']);
    const numbers = new Set(customerRows.map((r) => r[2]));
    for (const v of values) expect(numbers.has(v.customerNumber)).toBe(true);
    const ids = customerRows.slice(1).map((r) => r[1] as number);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(ids.length);

    const jobRows = await read('jobs-', 'Jobs');
    const row = jobRows.find((r) => r[1] === job.id)!;
    expect(row[3]).toBe('Export job');
    expect(row[7]).toBe(customer.customerNumber);
    expect(row[10]).toBe(machine.serialNumber);

    // Another Admin neither lists nor downloads them.
    const other = (await signedInUser(t, 1)).api;
    expect((await other.get('Export/')).json()).toEqual([]);
    expect(
      (await other.get('Export/File', { displayedExportDate: byName('customers-').DisplayedExportDate }))
        .statusCode,
    ).toBe(404);
  });
});
