import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPersons, customers, jobs, leads, leadTypes } from '../src/db/schema/index.ts';
import {
  createCustomer,
  createLead,
  createLeadType,
  ensureReferenceDataOnce,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

describe.each(engines)('leads on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  const rows = async () => {
    const n = async (table: typeof customers | typeof jobs | typeof leads | typeof leadTypes) =>
      (await t.db.select({ n: count() }).from(table))[0]!.n;
    return {
      customers: await n(customers),
      jobs: await n(jobs),
      leads: await n(leads),
      types: await n(leadTypes),
    };
  };

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await ensureReferenceDataOnce(t.db);
    admin = (await signedInUser(t, 1)).api;
    technician = (await signedInUser(t, 2)).api;
  });
  afterAll(() => t.close());

  it('keeps lead types: create, list, change, delete; unique names', async () => {
    const name = `Trade fair ${tag()}`;
    const created = await admin.post('LeadType/', { Name: name });
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json();
    expect(type).toMatchObject({ Name: name, IsActive: true, LeadCount: 0 });
    expect((await technician.get('LeadType/list')).json().map((x: { Id: number }) => x.Id)).toContain(
      type.Id,
    );
    expect((await technician.get('LeadType/Filtered', { SearchWord: name })).json()).toMatchObject({
      TotalCount: 1,
      Content: [{ Id: type.Id }],
    });
    expect((await technician.get(`LeadType/${type.Id}`)).json()).toMatchObject({ Name: name });
    const changed = await admin.patch('LeadType/', { Id: type.Id, IsActive: false });
    expect(changed.json()).toMatchObject({ IsActive: false });

    const before = await rows();
    const twin = await admin.post('LeadType/', { Name: name.toUpperCase() });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().Message).toContain(name);
    expect((await admin.post('LeadType/', { Name: '' })).statusCode).toBe(400);
    expect((await admin.patch('LeadType/', { Id: 99999999, Name: 'x' })).statusCode).toBe(404);
    expect((await technician.post('LeadType/', { Name: `Tech ${tag()}` })).statusCode).toBe(403);
    expect(await rows()).toEqual(before);

    const used = await createLeadType(t.db);
    await createLead(t.db, { leadTypeId: used.id });
    const refused = await admin.delete(`LeadType/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect((await admin.delete(`LeadType/${type.Id}`)).json()).toEqual({ Id: type.Id });
    expect((await admin.get(`LeadType/${type.Id}`)).statusCode).toBe(404);
  });

  it('creates, finds, changes and deletes a lead', async () => {
    const type = await createLeadType(t.db);
    const name = `Vestlandet Fisk AS ${tag()}`;
    const created = await admin.post('Lead/', {
      Name: name,
      ContactName: 'Kari Nordmann',
      Email: 'kari@fisk.example',
      Phone: '+47 912 34 567',
      City: 'Bergen',
      Country: 'no',
      LeadTypeId: type.id,
      Description: 'Two ice machines need yearly service.',
    });
    expect(created.statusCode, created.body).toBe(200);
    const lead = created.json();
    expect(lead).toMatchObject({
      Name: name,
      Country: 'NO',
      LeadTypeId: type.id,
      LeadTypeName: type.name,
      IsConverted: false,
      CustomerId: null,
      JobId: null,
    });
    expect(lead.Created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const page = (await admin.get('Lead/Filtered', { SearchWord: 'vestlandet fisk' })).json();
    expect(page.Content.map((l: { Id: number }) => l.Id)).toContain(lead.Id);
    expect((await admin.get('Lead/Filtered', { LeadTypeId: String(type.id) })).json().Content).toEqual([
      expect.objectContaining({ Id: lead.Id }),
    ]);
    const changed = await admin.patch('Lead/', { Id: lead.Id, City: 'Ålesund', RowVersion: lead.RowVersion });
    expect(changed.json()).toMatchObject({ City: 'Ålesund', Name: name });
    expect(
      (await admin.patch('Lead/', { Id: lead.Id, City: 'Molde', RowVersion: lead.RowVersion })).statusCode,
    ).toBe(409);
    expect((await admin.delete(`Lead/${lead.Id}`)).json()).toEqual({ Id: lead.Id });
    expect((await admin.get(`Lead/${lead.Id}`)).statusCode).toBe(404);
  });

  it('refuses bad leads with field messages and writes nothing', async () => {
    const before = { rows: await rows(), writes: await writes(t.db) };
    const res = await admin.post('Lead/', { Name: ' ', Email: 'nope', Phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors).toEqual(
      expect.arrayContaining([
        { Field: 'Name', Message: 'This field is required' },
        { Field: 'Email', Message: 'Invalid E-mail address' },
        { Field: 'Phone', Message: 'Phone number cant contain letters' },
      ]),
    );
    const unknownType = await admin.post('Lead/', { Name: 'Somebody AS', LeadTypeId: 99999999 });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().Errors[0].Field).toBe('LeadTypeId');
    expect((await admin.patch('Lead/', { Id: 99999999, Name: 'x' })).statusCode).toBe(404);
    expect((await admin.delete('Lead/99999999')).statusCode).toBe(404);
    expect((await admin.post('Lead/99999999/Convert', {})).statusCode).toBe(404);
    expect((await technician.get('Lead/Filtered')).statusCode).toBe(403);
    expect((await technician.post('Lead/', { Name: 'Tech AS' })).statusCode).toBe(403);
    expect(await rows()).toEqual(before.rows);
    expect(await writes(t.db)).toEqual(before.writes);
  });

  it('converts a lead into exactly one customer and one job, and marks it', async () => {
    const lead = await createLead(t.db, { name: `Nordkapp Is AS ${tag()}`, contactName: 'Ola Hansen' });
    const before = await rows();
    const res = await admin.post(`Lead/${lead.id}/Convert`, { RowVersion: lead.rowVersion });
    expect(res.statusCode, res.body).toBe(200);
    const { Lead, CustomerId, JobId } = res.json();
    expect(Lead).toMatchObject({ Id: lead.id, IsConverted: true, CustomerId, JobId });
    expect(Lead.ConvertedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await rows()).toEqual({ ...before, customers: before.customers + 1, jobs: before.jobs + 1 });

    const customer = (await admin.get('customer/', { id: String(CustomerId) })).json();
    expect(customer).toMatchObject({ Name: lead.name });
    const [contact] = await t.db
      .select()
      .from(customerPersons)
      .where(eq(customerPersons.customerId, CustomerId));
    expect(contact).toMatchObject({ name: 'Ola Hansen', email: lead.email });
    const job = (await admin.get(`job/${JobId}`)).json();
    expect(job).toMatchObject({ Id: JobId, CustomerId, DisplayName: lead.name, JobStatusId: 10 });
    expect(job.OrderId).toMatch(/^\d+$/);

    // Converted: closed to change, to a second conversion and to deletion; nothing more written.
    const after = await rows();
    const again = await admin.post(`Lead/${lead.id}/Convert`, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().Message).toContain(String(CustomerId));
    expect((await admin.patch('Lead/', { Id: lead.id, Name: 'Changed' })).statusCode).toBe(400);
    expect((await admin.delete(`Lead/${lead.id}`)).statusCode).toBe(400);
    expect(await rows()).toEqual(after);
    // Converted leads are left out of the list unless asked for.
    const listed = (await admin.get('Lead/Filtered', { SearchWord: lead.name })).json();
    expect(listed.TotalCount).toBe(0);
    const all = (
      await admin.get('Lead/Filtered', { SearchWord: lead.name, IncludeConverted: 'true' })
    ).json();
    expect(all.Content).toEqual([expect.objectContaining({ Id: lead.id, IsConverted: true })]);
  });

  it('converts nothing when the job details are refused or the lead changed since it was read', async () => {
    const lead = await createLead(t.db);
    const before = { rows: await rows(), writes: await writes(t.db) };
    const badType = await admin.post(`Lead/${lead.id}/Convert`, { JobTypeId: 99999 });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().Errors[0].Field).toBe('JobTypeId');
    const stale = await admin.post(`Lead/${lead.id}/Convert`, { RowVersion: lead.rowVersion + 5 });
    expect(stale.statusCode).toBe(409);
    expect(await rows()).toEqual(before.rows);
    expect(await writes(t.db)).toEqual(before.writes);
    expect((await admin.get(`Lead/${lead.id}`)).json()).toMatchObject({ IsConverted: false });
  });

  it('one of two concurrent conversions wins; the other makes nothing', async () => {
    const lead = await createLead(t.db);
    const before = await rows();
    const [a, b] = await Promise.all([
      admin.post(`Lead/${lead.id}/Convert`, {}),
      admin.post(`Lead/${lead.id}/Convert`, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(await rows()).toEqual({ ...before, customers: before.customers + 1, jobs: before.jobs + 1 });
  });

  it('is the Admin feature LeadsEnabled: switched off, the calls are refused', async () => {
    const manager = (await signedInUser(t, 4, { customerId: (await createCustomer(t.db)).id })).api;
    expect((await manager.get('LeadType/list')).statusCode).toBe(403);
    expect((await admin.post('Lead/ToggleFeature')).json()).toEqual({ Enabled: false });
    expect((await admin.get('Lead/Filtered')).statusCode).toBe(403);
    expect((await admin.post('Lead/ToggleFeature')).json()).toEqual({ Enabled: true });
    expect((await admin.get('Lead/Filtered')).statusCode).toBe(200);
    expect((await technician.post('Lead/ToggleFeature')).statusCode).toBe(403);
  });
});
