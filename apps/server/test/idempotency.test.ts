import { gunzipSync } from 'node:zlib';
import { api as contract } from '@fieldport/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerGroups,
  customers,
  documents,
  idempotencyKeys,
  partnerCompanies,
} from '../src/db/schema/index.ts';
import { createJob } from '../src/dev/factories/index.ts';
import { CREATION_CALLS } from '../src/http/idempotency.ts';
import { type Api, multipartBody, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { form, pdf } from './sample-files.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 10);

describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let other: Api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    other = (await signedInUser(t, 1)).api;
  });
  afterAll(() => t.close());

  const send = (as: Api, method: 'POST' | 'PUT', path: string, body: object, key?: string) =>
    t.app.inject({
      method,
      url: `/api2/ServiceProvider/${path}`,
      headers: { ...as.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: body,
    });
  const customersNamed = async (name: string) =>
    (await t.db.select({ n: count() }).from(customers).where(eq(customers.name, name)))[0]!.n;

  it('a repeat answers the first answer again (status and body) and creates nothing twice', async () => {
    const name = `Fjord Pumps ${tag()}`;
    const key = `k-${tag()}`;
    const first = await send(admin, 'POST', 'customer/', { Name: name }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(admin, 'POST', 'customer/', { Name: name }, key);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(await customersNamed(name)).toBe(1);
  });

  it('without a key, two calls create two records, as before', async () => {
    const name = `Twice ${tag()}`;
    expect((await send(admin, 'POST', 'customer/', { Name: name })).statusCode).toBe(200);
    expect((await send(admin, 'POST', 'customer/', { Name: name })).statusCode).toBe(200);
    expect(await customersNamed(name)).toBe(2);
  });

  it('the same key with another body answers 422 with a message and creates nothing', async () => {
    const key = `k-${tag()}`;
    const name = `Original ${tag()}`;
    expect((await send(admin, 'POST', 'customer/', { Name: name }, key)).statusCode).toBe(200);
    const changed = `Changed ${tag()}`;
    const refused = await send(admin, 'POST', 'customer/', { Name: changed }, key);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().Message).toBe(
      'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    );
    expect(await customersNamed(changed)).toBe(0);
  });

  it('concurrent requests with one key: one record, every caller gets its answer', async () => {
    const name = `Concurrent ${tag()}`;
    const key = `k-${tag()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(admin, 'POST', 'customer/', { Name: name }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await customersNamed(name)).toBe(1);
  });

  it('keys are per caller and per call', async () => {
    const key = `k-${tag()}`;
    const name = `Shared key ${tag()}`;
    const mine = await send(admin, 'POST', 'customer/', { Name: name }, key);
    const theirs = await send(other, 'POST', 'customer/', { Name: name }, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().Id).not.toBe(mine.json().Id);
    expect(await customersNamed(name)).toBe(2);
    const partner = await send(admin, 'PUT', 'PartnerCompany/', { Name: name }, key);
    expect(partner.statusCode, partner.body).toBe(200);
    const partners = await t.db
      .select({ n: count() })
      .from(partnerCompanies)
      .where(eq(partnerCompanies.name, name));
    expect(partners[0]!.n).toBe(1);
  });

  it('a refused request frees its key: the corrected request runs', async () => {
    const key = `k-${tag()}`;
    const refused = await send(admin, 'POST', 'customer/', { Name: '' }, key);
    expect(refused.statusCode).toBe(400);
    const name = `Corrected ${tag()}`;
    expect((await send(admin, 'POST', 'customer/', { Name: name }, key)).statusCode).toBe(200);
    expect(await customersNamed(name)).toBe(1);
  });

  it('a key is kept 24 hours; an expired one starts afresh', async () => {
    const key = `k-${tag()}`;
    const name = `Expiring ${tag()}`;
    expect((await send(admin, 'POST', 'customer/', { Name: name }, key)).statusCode).toBe(200);
    const mine = and(eq(idempotencyKeys.key, key));
    const [row] = await t.db.select().from(idempotencyKeys).where(mine);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * 60 * 60 * 1000);
    await t.db
      .update(idempotencyKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(mine);
    expect((await send(admin, 'POST', 'customer/', { Name: name }, key)).statusCode).toBe(200);
    expect(await customersNamed(name)).toBe(2);
  });

  it('keeps the answer as written, not as compressed for the first caller', async () => {
    const name = `Compressed ${tag()} ${'x'.repeat(150)}`;
    const body = {
      Name: name,
      OrganisationNumber: '912345678',
      DefaultDeliveryAddress: { Name: 'Main site', Street: 'Storgata 1', Zip: '0150', City: 'Oslo' },
      DefaultCustomerPerson: { Name: 'Kari Nordmann', Email: 'kari@fjord.test', Mobile: '+47 912 34 567' },
    };
    const key = `k-${tag()}`;
    const first = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/customer/',
      headers: { ...admin.headers, 'idempotency-key': key, 'accept-encoding': 'gzip' },
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    const plain = gunzipSync(first.rawPayload).toString();
    const again = await send(admin, 'POST', 'customer/', body, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.body).toBe(plain);
    expect(await customersNamed(name)).toBe(1);
  });

  it('marks its key in the transaction of the change it makes', async () => {
    const key = `k-${tag()}`;
    expect((await send(admin, 'POST', 'customer/', { Name: `Marked ${tag()}` }, key)).statusCode).toBe(200);
    const [row] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row).toMatchObject({ written: true, statusCode: 200 });
  });

  it('a key left by a request that died: taken over when it wrote nothing, refused when it did', async () => {
    const name = `Abandoned ${tag()}`;
    const body = { Name: name };
    // The request hash of the body, as the first request stored it: read it from a twin reservation.
    const probeKey = `k-${tag()}`;
    expect((await send(admin, 'POST', 'customer/', body, probeKey)).statusCode).toBe(200);
    const [probe] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, probeKey));
    const died = async (written: boolean) => {
      const key = `k-${tag()}`;
      await t.db.insert(idempotencyKeys).values({
        userId: probe!.userId,
        route: probe!.route,
        key,
        requestHash: probe!.requestHash,
        written,
        createdAt: new Date(Date.now() - 10 * 60 * 1000),
        expiresAt: new Date(Date.now() + 60 * 60 * 1000),
      });
      return key;
    };
    // Nothing written: the retry runs.
    const retried = await send(admin, 'POST', 'customer/', body, await died(false));
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await customersNamed(name)).toBe(2);
    // Written, answer lost: refused rather than created twice.
    const lost = await send(admin, 'POST', 'customer/', body, await died(true));
    expect(lost.statusCode).toBe(409);
    expect(lost.json().Message).toBe(
      'The request with this Idempotency-Key was carried out, but its answer was lost. Look for the record before you try again with a new key.',
    );
    expect(await customersNamed(name)).toBe(2);
  });

  // Multipart creations: a browser's FormData picks a new boundary for every send, so a retry differs
  // from the first send only there; the bodies are compared without it.
  const sendMultipart = (path: string, body: { payload: Buffer; contentType: string }, key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api2/ServiceProvider/${path}`,
      headers: { ...admin.headers, 'idempotency-key': key, 'content-type': body.contentType },
      payload: body.payload,
    });

  it('a repeated multipart creation (customer group) answers the first answer and creates one group', async () => {
    const name = `Group ${tag()}`;
    const key = `k-${tag()}`;
    const first = await sendMultipart(
      'CustomerGroup/',
      multipartBody({ CustomerGroup: { Name: name } }),
      key,
    );
    expect(first.statusCode, first.body).toBe(200);
    const again = await sendMultipart(
      'CustomerGroup/',
      multipartBody({ CustomerGroup: { Name: name } }),
      key,
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const rows = await t.db.select().from(customerGroups).where(eq(customerGroups.name, name));
    expect(rows).toHaveLength(1);
    // The same key with another group: refused, nothing created.
    const other = `Other ${tag()}`;
    const reused = await sendMultipart(
      'CustomerGroup/',
      multipartBody({ CustomerGroup: { Name: other } }),
      key,
    );
    expect(reused.statusCode).toBe(422);
    expect(await t.db.select().from(customerGroups).where(eq(customerGroups.name, other))).toHaveLength(0);
  });

  it('a repeated document upload stores the documents once', async () => {
    const job = await createJob(t.db, {});
    const file = { filename: `report-${tag()}.pdf`, data: pdf(), contentType: 'application/pdf' };
    const key = `k-${tag()}`;
    const upload = () => sendMultipart(`jobdocuments/${job.id}`, form([['Files', file]]), key);
    const first = await upload();
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const stored = await t.db.select().from(documents).where(eq(documents.fileName, file.filename));
    expect(stored).toHaveLength(1);
  });

  it('a key that is not 1 to 200 visible characters answers 400', async () => {
    const res = await send(admin, 'POST', 'customer/', { Name: `Bad key ${tag()}` }, 'x'.repeat(201));
    expect(res.statusCode).toBe(400);
    expect(res.json().Message).toBe('The Idempotency-Key header must be 1 to 200 visible characters.');
  });

  it('every creation call takes the key, and the API reference documents it', async () => {
    for (const name of CREATION_CALLS) expect(contract, name).toHaveProperty(name);
    // A call named as a creation, JSON or multipart, is in the list, and so are the uploads.
    const creations = Object.entries(contract).filter(
      ([name, d]) => (d.method === 'POST' || d.method === 'PUT') && /(Create|Add|Upload)$/.test(name),
    );
    for (const [name] of creations) expect(CREATION_CALLS.has(name), name).toBe(true);
    const doc = (await t.app.inject({ url: '/api2/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const params = doc.paths['/api2/ServiceProvider/customer/']!.post!.parameters ?? [];
    expect(params).toContainEqual(expect.objectContaining({ in: 'header', name: 'Idempotency-Key' }));
    const filtered = doc.paths['/api2/ServiceProvider/JobList/Filtered']!.post!.parameters ?? [];
    expect(filtered.some((p) => p.name === 'Idempotency-Key')).toBe(false);
  });
});
