import type { Counter, CounterReading } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { counterReadings, eventLog } from '../src/db/schema/index.ts';
import {
  createCounter,
  createCustomer,
  createMachine,
  createPartnerCompany,
} from '../src/dev/factories/index.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const DAY = 86_400_000;
const local = (d: Date) => d.toLocaleString('sv-SE', { timeZone: 'Europe/Oslo' }).replace(' ', 'T');

describe.each(engines)('counters on %s', (engine) => {
  const s = staffApp(engine);

  async function company(name: string) {
    const partner = await createPartnerCompany(s.t.db);
    const customer = await createCustomer(s.t.db, { name: `${name} AS`, partnerCompanyId: partner.id });
    const machine = await createMachine(s.t.db, { customerId: customer.id, name: `${name} loader` });
    const manager = (await signedInUser(s.t, 4, { customerId: customer.id })).api;
    const partnerUser = (await signedInUser(s.t, 5, { partnerCompanyId: partner.id })).api;
    return { customer, machine, manager, partner: partnerUser };
  }

  it('creates a counter with its first reading, puts readings and answers the history, newest first', async () => {
    const c = await company('Teller');
    const res = await s.technician.post('Counter', {
      MachineId: c.machine.id,
      CounterType: 1,
      Name: 'Engine hours',
      Value: '100,5',
      ReadingDate: local(new Date(Date.now() - 10 * DAY)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const counter = res.json() as Counter;
    expect(counter).toMatchObject({
      MachineId: c.machine.id,
      MachineName: 'Teller loader',
      CustomerName: 'Teller AS',
      CounterType: 1,
      Name: 'Engine hours',
      LastValue: 100.5,
      ReadingCount: 1,
    });
    const put = await s.technician.put('Counter/Machine', { CounterId: counter.Id, Value: 180 });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ LastValue: 180, ReadingCount: 2 });
    const [event] = await s.t.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entity, 'counter'))
      .orderBy(eventLog.id)
      .limit(1);
    expect(event).toMatchObject({ entityId: String(counter.Id), changeType: 'New' });

    const history = (await c.manager.get(`Counter/Machine/${c.machine.id}/History`)).json();
    expect(history.TotalCount).toBe(2);
    expect(history.Content.map((r: CounterReading) => r.Value)).toEqual([180, 100.5]);
    expect((await c.manager.get(`Counter/Machine/${c.machine.id}`)).json()).toHaveLength(1);
    expect((await c.partner.get(`Counter/${counter.Id}`)).json()).toMatchObject({ LastValue: 180 });
    const filtered = (await s.admin.get('Counter/Filtered', { SearchWord: 'Teller' })).json();
    expect(filtered.Content.map((x: Counter) => x.Id)).toEqual([counter.Id]);
  });

  it('refuses a reading lower than the last unless a meter change, and one in the future; nothing written', async () => {
    const c = await company('Lav');
    const counter = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: [[500, new Date(Date.now() - 2 * DAY)]],
    });
    const before = await writes(s.t.db);
    const readingsBefore = (await s.t.db.select({ n: count() }).from(counterReadings))[0]?.n;
    const lower = await s.technician.put('Counter/Machine', { CounterId: counter.id, Value: 499 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json()).toMatchObject({
      Message:
        'The reading 499 is lower than the reading before it (500). Mark it as a meter change if the meter was replaced.',
      Errors: [{ Field: 'Value' }],
    });
    const future = await s.technician.put('Counter/Machine', {
      CounterId: counter.id,
      Value: 600,
      ReadingDate: local(new Date(Date.now() + 2 * DAY)),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().Message).toMatch(/^A reading cannot be in the future/);
    // Between two readings it must fit: higher than a later reading is refused too.
    const between = await s.technician.put('Counter/Machine', {
      CounterId: counter.id,
      Value: 900,
      ReadingDate: local(new Date(Date.now() - 3 * DAY)),
    });
    expect(between.statusCode).toBe(400);
    for (const body of [
      { CounterId: counter.id, Value: -1 },
      { CounterId: counter.id, Value: 'many' },
      { CounterId: counter.id },
      { CounterId: 999999, Value: 1 },
    ])
      expect((await s.technician.put('Counter/Machine', body)).statusCode).toBe(400);
    const badCreate = await s.admin.post('Counter', { MachineId: c.machine.id, CounterType: 9 });
    expect(badCreate.statusCode).toBe(400);
    const readingsAfter = (await s.t.db.select({ n: count() }).from(counterReadings))[0]?.n;
    expect(readingsAfter).toBe(readingsBefore);
    expect(await writes(s.t.db)).toEqual(before);

    const change = await s.technician.put('Counter/Machine', {
      CounterId: counter.id,
      Value: 3,
      IsMeterChange: true,
    });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).toMatchObject({ LastValue: 3 });
  });

  it("takes a reading a few minutes ahead of the server's clock (a phone's clock) as taken now", async () => {
    const c = await company('Klokke');
    const counter = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: [[10, new Date(Date.now() - DAY)]],
    });
    const before = local(new Date());
    const ahead = await s.technician.put('Counter/Machine', {
      CounterId: counter.id,
      Value: 20,
      ReadingDate: local(new Date(Date.now() + 5 * 60_000)),
    });
    expect(ahead.statusCode, ahead.body).toBe(200);
    const after = local(new Date());
    const newest = (await s.admin.get(`Counter/Machine/${c.machine.id}/History`)).json()
      .Content[0] as CounterReading;
    expect(newest.Value).toBe(20);
    const taken = String(newest.ReadingDate).slice(0, 19);
    expect(taken >= before.slice(0, 19) && taken <= after.slice(0, 19)).toBe(true);
  });

  it('keeps counters to their company and their writes to the staff', async () => {
    const mine = await company('Min');
    const theirs = await company('Deres');
    const counter = await createCounter(s.t.db, { machineId: theirs.machine.id, name: 'Deres timer' });
    expect((await mine.manager.get(`Counter/${counter.id}`)).statusCode).toBe(404);
    expect((await mine.partner.get(`Counter/Machine/${theirs.machine.id}`)).statusCode).toBe(404);
    expect((await mine.manager.get(`Counter/Machine/${theirs.machine.id}/History`)).statusCode).toBe(404);
    const list = await mine.manager.get('Counter/Filtered', { IncludeInactive: 'true' });
    expect(list.body).not.toContain('Deres timer');
    expect((await mine.manager.put('Counter/Machine', { CounterId: counter.id, Value: 1 })).statusCode).toBe(
      403,
    );
    expect(
      (await mine.partner.post('Counter', { MachineId: mine.machine.id, CounterType: 1 })).statusCode,
    ).toBe(403);
  });

  it('changes and deletes counters and single readings', async () => {
    const c = await company('Slett');
    const counter = await createCounter(s.t.db, {
      machineId: c.machine.id,
      readings: [
        [10, new Date(Date.now() - 2 * DAY)],
        [20, new Date(Date.now() - DAY)],
      ],
    });
    const changed = await s.admin.patch('Counter', {
      Id: counter.id,
      Name: 'Starts',
      CounterType: 2,
      RowVersion: 1,
    });
    expect(changed.json()).toMatchObject({ Name: 'Starts', CounterType: 2, RowVersion: 2 });
    expect((await s.admin.patch('Counter', { Id: counter.id, Name: 'Old', RowVersion: 1 })).statusCode).toBe(
      409,
    );
    const history = (await s.admin.get(`Counter/Machine/${c.machine.id}/History`)).json();
    const newest = history.Content[0] as CounterReading;
    const base = `/api2/ServiceProvider/Counter/Machine?machineId=${c.machine.id}&counterId=${counter.id}`;
    const del = (url: string) => s.t.app.inject({ method: 'DELETE', url, headers: s.admin.headers });
    expect((await del(`${base}&readingId=${newest.Id}`)).statusCode).toBe(200);
    expect((await s.admin.get(`Counter/${counter.id}`)).json()).toMatchObject({
      LastValue: 10,
      ReadingCount: 1,
    });
    const wrongMachine = `/api2/ServiceProvider/Counter/Machine?machineId=999999&counterId=${counter.id}`;
    expect((await del(wrongMachine)).statusCode).toBe(404);
    expect((await del(base)).statusCode).toBe(200);
    expect((await s.admin.get(`Counter/${counter.id}`)).statusCode).toBe(404);
  });
});
