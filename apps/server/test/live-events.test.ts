import type { AddressInfo } from 'node:net';
import { LIVE_EVENTS_PATH, type LiveChangeEvent } from '@fieldport/contract';
import { max } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../src/db/factories/index.ts';
import { eventLog } from '../src/db/schema/index.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A connected test client: the change events it got, in order, and what it was told otherwise. */
interface Client {
  socket: Socket;
  events: LiveChangeEvent[];
  said: { event: string; data: unknown }[];
  connectionId: string;
  /** The sequence the hub said it was caught up to. */
  synced: number;
}

const CHANGE_EVENTS = new Set(['connectionid', 'sync', 'shutdown', 'refresh-clients']);

/** Waits until `check` holds, or fails after `ms` with what was there. */
async function until<T>(check: () => T | undefined | false, what: string, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(engines)('live-event hub on %s', (engine) => {
  let t: TestApp;
  let url: string;
  const open: Socket[] = [];

  /** Connects and resolves once caught up (sync), or rejects with the connect_error. */
  function connect(
    auth: { token?: string; since?: number },
    opts: { query?: Record<string, string> } = {},
  ): Promise<Client> {
    const socket = io(url, {
      path: LIVE_EVENTS_PATH,
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(opts.query ? { query: opts.query } : {}),
    });
    open.push(socket);
    const client: Client = { socket, events: [], said: [], connectionId: '', synced: -1 };
    socket.onAny((event: string, data: unknown) => {
      if (CHANGE_EVENTS.has(event)) client.said.push({ event, data });
      else client.events.push(data as LiveChangeEvent);
    });
    return new Promise((resolve, reject) => {
      socket.on('connectionid', (id: string) => {
        client.connectionId = id;
      });
      socket.on('sync', (s: { Sequence: number }) => {
        client.synced = s.Sequence;
        resolve(client);
      });
      socket.on('connect_error', (err: Error & { data?: { code?: string } }) => reject(err));
    });
  }

  async function signedIn(userTypeId: number, extra: object = {}) {
    const user = await createUser(t.db, { userTypeId, ...extra });
    const token = (await tokensOf(t.app, user.email)).access_token;
    return { user, token, api: apiAs(t.app, token) };
  }

  const lastSequence = async () =>
    Number((await t.db.select({ id: max(eventLog.id) }).from(eventLog))[0]?.id);

  let admin: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    admin = await signedIn(1);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(() => t.close());

  const rename = (api: Api, id: number, Name: string) => api.patch(`customer/${id}`, { Name });

  it('refuses a socket without a token, or with a bad one, with a message saying why', async () => {
    await expect(connect({})).rejects.toMatchObject({
      message: 'Please sign in.',
      data: { code: 'unauthorized' },
    });
    await expect(connect({ token: 'not-a-token' })).rejects.toMatchObject({
      message: 'Please sign in.',
      data: { code: 'unauthorized' },
    });
  });

  it('lets in the access token from auth.token or the access_token query, and says its connection id', async () => {
    const byAuth = await connect({ token: admin.token });
    expect(byAuth.connectionId).toBe(byAuth.socket.id);
    const byQuery = await connect({}, { query: { access_token: admin.token } });
    expect(byQuery.connectionId).toBe(byQuery.socket.id);
  });

  it('sends a customer change to a connected Admin with its sequence, change type and id', async () => {
    const c = await createCustomer(t.db);
    const client = await connect({ token: admin.token });
    expect((await rename(admin.api, c.id, 'Fjord Service AS')).statusCode).toBe(200);
    const e = await until(() => client.events.find((x) => x.EntityId === String(c.id)), 'the customer event');
    expect(e).toMatchObject({ Entity: 'customer', EntityId: String(c.id), ChangeType: 'Change' });
    expect(e.Sequence).toBe(await lastSequence());
  });

  it("gives a customer's manager its own company's changes and never another company's", async () => {
    const own = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const manager = await signedIn(4, { customerId: own.id });
    const client = await connect({ token: manager.token });
    const staff = await connect({ token: admin.token });
    expect((await rename(admin.api, other.id, 'Another Company AS')).statusCode).toBe(200);
    expect((await rename(admin.api, own.id, 'Own Company AS')).statusCode).toBe(200);
    // Events arrive in order: once the own change is there, the other one would have been too.
    await until(() => client.events.find((x) => x.EntityId === String(own.id)), 'the own event');
    await until(() => staff.events.find((x) => x.EntityId === String(own.id)), "the Admin's event");
    expect(client.events.map((x) => x.EntityId)).toEqual([String(own.id)]);
    expect(staff.events.map((x) => x.EntityId)).toEqual([String(other.id), String(own.id)]);
  });

  it('gives a partner the changes of customers it serves only', async () => {
    const { createPartnerCompany } = await import('../src/db/factories/index.ts');
    const company = await createPartnerCompany(t.db);
    const served = await createCustomer(t.db, { partnerCompanyId: company.id });
    const notServed = await createCustomer(t.db);
    const partner = await signedIn(5, { partnerCompanyId: company.id });
    const client = await connect({ token: partner.token });
    await rename(admin.api, notServed.id, 'Not Served AS');
    await rename(admin.api, served.id, 'Served AS');
    await until(() => client.events.find((x) => x.EntityId === String(served.id)), 'the served event');
    expect(client.events.map((x) => x.EntityId)).toEqual([String(served.id)]);
  });

  it('replays exactly what a reconnecting client missed, in order, before live events', async () => {
    const c = await createCustomer(t.db);
    const first = await connect({ token: admin.token });
    await rename(admin.api, c.id, 'Before Disconnect AS');
    const seen = await until(() => first.events.find((x) => x.EntityId === String(c.id)), 'the first event');
    first.socket.disconnect();
    await rename(admin.api, c.id, 'Missed One AS');
    await rename(admin.api, c.id, 'Missed Two AS');
    const missed = await lastSequence();
    const again = await connect({ token: admin.token, since: seen.Sequence });
    expect(again.events.map((x) => x.Sequence)).toEqual([seen.Sequence + 1, seen.Sequence + 2]);
    expect(again.synced).toBe(missed);
    await rename(admin.api, c.id, 'Live Again AS');
    await until(() => again.events.length === 3, 'the live event');
    expect(again.events.map((x) => x.Sequence)).toEqual([seen.Sequence + 1, seen.Sequence + 2, missed + 1]);
  });

  it('replays to a customer user only its own company’s missed events', async () => {
    const own = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const employee = await signedIn(6, { customerId: own.id });
    const since = await lastSequence();
    await rename(admin.api, other.id, 'Missed Other AS');
    await rename(admin.api, own.id, 'Missed Own AS');
    const client = await connect({ token: employee.token, since });
    expect(client.events.map((x) => x.EntityId)).toEqual([String(own.id)]);
  });

  it("closes a deactivated user's socket and refuses its reconnect", async () => {
    const c = await createCustomer(t.db);
    const manager = await signedIn(4, { customerId: c.id });
    const client = await connect({ token: manager.token });
    const closed = new Promise<string>((r) => client.socket.on('disconnect', (reason) => r(reason)));
    expect((await admin.api.patch(`User/toggleactive/${manager.user.id}`)).json()).toMatchObject({
      IsActive: false,
    });
    expect(await closed).toBe('io server disconnect');
    expect(client.said.map((s) => s.event)).toContain('refresh-clients');
    await expect(connect({ token: manager.token })).rejects.toMatchObject({
      message: 'Your session has ended. Please sign in again.',
      data: { code: 'session_ended' },
    });
  });

  it('keeps the route a client reports and reloads only the clients it is told to', async () => {
    const tech = await signedIn(2);
    const a = await connect({ token: admin.token });
    const b = await connect({ token: tech.token });
    a.socket.emit('Route', { Path: '/customers/12', Query: '?tab=machines' });
    await until(() => false, 'a moment', 100).catch(() => {});
    expect(await t.app.services.live.clients()).toContainEqual({
      userId: admin.user.id,
      route: { Path: '/customers/12', Query: '?tab=machines' },
    });
    t.app.services.live.refreshClients([tech.user.id]);
    await until(() => b.said.find((s) => s.event === 'refresh-clients'), 'the refresh');
    expect(b.said.find((s) => s.event === 'refresh-clients')?.data).toEqual({ UserIds: [tech.user.id] });
    t.app.services.live.refreshClients();
    await until(() => a.said.find((s) => s.event === 'refresh-clients'), 'the refresh for all');
    expect(a.said.filter((s) => s.event === 'refresh-clients')).toEqual([
      { event: 'refresh-clients', data: { UserIds: null } },
    ]);
  });
});

describe.each(engines)('live-event hub shutdown on %s', (engine) => {
  it('tells connected clients the server is stopping, then closes their sockets', async () => {
    const t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const user = await createUser(t.db, { userTypeId: 1, uiculture: 'no' });
    const token = (await tokensOf(t.app, user.email)).access_token;
    const socket = io(url, {
      path: LIVE_EVENTS_PATH,
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise((r) => socket.on('sync', r));
    const told = new Promise<{ Message: string }>((r) => socket.on('shutdown', r));
    const closed = new Promise<string>((r) => socket.on('disconnect', r));
    await t.close();
    expect((await told).Message).toBe(
      'Serveren stoppes for vedlikehold. Siden lastes inn på nytt når den er tilbake.',
    );
    expect(await closed).toBe('io server disconnect');
  });
});
