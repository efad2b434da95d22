import { type ChangeLogEntry, JobSignature } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSignatures } from '../src/db/schema/index.ts';
import { createCustomer, createJob, ensureReferenceData } from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { pdfImages, pdfText } from './pdf.ts';
import { allLicences } from './support.ts';

/** A pad's drawing: a dark stroke on a transparent canvas, as the web app's pad sends it. */
async function padPng(): Promise<string> {
  const stroke = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 120 10, 290 60" stroke="#111" stroke-width="3" fill="none"/></svg>',
  );
  return (await sharp(stroke).png().toBuffer()).toString('base64');
}

describe.each(engines)('the customer’s signature on a job on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let technician: Api;
  let png: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    technician = (await signedInUser(t, 2)).api;
    png = await padPng();
  });
  afterAll(() => t.close());

  const newJob = async () =>
    (await createJob(t.db, { customerId: (await createCustomer(t.db)).id, machines: 1 })).id;
  const sign = (jobId: number, body: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: `/api2/ServiceProvider/Job/${jobId}/Signature`,
      headers: { ...technician.headers, ...headers },
      payload: body,
    });
  const stored = (jobId: number) => t.db.select().from(jobSignatures).where(eq(jobSignatures.jobId, jobId));
  const signatureLines = async (jobId: number) =>
    ((await technician.get(`JobHistory/${jobId}`)).json() as ChangeLogEntry[]).flatMap((e) =>
      e.Changes.filter((c) => c.Field === 'CustomerSignature'),
    );

  it('stores a signature once under a repeated Idempotency-Key, and a new one replaces it with a history line', async () => {
    const jobId = await newJob();
    const key = { 'idempotency-key': `sig-${jobId}` };
    const first = await sign(jobId, { SignerName: 'Ola Kunde', Png: png }, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await sign(jobId, { SignerName: 'Ola Kunde', Png: png }, key);
    expect(again.statusCode, again.body).toBe(200);
    const answer = JobSignature.parse(first.json());
    expect(again.json()).toEqual(answer);
    expect(answer.SignerName).toBe('Ola Kunde');
    expect(await stored(jobId)).toHaveLength(1);
    expect(await signatureLines(jobId)).toHaveLength(1);

    const other = await sign(
      jobId,
      { SignerName: 'Kari Kunde', Png: png },
      { 'idempotency-key': `sig2-${jobId}` },
    );
    expect(other.statusCode, other.body).toBe(200);
    const rows = await stored(jobId);
    expect(rows.map((r) => r.signerName)).toEqual(['Kari Kunde']);
    const lines = await signatureLines(jobId);
    expect(lines).toHaveLength(2);
    expect(lines.find((l) => l.NewValue?.startsWith('Kari Kunde'))?.OldValue).toBe(
      `Ola Kunde, ${answer.SignedAt}`,
    );
  });

  it('refuses an image that is not a PNG with a translated message, and stores nothing', async () => {
    const jobId = await newJob();
    const fake = Buffer.from('GIF89a this is not a signature').toString('base64');
    const en = await sign(jobId, { SignerName: 'Ola Kunde', Png: fake });
    expect(en.statusCode).toBe(400);
    expect(en.json().Message).toBe('The signature must be a PNG image.');
    const no = await sign(jobId, { SignerName: 'Ola Kunde', Png: fake }, { 'accept-language': 'nb-NO' });
    expect(no.json().Message).toBe('Signaturen må være et PNG-bilde.');
    // The PNG's first bytes, then nothing an image decoder can read.
    const truncated = Buffer.concat([Buffer.from(png, 'base64').subarray(0, 40)]).toString('base64');
    const broken = await sign(jobId, { SignerName: 'Ola Kunde', Png: truncated });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().Message).toBe('The image cannot be read: it is damaged or not a complete image.');
    const nameless = await sign(jobId, { SignerName: ' ', Png: png });
    expect(nameless.statusCode).toBe(400);
    expect(await stored(jobId)).toHaveLength(0);
  });

  it('refuses a job the caller may not see, and a customer user', async () => {
    const missing = await sign(999_999, { SignerName: 'Ola Kunde', Png: png });
    expect(missing.statusCode).toBe(404);
    const jobId = await newJob();
    const customer = (await signedInUser(t, 4)).api;
    const res = await customer.put(`Job/${jobId}/Signature`, { SignerName: 'Ola Kunde', Png: png });
    expect(res.statusCode).toBe(403);
    expect(await stored(jobId)).toHaveLength(0);
  });

  it('puts the signer’s name and the time of signing in the service report, with the drawing', async () => {
    const jobId = await newJob();
    const before = (await technician.get(`/api2/resource/service-report/${jobId}`)).rawPayload;
    const res = await sign(jobId, { SignerName: 'Signe Underskrift', Png: png });
    expect(res.statusCode, res.body).toBe(200);
    const report = await technician.get(`/api2/resource/service-report/${jobId}`);
    expect(report.statusCode).toBe(200);
    const text = (await pdfText(report.rawPayload)).text;
    expect(text).toContain('Signe Underskrift');
    expect((await pdfText(before)).text).not.toContain('Signe Underskrift');
    expect((await pdfImages(report.rawPayload)).length).toBe((await pdfImages(before)).length + 1);
    // The time in the company's zone (the default settings' Europe/Oslo), to the minute.
    const signed = new Date(JobSignature.parse(res.json()).SignedAt);
    const local = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Oslo',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(signed);
    expect(text).toContain(local);
  });
});
