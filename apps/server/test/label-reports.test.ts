import { count, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs, machines } from '../src/db/schema/index.ts';
import { createCustomer, createMachine } from '../src/dev/factories/index.ts';
import { ensureReferenceDataOnce } from '../src/seed/reference-data.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { form, html, type Part } from './sample-files.ts';
import { allLicences } from './support.ts';

/**
 * The fault report from a machine's QR label (issue 32 item 1, decision 070): no sign-in, one job for
 * the machine's customer, address and machine with the photos as documents; every label that is not
 * one answers the same 404; bad input and floods are refused with a translated message and change
 * nothing.
 */
const marker = () => `Label${Math.random().toString(36).slice(2, 8)}`;
let addressSeq = 0;
/** An address of its own per test, so one test's reports do not count against another's. */
const newAddress = () => `198.51.100.${++addressSeq}`;

describe.each(engines)('label fault reports on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let png: Buffer;

  async function labelledMachine() {
    const m = marker();
    const customer = await createCustomer(t.db, { name: `${m} Kunde` });
    const machine = await createMachine(t.db, { customerId: customer.id, name: `${m} Press` });
    return { m, customer, machine, token: await t.labelToken(machine.id) };
  }

  const fields = (over: Record<string, string> = {}): Part[] =>
    Object.entries({
      Description: 'The belt squeals',
      JobPriorityId: '2',
      ReporterName: 'Kari Nordmann',
      ReporterPhone: '+47 900 00 000',
      ReporterEmail: 'kari@example.test',
      Website: '',
      ...over,
    });

  const send = (
    token: string,
    parts: Part[],
    opts: { address?: string; key?: string; lang?: string } = {},
  ) => {
    const { payload, contentType } = form(parts);
    return t.app.inject({
      method: 'POST',
      url: `/api2/label/${token}/FaultReport`,
      remoteAddress: opts.address ?? newAddress(),
      headers: {
        'content-type': contentType,
        ...(opts.key ? { 'idempotency-key': opts.key } : {}),
        ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      },
      payload,
    });
  };

  const jobsOf = async (machineId: number) =>
    (await t.db.select({ n: count() }).from(jobs).where(eq(jobs.machineId, machineId)))[0]!.n;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    // The job statuses, types and priorities a running server seeds at start.
    await ensureReferenceDataOnce(t.db);
    admin = (await signedInUser(t, 1)).api;
    png = await QRCode.toBuffer('fieldport', { type: 'png' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the machine named as on its label and the urgencies, and nothing of the customer', async () => {
    const { machine, token } = await labelledMachine();
    const page = await t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(Object.keys(body).sort()).toEqual(['MachineName', 'Priorities']);
    expect(body.MachineName).toBe(machine.name);
    expect(body.Priorities.length).toBeGreaterThan(0);
    expect(Object.keys(body.Priorities[0]).sort()).toEqual(['Id', 'Name']);
  });

  it('makes exactly one job for the machine’s customer, address and machine, with the photo, once per key', async () => {
    const { customer, machine, token } = await labelledMachine();
    const parts = [
      ...fields(),
      ['Photos', { filename: 'belt.png', data: png, contentType: 'image/png' }],
    ] as Part[];
    const res = await send(token, parts, { key: 'label-1', address: '198.51.100.200' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['OrderId', 'StatusLink']);
    const again = await send(token, parts, { key: 'label-1', address: '198.51.100.200' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    // The reporter's link to follow the job: the status page of this job, not yet planned.
    const link = new URL(res.json().StatusLink);
    expect(link.pathname).toMatch(/\/status\/[A-Za-z0-9_-]{43}$/);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api2/status/${link.pathname.split('/').pop()}`,
      headers: { 'accept-language': 'en' },
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(status.json().Stage).toBe('open');

    const list = (await admin.post('JobList/Filtered', { MachineId: machine.id })).json();
    expect(list.Content).toHaveLength(1);
    const job = (await admin.get(`job/${list.Content[0].Id}`)).json();
    expect(job.OrderId).toBe(res.json().OrderId);
    expect(job.CustomerId).toBe(customer.id);
    expect(job.CustomerDeliveryAddress).toBe(customer.deliveryAddress!.id);
    expect(job.JobStatusId).toBe(10);
    expect(job.JobPriorityId).toBe(2);
    const lines = (await admin.get(`job/${job.Id}/subjobs`)).json();
    expect(lines).toHaveLength(1);
    expect(lines[0].Machine.Id).toBe(machine.id);
    expect(lines[0].CustomerComment).toContain('The belt squeals');
    expect(lines[0].CustomerComment).toContain('Kari Nordmann');
    expect(lines[0].CustomerComment).toContain('+47 900 00 000');
    const docs = (await admin.get(`documents/GetAll/Job/${job.Id}`)).json();
    expect(docs).toHaveLength(1);
    expect(docs[0].Name).toContain('belt');
  });

  it('answers every label that is not one with the same 404 and writes nothing', async () => {
    const excluded = await labelledMachine();
    // The office leaves a machine out of its label's form (the machine's LabelReportsExcluded).
    const left = await admin.patch('machine', { Id: excluded.machine.id, LabelReportsExcluded: true });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().LabelReportsExcluded).toBe(true);
    const inactive = await labelledMachine();
    await t.db.update(machines).set({ isActive: false }).where(eq(machines.id, inactive.machine.id));
    const tokens = [
      'abc',
      'A'.repeat(64),
      '0'.repeat(64),
      `${excluded.token}`,
      inactive.token,
      encodeURIComponent('../'.repeat(10)),
    ];
    const answers = new Set<string>();
    for (const token of tokens) {
      const page = await t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
      expect(page.statusCode, token).toBe(404);
      answers.add(page.json().Message);
      const res = await send(token, fields());
      expect(res.statusCode, token).toBe(404);
      answers.add(res.json().Message);
    }
    expect([...answers]).toEqual(['This label is not known here. Please call the office.']);
    expect(await jobsOf(excluded.machine.id)).toBe(0);
    expect(await jobsOf(inactive.machine.id)).toBe(0);

    const on = await labelledMachine();
    await t.app.services.settings.write('features', { LabelReportsEnabled: false });
    try {
      expect((await t.app.inject({ method: 'GET', url: `/api2/label/${on.token}` })).statusCode).toBe(404);
      const res = await send(on.token, fields(), { lang: 'no' });
      expect(res.statusCode).toBe(404);
      expect(res.json().Message).toBe('Denne etiketten er ikke kjent her. Ring kontoret.');
    } finally {
      await t.app.services.settings.write('features', { LabelReportsEnabled: true });
    }
    expect(await jobsOf(on.machine.id)).toBe(0);
  });

  it('the Admin turns a customer’s labels off and on: off, its labels answer the same 404; nobody else may', async () => {
    const { customer, machine, token } = await labelledMachine();
    const other = await labelledMachine();
    const read = (await admin.get('customer/', { id: String(customer.id) })).json();
    expect(read.LabelReportsEnabled).toBe(true);
    // A technician may edit customers, but not this switch.
    const technician = (await signedInUser(t, 2)).api;
    const refused = await technician.patch(`customer/${customer.id}`, {
      LabelReportsEnabled: false,
      RowVersion: read.RowVersion,
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api2/label/${token}` })).statusCode).toBe(200);

    const off = await admin.patch(`customer/${customer.id}`, {
      LabelReportsEnabled: false,
      RowVersion: read.RowVersion,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().LabelReportsEnabled).toBe(false);
    const page = await t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
    expect(page.statusCode).toBe(404);
    expect(page.json().Message).toBe('This label is not known here. Please call the office.');
    expect((await send(token, fields())).statusCode).toBe(404);
    expect(await jobsOf(machine.id)).toBe(0);
    // Another customer's labels are untouched.
    expect((await t.app.inject({ method: 'GET', url: `/api2/label/${other.token}` })).statusCode).toBe(200);
    // The change is in the customer's log.
    const logs = await admin.get(`Log/CustomerLogs/Filtered`, { CustomerId: String(customer.id) });
    expect(logs.body).toContain('LabelReportsEnabled');

    const on = await admin.patch(`customer/${customer.id}`, {
      LabelReportsEnabled: true,
      RowVersion: off.json().RowVersion,
    });
    expect(on.statusCode, on.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api2/label/${token}` })).statusCode).toBe(200);
  });

  it('revokes a label: a new link answers the form, the old one the same 404, and the log keeps no token', async () => {
    const { machine, token } = await labelledMachine();
    const renewed = await admin.patch('machine', { Id: machine.id, NewLabelLink: true });
    expect(renewed.statusCode, renewed.body).toBe(200);
    // Printed again from the machine's page (qr/Link): the token of the new nonce (decision 087).
    const printed = await admin.get(`/api2/qr/Link/${machine.qrcode}`);
    expect(printed.statusCode, printed.body).toBe(200);
    const fresh = printed.json().Link.split('/').pop();
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fresh).not.toBe(token);
    const old = await t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
    expect(old.statusCode).toBe(404);
    expect(old.json().Message).toBe('This label is not known here. Please call the office.');
    expect((await send(token, fields())).statusCode).toBe(404);
    expect(await jobsOf(machine.id)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: `/api2/label/${fresh}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().MachineName).toBe(machine.name);
    // The machine's log says the link was replaced, and holds neither token.
    const logs = await admin.get('Log/MachineLogs/Filtered', { MachineId: String(machine.id) });
    expect(logs.body).toContain('LabelLink');
    expect(logs.body).not.toContain(token);
    expect(logs.body).not.toContain(fresh);
  });

  it('refuses a fake or oversized photo, a filled honeypot and a missing contact, changing nothing', async () => {
    const { machine, token } = await labelledMachine();
    const docsBefore = (await t.db.select({ n: count() }).from(documents))[0]!.n;
    const fake = await send(
      token,
      [...fields(), ['Photos', { filename: 'photo.jpg', data: html(), contentType: 'image/jpeg' }]],
      { lang: 'sv' },
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().Message).toBe('photo.jpg är inte ett foto: skicka PNG-, JPEG- eller WebP-bilder.');
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]);
    const large = await send(token, [...fields(), ['Photos', { filename: 'big.png', data: big }]]);
    expect(large.statusCode).toBe(413);
    expect(large.json().Message).toBe('big.png is larger than 10 MB.');
    const four = await send(token, [
      ...fields(),
      ...[1, 2, 3, 4].map((i): Part => ['Photos', { filename: `p${i}.png`, data: png }]),
    ]);
    expect(four.statusCode).toBe(413);
    expect(four.json().Message).toBe('At most 3 photos can be sent.');
    const bot = await send(token, fields({ Website: 'http://spam.example' }));
    expect(bot.statusCode).toBe(400);
    expect(bot.json().Message).toBe('This report could not be sent. Please call the office.');
    const noContact = await send(token, fields({ ReporterPhone: '', ReporterEmail: '' }));
    expect(noContact.statusCode).toBe(400);
    expect(noContact.json().Errors[0].Field).toBe('ReporterPhone');
    const noName = await send(token, fields({ ReporterName: ' ' }));
    expect(noName.statusCode).toBe(400);
    expect(await jobsOf(machine.id)).toBe(0);
    expect((await t.db.select({ n: count() }).from(documents))[0]!.n).toBe(docsBefore);
  });

  it('holds the rate limit per label and per address', async () => {
    const one = await labelledMachine();
    // Five reports of one label, each from its own address: the sixth is refused.
    for (let i = 0; i < 5; i++) {
      const res = await send(one.token, fields());
      expect(res.statusCode, res.body).toBe(200);
    }
    const sixth = await send(one.token, fields(), { lang: 'no' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().Message).toBe(
      'Det er sendt for mange meldinger herfra. Prøv igjen om en time eller ring kontoret.',
    );
    expect(await jobsOf(one.machine.id)).toBe(5);

    // Ten reports from one address over several labels: the eleventh is refused, on a fresh label too.
    const address = '203.0.113.77';
    const labels = [await labelledMachine(), await labelledMachine(), await labelledMachine()];
    for (let i = 0; i < 10; i++)
      expect((await send(labels[i % 2]!.token, fields(), { address })).statusCode).toBe(200);
    const flood = await send(labels[2]!.token, fields(), { address });
    expect(flood.statusCode).toBe(429);
    expect(await jobsOf(labels[2]!.machine.id)).toBe(0);
    expect((await send(labels[2]!.token, fields())).statusCode).toBe(200);
  });

  it('opens the portal’s form for a signed-in customer user of the machine’s company only', async () => {
    const { customer, machine, token } = await labelledMachine();
    const own = (await signedInUser(t, 6, { customerId: customer.id })).api;
    expect((await own.get(`/api2/label/${token}/Machine`)).json()).toEqual({ MachineId: machine.id });
    const other = (await signedInUser(t, 4, { customerId: (await createCustomer(t.db)).id })).api;
    expect((await other.get(`/api2/label/${token}/Machine`)).statusCode).toBe(404);
    expect((await admin.get(`/api2/label/${token}/Machine`)).statusCode).toBe(403);
  });
});
