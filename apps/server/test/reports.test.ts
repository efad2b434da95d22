import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  jobCategories,
  repairPlaces,
  supplierFailureCodes,
  warrantyTypes,
} from '../src/db/schema/index.ts';
import {
  createAppointment,
  createCustomer,
  createJob,
  createMachine,
  createSupplier,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { type Api, apiAs, multipartBody, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { pdfImages, pdfText } from './pdf.ts';
import { allLicences } from './support.ts';

describe.each(engines)('a job’s service report and hazard analysis on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let job: Awaited<ReturnType<typeof createJob>>;
  let otherJob: number;
  let ownCustomerUser: Api;
  let otherCustomerUser: Api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    const customer = await createCustomer(t.db, { name: 'Fjordvarme Drift AS' });
    const machine = await createMachine(t.db, { customerId: customer.id, name: 'Varmepumpe VP-900' });
    const [warranty] = await t.db.insert(warrantyTypes).values({ name: 'Fabrikkgaranti' }).returning();
    const [place] = await t.db.insert(repairPlaces).values({ name: 'Hos kunden' }).returning();
    const [category] = await t.db
      .insert(jobCategories)
      .values({ name: 'Forebyggende vedlikehold' })
      .returning();
    const supplier = await createSupplier(t.db);
    const [failure] = await t.db
      .insert(supplierFailureCodes)
      .values({ supplierId: supplier.id, code: 'E42', description: 'Lavt kuldemedietrykk' })
      .returning();
    job = await createJob(t.db, {
      customerId: customer.id,
      displayName: 'Årlig ettersyn av varmepumpe',
      machines: [machine],
      subJob: {
        technicianComment: 'Byttet filter og kontrollert trykk',
        warrantyTypeId: warranty!.id,
        repairPlaceId: place!.id,
        jobCategoryId: category!.id,
        supplierFailureCodeId: failure!.id,
      },
    });
    const technician = await createUser(t.db, { userTypeId: 2, name: 'Kari Nordmann' });
    await createAppointment(t.db, { jobId: job.id, participants: [technician] });
    otherJob = (await createJob(t.db, { customerId: (await createCustomer(t.db)).id, machines: 1 })).id;
    ownCustomerUser = (await signedInUser(t, 4, { customerId: customer.id })).api;
    otherCustomerUser = (await signedInUser(t, 4)).api;
  });
  afterAll(() => t.close());

  it('answers the service report as a PDF with the job, its customer, machine, codes and technician', async () => {
    const res = await admin.get(`/api2/resource/service-report/${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Service report ${job.orderId}.pdf"; filename*=UTF-8''Service%20report%20${job.orderId}.pdf`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(res.rawPayload);
    for (const shown of [
      'Service report',
      'Årlig ettersyn av varmepumpe',
      'Fjordvarme Drift AS',
      'Varmepumpe VP-900',
      'Byttet filter og kontrollert trykk',
      'Warranty type: Fabrikkgaranti',
      'Repair place: Hos kunden',
      'Job category: Forebyggende vedlikehold',
      'Failure code: E42 Lavt kuldemedietrykk',
      'Kari Nordmann',
      "Customer's signature",
      job.orderId!,
    ])
      expect(text).toContain(shown);
  });

  it('answers the hazard analysis as a PDF with the job, its customer, machine and the risk checklist', async () => {
    const res = await admin.get(`/api2/resource/hazard-analysis/${job.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text, pages } = await pdfText(res.rawPayload);
    expect(pages).toBeGreaterThanOrEqual(2);
    for (const shown of [
      'Hazard analysis',
      'Årlig ettersyn av varmepumpe',
      'Fjordvarme Drift AS',
      'Varmepumpe VP-900',
      'Moving or rotating parts',
      'Measure',
      "Technician's signature",
    ])
      expect(text).toContain(shown);
  });

  it('writes the documents in the caller’s language, Chinese ones with a font that has the characters', async () => {
    const asked = (lang: string, kind: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api2/resource/${kind}/${job.id}`,
        headers: { ...admin.headers, 'accept-language': lang },
      });
    const no = await asked('nb-NO,nb;q=0.9', 'service-report');
    expect((await pdfText(no.rawPayload)).text).toContain('Servicerapport');
    expect(no.headers['content-disposition']).toContain(`filename="Servicerapport ${job.orderId}.pdf"`);
    const hk = await asked('zh-HK', 'hazard-analysis');
    expect(hk.statusCode).toBe(200);
    const hkText = (await pdfText(hk.rawPayload)).text;
    expect(hkText).toContain('危害分析');
    expect(hkText).toContain('移動或旋轉部件');
    expect(hkText).toContain('Fjordvarme Drift AS');
    const cn = await asked('zh-CN', 'service-report');
    expect((await pdfText(cn.rawPayload)).text).toContain('服务报告');
  });

  it('names the delivery address’s country in the caller’s language, not by its ISO code', async () => {
    await t.db.update(addresses).set({ country: 'SE' }).where(eq(addresses.id, job.deliveryAddressId!));
    const textIn = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api2/resource/service-report/${job.id}`,
        headers: { ...admin.headers, 'accept-language': lang },
      });
      return (await pdfText(res.rawPayload)).text;
    };
    expect(await textIn('en')).toMatch(/\bSweden\b/);
    expect(await textIn('nb-NO')).toMatch(/\bSverige\b/);
    expect(await textIn('zh-HK')).toContain('瑞典');
  });

  it('makes each report from the job as it is now, never from a cache', async () => {
    const first = await admin.get(`/api2/resource/service-report/${job.id}`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const read = (await admin.get(`job/${job.id}`)).json() as { RowVersion: number; JobStatusId: number };
    const changed = await admin.patch('job/changedetails', {
      Id: job.id,
      RowVersion: read.RowVersion,
      DisplayName: 'Ettersyn og bytte av kompressor',
      JobStatusId: read.JobStatusId,
      JobTypeId: job.jobTypeId,
      JobPriorityId: job.jobPriorityId,
      EstimatedTime: 2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { text } = await pdfText((await admin.get(`/api2/resource/service-report/${job.id}`)).rawPayload);
    expect(text).toContain('Ettersyn og bytte av kompressor');
  });

  it('answers where the service report is fetched', async () => {
    const res = await admin.get(`Job/${job.id}/ServiceReportLink`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Link: `/api2/resource/service-report/${job.id}` });
  });

  it('gives a customer user its company’s documents, and another company’s job a 404', async () => {
    expect((await ownCustomerUser.get(`/api2/resource/service-report/${job.id}`)).statusCode).toBe(200);
    for (const path of [
      `/api2/resource/service-report/${job.id}`,
      `/api2/resource/hazard-analysis/${job.id}`,
      `Job/${job.id}/ServiceReportLink`,
    ])
      expect((await otherCustomerUser.get(path)).statusCode, path).toBe(404);
    expect((await ownCustomerUser.get(`/api2/resource/hazard-analysis/${otherJob}`)).statusCode).toBe(404);
  });

  it('refuses an anonymous caller with 401', async () => {
    const anonymous = apiAs(t.app, null);
    for (const path of [
      `/api2/resource/service-report/${job.id}`,
      `/api2/resource/hazard-analysis/${job.id}`,
    ])
      expect((await anonymous.get(path)).statusCode, path).toBe(401);
  });

  // Last: it changes the company the other reports show.
  it('shows the company’s own logo and address once the Admin has set them', async () => {
    const saved = await admin.post('settings/group', {
      Group: 'serviceprovider',
      Values: {
        CompanyName: 'Vestland Teknikk AS',
        AddressStreet: 'Kaigaten 4',
        AddressZipAndCity: '5015 Bergen',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const logo = await sharp({ create: { width: 90, height: 30, channels: 3, background: '#c62828' } })
      .png()
      .toBuffer();
    const upload = multipartBody({
      imageFile: { filename: 'logo.png', data: logo, contentType: 'image/png' },
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/settings/UpdateLogo',
      headers: { ...admin.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const res = await admin.get(`/api2/resource/service-report/${job.id}`);
    const { text } = await pdfText(res.rawPayload);
    for (const shown of ['Vestland Teknikk AS', 'Kaigaten 4', '5015 Bergen']) expect(text).toContain(shown);
    expect(await pdfImages(res.rawPayload, [1])).toEqual([{ width: 90, height: 30 }]);
  });
});
