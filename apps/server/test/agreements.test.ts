import type {
  Contract,
  ContractType,
  ContractTypeRecord,
  NextOrder,
  ServiceAgreement,
} from '@fieldport/contract';
import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, jobs, serviceAgreements, tasks } from '../src/db/schema/index.ts';
import {
  addReadings,
  createContract,
  createContractType,
  createCounter,
  createCustomer,
  createMachine,
  createPartnerCompany,
  createServiceAgreement,
  createUser,
} from '../src/dev/factories/index.ts';
import { addDays, addMonths } from '../src/modules/agreements/agreements.policy.ts';
import { refreshAgreementDue, refreshNextDue } from '../src/modules/agreements/next-due.repository.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

const DAY = 86_400_000;
const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });
/** `n` days before `from` (one instant for a whole series, so its daily use is exact). */
const daysAgo = (n: number, from = Date.now()) => new Date(from - n * DAY);

describe.each(engines)('agreements on %s', (engine) => {
  const s = staffApp(engine);

  /** A customer of its own partner company with a machine, and a customer manager and partner of it. */
  async function company(name: string) {
    const partner = await createPartnerCompany(s.t.db);
    const customer = await createCustomer(s.t.db, { name: `${name} AS`, partnerCompanyId: partner.id });
    const machine = await createMachine(s.t.db, { customerId: customer.id, name: `${name} press` });
    const manager = await signedInUser(s.t, 4, { customerId: customer.id });
    const partnerUser = await signedInUser(s.t, 5, { partnerCompanyId: partner.id });
    return { customer, machine, manager: manager.api, partner: partnerUser.api };
  }

  it('creates, reads and changes contracts; the type map counts what the caller sees', async () => {
    const type = await createContractType(s.t.db, { name: 'Full service plus', icon: 'build' });
    const mine = await company('Egen');
    const theirs = await company('Fremmed');
    const res = await s.admin.post('Contract', {
      ContractTypeId: type.id,
      CustomerId: mine.customer.id,
      Name: 'Press full service',
      StartDate: '2026-01-01',
      EndDate: '2026-12-31T00:00:00',
      IntervalMonths: 6,
      Price: '12 500,50',
      MachineIds: [mine.machine.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json() as Contract;
    expect(created).toMatchObject({
      ContractTypeName: 'Full service plus',
      CustomerName: 'Egen AS',
      StartDate: '2026-01-01',
      EndDate: '2026-12-31',
      IntervalMonths: 6,
      Price: 12500.5,
      MachineCount: 1,
      Machines: [{ Id: mine.machine.id, Name: 'Egen press' }],
    });
    await createContract(s.t.db, {
      contractTypeId: type.id,
      customerId: theirs.customer.id,
      price: '99999.00',
    });

    const map = (who: typeof s.admin) =>
      who.get('Contract/TypeMap').then((r) => {
        if (r.statusCode !== 200) throw new Error(r.body);
        return r.json() as ContractType[];
      });
    expect((await map(s.admin)).find((t) => t.Id === type.id)).toEqual({
      Id: type.id,
      Name: 'Full service plus',
      Icon: 'build',
      Count: 2,
    });
    expect((await map(mine.manager)).find((t) => t.Id === type.id)?.Count).toBe(1);
    expect((await map(mine.partner)).find((t) => t.Id === type.id)?.Count).toBe(1);

    // A customer sees its own contract with its price, never another customer's.
    const own = await mine.manager.get('Contract/Filtered', { ContractTypeId: String(type.id) });
    expect(own.json()).toMatchObject({ TotalCount: 1, Content: [{ Id: created.Id, Price: 12500.5 }] });
    expect(own.body).not.toContain('99999');
    const other = (await s.admin.get('Contract/Filtered', { CustomerId: String(theirs.customer.id) })).json();
    expect((await mine.manager.get(`Contract/${other.Content[0].Id}`)).statusCode).toBe(404);
    expect((await mine.partner.get(`Contract/${other.Content[0].Id}`)).statusCode).toBe(404);
    expect((await mine.manager.get(`Contract/${created.Id}`)).json()).toMatchObject({ Price: 12500.5 });

    // machine/{id}/contract answers the contract covering the machine today.
    await s.admin.patch('Contract', { Id: created.Id, StartDate: '2020-01-01', EndDate: null });
    const mc = await mine.manager.get(`machine/${mine.machine.id}/contract`);
    expect(mc.json()).toEqual({
      Id: created.Id,
      ContractTypeId: type.id,
      Name: 'Press full service',
      StartDate: '2020-01-01',
      EndDate: null,
    });
    const none = await s.admin.get(`machine/${theirs.machine.id}/contract`);
    expect([none.statusCode, none.json().Message]).toEqual([404, 'no machine contract']);

    // Only the Admin changes contracts; a stale RowVersion is refused.
    expect((await s.technician.post('Contract', { ContractTypeId: type.id })).statusCode).toBe(403);
    expect((await mine.manager.patch('Contract', { Id: created.Id, Name: 'x' })).statusCode).toBe(403);
    const stale = await s.admin.patch('Contract', { Id: created.Id, Name: 'Renamed', RowVersion: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('a fresh install has the built-in contract types, named in the caller’s language', async () => {
    const admin = await createUser(s.t.db, { userTypeId: 1 });
    const token = (await tokensOf(s.t.app, admin.email)).access_token;
    const typesIn = async (lang: string) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api2/ServiceProvider/Contract/TypeMap',
        headers: { ...bearer(token), 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ContractType[]).filter((t) => t.Id <= 5);
    };
    expect((await typesIn('en')).map((t) => [t.Id, t.Name, t.Icon])).toEqual([
      [1, 'Full service', 'Build'],
      [2, 'Preventive maintenance', 'EventRepeat'],
      [3, 'Inspection', 'VerifiedUser'],
      [4, 'Warranty extension', 'Description'],
      [5, 'Rental', 'Handshake'],
    ]);
    expect((await typesIn('no')).map((t) => t.Name)).toEqual([
      'Fullservice',
      'Forebyggende vedlikehold',
      'Inspeksjon',
      'Utvidet garanti',
      'Utleie',
    ]);
    expect((await typesIn('zh-HK'))[0]!.Name).toBe('全面服務');
    expect((await typesIn('zh-CN'))[4]!.Name).toBe('租赁');
    // A company's own type gets the next free id.
    expect((await createContractType(s.t.db)).id).toBeGreaterThan(5);
  });

  it('names a built-in contract type and an unnamed counter in the reader’s language, a named one as named (issue 35.8)', async () => {
    const mine = await company('Språk');
    const contract = await createContract(s.t.db, { contractTypeId: 5, customerId: mine.customer.id });
    const unnamed = await createCounter(s.t.db, {
      machineId: mine.machine.id,
      readings: [[100, daysAgo(1)]],
    });
    const named = await createCounter(s.t.db, {
      machineId: mine.machine.id,
      counterType: 2,
      name: 'Motorstarter',
    });
    const byHours = await createServiceAgreement(s.t.db, {
      machineId: mine.machine.id,
      contractId: contract.id,
      counterId: unnamed.id,
      counterInterval: '500',
      startDate: today(),
    });
    const byStarts = await createServiceAgreement(s.t.db, {
      machineId: mine.machine.id,
      counterId: named.id,
      counterInterval: '50',
      startDate: today(),
    });
    const admin = await createUser(s.t.db, { userTypeId: 1 });
    const token = (await tokensOf(s.t.app, admin.email)).access_token;
    const read = async (url: string, lang: string) => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api2/ServiceProvider/${url}`,
        headers: { ...bearer(token), 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    for (const [lang, rental, hours] of [
      ['en', 'Rental', 'Operating hours'],
      ['no', 'Utleie', 'Driftstimer'],
      ['sv', 'Uthyrning', 'Drifttimmar'],
      ['zh-CN', '租赁', '运行小时'],
      ['zh-HK', '租賃', '運行小時'],
    ]) {
      expect(((await read(`Contract/${contract.id}`, lang!)) as Contract).ContractTypeName, lang).toBe(
        rental,
      );
      const agreements = (await read(`ServiceAgreement/${mine.machine.id}`, lang!)) as ServiceAgreement[];
      const counterOf = (id: number) => agreements.find((x) => x.Id === id)?.CounterName;
      expect(counterOf(byHours.id), lang).toBe(hours);
      expect(counterOf(byStarts.id), lang).toBe('Motorstarter');
    }
  });

  it('refuses a contract ending before it starts, or over another customer’s machine, writing nothing', async () => {
    const type = await createContractType(s.t.db);
    const mine = await company('Periode');
    const theirs = await company('Annen');
    const before = await writes(s.t.db);
    const contractsBefore = (await s.t.db.select({ n: count() }).from(contracts))[0]?.n;
    const base = { ContractTypeId: type.id, CustomerId: mine.customer.id, Name: 'Backwards' };
    const backwards = await s.admin.post('Contract', {
      ...base,
      StartDate: '2026-06-01',
      EndDate: '2026-05-31',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      Message: 'The contract cannot end (31.05-2026) before it starts (01.06-2026).',
      Errors: [{ Field: 'EndDate' }],
    });
    // The dates in the reader's language's form, as the web writes them (issue 35.9).
    for (const [lang, message] of [
      ['no', 'Kontrakten kan ikke slutte (31.05.2026) før den starter (01.06.2026).'],
      ['zh-CN', '合同结束日期（2026-05-31）不能早于开始日期（2026-06-01）。'],
    ] as const) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/Contract',
        headers: { ...s.admin.headers, 'accept-language': lang },
        payload: { ...base, StartDate: '2026-06-01', EndDate: '2026-05-31' },
      });
      expect(res.json().Message).toBe(message);
    }
    const foreign = await s.admin.post('Contract', {
      ...base,
      StartDate: '2026-01-01',
      MachineIds: [theirs.machine.id],
    });
    expect([foreign.statusCode, foreign.json().Errors[0].Field]).toEqual([400, 'MachineIds']);
    const badType = await s.admin.post('Contract', {
      ...base,
      ContractTypeId: 999999,
      StartDate: '2026-01-01',
    });
    expect(badType.statusCode).toBe(400);
    const badDate = await s.admin.post('Contract', { ...base, StartDate: '2026-02-30' });
    expect(badDate.statusCode).toBe(400);
    // A change that would make the period backwards is refused too.
    const c = await createContract(s.t.db, {
      contractTypeId: type.id,
      customerId: mine.customer.id,
      startDate: '2026-03-01',
    });
    const change = await s.admin.patch('Contract', { Id: c.id, EndDate: '2026-01-01' });
    expect(change.statusCode).toBe(400);
    const contractsAfter = (await s.t.db.select({ n: count() }).from(contracts))[0]?.n;
    expect(contractsAfter).toBe((contractsBefore ?? 0) + 1);
    expect(await writes(s.t.db)).toEqual(before);
  });

  it('creates, lists and deletes service agreements of a machine', async () => {
    const mine = await company('Avtale');
    const theirs = await company('Ukjent');
    const type = await createContractType(s.t.db);
    const contract = await createContract(s.t.db, { contractTypeId: type.id, customerId: mine.customer.id });
    const counter = await createCounter(s.t.db, {
      machineId: mine.machine.id,
      readings: [[800, daysAgo(1)]],
    });
    const res = await s.admin.post('ServiceAgreement?agreementIsActive=false', {
      MachineId: mine.machine.id,
      ContractId: contract.id,
      Name: 'Every 500 hours',
      StartDate: today(),
      CounterId: counter.id,
      CounterInterval: 500,
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as ServiceAgreement;
    expect(a).toMatchObject({
      MachineId: mine.machine.id,
      ContractId: contract.id,
      CounterId: counter.id,
      CounterInterval: 500,
      LastServiceCounter: 800,
      IsActive: false,
    });
    // The machine is now covered by the contract.
    expect((await s.admin.get(`Contract/${contract.id}`)).json().Machines).toHaveLength(1);
    const list = (await mine.manager.get(`ServiceAgreement/${mine.machine.id}`)).json() as ServiceAgreement[];
    expect(list.map((x) => x.Id)).toEqual([a.Id]);
    expect((await theirs.manager.get(`ServiceAgreement/${mine.machine.id}`)).statusCode).toBe(404);
    const page = (await theirs.partner.get('ServiceAgreement', { IncludeInactive: 'true' })).json();
    expect(page.Content.map((x: ServiceAgreement) => x.Id)).not.toContain(a.Id);

    const before = await writes(s.t.db);
    const refusals = [
      { MachineId: mine.machine.id, Name: 'No interval', StartDate: today() },
      {
        MachineId: mine.machine.id,
        Name: 'Wrong counter',
        StartDate: today(),
        CounterId: 999999,
        CounterInterval: 10,
      },
      {
        MachineId: theirs.machine.id,
        Name: 'Wrong contract',
        StartDate: today(),
        IntervalMonths: 3,
        ContractId: contract.id,
      },
      { MachineId: 999999, Name: 'No machine', StartDate: today(), IntervalMonths: 3 },
    ];
    for (const body of refusals) expect((await s.admin.post('ServiceAgreement', body)).statusCode).toBe(400);
    expect(await writes(s.t.db)).toEqual(before);
    expect((await s.technician.delete(`ServiceAgreement/${a.Id}`)).statusCode).toBe(403);
    expect((await s.admin.delete(`ServiceAgreement/${a.Id}`)).statusCode).toBe(200);
    expect((await s.admin.delete(`ServiceAgreement/${a.Id}`)).statusCode).toBe(404);
  });

  it('computes next orders from both date and counter intervals, and makes the job once', async () => {
    const c = await company('Neste');
    const now = today();
    // By date: last visit six months ago, every 6 months: due today.
    const byDate = await createServiceAgreement(s.t.db, {
      machineId: c.machine.id,
      name: 'Half-yearly',
      startDate: '2024-01-01',
      lastServiceDate: addMonths(now, -6),
    });
    // By counter: 100 hours a day for 30 days (from 1000 to 4000), due at 4500: in 5 days.
    const at = Date.now();
    const hours = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: Array.from({ length: 31 }, (_, i) => [1000 + i * 100, daysAgo(30 - i, at)] as [number, Date]),
    });
    const byCounter = await createServiceAgreement(s.t.db, {
      machineId: c.machine.id,
      name: '500 hours',
      startDate: '2024-01-01',
      intervalMonths: 24,
      lastServiceDate: now,
      counterId: hours.id,
      counterInterval: '500',
      lastServiceCounter: '4000',
    });
    // Not due within the window: a yearly visit made last month.
    await createServiceAgreement(s.t.db, {
      machineId: c.machine.id,
      name: 'Yearly',
      intervalMonths: 12,
      startDate: '2024-01-01',
      lastServiceDate: addMonths(now, -1),
    });
    const res = await s.admin.get('ServiceAgreement/NextOrders', { CustomerId: String(c.customer.id) });
    expect(res.statusCode, res.body).toBe(200);
    const orders = res.json().Content as NextOrder[];
    expect(orders.map((o) => [o.AgreementId, o.DueBy])).toEqual([
      [byDate.id, 'Date'],
      [byCounter.id, 'Counter'],
    ]);
    expect(orders[0]).toMatchObject({ DueDate: now, Overdue: false });
    expect(orders[1]).toMatchObject({ DueAtCounter: 4500, LastCounterValue: 4000 });
    expect(orders[1]!.DueDate > now).toBe(true);

    // Only the Admin sees next orders.
    expect((await s.technician.get('ServiceAgreement/NextOrders')).statusCode).toBe(403);
    expect((await c.manager.get('ServiceAgreement/NextOrders')).statusCode).toBe(403);

    // The job is made by the job service; the agreement moves on to its next visit.
    const made = await s.admin.post(`ServiceAgreement/${byDate.id}/CreateJob`, {
      RowVersion: orders[0]!.RowVersion,
    });
    expect(made.statusCode, made.body).toBe(200);
    const { JobId } = made.json();
    const [job] = await s.t.db.select().from(jobs).where(eq(jobs.id, JobId));
    expect(job).toMatchObject({ customerId: c.customer.id, displayName: 'Half-yearly', jobStatusId: 10 });
    expect(job!.orderId).not.toBeNull();
    const [after] = await s.t.db.select().from(serviceAgreements).where(eq(serviceAgreements.id, byDate.id));
    expect(after).toMatchObject({ lastServiceDate: now, lastJobId: JobId });
    // The same visit twice: the stale row version is refused and no second job is made.
    const again = await s.admin.post(`ServiceAgreement/${byDate.id}/CreateJob`, {
      RowVersion: orders[0]!.RowVersion,
    });
    expect(again.statusCode).toBe(409);
    const left = (
      await s.admin.get('ServiceAgreement/NextOrders', { CustomerId: String(c.customer.id) })
    ).json();
    expect(left.Content.map((o: NextOrder) => o.AgreementId)).toEqual([byCounter.id]);
  });

  it('finds, orders and pages next orders in SQL as the policy tells them, month ends included', async () => {
    const c = await company('Sider');
    const now = today();
    const day = (d: Date) => d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Oslo' });
    const make = (name: string, values: Partial<typeof serviceAgreements.$inferInsert>) =>
      createServiceAgreement(s.t.db, { machineId: c.machine.id, name, startDate: '2020-01-01', ...values });
    // By date, at month ends: a month after 31 January is the month's last day (a leap year's too).
    const jan23 = await make('Jan 2023', { intervalMonths: 1, lastServiceDate: '2023-01-31' });
    const jan24 = await make('Jan 2024', { intervalMonths: 1, lastServiceDate: '2024-01-31' });
    const mar24 = await make('Mar 2024', { intervalMonths: 2, lastServiceDate: '2024-03-31' });
    const first = await make('First visit', { intervalMonths: 3, startDate: addDays(now, 3) });
    const monthly = await make('Monthly', { intervalMonths: 1, lastServiceDate: addMonths(now, -1) });
    // By counter: 700 hours read yesterday, due at 500: due the day of that reading.
    const at = Date.now();
    const read = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: [
        [100, daysAgo(2, at)],
        [700, daysAgo(1, at)],
      ],
    });
    const passed = await make('Counter passed', {
      intervalMonths: null,
      counterId: read.id,
      counterInterval: '500',
      lastServiceCounter: '0',
    });
    // Never due: one reading gives no daily use; inactive; not within the window.
    const once = await createCounter(s.t.db, { machineId: c.machine.id, readings: [[10, daysAgo(3)]] });
    await make('No rate', { intervalMonths: null, counterId: once.id, counterInterval: '500' });
    await make('Inactive', { intervalMonths: 1, lastServiceDate: '2023-01-31', isActive: false });
    await make('Next year', { intervalMonths: 12, lastServiceDate: now });

    const expected = [
      [jan23.id, '2023-02-28', 'Date'],
      [jan24.id, '2024-02-29', 'Date'],
      [mar24.id, '2024-05-31', 'Date'],
      [passed.id, day(daysAgo(1)), 'Counter'],
      [first.id, addDays(now, 3), 'Date'],
      [monthly.id, addMonths(addMonths(now, -1), 1), 'Date'],
    ].sort((a, b) => String(a[1]).localeCompare(String(b[1])) || Number(a[0]) - Number(b[0]));
    const read1 = async (query: Record<string, string>) => {
      const res = await s.admin.get('ServiceAgreement/NextOrders', {
        CustomerId: String(c.customer.id),
        ...query,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { Content: NextOrder[]; TotalCount: number };
      return { rows: page.Content.map((o) => [o.AgreementId, o.DueDate, o.DueBy]), total: page.TotalCount };
    };
    expect(await read1({})).toEqual({ rows: expected, total: 6 });
    expect(await read1({ Page: '2', ItemsPerPage: '2' })).toEqual({ rows: expected.slice(2, 4), total: 6 });
    expect(await read1({ Page: '9', ItemsPerPage: '2' })).toEqual({ rows: [], total: 6 });
    // A horizon before today leaves out what is due later.
    expect(await read1({ ToDate: '2024-03-01' })).toEqual({ rows: expected.slice(0, 2), total: 2 });
    // The search narrows in SQL too.
    expect((await read1({ SearchWord: 'Jan 2024' })).rows).toEqual([expected[1]]);
  });

  it('makes the jobs of several next orders as a background task with progress', async () => {
    const c = await company('Bunke');
    const ids = [];
    for (const name of ['One', 'Two'])
      ids.push(
        (await createServiceAgreement(s.t.db, { machineId: c.machine.id, name, startDate: today() })).id,
      );
    const res = await s.admin.post('ServiceAgreement/NextOrders/CreateJobs', { AgreementIds: ids });
    expect(res.statusCode, res.body).toBe(200);
    const task = res.json();
    expect(task).toMatchObject({
      taskName: 'CreateNextOrderJobs',
      displayText: 'Creating jobs from next orders',
    });
    await s.t.app.services.tasks.drain();
    const [done] = await s.t.db.select().from(tasks).where(eq(tasks.id, task.taskId));
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    const rows = await s.t.db
      .select()
      .from(serviceAgreements)
      .where(eq(serviceAgreements.machineId, c.machine.id));
    expect(rows.every((r) => r.lastJobId !== null)).toBe(true);
    expect(
      (await s.admin.post('ServiceAgreement/NextOrders/CreateJobs', { AgreementIds: [] })).statusCode,
    ).toBe(400);
  });

  it('changes a service agreement (ours): checked as a new one, by its row version, the Admin only', async () => {
    const mine = await company('Endre');
    const theirs = await company('Andre');
    const type = await createContractType(s.t.db);
    const contract = await createContract(s.t.db, { contractTypeId: type.id, customerId: mine.customer.id });
    const hours = await createCounter(s.t.db, { machineId: mine.machine.id, readings: [[1200, daysAgo(1)]] });
    const foreignCounter = await createCounter(s.t.db, { machineId: theirs.machine.id });
    const made = await s.admin.post('ServiceAgreement', {
      MachineId: mine.machine.id,
      Name: 'Half-yearly',
      StartDate: '2026-01-01',
      IntervalMonths: 6,
    });
    expect(made.statusCode, made.body).toBe(200);
    const a = made.json() as ServiceAgreement;
    expect(a).toMatchObject({ EndDate: null, RowVersion: 1 });

    const res = await s.admin.patch(`ServiceAgreement/${a.Id}`, {
      Name: 'Quarterly with hours',
      IntervalMonths: 3,
      EndDate: '2027-12-31',
      CounterId: hours.id,
      CounterInterval: '250',
      ContractId: contract.id,
      RowVersion: a.RowVersion,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json() as ServiceAgreement;
    expect(changed).toMatchObject({
      Id: a.Id,
      MachineId: mine.machine.id,
      Name: 'Quarterly with hours',
      StartDate: '2026-01-01',
      EndDate: '2027-12-31',
      IntervalMonths: 3,
      CounterId: hours.id,
      CounterInterval: 250,
      // The new counter counts its interval from its total now, as a new agreement's does.
      LastServiceCounter: 1200,
      ContractId: contract.id,
      IsActive: true,
      RowVersion: 2,
    });
    // The machine is now covered by the contract; the customer reads the change.
    expect((await s.admin.get(`Contract/${contract.id}`)).json().Machines).toHaveLength(1);
    const seen = (await mine.manager.get(`ServiceAgreement/${mine.machine.id}`)).json() as ServiceAgreement[];
    expect(seen[0]).toMatchObject({ Name: 'Quarterly with hours', EndDate: '2027-12-31' });

    // The version read before the change is stale now: 409, nothing written.
    const before = await writes(s.t.db);
    const stale = await s.admin.patch(`ServiceAgreement/${a.Id}`, { Name: 'Lost', RowVersion: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().Message).toBeTruthy();
    // Refusals, each with its field and message, and nothing written.
    const refused = async (body: object, field: string, message?: string) => {
      const r = await s.admin.patch(`ServiceAgreement/${a.Id}`, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().Errors[0].Field).toBe(field);
      if (message) expect(r.json().Message).toBe(message);
    };
    await refused(
      { EndDate: '2025-12-31' },
      'EndDate',
      'The service agreement cannot end (31.12-2025) before it starts (01.01-2026).',
    );
    await refused(
      { StartDate: '2028-01-01' },
      'EndDate',
      'The service agreement cannot end (31.12-2027) before it starts (01.01-2028).',
    );
    await refused(
      { IntervalMonths: null, CounterId: null },
      'IntervalMonths',
      'Give an interval in months, a counter with its interval, or both.',
    );
    await refused({ CounterId: foreignCounter.id }, 'CounterId');
    const otherContract = await createContract(s.t.db, {
      contractTypeId: type.id,
      customerId: theirs.customer.id,
    });
    await refused({ ContractId: otherContract.id }, 'ContractId');
    await refused({ JobTypeId: 999999 }, 'JobTypeId');
    await refused({ IntervalMonths: 0 }, 'IntervalMonths');
    await refused({ StartDate: '2026-02-30' }, 'StartDate');
    expect(await writes(s.t.db)).toEqual(before);
    const [row] = await s.t.db.select().from(serviceAgreements).where(eq(serviceAgreements.id, a.Id));
    expect(row).toMatchObject({ name: 'Quarterly with hours', endDate: '2027-12-31', rowVersion: 2 });

    // Permissions as create; another company's users never reach it; an unknown id is 404.
    expect((await s.technician.patch(`ServiceAgreement/${a.Id}`, { Name: 'x' })).statusCode).toBe(403);
    expect((await mine.manager.patch(`ServiceAgreement/${a.Id}`, { Name: 'x' })).statusCode).toBe(403);
    expect((await theirs.partner.patch(`ServiceAgreement/${a.Id}`, { Name: 'x' })).statusCode).toBe(403);
    expect((await s.admin.patch('ServiceAgreement/999999', { Name: 'x' })).statusCode).toBe(404);

    // Without a version the change is the last write; removing the counter drops its interval.
    const off = await s.admin.patch(`ServiceAgreement/${a.Id}`, { CounterId: null, IsActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({
      CounterId: null,
      CounterInterval: null,
      IsActive: false,
      RowVersion: 3,
    });
  });

  it('an agreement’s end stops its visits: none is due after it', async () => {
    const c = await company('Slutt');
    const now = today();
    const ended = await s.admin.post('ServiceAgreement', {
      MachineId: c.machine.id,
      Name: 'Ends before its next visit',
      StartDate: addDays(now, 5),
      EndDate: addDays(now, 4),
      IntervalMonths: 1,
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json().Errors[0].Field).toBe('EndDate');
    const open = await s.admin.post('ServiceAgreement', {
      MachineId: c.machine.id,
      Name: 'Monthly',
      StartDate: addDays(now, 2),
      IntervalMonths: 1,
    });
    const a = open.json() as ServiceAgreement;
    const due = async () =>
      (
        (await s.admin.get('ServiceAgreement/NextOrders', { CustomerId: String(c.customer.id) })).json()
          .Content as NextOrder[]
      ).map((o) => [o.AgreementId, o.DueDate]);
    expect(await due()).toEqual([[a.Id, addDays(now, 2)]]);
    // Ending on the first visit's day keeps it; ending the day before leaves no visit.
    await s.admin.patch(`ServiceAgreement/${a.Id}`, { EndDate: addDays(now, 2) });
    expect(await due()).toEqual([[a.Id, addDays(now, 2)]]);
    const last = await s.admin.patch(`ServiceAgreement/${a.Id}`, {
      StartDate: addDays(now, 2),
      EndDate: addDays(now, 2),
      Name: 'One visit',
    });
    expect(last.statusCode).toBe(200);
    await s.t.db
      .update(serviceAgreements)
      .set({ lastServiceDate: addDays(now, 2) })
      .where(eq(serviceAgreements.id, a.Id));
    await refreshAgreementDue(s.t.db, a.Id);
    // The visit after the last one would be a month later, past the end.
    const res = await s.admin.get('ServiceAgreement/NextOrders', {
      CustomerId: String(c.customer.id),
      ToDate: addMonths(now, 3),
    });
    expect(res.json().Content).toEqual([]);
  });

  it('the Admin keeps contract types (ours): names, icon, order; one in use is not deleted', async () => {
    const mine = await company('Typer');
    const created = await s.admin.post('ContractType', {
      Name: 'Annual inspection',
      Names: { no: 'Årlig inspeksjon' },
      Icon: 'Checklist',
      Position: 7,
    });
    expect(created.statusCode, created.body).toBe(200);
    const type = created.json() as ContractTypeRecord;
    expect(type).toMatchObject({
      Name: 'Annual inspection',
      Names: { en: 'Annual inspection', no: 'Årlig inspeksjon' },
      Icon: 'Checklist',
      Position: 7,
      IsActive: true,
      ContractCount: 0,
      RowVersion: 1,
    });
    // The menu's map shows it at once, in the caller's language.
    const map = async (lang = 'en') => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: '/api2/ServiceProvider/Contract/TypeMap',
        headers: { ...s.admin.headers, 'accept-language': lang },
      });
      return (res.json() as ContractType[]).find((t) => t.Id === type.Id);
    };
    expect(await map()).toEqual({ Id: type.Id, Name: 'Annual inspection', Icon: 'Checklist', Count: 0 });
    expect((await map('no'))?.Name).toBe('Årlig inspeksjon');

    // Names are unique whatever their case; a bad icon or position is refused; nothing is written.
    const before = await writes(s.t.db);
    const twin = await s.admin.post('ContractType', { Name: 'ANNUAL INSPECTION', Icon: 'Build' });
    expect([twin.statusCode, twin.json().Errors[0].Field]).toEqual([409, 'Name']);
    expect(twin.json().Message).toContain('Annual inspection');
    expect((await s.admin.post('ContractType', { Name: 'Odd', Icon: 'NotAnIcon' })).statusCode).toBe(400);
    expect((await s.admin.post('ContractType', { Name: 'Odd', Position: -1 })).statusCode).toBe(400);
    expect((await s.admin.post('ContractType', { Name: '  ' })).statusCode).toBe(400);
    expect(await writes(s.t.db)).toEqual(before);

    // Changed by its row version: a stale one is refused.
    const changed = await s.admin.patch(`ContractType/${type.Id}`, {
      Name: 'Yearly inspection',
      Icon: 'VerifiedUser',
      RowVersion: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ Name: 'Yearly inspection', Icon: 'VerifiedUser', RowVersion: 2 });
    expect((await map())?.Icon).toBe('VerifiedUser');
    expect(
      (await s.admin.patch(`ContractType/${type.Id}`, { Icon: 'Build', RowVersion: 1 })).statusCode,
    ).toBe(409);
    expect((await s.admin.patch('ContractType/999999', { Icon: 'Build' })).statusCode).toBe(404);

    // A type a contract uses (even an inactive one) is not deleted: 409 with the count.
    await createContract(s.t.db, { contractTypeId: type.Id, customerId: mine.customer.id, isActive: false });
    const list = (await s.admin.get('ContractType')).json() as ContractTypeRecord[];
    expect(list.find((t) => t.Id === type.Id)?.ContractCount).toBe(1);
    const inUse = await s.admin.delete(`ContractType/${type.Id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().Message).toBe(
      'Yearly inspection (contract type) is still used by 1 records and cannot be deleted.',
    );
    // Made inactive, it leaves the menu; an unused type is deleted.
    await s.admin.patch(`ContractType/${type.Id}`, { IsActive: false });
    expect(await map()).toBeUndefined();
    const spare = (await s.admin.post('ContractType', { Name: 'Spare type' })).json() as ContractTypeRecord;
    expect(spare.Icon).toBe('Description');
    expect((await s.admin.delete(`ContractType/${spare.Id}`)).statusCode).toBe(200);
    expect(
      ((await s.admin.get('ContractType')).json() as ContractTypeRecord[]).map((t) => t.Id),
    ).not.toContain(spare.Id);

    // The Admin's alone.
    expect((await s.technician.get('ContractType')).statusCode).toBe(403);
    expect((await mine.manager.post('ContractType', { Name: 'Mine' })).statusCode).toBe(403);
    expect((await mine.partner.patch(`ContractType/${type.Id}`, { Icon: 'Build' })).statusCode).toBe(403);
    expect((await s.technician.delete(`ContractType/${type.Id}`)).statusCode).toBe(403);
  });

  it('a reading moves a counter agreement’s due day at once: added, deleted, the counter removed', async () => {
    const c = await company('Teller');
    const now = today();
    // 100 hours a day for 30 days (1000 to 4000, the last yesterday), due at 4500: in 4 days.
    const at = Date.now();
    const hours = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: Array.from({ length: 31 }, (_, i) => [1000 + i * 100, daysAgo(31 - i, at)] as [number, Date]),
    });
    const a = await createServiceAgreement(s.t.db, {
      machineId: c.machine.id,
      name: '500 hours',
      startDate: '2024-01-01',
      intervalMonths: 24,
      lastServiceDate: now,
      counterId: hours.id,
      counterInterval: '500',
      lastServiceCounter: '4000',
    });
    const next = async () =>
      (await s.admin.get('ServiceAgreement/NextOrders', { CustomerId: String(c.customer.id) })).json() as {
        Content: NextOrder[];
        TotalCount: number;
      };
    const first = await next();
    expect(first.TotalCount).toBe(1);
    expect(first.Content[0]).toMatchObject({ AgreementId: a.id, DueBy: 'Counter', DueAtCounter: 4500 });
    const estimated = first.Content[0]!.DueDate;
    expect(estimated).toBe(addDays(now, 4));

    // A reading past 4500 today: due today (the reading's day), so first in the list.
    const read = await s.technician.put('Counter/Machine', { CounterId: hours.id, Value: 4600 });
    expect(read.statusCode, read.body).toBe(200);
    expect((await next()).Content[0]).toMatchObject({ AgreementId: a.id, DueDate: now, DueBy: 'Counter' });

    // The reading deleted: the estimate again.
    const history = (await s.admin.get(`Counter/Machine/${c.machine.id}/History`)).json();
    const base = `/api2/ServiceProvider/Counter/Machine?machineId=${c.machine.id}&counterId=${hours.id}`;
    const del = (url: string) => s.t.app.inject({ method: 'DELETE', url, headers: s.admin.headers });
    expect((await del(`${base}&readingId=${history.Content[0].Id}`)).statusCode).toBe(200);
    expect((await next()).Content[0]).toMatchObject({ AgreementId: a.id, DueDate: estimated });

    // The counter removed: only the date interval is left, 24 months ahead, past the window.
    expect((await del(base)).statusCode).toBe(200);
    expect(await next()).toEqual({ Content: [], TotalCount: 0 });
    const wide = await s.admin.get('ServiceAgreement/NextOrders', {
      CustomerId: String(c.customer.id),
      ToDate: addMonths(now, 25),
    });
    expect(wide.json().Content).toMatchObject([
      { AgreementId: a.id, DueDate: addMonths(now, 24), DueBy: 'Date' },
    ]);
  });

  it('pages next orders by due day, customer and id; each page a slice of the whole', async () => {
    const now = today();
    const b = await company('Bølge');
    const a = await company('Anker');
    const made: number[] = [];
    for (const [c, months] of [
      [b, 6],
      [a, 6],
      [b, 3],
      [a, 12],
      [b, 12],
      [a, 3],
    ] as const) {
      // Last visit `months` ago, every `months`: due today; the 3-monthly ones a week ago (overdue).
      const last = months === 3 ? addDays(addMonths(now, -3), -7) : addMonths(now, -months);
      made.push(
        (
          await createServiceAgreement(s.t.db, {
            machineId: c.machine.id,
            name: `Every ${months}`,
            startDate: '2024-01-01',
            intervalMonths: months,
            lastServiceDate: last,
          })
        ).id,
      );
    }
    // A counter agreement whose readings come after it is made: due by the readings (8 a day, 20 to go): in 3 days.
    const counter = await createCounter(s.t.db, { machineId: a.machine.id });
    const byCounter = await createServiceAgreement(s.t.db, {
      machineId: a.machine.id,
      name: 'By hours',
      startDate: '2024-01-01',
      intervalMonths: null,
      counterId: counter.id,
      counterInterval: '100',
      lastServiceCounter: '0',
    });
    await addReadings(s.t.db, counter.id, [
      [0, daysAgo(10)],
      [80, daysAgo(0)],
    ]);
    const query = { ToDate: addDays(now, 30) };
    const ids = [a.customer.id, b.customer.id];
    const all: NextOrder[] = [];
    for (const id of ids)
      all.push(
        ...((await s.admin.get('ServiceAgreement/NextOrders', { ...query, CustomerId: String(id) })).json()
          .Content as NextOrder[]),
      );
    const expected = [...all]
      .sort(
        (x, y) =>
          x.DueDate.localeCompare(y.DueDate) ||
          x.CustomerName.localeCompare(y.CustomerName) ||
          x.AgreementId - y.AgreementId,
      )
      .map((o) => o.AgreementId);
    expect(new Set(expected)).toEqual(new Set([...made, byCounter.id]));
    expect(all.find((o) => o.AgreementId === byCounter.id)).toMatchObject({
      DueBy: 'Counter',
      DueDate: addDays(now, 3),
    });
    // Both customers' in one list: the whole, then in pages of two.
    const search = { ToDate: addDays(now, 30), SearchWord: 'Every', ItemsPerPage: '100' };
    const whole = (await s.admin.get('ServiceAgreement/NextOrders', search)).json();
    const mine = (whole.Content as NextOrder[])
      .map((o) => o.AgreementId)
      .filter((id) => expected.includes(id));
    expect(mine).toEqual(expected.filter((id) => id !== byCounter.id));
    const paged: number[] = [];
    for (let page = 1; paged.length < whole.TotalCount; page++) {
      const res = (
        await s.admin.get('ServiceAgreement/NextOrders', { ...search, ItemsPerPage: '2', Page: String(page) })
      ).json();
      expect(res.TotalCount).toBe(whole.TotalCount);
      paged.push(...(res.Content as NextOrder[]).map((o) => o.AgreementId));
    }
    expect(paged).toEqual((whole.Content as NextOrder[]).map((o) => o.AgreementId));
  });

  it('counts at most 1,000 next orders; the last page tells the whole', async () => {
    const c = await company('Mange');
    await s.t.db.insert(serviceAgreements).values(
      Array.from({ length: 1001 }, (_, i) => ({
        machineId: c.machine.id,
        name: `Visit ${i}`,
        startDate: addDays(today(), -(i % 20)),
        intervalMonths: 12,
      })),
    );
    await refreshNextDue(s.t.db, sql`machine_id = ${c.machine.id}`);
    const page = (n: number) =>
      s.admin.get('ServiceAgreement/NextOrders', {
        CustomerId: String(c.customer.id),
        ItemsPerPage: '50',
        Page: String(n),
      });
    const first = (await page(1)).json();
    expect(first.Content).toHaveLength(50);
    expect(first.TotalCount).toBe(1000);
    const last = (await page(21)).json();
    expect(last.Content).toHaveLength(1);
    expect(last.TotalCount).toBe(1001);
  });

  it('a change of the time zone moves a counter visit to its reading’s day there', async () => {
    const c = await company('Sone');
    // 23:30 UTC two days ago: the next day in Oslo, the same day in New York.
    const now = new Date();
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 2, 23, 30));
    const dayIn = (timeZone: string) => at.toLocaleDateString('sv-SE', { timeZone });
    const counter = await createCounter(s.t.db, { machineId: c.machine.id, readings: [[150, at]] });
    const a = await createServiceAgreement(s.t.db, {
      machineId: c.machine.id,
      name: 'By hours',
      intervalMonths: null,
      counterId: counter.id,
      counterInterval: '100',
      lastServiceCounter: '0',
    });
    // Up to the day in New York: the stored due day decides which visits are in the list.
    const dueBy = async (ToDate: string) =>
      (
        (
          await s.admin.get('ServiceAgreement/NextOrders', { CustomerId: String(c.customer.id), ToDate })
        ).json().Content as NextOrder[]
      ).map((o) => [o.AgreementId, o.DueDate]);
    const ny = dayIn('America/New_York');
    expect(ny < dayIn('Europe/Oslo')).toBe(true);
    expect(await dueBy(dayIn('Europe/Oslo'))).toEqual([[a.id, dayIn('Europe/Oslo')]]);
    expect(await dueBy(ny)).toEqual([]);
    const zone = (TimeZone: string) =>
      s.admin.post('settings/list', [{ Group: 'global', Name: 'TimeZone', Value: TimeZone }]);
    try {
      expect((await zone('America/New_York')).statusCode).toBe(200);
      expect(await dueBy(ny)).toEqual([[a.id, ny]]);
    } finally {
      expect((await zone('Europe/Oslo')).statusCode).toBe(200);
    }
    expect(await dueBy(ny)).toEqual([]);
  });
});
