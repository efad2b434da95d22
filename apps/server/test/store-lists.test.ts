import type { Store, Vehicle } from '@fieldport/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stores } from '../src/db/schema/index.ts';
import { createStore } from '../src/dev/factories/index.ts';
import { signedInUser, staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { tag } from './stock-support.ts';

/**
 * Store/GetAll and getVehicleList, whose answers the database writes as JSON (decision 103): the same
 * fields and values as the rows presented one by one, every store, in the lists' order.
 */
describe.each(engines)('the lists of stores and vans written by the database on %s', (engine) => {
  const s = staffApp(engine, { name: 'Vilde Varebil' });

  it('answers every store and van with its name in the reader’s language, stores then vans, each by name', async () => {
    const t = tag();
    const names = { no: `Lager ${t} Norsk`, en: `Store ${t} English` };
    const named = await createStore(s.t.db, { name: `${t} C own`, names, allowNegative: true });
    const empty = await createStore(s.t.db, { name: `${t} B own`, names: { no: '' } });
    const closed = await createStore(s.t.db, { name: `${t} A own`, isActive: false });
    const van = await createStore(s.t.db, { name: `${t} A van`, storeType: 2, userId: s.technicianId });
    const read = async (lang: string) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api2/ServiceProvider/Store/GetAll',
        headers: { ...s.admin.headers, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Store[];
    };
    const all = await read('no');
    expect(all.find((x) => x.Id === named.id)).toEqual({
      Id: named.id,
      Name: names.no,
      StoreType: 1,
      UserId: null,
      UserName: null,
      AllowNegative: true,
      IsActive: true,
    });
    expect((await read('sv')).find((x) => x.Id === named.id)?.Name).toBe(names.en);
    // An empty translation falls back to the store's own name.
    expect(all.find((x) => x.Id === empty.id)?.Name).toBe(empty.name);
    expect(all.find((x) => x.Id === closed.id)).toMatchObject({ IsActive: false, AllowNegative: false });
    expect(all.find((x) => x.Id === van.id)).toEqual({
      Id: van.id,
      Name: van.name,
      StoreType: 2,
      UserId: s.technicianId,
      UserName: 'Vilde Varebil',
      AllowNegative: false,
      IsActive: true,
    });
    const ours = all.filter((x) => x.Name.includes(t) || x.Id === van.id).map((x) => x.Id);
    expect(ours).toEqual([closed.id, empty.id, named.id, van.id]);
    // Every store once, the stores before the vans.
    expect(all.map((x) => x.Id).sort((a, b) => a - b)).toEqual(
      (await s.t.db.select({ id: stores.id }).from(stores)).map((r) => r.id).sort((a, b) => a - b),
    );
    const types = all.map((x) => x.StoreType);
    expect(types).toEqual([...types].sort((a, b) => a - b));
  });

  it('answers the office every active van by name, and a technician their own, each marked whether it is theirs', async () => {
    const t = tag();
    const admin = await signedInUser(s.t, 1);
    const tech = await signedInUser(s.t, 2);
    const lonely = await signedInUser(s.t, 2);
    const theirs = await createStore(s.t.db, { name: `${t} B van`, storeType: 2, userId: tech.user.id });
    const own = await createStore(s.t.db, { name: `${t} A van`, storeType: 2, userId: admin.user.id });
    const unassigned = await createStore(s.t.db, { name: `${t} C van`, storeType: 2 });
    await createStore(s.t.db, { name: `${t} D van`, storeType: 2, userId: tech.user.id, isActive: false });
    await createStore(s.t.db, { name: `${t} E store`, userId: tech.user.id });
    const every = (await admin.api.get('UserController/getVehicleList')).json() as Vehicle[];
    expect(every.filter((v) => v.Name.includes(t))).toEqual([
      { StoreId: own.id, Name: own.name, UserId: admin.user.id, UserName: admin.user.name, IsMine: true },
      {
        StoreId: theirs.id,
        Name: theirs.name,
        UserId: tech.user.id,
        UserName: tech.user.name,
        IsMine: false,
      },
      { StoreId: unassigned.id, Name: unassigned.name, UserId: null, UserName: null, IsMine: false },
    ]);
    const vans = await s.t.db
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.storeType, 2), eq(stores.isActive, true)));
    expect(every.map((v) => v.StoreId).sort((a, b) => a - b)).toEqual(
      vans.map((v) => v.id).sort((a, b) => a - b),
    );
    expect((await tech.api.get('UserController/getVehicleList')).json()).toEqual([
      { StoreId: theirs.id, Name: theirs.name, UserId: tech.user.id, UserName: tech.user.name, IsMine: true },
    ]);
    expect((await lonely.api.get('UserController/getVehicleList')).json()).toEqual([]);
  });
});
