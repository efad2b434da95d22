import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAssetType,
  createContact,
  createCustomer,
  createCustomerGroup,
  createDepartment,
  createJob,
  createMachine,
  createMachineModel,
  createMachineType,
  createPartnerCompany,
  createSupplier,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

type Rec = { RowVersion?: number } & Record<string, unknown>;

/**
 * One record type: how to make one, read it, and change the field `field` to a value. Every record two
 * people can edit has a RowVersion (decision 026).
 */
interface Case {
  name: string;
  field: string;
  make(): Promise<{
    read(): Promise<Rec>;
    change(value: string, rowVersion?: number): Promise<LightMyRequestResponse>;
  }>;
}

describe.each(engines)('row versions on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
  });
  afterAll(() => t.close());

  const ok = async (res: Promise<LightMyRequestResponse>) => {
    const r = await res;
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as Rec;
  };
  const withVersion = (body: object, rowVersion?: number) =>
    rowVersion === undefined ? body : { ...body, RowVersion: rowVersion };

  const cases: Case[] = [
    {
      name: 'customer',
      field: 'Name',
      make: async () => {
        const c = await createCustomer(t.db);
        return {
          read: () => ok(admin.get('customer/', { id: String(c.id) })),
          change: (v, rv) => admin.patch(`customer/${c.id}`, withVersion({ Name: v }, rv)),
        };
      },
    },
    {
      name: 'address',
      field: 'Street',
      make: async () => {
        const c = await createCustomer(t.db);
        const id = c.defaultDeliveryAddressId!;
        const read = () => ok(admin.get(`customer/${c.id}/getsingleaddress/${id}`));
        return {
          read,
          change: async (v, rv) => {
            const a = await read();
            return admin.post(
              `customer/${c.id}/address`,
              withVersion({ Id: id, Name: a.Name, Street: v, Zip: a.Zip, City: a.City }, rv),
            );
          },
        };
      },
    },
    {
      name: 'contact',
      field: 'Name',
      make: async () => {
        const c = await createCustomer(t.db, { contact: null });
        const p = await createContact(t.db, { customerId: c.id });
        return {
          read: () => ok(admin.get(`CustomerPerson/Customer/contact/${p.id}`)),
          change: (v, rv) =>
            admin.put(
              `CustomerPerson/customer/${c.id}/contact/${p.id}/update`,
              withVersion({ Name: v, Email: p.email, Mobile: '+47 912 34 567' }, rv),
            ),
        };
      },
    },
    {
      name: 'machine',
      field: 'Name',
      make: async () => {
        const m = await createMachine(t.db);
        return {
          read: () => ok(admin.get(`machine/${m.id}`)),
          change: (v, rv) => admin.patch('machine', withVersion({ Id: m.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'user',
      field: 'Name',
      make: async () => {
        const u = await createUser(t.db, { userTypeId: 2 });
        return {
          read: () => ok(admin.get(`User/get/${u.id}`)),
          change: (v, rv) => admin.patch(`User/${u.id}`, withVersion({ Name: v }, rv)),
        };
      },
    },
    {
      name: 'partner company',
      field: 'Name',
      make: async () => {
        const p = await createPartnerCompany(t.db);
        return {
          read: () => ok(admin.get(`PartnerCompany/${p.id}`)),
          change: (v, rv) => admin.patch('PartnerCompany/', withVersion({ Id: p.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'job status',
      field: 'Name',
      make: async () => {
        const read = async () =>
          ((await ok(admin.get('JobStatus/GetAll'))) as unknown as Rec[]).find((s) => s.Id === 40)!;
        return { read, change: (v, rv) => admin.patch('JobStatus', withVersion({ Id: 40, Name: v }, rv)) };
      },
    },
    {
      name: 'job sub-status',
      field: 'Name',
      make: async () => {
        const s = await ok(admin.post('JobSubStatus', { ParentId: 30, Name: `Waiting ${tag()}` }));
        const read = async () =>
          ((await ok(admin.get('JobSubStatus/ByStatus/30'))) as unknown as Rec[]).find((x) => x.Id === s.Id)!;
        return {
          read,
          change: (v, rv) => admin.patch('JobSubStatus', withVersion({ Id: s.Id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'repair code',
      field: 'Description',
      make: async () => {
        const r = await ok(admin.put(`RepairCode/add?code=R${tag()}`));
        return {
          read: () => ok(admin.get(`RepairCode/get/${r.Id}`)),
          change: (v, rv) => admin.patch('RepairCode/change', withVersion({ Id: r.Id, Description: v }, rv)),
        };
      },
    },
    {
      name: 'failure code',
      field: 'Description',
      make: async () => {
        const supplier = await createSupplier(t.db, { name: `Acme ${tag()}` });
        const f = await ok(
          admin.put('SupplierFailureCode/add', { SupplierId: supplier.id, Code: `E${tag()}` }),
        );
        return {
          read: () => ok(admin.get(`SupplierFailureCode/get/${f.Id}`)),
          change: (v, rv) =>
            admin.patch(`SupplierFailureCode/change/${f.Id}`, withVersion({ Description: v }, rv)),
        };
      },
    },
    ...(['WarrantyType', 'RepairPlace'] as const).map(
      (resource): Case => ({
        name: resource,
        field: 'Name',
        make: async () => {
          const w = await ok(admin.put(`${resource}/add`, { Name: `${resource} ${tag()}` }));
          return {
            read: () => ok(admin.get(`${resource}/get/${w.Id}`)),
            change: (v, rv) => admin.patch(`${resource}/change`, withVersion({ Id: w.Id, Name: v }, rv)),
          };
        },
      }),
    ),
    {
      name: 'job category',
      field: 'Name',
      make: async () => {
        const w = await ok(admin.put('JobCategory', { Name: `Category ${tag()}` }));
        return {
          read: () => ok(admin.get(`JobCategory/${w.Id}`)),
          change: (v, rv) => admin.patch('JobCategory', withVersion({ Id: w.Id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'department',
      field: 'Name',
      make: async () => {
        const d = await createDepartment(t.db);
        return {
          read: () => ok(admin.get(`Department/${d.id}`)),
          change: (v, rv) => admin.patch('Department/', withVersion({ Id: d.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'customer group (multipart)',
      field: 'Name',
      make: async () => {
        const g = await createCustomerGroup(t.db);
        return {
          read: () => ok(admin.get(`CustomerGroup/${g.id}`)),
          change: (v, rv) =>
            admin.multipart('PATCH', 'CustomerGroup/', {
              CustomerGroup: withVersion({ Id: g.id, Name: v }, rv),
            }),
        };
      },
    },
    {
      name: 'machine model (multipart)',
      field: 'Name',
      make: async () => {
        const m = await createMachineModel(t.db);
        return {
          read: () => ok(admin.get(`MachineModel/${m.id}`)),
          change: (v, rv) =>
            admin.multipart('PATCH', 'MachineModel/', {
              MachineModel: withVersion({ Id: m.id, Name: v }, rv),
            }),
        };
      },
    },
    {
      name: 'machine type',
      field: 'Name',
      make: async () => {
        const m = await createMachineType(t.db);
        return {
          read: () => ok(admin.get(`MachineType/${m.id}`)),
          change: (v, rv) => admin.patch('MachineType/', withVersion({ Id: m.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'supplier',
      field: 'Name',
      make: async () => {
        const s = await createSupplier(t.db, { name: `Supplier ${tag()}` });
        return {
          read: () => ok(admin.get(`Supplier/${s.id}`)),
          change: (v, rv) => admin.patch('Supplier/', withVersion({ Id: s.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'asset type',
      field: 'Name',
      make: async () => {
        const a = await createAssetType(t.db);
        return {
          read: () => ok(admin.get(`AssetType/${a.id}`)),
          change: (v, rv) => admin.patch('AssetType/', withVersion({ Id: a.id, Name: v }, rv)),
        };
      },
    },
    {
      name: 'support log note',
      field: 'Text',
      make: async () => {
        const job = await createJob(t.db);
        const n = await ok(admin.post('SupportLog', { JobId: job.id, Text: 'Called the customer' }));
        const read = async () =>
          ((await ok(admin.get(`SupportLog/job/${job.id}`))) as unknown as Rec[]).find((x) => x.Id === n.Id)!;
        return { read, change: (v, rv) => admin.patch('SupportLog', withVersion({ Id: n.Id, Text: v }, rv)) };
      },
    },
  ];

  describe.each(cases)('$name', (c) => {
    it('answers its RowVersion; two saves of one version: the first wins, the second gets 409 and writes nothing', async () => {
      const r = await c.make();
      const read = await r.read();
      expect(read.RowVersion).toEqual(expect.any(Number));
      const v = read.RowVersion!;
      const first = `First ${tag()}`;
      const won = await r.change(first, v);
      expect(won.statusCode, won.body).toBe(200);
      const lost = await r.change(`Second ${tag()}`, v);
      expect(lost.statusCode, lost.body).toBe(409);
      expect(lost.json().Message).toBe(
        'Someone else changed this record after you opened it. Reload it and make your change again.',
      );
      const after = await r.read();
      expect(after[c.field]).toBe(first);
      expect(after.RowVersion).toBe(v + 1);
    });

    it('two concurrent saves of one version: exactly one 200 and one 409; the record is the winner’s', async () => {
      const r = await c.make();
      const v = (await r.read()).RowVersion!;
      const values = [`Left ${tag()}`, `Right ${tag()}`];
      const answers = await Promise.all(values.map((value) => r.change(value, v)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const winner = values[answers.findIndex((a) => a.statusCode === 200)];
      const after = await r.read();
      expect(after[c.field]).toBe(winner);
      expect(after.RowVersion).toBe(v + 1);
    });

    it('a RowVersion beyond the column (2^31, −2^31 − 1, 2^63) is a 400 naming RowVersion and changes nothing', async () => {
      const r = await c.make();
      const before = await r.read();
      for (const beyond of [2 ** 31, -(2 ** 31) - 1, 2 ** 63]) {
        const res = await r.change(`Beyond ${tag()}`, beyond);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().Errors).toContainEqual({
          Field: expect.stringMatching(/(^|\.)RowVersion$/),
          Message: beyond === 2 ** 63 ? 'Must be a valid whole number.' : 'Must be a valid row version.',
        });
      }
      expect(await r.read()).toEqual(before);
    });

    it('without RowVersion the last write wins, as the catalogue had it', async () => {
      const r = await c.make();
      const v = (await r.read()).RowVersion!;
      expect((await r.change(`One ${tag()}`)).statusCode).toBe(200);
      const last = `Two ${tag()}`;
      expect((await r.change(last)).statusCode).toBe(200);
      const after = await r.read();
      expect(after[c.field]).toBe(last);
      expect(after.RowVersion).toBe(v + 2);
    });
  });

  it('a department changed with RowVersion 2^31: 400 naming RowVersion in the caller’s language, nothing changed', async () => {
    const d = await createDepartment(t.db);
    const before = (await admin.get(`Department/${d.id}`)).json();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api2/ServiceProvider/Department/',
      headers: { ...admin.headers, 'accept-language': 'nb-NO' },
      payload: { Id: d.id, Name: 'Service', RowVersion: 2_147_483_648 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().Errors).toEqual([{ Field: 'RowVersion', Message: 'Må være en gyldig radversjon.' }]);
    expect((await admin.get(`Department/${d.id}`)).json()).toEqual(before);
    // The largest version the column holds is a version like any other: not the stored one, so 409.
    const edge = await admin.patch('Department/', { Id: d.id, Name: 'Service', RowVersion: 2_147_483_647 });
    expect(edge.statusCode, edge.body).toBe(409);
  });

  it('the 409 is in the caller’s language', async () => {
    const m = await createMachine(t.db);
    const v = ((await admin.get(`machine/${m.id}`)).json() as Rec).RowVersion!;
    expect((await admin.patch('machine', { Id: m.id, Name: 'A', RowVersion: v })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api2/ServiceProvider/machine',
      headers: { ...admin.headers, 'accept-language': 'sv' },
      payload: { Id: m.id, Name: 'B', RowVersion: v },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Message).toBe(
      'Någon annan ändrade posten efter att du öppnade den. Ladda om den och gör ändringen igen.',
    );
  });
});
