import type { RepairCode, SupplierFailureCode, SupportLogEntry } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { createCustomer, createJob, createSupplier } from '../src/dev/factories/index.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const tag = () => Math.random().toString(36).slice(2, 7).toUpperCase();

describe.each(engines)('repair codes, failure codes and the support log on %s', (engine) => {
  const s = staffApp(engine, { name: 'Tore Tekniker' });

  it('keeps repair codes unique by code; the query form of add; inactive ones leave the list', async () => {
    const code = `R${tag()}`;
    const made = await s.admin.put(
      `RepairCode/add?code=${code}&description=${encodeURIComponent('Replaced bearing')}`,
    );
    expect(made.statusCode, made.body).toBe(200);
    const row = made.json() as RepairCode;
    expect(row).toMatchObject({ Code: code, Description: 'Replaced bearing', IsActive: true });

    const before = await writes(s.t.db);
    const twin = await s.admin.put(`RepairCode/add?code=${code.toLowerCase()}`);
    expect([twin.statusCode, twin.json().Message]).toEqual([
      409,
      `${code.toLowerCase()} is already in use on ${code} Replaced bearing.`,
    ]);
    expect(await writes(s.t.db)).toEqual(before);

    await s.admin.patch('RepairCode/change', { Id: row.Id, IsActive: false });
    const codes = (await s.technician.get('RepairCode/getall')).json() as RepairCode[];
    expect(codes.some((c) => c.Id === row.Id)).toBe(false);
    const page = (
      await s.technician.get('RepairCode/Filtered', { SearchWord: code, IncludeInactive: 'true' })
    ).json();
    expect(page).toMatchObject({ TotalCount: 1, Content: [{ Id: row.Id, IsActive: false }] });
    expect((await s.technician.put(`RepairCode/add?code=T${tag()}`)).statusCode).toBe(403);
    expect((await s.admin.delete(`RepairCode/remove/${row.Id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`RepairCode/get/${row.Id}`)).statusCode).toBe(404);
  });

  it('keeps failure codes per supplier: the same code may serve two suppliers; one in use is not deleted', async () => {
    const acme = await createSupplier(s.t.db, { name: `Acme ${tag()}` });
    const other = await createSupplier(s.t.db, { name: `Other ${tag()}` });
    const add = async (supplierId: number, code: string) =>
      s.technician.put('SupplierFailureCode/add', {
        SupplierId: supplierId,
        Code: code,
        Description: 'Motor overheats',
      });
    const e1 = (await add(acme.id, 'E1')).json() as SupplierFailureCode;
    expect(e1).toMatchObject({ SupplierId: acme.id, SupplierName: acme.name, Code: 'E1' });
    expect((await add(other.id, 'E1')).statusCode).toBe(200);
    expect((await add(acme.id, 'e1')).statusCode).toBe(409);
    expect((await add(999999, 'E2')).json().Errors).toContainEqual({
      Field: 'SupplierId',
      Message: 'No supplier with id 999999 was found.',
    });

    const ofAcme = (
      await s.technician.get(`SupplierFailureCode/supplier/${acme.id}`)
    ).json() as SupplierFailureCode[];
    expect(ofAcme.map((c) => c.Code)).toEqual(['E1']);

    await createJob(s.t.db, { machines: 1, subJob: { supplierFailureCodeId: e1.Id } });
    const refused = await s.technician.delete(`SupplierFailureCode/remove/${e1.Id}`);
    expect([refused.statusCode, refused.json().Message]).toEqual([
      409,
      'E1 (failure code) is still used by 1 records and cannot be deleted.',
    ]);
    const renamed = await s.technician.patch(`SupplierFailureCode/change/${e1.Id}`, {
      Code: 'E1-A',
      IsActive: false,
    });
    expect(renamed.json()).toMatchObject({ Code: 'E1-A', IsActive: false });
  });

  it('keeps the staff’s notes on a job: newest first, changed by their author or an Admin, unseen by customers', async () => {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const first = await s.technician.post('SupportLog', {
      JobId: job.id,
      Text: 'Customer called about the noise',
    });
    expect(first.statusCode, first.body).toBe(200);
    const note = first.json() as SupportLogEntry;
    expect(note).toMatchObject({
      JobId: job.id,
      Text: 'Customer called about the noise',
      CreatedBy: 'Tore Tekniker',
    });
    await s.admin.post('SupportLog', { JobId: job.id, Text: 'Parts ordered' });

    const log = (await s.technician.get(`SupportLog/job/${job.id}`)).json() as SupportLogEntry[];
    expect(log.map((n) => n.Text)).toEqual(['Parts ordered', 'Customer called about the noise']);

    const someoneElse = (await signedInUser(s.t, 2)).api;
    expect((await someoneElse.patch('SupportLog', { Id: note.Id, Text: 'Rewritten' })).statusCode).toBe(403);
    expect(
      (await s.admin.patch('SupportLog', { Id: note.Id, Text: 'Customer called twice' })).json().Text,
    ).toBe('Customer called twice');
    expect((await s.technician.post('SupportLog', { JobId: job.id, Text: '   ' })).statusCode).toBe(400);
    const manager = (await signedInUser(s.t, 4, { customerId: customer.id })).api;
    expect((await manager.get(`SupportLog/job/${job.id}`)).statusCode).toBe(403);
    const history = (await s.technician.get(`JobHistory/${job.id}`)).json() as {
      Changes: { Field: string }[];
    }[];
    expect(history.filter((h) => h.Changes.some((c) => c.Field === 'SupportLog'))).toHaveLength(3);
  });
});
