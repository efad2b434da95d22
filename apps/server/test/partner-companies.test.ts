import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createPartnerCompany, createUser } from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

describe.each(engines)('partner companies on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = await as(1);
  });
  afterAll(() => t.close());

  it('creates, reads, changes and deletes a partner company, with an event each time', async () => {
    const before = await writes(t.db);
    const name = `Nordlys Service ${tag()}`;
    const created = await admin.put('PartnerCompany/', {
      Name: name,
      Email: 'post@nordlys.example',
      Phone: '+47 77 00 00 00',
    });
    expect(created.statusCode, created.body).toBe(200);
    const company = created.json();
    expect(company).toMatchObject({
      Name: name,
      OrganisationNumber: '',
      IsActive: true,
      CustomerCount: 0,
      UserCount: 0,
    });

    const changed = await admin.patch('PartnerCompany/', {
      Id: company.Id,
      OrganisationNumber: '987 654 321',
    });
    expect(changed.json()).toMatchObject({ Name: name, OrganisationNumber: '987 654 321' });

    const page = (await admin.get('PartnerCompany/Filtered', { SearchWord: name })).json();
    expect(page.Content.map((c: { Id: number }) => c.Id)).toEqual([company.Id]);

    expect((await admin.delete(`PartnerCompany/${company.Id}`)).json()).toEqual({ Id: company.Id });
    expect((await admin.get(`PartnerCompany/${company.Id}`)).statusCode).toBe(404);
    expect((await writes(t.db)).events).toBe(before.events + 3);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const before = await writes(t.db);
    const res = await admin.put('PartnerCompany/', { Name: ' ', Email: 'nope', Phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'Name', Message: 'This field is required' },
        { Field: 'Email', Message: 'Invalid E-mail address' },
        { Field: 'Phone', Message: 'Phone number cant contain letters' },
      ]),
    );
    expect(await writes(t.db)).toEqual(before);
  });

  it('refuses to delete a company that customers or users belong to, naming it', async () => {
    const company = await createPartnerCompany(t.db, { name: `Fjellpartner ${tag()}` });
    await createCustomer(t.db, { partnerCompanyId: company.id });
    await createUser(t.db, { userTypeId: 5, partnerCompanyId: company.id });
    const res = await admin.delete(`PartnerCompany/${company.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().Message).toBe(
      `${company.name} (partner company) is still used by 2 records and cannot be deleted.`,
    );
    expect((await admin.get(`PartnerCompany/${company.id}`)).json()).toMatchObject({
      CustomerCount: 1,
      UserCount: 1,
    });
  });

  it('a partner sees only its own company', async () => {
    const own = await createPartnerCompany(t.db);
    const other = await createPartnerCompany(t.db);
    const partner = await as(5, { partnerCompanyId: own.id });
    expect((await partner.get('PartnerCompany/list')).json().map((c: { Id: number }) => c.Id)).toEqual([
      own.id,
    ]);
    expect((await partner.get('PartnerCompany/Filtered')).json().TotalCount).toBe(1);
    expect((await partner.get(`PartnerCompany/${own.id}`)).statusCode).toBe(200);
    expect((await partner.get(`PartnerCompany/${other.id}`)).statusCode).toBe(404);
  });

  it('a customer names its partner company, and the customer shows it', async () => {
    const company = await createPartnerCompany(t.db, { name: `Kystpartner ${tag()}` });
    const customer = await createCustomer(t.db);
    const res = await admin.patch(`customer/${customer.id}`, { PartnerCompanyId: company.id });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await admin.get('customer/', { id: String(customer.id) })).json();
    expect(read.PartnerCompany).toEqual({ Id: company.id, Name: company.name });
  });

  it('ToggleFeature switches the partner companies feature off and on, for the Admin only', async () => {
    const before = await writes(t.db);
    const off = await admin.post('PartnerCompany/ToggleFeature');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ Enabled: false });
    expect((await admin.get('userinfo')).json().GlobalSettings.Features.PartnerCompaniesEnabled).toBe(false);
    const on = await admin.post('PartnerCompany/ToggleFeature');
    expect(on.json()).toEqual({ Enabled: true });
    expect((await admin.get('userinfo')).json().GlobalSettings.Features.PartnerCompaniesEnabled).toBe(true);
    expect((await writes(t.db)).events).toBe(before.events + 2);
    for (const type of [2, 3, 5]) {
      const res = await (await as(type)).post('PartnerCompany/ToggleFeature');
      expect(res.statusCode, `user type ${type}`).toBe(403);
    }
    expect((await admin.get('userinfo')).json().GlobalSettings.Features.PartnerCompaniesEnabled).toBe(true);
  });

  it('writes need the partner portal licence', async () => {
    await t.app.services.settings.write('licences', { PartnerPortal: false });
    try {
      const res = await admin.put('PartnerCompany/', { Name: 'No licence AS' });
      expect(res.statusCode).toBe(403);
    } finally {
      await allLicences(t.app);
    }
  });
});
