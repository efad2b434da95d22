import type { NamedLookup } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { createJob } from '../src/dev/factories/index.ts';
import { staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const tag = () => Math.random().toString(36).slice(2, 7);

describe.each(engines)('job categories, warranty types and repair places on %s', (engine) => {
  const s = staffApp(engine);

  const kinds = [
    {
      name: 'warranty types',
      list: 'WarrantyType/getall',
      add: 'WarrantyType/add',
      change: 'WarrantyType/change',
      get: 'WarrantyType/get/',
    },
    {
      name: 'repair places',
      list: 'RepairPlace/getall',
      add: 'RepairPlace/add',
      change: 'RepairPlace/change',
      get: 'RepairPlace/get/',
    },
    {
      name: 'job categories',
      list: 'JobCategory',
      add: 'JobCategory',
      change: 'JobCategory',
      get: 'JobCategory/',
    },
  ] as const;

  describe.each(kinds)('$name', (k) => {
    it('are created with a unique name, listed, renamed, and an inactive one leaves the dropdown list', async () => {
      const name = `Zz ${tag()}`;
      const made = await s.admin.put(k.add, { Name: name });
      expect(made.statusCode, made.body).toBe(200);
      const row = made.json() as NamedLookup;
      expect(row).toMatchObject({ Name: name, IsActive: true });

      const names = ((await s.technician.get(k.list)).json() as NamedLookup[]).map((r) => r.Name);
      expect(names).toContain(name);

      const before = await writes(s.t.db);
      const twin = await s.admin.put(k.add, { Name: name.toUpperCase() });
      expect(twin.statusCode).toBe(409);
      expect(twin.json().Message).toBe(`${name.toUpperCase()} is already in use on ${name}.`);
      expect(await writes(s.t.db)).toEqual(before);

      const renamed = await s.admin.patch(k.change, { Id: row.Id, Name: `${name} renamed`, IsActive: false });
      expect(renamed.json()).toEqual({
        Id: row.Id,
        Name: `${name} renamed`,
        Names: { en: `${name} renamed` },
        IsActive: false,
        RowVersion: row.RowVersion + 1,
      });
      expect(((await s.technician.get(k.list)).json() as NamedLookup[]).some((r) => r.Id === row.Id)).toBe(
        false,
      );
      const all = (await s.technician.get(k.list, { IncludeInactive: 'true' })).json() as NamedLookup[];
      expect(all.find((r) => r.Id === row.Id)?.IsActive).toBe(false);
      expect((await s.technician.get(`${k.get}${row.Id}`)).json().Name).toBe(`${name} renamed`);
    });

    it('refuse an empty name and changes by anyone but the Admin', async () => {
      const empty = await s.admin.put(k.add, { Name: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().Errors).toContainEqual({ Field: 'Name', Message: 'This field is required' });
      expect((await s.technician.put(k.add, { Name: `T ${tag()}` })).statusCode).toBe(403);
      expect((await s.technician.get(`${k.get}999999`)).statusCode).toBe(404);
    });
  });

  it('pages and searches: Filtered answers Content and TotalCount', async () => {
    const word = `Pg${tag()}`;
    for (const n of [1, 2, 3]) await s.admin.put('WarrantyType/add', { Name: `${word} ${n}` });
    const page = await s.technician.get('WarrantyType/Filtered', {
      SearchWord: word,
      ItemsPerPage: '2',
      Page: '2',
    });
    expect(page.json()).toMatchObject({ TotalCount: 3, Content: [{ Name: `${word} 3` }] });
  });

  it('deletes a warranty type or repair place no job uses, and refuses one in use', async () => {
    const unused = (await s.admin.put('RepairPlace/add', { Name: `Unused ${tag()}` })).json() as NamedLookup;
    expect((await s.admin.delete(`RepairPlace/remove/${unused.Id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`RepairPlace/get/${unused.Id}`)).statusCode).toBe(404);

    const used = (await s.admin.put('WarrantyType/add', { Name: `Used ${tag()}` })).json() as NamedLookup;
    await createJob(s.t.db, { machines: 1, subJob: { warrantyTypeId: used.Id } });
    const refused = await s.admin.delete(`WarrantyType/remove/${used.Id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Message).toBe(
      `${used.Name} (warranty type) is still used by 1 records and cannot be deleted.`,
    );
  });

  it('toggles a job category between active and inactive and tells its state', async () => {
    const made = (await s.admin.put('JobCategory', { Name: `Toggle ${tag()}` })).json() as NamedLookup;
    expect((await s.admin.patch(`JobCategory/${made.Id}/ToggleActive`)).json()).toEqual({
      Id: made.Id,
      IsActive: false,
    });
    expect((await s.technician.get(`JobCategory/${made.Id}/GetActiveState`)).json()).toEqual({
      Id: made.Id,
      IsActive: false,
    });
    expect((await s.admin.patch(`JobCategory/${made.Id}/ToggleActive`)).json().IsActive).toBe(true);
  });
});
