import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerGroups, eventLog } from '../src/db/schema/index.ts';
import {
  createAssetType,
  createCustomer,
  createCustomerGroup,
  createDepartment,
  createJob,
  createMachine,
  createMachineModel,
  createMachineType,
  createSupplier,
  createUser,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { jpegWithGps } from './sample-files.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe.each(engines)('reference data on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let png: Buffer;

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = await as(1);
    technician = await as(2);
    png = await QRCode.toBuffer('fieldport', { type: 'png' });
  });
  afterAll(() => t.close());

  describe('customer groups (multipart with an image)', () => {
    it('creates a group with a png image that can be read back through resource/', async () => {
      const id = 700000 + Math.floor(Math.random() * 99999);
      const res = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Id: id, Name: `Energy ${tag()}` },
        ImageFile: { filename: 'logo.png', data: png, contentType: 'image/png' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const g = res.json();
      expect(g).toMatchObject({ Id: id, CustomerCount: 0 });
      expect(g.ImagePath).toMatch(/^customer-groups\/[0-9a-f-]+\.png$/);
      const image = await technician.get('/api2/resource/', { relativePath: g.ImagePath });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      // Re-encoded (decision 025): the same pixels, not necessarily the same bytes.
      expect(await sharp(image.rawPayload).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());
      expect((await technician.get(`CustomerGroup/${id}`)).json()).toEqual(g);
      const list = await technician.get('CustomerGroup/Filtered', { SearchWord: g.Name });
      expect(list.json()).toEqual({ Content: [g], TotalCount: 1 });
    });

    it('accepts a jpeg, replaces and removes images, and renames', async () => {
      const created = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Name: `Food ${tag()}` },
        ImageFile: { filename: 'photo.jpg', data: await jpegWithGps() },
      });
      expect(created.statusCode, created.body).toBe(200);
      const g = created.json();
      expect(g.ImagePath).toMatch(/\.jpg$/);
      const replaced = await admin.multipart('PATCH', 'CustomerGroup/', {
        CustomerGroup: { Id: g.Id, Name: 'Food and beverage' },
        ImageFile: { filename: 'new.png', data: png },
      });
      expect(replaced.json()).toMatchObject({ Id: g.Id, Name: 'Food and beverage' });
      expect(replaced.json().ImagePath).toMatch(/\.png$/);
      expect(existsSync(join(t.uploads, g.ImagePath))).toBe(false);
      const removed = await admin.multipart('PATCH', 'CustomerGroup/', {
        CustomerGroup: { Id: g.Id, Name: 'Food and beverage', RemoveImage: true },
      });
      expect(removed.json().ImagePath).toBeNull();
      expect(existsSync(join(t.uploads, replaced.json().ImagePath))).toBe(false);
    });

    it('refuses a taken id naming the group, and uploads that are not png or jpeg by content', async () => {
      const holder = await createCustomerGroup(t.db);
      const before = await writes(t.db);
      const [groupsBefore] = await t.db.select({ n: customerGroups.id }).from(customerGroups);
      const taken = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Id: holder.id, Name: 'Copy' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().Errors).toEqual([
        { Field: 'Id', Message: `${holder.id} is already in use on ${holder.name}.` },
      ]);
      const text = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Name: 'Fake image' },
        ImageFile: {
          filename: 'image.png',
          data: Buffer.from('this is text, not a picture'),
          contentType: 'image/png',
        },
      });
      expect(text.statusCode).toBe(400);
      expect(text.json()).toEqual({
        Message: 'Image upload accepts png and jpeg only.',
        Errors: [{ Field: 'ImageFile', Message: 'Image upload accepts png and jpeg only.' }],
      });
      const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
      const refusedGif = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Name: 'Gif' },
        ImageFile: { filename: 'x.png', data: gif },
      });
      expect(refusedGif.statusCode).toBe(400);
      const huge = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
      const tooLarge = await admin.multipart('POST', 'CustomerGroup/', {
        CustomerGroup: { Name: 'Huge' },
        ImageFile: { filename: 'huge.png', data: huge },
      });
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().Message).toBe('The image is larger than 5 MB.');
      const noName = await admin.multipart('POST', 'CustomerGroup/', { CustomerGroup: { Name: '' } });
      expect(noName.json().Errors).toEqual([{ Field: 'Name', Message: 'This field is required' }]);
      const notMultipart = await admin.post('CustomerGroup/', { CustomerGroup: { Name: 'JSON' } });
      expect(notMultipart.statusCode).toBe(400);
      const missingPart = await admin.multipart('POST', 'CustomerGroup/', {
        ImageFile: { filename: 'a.png', data: png },
      });
      expect(missingPart.json().Errors).toEqual([
        { Field: 'CustomerGroup', Message: 'This field is required' },
      ]);
      expect(await writes(t.db)).toEqual(before);
      const [groupsAfter] = await t.db.select({ n: customerGroups.id }).from(customerGroups);
      expect(groupsAfter).toEqual(groupsBefore);
    });

    it('deletes a group no customer belongs to, and refuses one in use', async () => {
      const used = await createCustomerGroup(t.db);
      await createCustomer(t.db, { customerGroupId: used.id });
      const refused = await admin.delete(`CustomerGroup/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().Message).toBe(
        `${used.name} (customer group) is still used by 1 records and cannot be deleted.`,
      );
      const free = await createCustomerGroup(t.db);
      expect((await admin.delete(`CustomerGroup/${free.id}`)).json()).toEqual({ Id: free.id });
      expect((await admin.get(`CustomerGroup/${free.id}`)).statusCode).toBe(404);
      expect((await admin.delete(`CustomerGroup/${free.id}`)).statusCode).toBe(404);
      const events = await t.db
        .select()
        .from(eventLog)
        .where(eq(eventLog.entityId, String(free.id)));
      expect(events.filter((e) => e.entity === 'customerGroup').map((e) => e.changeType)).toEqual(['Delete']);
    });
  });

  describe('departments and firm', () => {
    it('creates, reads, searches, pages and changes departments; the id must be unique', async () => {
      const id = 800000 + Math.floor(Math.random() * 99999);
      const created = await admin.post('Department/', { Id: id, Name: `Service Bergen ${tag()}` });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ Id: id, IsActive: true, UserCount: 0 });
      const taken = await admin.post('Department/', { Id: id, Name: 'Copy' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().Message).toBe(`${id} is already in use on ${created.json().Name}.`);
      const auto = await admin.post('Department/', { Name: `Auto ${tag()}` });
      expect(auto.json().Id).toBeGreaterThan(id);
      expect((await technician.get(`Department/${id}`)).json()).toEqual(created.json());
      const search = await technician.get('Department/search', {
        searchQuery: created.json().Name.slice(-6),
      });
      expect(search.json()).toEqual([created.json()]);
      const page = await technician.get('Department/Filtered', {
        ItemsPerPage: '150',
        Page: '1',
        PrependItemIdList: String(id),
      });
      expect(page.json().Content[0].Id).toBe(id);
      const changed = await admin.patch('Department/', { Id: id, Name: 'Service Bergen', IsActive: false });
      expect(changed.json()).toMatchObject({ Id: id, Name: 'Service Bergen', IsActive: false });
      expect((await admin.patch('Department/', { Id: 99999999, Name: 'x' })).statusCode).toBe(404);
      expect((await admin.post('Department/', { Name: '' })).json().Errors).toEqual([
        { Field: 'Name', Message: 'This field is required' },
      ]);
      expect((await technician.post('Department/', { Name: 'Not admin' })).statusCode).toBe(403);
      const dept = await createDepartment(t.db);
      await createUser(t.db, { departmentId: dept.id });
      expect((await technician.get(`Department/${dept.id}`)).json().UserCount).toBe(1);
    });

    it('answers the firm of the installation', async () => {
      const res = await technician.get('Firm');
      expect(res.json()).toEqual([{ Id: 1, Name: expect.any(String), OrganisationNumber: '' }]);
    });
  });

  describe('machine models, types and suppliers', () => {
    it('creates and changes a machine model with an image, and toggles its active state', async () => {
      const type = await createMachineType(t.db);
      const supplier = await createSupplier(t.db);
      const created = await admin.multipart('POST', 'MachineModel/', {
        MachineModel: { Name: `Atlas GA ${tag()}`, MachineTypeId: type.id, SupplierId: supplier.id },
        ImageFile: { filename: 'ga.png', data: png },
      });
      expect(created.statusCode, created.body).toBe(200);
      const m = created.json();
      expect(m).toMatchObject({
        MachineType: { Id: type.id, Name: type.name },
        Supplier: { Id: supplier.id, Name: supplier.name },
        IsActive: true,
        MachineCount: 0,
      });
      expect(m.ImagePath).toMatch(/^machine-models\//);
      const changed = await admin.multipart('PATCH', 'MachineModel/', {
        MachineModel: { Id: m.Id, Name: 'Atlas GA 30' },
      });
      expect(changed.json()).toMatchObject({ Name: 'Atlas GA 30', ImagePath: m.ImagePath });
      const badRef = await admin.multipart('PATCH', 'MachineModel/', {
        MachineModel: { Id: m.Id, SupplierId: 99999999 },
      });
      expect(badRef.json().Errors).toEqual([
        { Field: 'SupplierId', Message: 'No supplier with id 99999999 was found.' },
      ]);
      const textImage = await admin.multipart('PATCH', 'MachineModel/', {
        MachineModel: { Id: m.Id },
        ImageFile: { filename: 'x.jpeg', data: Buffer.from('<svg></svg>') },
      });
      expect(textImage.statusCode).toBe(400);

      expect((await technician.get(`MachineModel/${m.Id}/GetActiveState`)).json()).toEqual({
        Id: m.Id,
        IsActive: true,
      });
      expect((await admin.patch(`MachineModel/${m.Id}/ToggleActiveState`)).json()).toEqual({
        Id: m.Id,
        IsActive: false,
      });
      expect((await technician.get('MachineModel/search', { searchQuery: 'Atlas GA 30' })).json()).toEqual(
        [],
      );
      const filtered = await technician.get('MachineModel/Filtered', { SupplierId: String(supplier.id) });
      expect(filtered.json()).toMatchObject({ TotalCount: 1, Content: [{ Id: m.Id, IsActive: false }] });
      const list = await technician.get('MachineModel/list');
      expect(list.json().some((x: { Id: number }) => x.Id === m.Id)).toBe(true);
      expect((await technician.patch(`MachineModel/${m.Id}/ToggleActiveState`)).statusCode).toBe(403);
    });

    it('lists the jobs, job types and supplier failure codes of a model’s machines', async () => {
      const model = await createMachineModel(t.db);
      const machine = await createMachine(t.db, { machineModelId: model.id });
      await createJob(t.db, {
        customerId: machine.customerId,
        machines: [machine],
        subJob: { supplierFailureCodeId: 7 },
      });
      await createJob(t.db, {
        customerId: machine.customerId,
        machines: [machine],
        jobTypeId: 2,
        subJob: { supplierFailureCodeId: 7 },
      });
      const jobs = await technician.get(`MachineModel/${model.id}/Jobs`);
      expect(jobs.json().TotalCount).toBe(2);
      expect(jobs.json().Content[0]).toMatchObject({
        MachineId: machine.id,
        MachineName: machine.name,
        JobTypeId: 2,
      });
      const types = await technician.get(`MachineModel/${model.id}/JobTypes`);
      expect(
        types
          .json()
          .map((x: { Id: number; Count: number }) => [x.Id, x.Count])
          .sort(),
      ).toEqual([
        [1, 1],
        [2, 1],
      ]);
      const codes = await technician.get(`MachineModel/${model.id}/SupplierFailureCodeUsage`);
      expect(codes.json()).toEqual([{ SupplierFailureCodeId: 7, Count: 2 }]);
      expect((await technician.get('MachineModel/99999999/Jobs')).statusCode).toBe(404);
      expect((await technician.get('MachineModel/abc')).statusCode).toBe(400);
    });

    it('creates, lists and renames machine types', async () => {
      const name = `Heat pump ${tag()}`;
      const created = await admin.post('MachineType/', { Name: name });
      expect(created.json()).toMatchObject({ Name: name, ModelCount: 0 });
      const renamed = await admin.patch('MachineType/', { Id: created.json().Id, Name: `${name} (air)` });
      expect(renamed.json().Name).toBe(`${name} (air)`);
      expect(
        (await technician.get('MachineType/list'))
          .json()
          .some((x: { Id: number }) => x.Id === created.json().Id),
      ).toBe(true);
      expect((await technician.get('MachineType/Filtered', { SearchWord: name })).json().TotalCount).toBe(1);
      expect((await technician.get(`MachineType/${created.json().Id}`)).json()).toEqual(renamed.json());
      expect((await admin.post('MachineType/', { Name: ' ' })).json().Errors).toEqual([
        { Field: 'Name', Message: 'This field is required' },
      ]);
      expect((await admin.patch('MachineType/', { Id: 99999999, Name: 'x' })).statusCode).toBe(404);
    });

    it('creates and changes suppliers with the field rules, unless the ERP owns suppliers', async () => {
      const created = await admin.post('Supplier/', {
        Name: `Kaeser ${tag()}`,
        Email: 'service@kaeser.example',
        Phone: '+47 22 00 00 00',
      });
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json()).toMatchObject({ IsActive: true, ModelCount: 0 });
      const changed = await admin.patch('Supplier/', { Id: created.json().Id, IsActive: false });
      expect(changed.json()).toMatchObject({ IsActive: false, Email: 'service@kaeser.example' });
      expect((await admin.post('Supplier/', { Name: 'X', Email: 'nope' })).json().Errors).toEqual([
        { Field: 'Email', Message: 'Invalid E-mail address' },
      ]);
      expect((await admin.post('Supplier/', { Name: 'X', Phone: 'ring' })).json().Errors).toEqual([
        { Field: 'Phone', Message: 'Phone number cant contain letters' },
      ]);
      expect(
        (await technician.get('Supplier/Filtered', { SearchWord: created.json().Name })).json().TotalCount,
      ).toBe(1);
      expect((await technician.get('Supplier/list')).statusCode).toBe(200);
      await t.app.services.settings.write('erp', {
        ERPFriendlyName: 'Visma Business',
        SupplierReadOnly: true,
      });
      const before = await writes(t.db);
      const refused = await admin.post('Supplier/', { Name: 'Refused' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Message).toBe(
        'Visma Business does not allow servicesystem to create a new supplier...',
      );
      expect((await admin.patch('Supplier/', { Id: created.json().Id, Name: 'No' })).statusCode).toBe(403);
      expect(await writes(t.db)).toEqual(before);
      await t.app.services.settings.write('erp', { ERPFriendlyName: 'Fieldport', SupplierReadOnly: false });
    });
  });

  describe('asset types', () => {
    it('creates (PUT), changes (PATCH) and deletes asset types; one in use is kept', async () => {
      const created = await admin.put('AssetType/', { Name: `Vehicle ${tag()}` });
      expect(created.statusCode, created.body).toBe(200);
      const a = created.json();
      expect(a).toMatchObject({ IsActive: true });
      expect((await admin.patch('AssetType/', { Id: a.Id, IsActive: false })).json()).toEqual({
        ...a,
        IsActive: false,
        RowVersion: a.RowVersion + 1,
      });
      expect((await technician.get(`AssetType/${a.Id}`)).json().IsActive).toBe(false);
      expect((await technician.get('AssetType/Filtered', { SearchWord: a.Name })).json().TotalCount).toBe(1);
      expect((await technician.get('AssetType/list')).statusCode).toBe(200);
      const used = await createAssetType(t.db);
      await createMachine(t.db, { assetTypeId: used.id });
      const refused = await admin.delete(`AssetType/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect((await admin.delete(`AssetType/${a.Id}`)).json()).toEqual({ Id: a.Id });
      expect((await technician.get(`AssetType/${a.Id}`)).statusCode).toBe(404);
    });

    it('switches the asset types feature; without it the asset type calls are unavailable', async () => {
      const off = await admin.post('AssetType/ToggleFeature');
      expect(off.json()).toEqual({ Enabled: false });
      const refused = await technician.get('AssetType/list');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Message).toBe('Feature unavailable');
      const on = await admin.post('AssetType/ToggleFeature');
      expect(on.json()).toEqual({ Enabled: true });
      expect((await technician.get('AssetType/list')).statusCode).toBe(200);
      expect((await technician.post('AssetType/ToggleFeature')).statusCode).toBe(403);
    });
  });
});
