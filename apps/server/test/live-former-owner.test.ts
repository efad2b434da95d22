import type { AddressInfo } from 'node:net';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '@fieldport/contract';
import { max } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../src/db/schema/index.ts';
import {
  createCustomer,
  createJob,
  createMachine,
  createPartnerCompany,
  createUser,
} from '../src/dev/factories/index.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

interface Client {
  socket: Socket;
  events: LiveChangeEvent[];
}

async function until<T>(check: () => T | undefined | false, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The keys a removal carries: the record's name and the sequence, nothing of its new company. */
const REMOVAL_KEYS = ['ChangeType', 'Entity', 'EntityId', 'Sequence'];

/**
 * A record that moves to another company (a customer's new partner company, a machine given to another
 * customer): the company that had it is told it is gone (a Delete with the record's name only), live
 * and on a reconnect's catch-up; the new company gets the change; nobody gets another company's data.
 */
describe.each(engines)('the live events of a record moved to another company, on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let url: string;
  let admin: Api;
  const open: Socket[] = [];

  function connect(auth: { token: string; since?: number }): Promise<Client> {
    const socket = io(url, {
      path: LIVE_EVENTS_PATH,
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    open.push(socket);
    const client: Client = { socket, events: [] };
    socket.onAny((event: string, data: unknown) => {
      if (event === 'eventual-data') client.events.push(...(data as { Events: LiveChangeEvent[] }).Events);
      else if (['customer', 'machine', 'job'].includes(event)) client.events.push(data as LiveChangeEvent);
    });
    return new Promise((resolve, reject) => {
      socket.on('sync', () => resolve(client));
      socket.on('connect_error', reject);
    });
  }
  const tokenOf = async (userTypeId: number, extra: object) => {
    const user = await createUser(t.db, { userTypeId, ...extra });
    return (await tokensOf(t.app, user.email)).access_token;
  };
  const lastSequence = async () =>
    Number((await t.db.select({ id: max(eventLog.id) }).from(eventLog))[0]?.id ?? 0);
  const of = (c: Client, entity: string, id: number) =>
    c.events.filter((e) => e.Entity === entity && e.EntityId === String(id));

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = apiAs(t.app, await tokenOf(1, {}));
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  it('tells the old partner its customer, the machines and the jobs are gone; the new one gets the change', async () => {
    const oldPartner = await createPartnerCompany(t.db);
    const newPartner = await createPartnerCompany(t.db);
    const customer = await createCustomer(t.db, { partnerCompanyId: oldPartner.id, name: 'Moving AS' });
    const machine = await createMachine(t.db, { customerId: customer.id, partnerCompanyId: oldPartner.id });
    const job = await createJob(t.db, { customerId: customer.id, machines: 1 });
    const oldToken = await tokenOf(5, { partnerCompanyId: oldPartner.id });
    const before = await lastSequence();
    const old = await connect({ token: oldToken });
    const fresh = await connect({ token: await tokenOf(5, { partnerCompanyId: newPartner.id }) });
    const bystander = await connect({
      token: await tokenOf(5, { partnerCompanyId: (await createPartnerCompany(t.db)).id }),
    });

    const res = await admin.patch(`customer/${customer.id}`, { PartnerCompanyId: newPartner.id });
    expect(res.statusCode, res.body).toBe(200);

    await until(() => of(old, 'job', job.id).length > 0, 'the old partner’s job removal');
    for (const [entity, id] of [
      ['customer', customer.id],
      ['machine', machine.id],
      ['job', job.id],
    ] as const) {
      const [gone, ...more] = of(old, entity, id);
      expect(more).toEqual([]);
      expect(gone!.ChangeType).toBe('Delete');
      // Its name and nothing else: not the new partner, not the customer's fields.
      const extra = entity === 'job' ? ['JobId', 'jobId'] : [];
      expect(Object.keys(gone!).sort()).toEqual([...REMOVAL_KEYS, ...extra].sort());
    }
    await until(() => of(fresh, 'job', job.id).length > 0, 'the new partner’s job change');
    expect(of(fresh, 'customer', customer.id).map((e) => e.ChangeType)).toEqual(['Change']);
    expect(of(fresh, 'machine', machine.id).map((e) => e.ChangeType)).toEqual(['Change']);
    // The hub's note of the former owner is never sent.
    expect(fresh.events.some((e) => 'FormerOwner' in e)).toBe(false);
    expect(old.events.some((e) => 'FormerOwner' in e)).toBe(false);
    // Another partner hears nothing of it.
    expect(bystander.events).toEqual([]);

    // A screen of the old partner that was closed meanwhile learns it on its catch-up.
    const again = await connect({ token: oldToken, since: before });
    expect(of(again, 'customer', customer.id).map((e) => e.ChangeType)).toEqual(['Delete']);
    expect(again.events.every((e) => e.ChangeType === 'Delete')).toBe(true);
    expect(again.events.some((e) => 'FormerOwner' in e || 'Name' in e)).toBe(false);
  });

  it('tells the old customer’s users a machine given to another customer is gone', async () => {
    const from = await createCustomer(t.db);
    const to = await createCustomer(t.db);
    const machine = await createMachine(t.db, { customerId: from.id });
    const oldManager = await connect({ token: await tokenOf(4, { customerId: from.id }) });
    const newManager = await connect({ token: await tokenOf(4, { customerId: to.id }) });
    const res = await admin.post(`machine/changeOwner/${machine.id}`, { CustomerId: to.id });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => of(oldManager, 'machine', machine.id).length > 0, 'the old customer’s removal');
    await until(() => of(newManager, 'machine', machine.id).length > 0, 'the new customer’s change');
    expect(of(oldManager, 'machine', machine.id).map((e) => e.ChangeType)).toEqual(['Delete']);
    expect(of(newManager, 'machine', machine.id).map((e) => e.ChangeType)).toEqual(['Change']);
    expect(oldManager.events.every((e) => Object.keys(e).every((k) => REMOVAL_KEYS.includes(k)))).toBe(true);
  });

  it('tells the old customer’s users and partner a job swapped to another customer is gone', async () => {
    const partner = await createPartnerCompany(t.db);
    const from = await createCustomer(t.db, { partnerCompanyId: partner.id });
    const to = await createCustomer(t.db);
    const job = await createJob(t.db, { customerId: from.id, machines: 1 });
    const oldManager = await connect({ token: await tokenOf(4, { customerId: from.id }) });
    const oldPartner = await connect({ token: await tokenOf(5, { partnerCompanyId: partner.id }) });
    const newManager = await connect({ token: await tokenOf(4, { customerId: to.id }) });
    const res = await admin.patch(`job/${job.id}/swapcustomer/${to.id}?confirm=true`);
    expect(res.statusCode, res.body).toBe(200);
    await until(() => of(newManager, 'job', job.id).length > 0, 'the new customer’s change');
    await until(() => of(oldPartner, 'job', job.id).length > 0, 'the old partner’s removal');
    await until(() => of(oldManager, 'job', job.id).length > 0, 'the old customer’s removal');
    for (const old of [oldManager, oldPartner]) {
      expect(of(old, 'job', job.id).map((e) => e.ChangeType)).toEqual(['Delete']);
      expect(Object.keys(of(old, 'job', job.id)[0]!).sort()).toEqual(
        [...REMOVAL_KEYS, 'JobId', 'jobId'].sort(),
      );
    }
    expect(of(newManager, 'job', job.id).map((e) => e.ChangeType)).toEqual(['Change']);
  });
});
