import type { AddressInfo } from 'node:net';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '@fieldport/contract';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createJob,
  createMachine,
  createPartnerCompany,
  createUser,
} from '../src/dev/factories/index.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, PASSWORD, tokensOf } from './support.ts';

/**
 * A partner's users see and work only on the customers, machines and jobs of their own partner company
 * (001 §2.10, README 'Partners and customers'): in lists, single reads, searches, exports and live
 * events; and a customer that changes partner takes its machines along.
 */
const marker = () => `Iso${Math.random().toString(36).slice(2, 8)}`;
const ids = (rows: { Id: number }[]) => rows.map((r) => r.Id).sort((a, b) => a - b);

describe.each(engines)('partner isolation on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let url: string;
  let admin: Api;
  const sockets: Socket[] = [];

  const signedIn = async (userTypeId: number, extra: object = {}) => {
    const user = await createUser(t.db, { userTypeId, ...extra });
    const token = (await tokensOf(t.app, user.email)).access_token;
    return { user, token, api: apiAs(t.app, token) };
  };

  /** Two partner companies, each with a customer, a machine and a job, named with one marker. */
  async function twoPartners() {
    const m = marker();
    const world = [] as {
      company: number;
      customer: number;
      machine: number;
      job: number;
    }[];
    for (const side of ['A', 'B']) {
      const company = await createPartnerCompany(t.db, { name: `${m} Partner ${side}` });
      const customer = await createCustomer(t.db, {
        partnerCompanyId: company.id,
        name: `${m} Kunde ${side}`,
      });
      const machine = await createMachine(t.db, { customerId: customer.id, name: `${m} Kompressor ${side}` });
      const job = await createJob(t.db, { customerId: customer.id });
      world.push({ company: company.id, customer: customer.id, machine: machine.id, job: job.id });
    }
    const [a, b] = world as [(typeof world)[0], (typeof world)[0]];
    return { m, a, b, partner: await signedIn(5, { partnerCompanyId: a.company }) };
  }

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = (await signedIn(1)).api;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  it('lists and searches give a partner its own company’s customers, machines and jobs only', async () => {
    const { m, a, b, partner } = await twoPartners();
    const customers = (
      await partner.api.get('customer/Filtered', { SearchWord: m, ItemsPerPage: '15' })
    ).json();
    expect(ids(customers.Content)).toEqual([a.customer]);
    expect(customers.TotalCount).toBe(1);
    // The staff see both: the filter is the partner's scope, not the search.
    const all = (await admin.get('customer/Filtered', { SearchWord: m, ItemsPerPage: '15' })).json();
    expect(ids(all.Content)).toEqual([a.customer, b.customer].sort((x, y) => x - y));

    const machines = (
      await partner.api.get('machine/search', { searchQuery: m, IncludeInactive: 'true' })
    ).json();
    expect(ids(machines)).toEqual([a.machine]);
    const filtered = (
      await partner.api.post('Machine/Filtered', { SearchWord: m, Page: 1, ItemsPerPage: 40 })
    ).json();
    expect(ids(filtered.Content)).toEqual([a.machine]);

    const own = (await partner.api.post('JobList/Filtered', { CustomerId: a.customer })).json();
    expect(ids(own.Content)).toEqual([a.job]);
    const other = await partner.api.post('JobList/Filtered', { CustomerId: b.customer });
    expect(other.json().Content ?? []).toEqual([]);
    const every = (await partner.api.post('JobList/Filtered', { ItemsPerPage: 500 })).json();
    expect(every.Content.map((j: { Id: number }) => j.Id)).toContain(a.job);
    expect(every.Content.map((j: { Id: number }) => j.Id)).not.toContain(b.job);
  });

  it('a partner account the Admin makes (User/add, with its partner company) sees that company’s records only', async () => {
    const { m, a, b } = await twoPartners();
    const email = `${m.toLowerCase()}.partner@partner.test`;
    const noCompany = await admin.post('User/add', {
      Name: 'Per Partner',
      EmailAdress: email,
      UserTypeId: 5,
      Password: PASSWORD,
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().Errors).toEqual([expect.objectContaining({ Field: 'PartnerCompanyId' })]);
    const res = await admin.post('User/add', {
      Name: 'Per Partner',
      EmailAdress: email,
      UserTypeId: 5,
      PartnerCompanyId: a.company,
      Password: PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ UserTypeId: 5, PartnerCompanyId: a.company });
    const partner = apiAs(t.app, (await tokensOf(t.app, email)).access_token);
    const customers = (await partner.get('customer/Filtered', { SearchWord: m, ItemsPerPage: '15' })).json();
    expect(ids(customers.Content)).toEqual([a.customer]);
    const jobs = (await partner.post('JobList/Filtered', { ItemsPerPage: 500 })).json();
    expect(ids(jobs.Content)).toContain(a.job);
    expect(ids(jobs.Content)).not.toContain(b.job);
    expect((await partner.get(`machine/${b.machine}`)).statusCode).toBe(404);
    expect((await partner.get(`job/${b.job}`)).statusCode).toBe(404);
    expect((await partner.get(`machine/${a.machine}`)).statusCode).toBe(200);
  });

  it('single reads of another partner’s records are not found', async () => {
    const { a, b, partner } = await twoPartners();
    expect((await partner.api.get('customer/', { id: String(a.customer) })).statusCode).toBe(200);
    expect((await partner.api.get('customer/', { id: String(b.customer) })).statusCode).toBe(404);
    expect((await partner.api.get(`machine/${a.machine}`)).statusCode).toBe(200);
    expect((await partner.api.get(`machine/${b.machine}`)).statusCode).toBe(404);
    expect((await partner.api.get(`job/${a.job}`)).statusCode).toBe(200);
    expect((await partner.api.get(`job/${b.job}`)).statusCode).toBe(404);
    expect((await partner.api.get(`PartnerCompany/${b.company}`)).statusCode).toBe(404);
  });

  it('exports are the staff’s: a partner is refused', async () => {
    const { partner } = await twoPartners();
    expect((await partner.api.get('Export/')).statusCode).toBe(403);
    expect((await partner.api.post('Statistics/ExportMachines', {})).statusCode).toBe(403);
  });

  it('live events reach a partner for its own company’s records only', async () => {
    const { a, b, partner } = await twoPartners();
    const socket = io(url, {
      path: LIVE_EVENTS_PATH,
      auth: { token: partner.token },
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    const events: LiveChangeEvent[] = [];
    socket.onAny((name: string, data: unknown) => {
      if (name !== 'connectionid' && name !== 'sync') events.push(data as LiveChangeEvent);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('sync', () => resolve());
      socket.on('connect_error', reject);
    });
    expect(
      (await admin.patch('machine', { Id: b.machine, Name: 'Other partner’s machine' })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch(`customer/${b.customer}`, { Name: 'Other partner’s customer' })).statusCode,
    ).toBe(200);
    expect((await admin.patch('machine', { Id: a.machine, Name: 'Own machine' })).statusCode).toBe(200);
    const end = Date.now() + 5000;
    while (
      !events.some((e) => e.Entity === 'machine' && e.EntityId === String(a.machine)) &&
      Date.now() < end
    )
      await new Promise((r) => setTimeout(r, 20));
    // Events arrive in order: once the own one is there, the others would have been too.
    expect(events.map((e) => `${e.Entity}:${e.EntityId}`)).toEqual([`machine:${a.machine}`]);
  });

  it('a customer given to another partner takes its machines along, so the old partner loses them', async () => {
    const { a, b, partner } = await twoPartners();
    const elsewhere = await createPartnerCompany(t.db);
    // A machine of the customer given to a third partner on its own keeps that partner.
    const own = await createMachine(t.db, { customerId: a.customer, partnerCompanyId: elsewhere.id });
    const moved = await admin.patch(`customer/${a.customer}`, { PartnerCompanyId: b.company });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await partner.api.get('customer/', { id: String(a.customer) })).statusCode).toBe(404);
    expect((await partner.api.get(`machine/${a.machine}`)).statusCode).toBe(404);
    const newPartner = await signedIn(5, { partnerCompanyId: b.company });
    expect((await newPartner.api.get(`machine/${a.machine}`)).statusCode).toBe(200);
    expect((await newPartner.api.get(`job/${a.job}`)).statusCode).toBe(200);
    expect((await admin.get(`machine/${own.id}`)).json().PartnerCompanyId).toBe(elsewhere.id);
    expect((await admin.get(`machine/${a.machine}`)).json().PartnerCompanyId).toBe(b.company);
    expect((await newPartner.api.get(`machine/${own.id}`)).statusCode).toBe(404);
  });
});
