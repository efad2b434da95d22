import { and, eq, ilike } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, machines } from '../src/db/schema/index.ts';
import {
  createAddress,
  createAssetType,
  createCustomer,
  createJob,
  createMachine,
  createMachineModel,
  createPartnerCompany,
  createSupplier,
} from '../src/dev/factories/index.ts';
import { searchPage } from '../src/modules/common/name-search.repository.ts';
import { countMachines } from '../src/modules/machines/machines.repository.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe.each(engines)('machines on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;
  const machineRow = async (id: number) =>
    (await t.db.select().from(machines).where(eq(machines.id, id)))[0]!;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = await as(1);
    technician = await as(2);
  });
  afterAll(() => t.close());

  it('creates a machine at the customer’s default delivery address and shows model, type and asset type', async () => {
    const customer = await createCustomer(t.db);
    const model = await createMachineModel(t.db);
    const asset = await createAssetType(t.db);
    const res = await technician.post('machine', {
      Name: 'Compressor – workshop',
      SerialNumber: `SN${tag()}`,
      Qrcode: `FPQR${tag()}`,
      CustomerId: customer.id,
      MachineModelId: model.id,
      AssetTypeId: asset.id,
      InstallDate: '2024-03-01',
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      Name: 'Compressor – workshop',
      IsActive: true,
      CustomerId: customer.id,
      CustomerName: customer.name,
      DeliveryAddressId: customer.defaultDeliveryAddressId,
      DeliveryAddress: { Id: customer.defaultDeliveryAddressId, IsDefault: true },
      MachineModel: { Id: model.id, Name: model.name, MachineType: { Id: model.machineTypeId } },
      AssetType: { Id: asset.id, Name: asset.name },
      Supplier: { Id: model.supplierId },
      InstallDate: '2024-03-01',
    });
    expect(m.DisplayName).toBe(`Compressor – workshop (${m.SerialNumber})`);
    expect((await technician.get(`machine/${m.Id}`)).json()).toEqual(m);
    const logs = await admin.get('Log/MachineLogs/Filtered', { MachineId: String(m.Id) });
    expect(logs.json()).toMatchObject({
      TotalCount: 1,
      Content: [{ Entity: 'Machine', Action: 'New', CustomerId: customer.id }],
    });
    const events = await t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'machine'), eq(eventLog.entityId, String(m.Id))));
    expect(events.map((e) => e.changeType)).toEqual(['New']);
  });

  it('refuses bad machines with field messages and writes nothing', async () => {
    const customer = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const holder = await createMachine(t.db);
    const before = await writes(t.db);
    const noName = await technician.post('machine', { CustomerId: customer.id });
    expect(noName.json().Errors).toEqual([{ Field: 'Name', Message: 'This field is required' }]);
    const noCustomer = await technician.post('machine', { Name: 'X', CustomerId: 99999999 });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().Errors).toEqual([
      { Field: 'CustomerId', Message: 'No customer with id 99999999 was found.' },
    ]);
    const foreignAddress = await technician.post('machine', {
      Name: 'X',
      CustomerId: customer.id,
      DeliveryAddressId: other.defaultDeliveryAddressId,
    });
    expect(foreignAddress.json().Errors[0].Field).toBe('DeliveryAddressId');
    const takenCode = await technician.post('machine', {
      Name: 'X',
      CustomerId: customer.id,
      Qrcode: holder.qrcode,
    });
    expect(takenCode.statusCode).toBe(409);
    expect(takenCode.json().Errors).toEqual([
      { Field: 'Qrcode', Message: `${holder.qrcode} is already in use on ${holder.name}.` },
    ]);
    for (const InstallDate of ['01.03.2024', '2024-02-30', '2024-13-01', '0000-01-01']) {
      const badDate = await technician.post('machine', { Name: 'X', CustomerId: customer.id, InstallDate });
      expect(badDate.statusCode, InstallDate).toBe(400);
      expect(badDate.json().Errors[0].Field).toBe('InstallDate');
    }
    const noAddress = await technician.post('machine', {
      Name: 'X',
      CustomerId: customer.id,
      DeliveryAddressId: 0,
    });
    expect(noAddress.json().Errors[0].Field).toBe('DeliveryAddressId');
    const erpAddress = await technician.post('machine', {
      Name: 'X',
      CustomerId: customer.id,
      DeliveryAddressId: -999,
    });
    expect(erpAddress.json().Errors[0].Field).toBe('DeliveryAddressId');
    expect((await technician.post('machine', { Name: 'X', CustomerId: 2147483648 })).statusCode).toBe(400);
    expect((await technician.get('machine/2147483648')).statusCode).toBe(400);
    expect((await technician.get('machine/search', { CustomerId: '99999999999' })).statusCode).toBe(400);
    expect(
      (await technician.post('Machine/Filtered', { SearchWord: 'x\u0000', Page: 1e12 })).statusCode,
    ).toBe(400);
    // A NUL is refused in every text of every call, a search word too (the input layer).
    const nul = await technician.post('Machine/Filtered', { SearchWord: 'x\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().Errors).toEqual([
      { Field: 'SearchWord', Message: 'Contains characters that are not allowed.' },
    ]);
    expect(await writes(t.db)).toEqual(before);
  });

  it('changes the fields sent, logs old and new values, and writes nothing for no change', async () => {
    const m = await createMachine(t.db);
    const res = await technician.patch('machine', {
      Id: m.id,
      Name: 'Renamed machine',
      SerialNumber: 'NEW-1',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Renamed machine', SerialNumber: 'NEW-1', Qrcode: m.qrcode });
    const logs = await admin.get('Log/MachineLogs/Filtered', { MachineId: String(m.id) });
    expect(logs.json().Content[0]).toMatchObject({
      Action: 'Change',
      Description: 'Renamed machine',
      Changes: [
        { Field: 'Name', OldValue: m.name, NewValue: 'Renamed machine' },
        { Field: 'SerialNumber', OldValue: m.serialNumber, NewValue: 'NEW-1' },
      ],
    });
    const before = await writes(t.db);
    expect((await technician.patch('machine', { Id: m.id, Name: 'Renamed machine' })).statusCode).toBe(200);
    expect(await writes(t.db)).toEqual(before);
    expect((await technician.patch('machine', { Id: 99999999, Name: 'x' })).statusCode).toBe(404);
  });

  it('applies a bulk partial update wholly, or not at all when one change is refused', async () => {
    const a = await createMachine(t.db);
    const b = await createMachine(t.db);
    const ok = await technician.post('Machine/BulkPartialUpdate', [
      { Id: a.id, IsActive: false },
      { Id: b.id, SerialNumber: 'BULK-2' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok.json().map((m: { IsActive: boolean; SerialNumber: string }) => [m.IsActive, m.SerialNumber]),
    ).toEqual([
      [false, a.serialNumber],
      [true, 'BULK-2'],
    ]);
    const before = await writes(t.db);
    const refused = await technician.post('Machine/BulkPartialUpdate', [
      { Id: a.id, Name: 'Should not stick' },
      { Id: b.id, Qrcode: a.qrcode },
    ]);
    expect(refused.statusCode).toBe(409);
    expect((await machineRow(a.id)).name).toBe(a.name);
    expect(await writes(t.db)).toEqual(before);
    expect((await technician.post('Machine/BulkPartialUpdate', [])).statusCode).toBe(400);
    expect((await technician.post('Machine/BulkPartialUpdate', [{ Id: 99999999 }])).statusCode).toBe(404);
  });

  it('moves a machine to another customer, to that customer’s default delivery address', async () => {
    const partner = await createPartnerCompany(t.db);
    const from = await createCustomer(t.db);
    const to = await createCustomer(t.db, { partnerCompanyId: partner.id });
    const m = await createMachine(t.db, { customerId: from.id });
    const res = await technician.post(`machine/changeOwner/${m.id}`, { CustomerId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      CustomerId: to.id,
      CustomerName: to.name,
      DeliveryAddressId: to.defaultDeliveryAddressId,
      PartnerCompanyId: partner.id,
    });
    const logs = await admin.get('Log/MachineLogs/Filtered', { MachineId: String(m.id) });
    expect(logs.json().Content[0]).toMatchObject({ Action: 'ChangeOwner', CustomerId: to.id });
    expect(logs.json().Content[0].Changes[0]).toEqual({
      Field: 'CustomerId',
      OldValue: String(from.id),
      NewValue: String(to.id),
    });
    const second = await createAddress(t.db, { customerId: from.id });
    const back = await technician.post(`machine/changeOwner/${m.id}`, {
      CustomerId: from.id,
      DeliveryAddressId: second.id,
    });
    expect(back.json()).toMatchObject({
      CustomerId: from.id,
      DeliveryAddressId: second.id,
      PartnerCompanyId: null,
    });

    const before = await writes(t.db);
    const unknown = await technician.post(`machine/changeOwner/${m.id}`, { CustomerId: 99999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Errors[0].Field).toBe('CustomerId');
    const wrongAddress = await technician.post(`machine/changeOwner/${m.id}`, {
      CustomerId: to.id,
      DeliveryAddressId: second.id,
    });
    expect(wrongAddress.statusCode).toBe(400);
    expect((await technician.post('machine/changeOwner/99999999', { CustomerId: to.id })).statusCode).toBe(
      404,
    );
    expect((await technician.post('machine/changeOwner/abc', { CustomerId: to.id })).statusCode).toBe(400);
    expect(await writes(t.db)).toEqual(before);
  });

  it('moves every machine of one customer to another (the merge)', async () => {
    const from = await createCustomer(t.db);
    const to = await createCustomer(t.db);
    const list = [
      await createMachine(t.db, { customerId: from.id }),
      await createMachine(t.db, { customerId: from.id }),
    ];
    const res = await technician.post(`machine/ChangeOwnerAllMachines/From/${from.id}/To/${to.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Count: 2 });
    for (const m of list) expect((await machineRow(m.id)).customerId).toBe(to.id);
    const left = await technician.post('Machine/Filtered', { CustomerId: from.id });
    expect(left.json().TotalCount).toBe(0);
    const same = await technician.post(`machine/ChangeOwnerAllMachines/From/${to.id}/To/${to.id}`);
    expect(same.statusCode).toBe(400);
    expect(same.json().Message).toBe('Choose another customer than the one the machines belong to.');
    expect(
      (await technician.post(`machine/ChangeOwnerAllMachines/From/99999999/To/${to.id}`)).statusCode,
    ).toBe(404);
  });

  it('changes the model info: the model must be the supplier’s', async () => {
    const m = await createMachine(t.db);
    const supplier = await createSupplier(t.db);
    const model = await createMachineModel(t.db, { supplierId: supplier.id });
    const asset = await createAssetType(t.db);
    const res = await technician.patch(`machine/ChangeModelInfo/${m.id}`, {
      ModelId: model.id,
      SupplierId: supplier.id,
      AssetTypeId: asset.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      MachineModelId: model.id,
      Supplier: { Id: supplier.id },
      AssetType: { Id: asset.id },
    });
    const otherSupplier = await createSupplier(t.db);
    const mismatch = await technician.patch(`machine/ChangeModelInfo/${m.id}`, {
      ModelId: model.id,
      SupplierId: otherSupplier.id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().Errors).toEqual([
      { Field: 'SupplierId', Message: `${model.name} is not a model of this supplier.` },
    ]);
    const unknown = await technician.patch(`machine/ChangeModelInfo/${m.id}`, { ModelId: 99999999 });
    expect(unknown.json().Errors[0]).toEqual({
      Field: 'ModelId',
      Message: 'No machine model with id 99999999 was found.',
    });
  });

  it('answers performance from the machine’s jobs, and no machine contract', async () => {
    const m = await createMachine(t.db);
    const empty = await technician.get(`machine/${m.id}/performance`);
    expect(empty.json()).toEqual({
      MachineId: m.id,
      JobCount: 0,
      OpenJobCount: 0,
      CompletedJobCount: 0,
      FirstJobDate: null,
      LastJobDate: null,
      AverageDaysBetweenJobs: null,
    });
    await createJob(t.db, {
      customerId: m.customerId,
      machines: [m],
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    await createJob(t.db, {
      customerId: m.customerId,
      machines: [m],
      jobStatusId: 50,
      createdAt: new Date('2026-01-11T10:00:00Z'),
    });
    const perf = await technician.get(`machine/${m.id}/performance`);
    expect(perf.json()).toMatchObject({
      JobCount: 2,
      OpenJobCount: 1,
      CompletedJobCount: 1,
      FirstJobDate: '2026-01-01T11:00:00',
      LastJobDate: '2026-01-11T11:00:00',
      AverageDaysBetweenJobs: 10,
    });
    const contract = await technician.get(`machine/${m.id}/contract`);
    expect(contract.statusCode).toBe(404);
    expect(contract.json()).toEqual({ Message: 'no machine contract' });
    expect((await technician.get('machine/99999999/contract')).json().Message).toBe(
      'No machine with id 99999999 was found.',
    );
  });

  it('reads and flips the active state; inactive machines are left out of search unless asked for', async () => {
    const word = `Toggle${tag()}`;
    const m = await createMachine(t.db, { name: `${word} machine` });
    expect((await technician.get(`machine/${m.id}/GetActiveState`)).json()).toEqual({
      Id: m.id,
      IsActive: true,
    });
    expect((await technician.patch(`machine/${m.id}/ToggleActiveState`)).json()).toEqual({
      Id: m.id,
      IsActive: false,
    });
    expect((await technician.get('machine/search', { searchQuery: word })).json()).toEqual([]);
    const all = await technician.get('machine/search', { searchQuery: word, IncludeInactive: 'true' });
    expect(all.json()).toMatchObject([
      { Id: m.id, IsActive: false, DisplayName: `${word} machine (${m.serialNumber})` },
    ]);
    expect(
      (await technician.get('machine/search', { searchQuery: word, IncludeInactive: 'maybe' })).statusCode,
    ).toBe(400);
  });

  it('lists a search’s matches in name order, whatever order they were made in', async () => {
    const word = `Sorted${Date.now().toString(36)}`;
    for (const n of ['D', 'B', 'C', 'A']) await createMachine(t.db, { name: `${word} ${n}` });
    const names = (rows: { Name: string }[]) => rows.map((m) => m.Name);
    const found = await technician.get('machine/search', { searchQuery: word, limit: '3' });
    expect(names(found.json())).toEqual([`${word} A`, `${word} B`, `${word} C`]);
    const page2 = await technician.post('Machine/Filtered', { SearchWord: word, ItemsPerPage: 3, Page: 2 });
    expect(page2.json()).toMatchObject({ TotalCount: 4 });
    expect(names(page2.json().Content)).toEqual([`${word} D`]);
  });

  it('lists the names starting with the word first, each group by name ignoring case, on every page', async () => {
    const word = `Rel${tag()}`;
    // Made in an order that is neither; 'a …' and 'B …' sort before the word by name.
    for (const name of [
      `B ${word}`,
      `${word} zeta`,
      `a ${word} pump`,
      `${word.toLowerCase()} alpha`,
      `${word} Beta`,
    ])
      await createMachine(t.db, { name });
    const ranked = [
      `${word.toLowerCase()} alpha`,
      `${word} Beta`,
      `${word} zeta`,
      `a ${word} pump`,
      `B ${word}`,
    ];
    const names = (rows: { Name: string }[]) => rows.map((m) => m.Name);
    const found = await technician.get('machine/search', { searchQuery: word.toUpperCase() });
    expect(names(found.json())).toEqual(ranked);
    const paged: string[] = [];
    for (const Page of [1, 2, 3]) {
      const res = await technician.post('Machine/Filtered', { SearchWord: word, ItemsPerPage: 2, Page });
      expect(res.json().TotalCount).toBe(5);
      paged.push(...names(res.json().Content));
    }
    expect(paged).toEqual(ranked);
    // Past the bitmap's few matches (lowered here from 10,000): the page is found walking the names
    // in order, and the count is told as a lower bound.
    const ids = new Map(
      (
        await t.db
          .select({ id: machines.id, name: machines.name })
          .from(machines)
          .where(ilike(machines.name, `%${word}%`))
      ).map((m) => [m.name, m.id]),
    );
    const source = { table: machines, id: machines.id, name: machines.name };
    const walked: number[] = [];
    for (const offset of [0, 2, 4]) {
      const page = await searchPage(
        t.db,
        source,
        ilike(machines.name, `%${word}%`),
        word,
        { limit: 2, offset },
        { count: true, few: true, fewMatches: 2 },
      );
      expect(page.count).toEqual({ matches: 2, exact: false });
      walked.push(...page.ids);
    }
    expect(walked).toEqual(ranked.map((n) => ids.get(n)));
  });

  it('searches by name, serial number, QR code and customer; filters by customer, model, type and supplier', async () => {
    const customer = await createCustomer(t.db);
    const model = await createMachineModel(t.db);
    const a = await createMachine(t.db, { customerId: customer.id, machineModelId: model.id });
    const b = await createMachine(t.db, { customerId: customer.id });
    const bySerial = await technician.get('machine/search', { searchQuery: a.serialNumber });
    expect(bySerial.json().map((m: { Id: number }) => m.Id)).toEqual([a.id]);
    const byCode = await technician.get('machine/search', { searchQuery: b.qrcode! });
    expect(byCode.json().map((m: { Id: number }) => m.Id)).toEqual([b.id]);
    const ofCustomer = await technician.get('machine/search', { CustomerId: String(customer.id) });
    expect(
      ofCustomer
        .json()
        .map((m: { Id: number }) => m.Id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    for (const filter of [
      { MachineModelId: model.id },
      { MachineTypeId: model.machineTypeId },
      { SupplierId: model.supplierId },
    ]) {
      const res = await technician.post('Machine/Filtered', filter);
      expect(
        res.json().Content.map((m: { Id: number }) => m.Id),
        JSON.stringify(filter),
      ).toEqual([a.id]);
    }
    const prepended = await technician.post('Machine/Filtered', {
      CustomerId: customer.id,
      ItemsPerPage: 1,
      PrependItemIdList: [b.id],
    });
    expect(prepended.json().Content[0].Id).toBe(b.id);
    expect(prepended.json().TotalCount).toBe(2);
  });

  it('matches a word within one field (or its customer’s or model’s name), never across two; counts are bounded', async () => {
    const word = `Span${tag()}`;
    const customer = await createCustomer(t.db, { name: `${word} Kunde AS` });
    const model = await createMachineModel(t.db, { name: `${word} Model X` });
    const byName = await createMachine(t.db, { name: `${word} pump`, serialNumber: `SN${tag()}` });
    const ofCustomer = await createMachine(t.db, { customerId: customer.id });
    const ofModel = await createMachine(t.db, { machineModelId: model.id });
    const ids = async (searchQuery: string) =>
      (await technician.get('machine/search', { searchQuery }))
        .json()
        .map((m: { Id: number }) => m.Id)
        .sort();
    expect(await ids(word)).toEqual([byName.id, ofCustomer.id, ofModel.id].sort());
    expect(await ids(`pump ${byName.serialNumber}`)).toEqual([]);
    expect(await ids(`${word} Kunde`)).toEqual([ofCustomer.id]);
    expect(await ids(`Model X`)).toContain(ofModel.id);
    const capped = await countMachines(t.db, undefined, { search: word }, 2);
    expect(capped).toEqual({ matches: 2, exact: false });
    expect(await countMachines(t.db, undefined, { search: word }, 3)).toEqual({ matches: 3, exact: true });
    const page = await technician.post('Machine/Filtered', { SearchWord: word, ItemsPerPage: 2 });
    expect(page.json().TotalCount).toBe(3);
  });

  it('shows customer users and partners only their own machines; another’s id answers 404', async () => {
    const partner = await createPartnerCompany(t.db);
    const mine = await createCustomer(t.db, { partnerCompanyId: partner.id });
    const theirs = await createCustomer(t.db);
    const own = await createMachine(t.db, { customerId: mine.id });
    const foreign = await createMachine(t.db, { customerId: theirs.id });
    const users = [
      await as(4, { customerId: mine.id }),
      await as(6, { customerId: mine.id }),
      await as(5, { partnerCompanyId: partner.id }),
    ];
    for (const user of users) {
      expect((await user.get('machine/search')).json().map((m: { Id: number }) => m.Id)).toEqual([own.id]);
      expect((await user.post('Machine/Filtered', { PrependItemIdList: [foreign.id] })).json()).toMatchObject(
        {
          TotalCount: 1,
          Content: [{ Id: own.id }],
        },
      );
      expect((await user.get(`machine/${own.id}`)).statusCode).toBe(200);
      for (const path of [
        `machine/${foreign.id}`,
        `machine/${foreign.id}/performance`,
        `machine/${foreign.id}/GetActiveState`,
      ])
        expect((await user.get(path)).statusCode, path).toBe(404);
      expect((await user.post('machine', { Name: 'No', CustomerId: mine.id })).statusCode).toBe(403);
      expect((await user.patch(`machine/${own.id}/ToggleActiveState`)).statusCode).toBe(403);
    }
    await admin.patch('machine', { Id: own.id, SerialNumber: `own-${tag()}` });
    await admin.patch('machine', { Id: foreign.id, SerialNumber: `foreign-${tag()}` });
    const partnerLogs = await users[2]!.get('Log/MachineLogs/Filtered');
    expect(partnerLogs.json().Content.map((l: { MachineId: number }) => l.MachineId)).toEqual([own.id]);
  });
});
