import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createMachine } from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe.each(engines)('QR labels and stored images on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let technician: Api;

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    technician = await as(2);
  });
  afterAll(() => t.close());

  it('makes 5 new unique codes by default, at most 200 per call, each with the link it encodes', async () => {
    const five = await technician.get('/api2/qr/CreateList');
    expect(five.statusCode).toBe(200);
    expect(five.json()).toHaveLength(5);
    for (const item of five.json()) {
      expect(item.Qrcode).toMatch(/^FP[2-9A-HJKMNP-Z]{10}$/);
      expect(item.Link).toBe(`http://localhost:8080/api2/qr/Link/${item.Qrcode}`);
    }
    const many = await technician.get('/api2/qr/CreateList', { count: '200' });
    expect(many.json()).toHaveLength(200);
    const all = [...five.json(), ...many.json()].map((i: { Qrcode: string }) => i.Qrcode);
    expect(new Set(all).size).toBe(205);
    const tooMany = await technician.get('/api2/qr/CreateList', { count: '201' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().Errors).toEqual([{ Field: 'count', Message: 'At most 200 QR codes per call.' }]);
    for (const count of ['0', '-3', 'ten', '2.5'])
      expect((await technician.get('/api2/qr/CreateList', { count })).statusCode, count).toBe(400);
    const customerUser = await as(4);
    expect((await customerUser.get('/api2/qr/CreateList')).statusCode).toBe(403);
  });

  it('resolves a code to the machine carrying it, an issued free code to none, others to 404', async () => {
    const [label] = (await technician.get('/api2/qr/CreateList', { count: '1' })).json();
    const free = await technician.get(`/api2/qr/Link/${label.Qrcode}`);
    expect(free.json()).toEqual({
      Qrcode: label.Qrcode,
      Link: label.Link,
      MachineId: null,
      MachineName: null,
      CustomerId: null,
    });
    const owner = await createCustomer(t.db);
    const machine = await createMachine(t.db, { customerId: owner.id });
    const attach = await technician.patch('machine', { Id: machine.id, Qrcode: label.Qrcode });
    expect(attach.statusCode, attach.body).toBe(200);
    const found = await technician.get(`/api2/qr/Link/${label.Qrcode}`);
    expect(found.json()).toMatchObject({
      MachineId: machine.id,
      MachineName: machine.name,
      CustomerId: owner.id,
    });
    // A code on a machine links to the label's public fault form by the machine's label token
    // (decisions 070, 087), under the web app's base (BASE_PATH), where the server serves the page.
    const token = await t.labelToken(machine.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(found.json().Link).toBe(`http://localhost:8080/portal/label/${token}`);
    // The same every time it is printed, and it opens the form.
    expect((await technician.get(`/api2/qr/Link/${label.Qrcode}`)).json().Link).toBe(found.json().Link);
    const form = await t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
    expect(form.statusCode, form.body).toBe(200);
    const ownUser = await as(6, { customerId: owner.id });
    expect((await ownUser.get(`/api2/qr/Link/${label.Qrcode}`)).json().MachineId).toBe(machine.id);
    const otherUser = await as(4);
    expect((await otherUser.get(`/api2/qr/Link/${label.Qrcode}`)).statusCode).toBe(404);
    const unknown = await technician.get('/api2/qr/Link/FPNEVERISSUED');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Message).toBe('No QR code with id FPNEVERISSUED was found.');
    expect((await technician.get('/api2/qr/Link/a%20b')).statusCode).toBe(400);
  });

  it('draws a URL as a PNG QR code image', async () => {
    const res = await technician.get('/api2/resource/ConvertUrlToQrCodeImage', {
      url: 'https://example.test/api2/qr/Link/FP1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect((await technician.get('/api2/resource/ConvertUrlToQrCodeImage')).statusCode).toBe(400);
    expect(
      (await technician.get('/api2/resource/ConvertUrlToQrCodeImage', { url: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);
  });

  it('serves stored images from the uploads folder only, refusing path traversal', async () => {
    for (const relativePath of [
      '../../etc/passwd',
      '..\\..\\etc\\passwd',
      '/etc/passwd',
      'customer-groups/../../secret.png',
      'C:/Windows/win.ini',
    ]) {
      const res = await technician.get('/api2/resource/', { relativePath });
      expect(res.statusCode, relativePath).toBe(400);
      expect(res.json().Message).toBe('The path is not valid.');
    }
    // A NUL is refused by the input layer, as in any text of any call.
    const nul = await technician.get('/api2/resource/', { relativePath: 'a\0b.png' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().Errors).toEqual([
      { Field: 'relativePath', Message: 'Contains characters that are not allowed.' },
    ]);
    const missing = await technician.get('/api2/resource/', { relativePath: 'customer-groups/none.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Message).toBe('The file was not found.');
    mkdirSync(join(t.uploads, 'test'), { recursive: true });
    writeFileSync(join(t.uploads, 'test', 'notes.png'), 'not an image');
    expect((await technician.get('/api2/resource/', { relativePath: 'test/notes.png' })).statusCode).toBe(
      404,
    );
    expect((await technician.get('/api2/resource/')).statusCode).toBe(400);
  });
});
