import type { AddressInfo } from 'node:net';
import { LIVE_EVENTS_PATH, type LiveChangeEvent, type LivePresenceList } from '@fieldport/contract';
import { max } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eventLog } from '../src/db/schema/index.ts';
import { createCustomer, createJob, createUser } from '../src/dev/factories/index.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp, testClock } from './harness.ts';
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

/** What the hub says besides change events (eventual-data's events are also counted as events). */
const SAID = new Set([
  'connectionid',
  'sync',
  'shutdown',
  'refresh-clients',
  'config',
  'error',
  'sharedroute',
  'sharedroutelist',
  'eventual-data',
]);

/** Waits until `check` holds, or fails after `ms` with what was there. */
async function until<T>(
  check: () => T | undefined | false,
  what: string | (() => string),
  ms = 5_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end)
      throw new Error(`timed out waiting for ${typeof what === 'string' ? what : what()}`);
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
      if (SAID.has(event)) client.said.push({ event, data });
      else client.events.push(data as LiveChangeEvent);
      if (event === 'eventual-data') client.events.push(...(data as { Events: LiveChangeEvent[] }).Events);
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

  it('lets in the access token from auth.token, and says its connection id; one in the query is refused', async () => {
    const byAuth = await connect({ token: admin.token });
    expect(byAuth.connectionId).toBe(byAuth.socket.id);
    // A token in the address ends up in logs and history: not taken from there.
    await expect(connect({}, { query: { access_token: admin.token } })).rejects.toMatchObject({
      message: 'Please sign in.',
      data: { code: 'unauthorized' },
    });
    await expect(connect({}, { query: { token: admin.token, auth: admin.token } })).rejects.toMatchObject({
      data: { code: 'unauthorized' },
    });
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
    const { createPartnerCompany } = await import('../src/dev/factories/index.ts');
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
    // The missed events come as one eventual-data, then sync says where the client stands.
    expect(again.said.map((x) => x.event)).toEqual(['connectionid', 'eventual-data', 'sync']);
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
    expect(client.said.find((s) => s.event === 'error')?.data).toEqual({
      Code: 'session_ended',
      Message: 'Your session has ended. Please sign in again.',
    });
    await expect(connect({ token: manager.token })).rejects.toMatchObject({
      message: 'Your session has ended. Please sign in again.',
      data: { code: 'session_ended' },
    });
  });

  it('keeps the route a client reports and reloads only the clients it is told to', async () => {
    const tech = await signedIn(2);
    const a = await connect({ token: admin.token });
    const b = await connect({ token: tech.token });
    a.socket.emit('Route', { Path: '/customer/12/details', Query: '?tab=machines' });
    await until(() => a.said.find((s) => s.event === 'sharedroutelist'), 'the presence list');
    expect(await t.app.services.live.clients()).toContainEqual({
      userId: admin.user.id,
      route: { Path: '/customer/12/details', Query: '?tab=machines' },
      presenceKey: 'customer:12',
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

  it('says in the user info where the live events stand, so a page that loads starts its connection there', async () => {
    const c = await createCustomer(t.db);
    const client = await connect({ token: admin.token });
    await rename(admin.api, c.id, 'Sequence AS');
    const e = await until(() => client.events.find((x) => x.EntityId === String(c.id)), 'the event');
    expect((await admin.api.get('userinfo')).json().EventSequence).toBe(e.Sequence);
  });

  it('sends a job change with its jobId to staff and to the own company only', async () => {
    const own = await createCustomer(t.db);
    const other = await createCustomer(t.db);
    const job = await createJob(t.db, { customerId: own.id });
    const otherJob = await createJob(t.db, { customerId: other.id });
    const manager = await signedIn(4, { customerId: own.id });
    const client = await connect({ token: manager.token });
    const staff = await connect({ token: admin.token });
    for (const id of [otherJob.id, job.id]) {
      const res = await admin.api.patch(`Job/${id}/ChangeStatus?jobStatusId=20`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const e = await until(() => client.events.find((x) => x.Entity === 'job'), "the own job's event");
    expect(e).toMatchObject({ Entity: 'job', EntityId: String(job.id), JobId: job.id, jobId: job.id });
    await until(() => staff.events.filter((x) => x.Entity === 'job').length === 2, 'both job events');
    expect(client.events.filter((x) => x.Entity === 'job').map((x) => x.jobId)).toEqual([job.id]);
  });

  it('tells every client, customers too, to read its configuration again after a settings change', async () => {
    const c = await createCustomer(t.db);
    const manager = await signedIn(4, { customerId: c.id });
    const client = await connect({ token: manager.token });
    const staff = await connect({ token: admin.token });
    const res = await admin.api.post('settings/group', {
      Group: 'serviceprovider',
      Values: { CompanyName: 'Live Config AS' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seq = await lastSequence();
    await until(() => client.said.find((s) => s.event === 'config'), "the customer's config event");
    await until(() => staff.said.find((s) => s.event === 'config'), "the Admin's config event");
    expect(client.said.find((s) => s.event === 'config')?.data).toEqual({ Sequence: seq });
    // The settings record itself is the Admin's: the customer is not sent it.
    expect(staff.events.map((x) => x.Entity)).toContain('settings');
    expect(client.events.map((x) => x.Entity)).not.toContain('settings');
  });

  it('closes the sockets of a sign-in that logs out, and no other sign-in of the same user', async () => {
    const tech = await createUser(t.db, { userTypeId: 2 });
    const first = await tokensOf(t.app, tech.email);
    const second = await tokensOf(t.app, tech.email);
    const a = await connect({ token: first.access_token });
    const b = await connect({ token: second.access_token });
    const closed = new Promise<string>((r) => a.socket.on('disconnect', (reason) => r(reason)));
    const out = await t.app.inject({
      method: 'POST',
      url: '/api2/token/revoke',
      headers: { authorization: `Bearer ${first.refresh_token}` },
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(a.said.find((s) => s.event === 'error')?.data).toMatchObject({ Code: 'session_ended' });
    expect(b.socket.connected).toBe(true);
    expect(b.said.map((s) => s.event)).not.toContain('error');
    // The logged-out access token, though not expired, opens no new socket.
    await expect(connect({ token: first.access_token })).rejects.toMatchObject({
      data: { code: 'session_ended' },
    });
  });

  it('closes the sockets of a user whose password an Admin set', async () => {
    const tech = await signedIn(2);
    const client = await connect({ token: tech.token });
    const closed = new Promise<string>((r) => client.socket.on('disconnect', (reason) => r(reason)));
    const res = await admin.api.post(`User/changePasswordFor/${tech.user.email}`, {
      Password: 'N3w!Password',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(client.said.find((s) => s.event === 'error')?.data).toMatchObject({ Code: 'session_ended' });
  });

  describe('presence', () => {
    const saidOf = (c: Client, event: string) => c.said.filter((s) => s.event === event).map((s) => s.data);
    const listOf = (c: Client) => saidOf(c, 'sharedroutelist').at(-1) as LivePresenceList | undefined;

    it('tells who else is on a job, announces arrivals and departures, and each person only once', async () => {
      const tech = await signedIn(2);
      const job = await createJob(t.db);
      const a = await connect({ token: admin.token });
      a.socket.emit('Route', { Path: `/job/view/${job.id}/general`, Query: '' });
      await until(() => listOf(a), "the Admin's list");
      expect(listOf(a)).toEqual({ Key: `job:${job.id}`, Users: [] });

      const b = await connect({ token: tech.token });
      b.socket.emit('Route', { Path: '/job/list/my', Query: `?jobId=${job.id}` });
      await until(() => listOf(b), "the technician's list");
      expect(listOf(b)).toEqual({
        Key: `job:${job.id}`,
        Users: [{ ConnectionId: a.socket.id, UserId: admin.user.id, Name: admin.user.name, UserTypeId: 1 }],
      });
      const joined = await until(() => saidOf(a, 'sharedroute')[0], 'the arrival');
      expect(joined).toEqual({
        Key: `job:${job.id}`,
        Action: 'Joined',
        ConnectionId: b.socket.id,
        UserId: tech.user.id,
        Name: tech.user.name,
        UserTypeId: 2,
      });

      b.socket.emit('Route', { Path: '/job/list/my', Query: '' });
      await until(() => saidOf(a, 'sharedroute').length === 2, 'the departure');
      expect(saidOf(a, 'sharedroute')[1]).toMatchObject({ Action: 'Left', ConnectionId: b.socket.id });
      await until(() => saidOf(b, 'sharedroutelist').length === 2, 'the empty list');
      expect(listOf(b)).toEqual({ Key: null, Users: [] });

      b.socket.emit('Route', { Path: `/job/view/${job.id}/logg`, Query: '' });
      await until(() => saidOf(a, 'sharedroute').length === 3, 'the second arrival');
      b.socket.disconnect();
      await until(() => saidOf(a, 'sharedroute').length === 4, 'the departure on disconnect');
      expect(saidOf(a, 'sharedroute')[3]).toMatchObject({ Action: 'Left', UserId: tech.user.id });
    });

    it("never shows a person to another company's user", async () => {
      const own = await createCustomer(t.db);
      const other = await createCustomer(t.db);
      const job = await createJob(t.db, { customerId: own.id });
      const manager = await signedIn(4, { customerId: own.id });
      const stranger = await signedIn(6, { customerId: other.id });
      const path = { Path: `/job/view/${job.id}/general`, Query: '' };
      const m = await connect({ token: manager.token });
      m.socket.emit('Route', path);
      await until(() => listOf(m), "the manager's list");
      const staff = await connect({ token: admin.token });
      staff.socket.emit('Route', path);
      await until(() => listOf(staff), "the Admin's list");
      // Staff see the customer's manager; the manager does not see the staff.
      expect(listOf(staff)?.Users.map((u) => u.UserId)).toEqual([manager.user.id]);
      const s = await connect({ token: stranger.token });
      s.socket.emit('Route', path);
      await until(() => listOf(s), "the stranger's list");
      expect(listOf(s)).toEqual({ Key: `job:${job.id}`, Users: [] });
      // Across the cluster adapter a loaded CI machine took over 5 s once; say what had arrived if not.
      await until(
        () => saidOf(staff, 'sharedroute').length === 1,
        () => `the Admin told of the stranger (had ${JSON.stringify(saidOf(staff, 'sharedroute'))})`,
        15_000,
      );
      expect(saidOf(staff, 'sharedroute')[0]).toMatchObject({ Action: 'Joined', UserId: stranger.user.id });
      await until(() => false, 'a moment for stray announcements', 150).catch(() => {});
      expect(saidOf(m, 'sharedroute')).toEqual([]);
      expect(listOf(m)).toEqual({ Key: `job:${job.id}`, Users: [] });
    });

    it('shows the dispatchers on one planner day to each other, never to a customer user on that route', async () => {
      const tech = await signedIn(2);
      const manager = await signedIn(4, { customerId: (await createCustomer(t.db)).id });
      const route = { Path: '/planner', Query: '?date=2031-05-06' };
      const a = await connect({ token: admin.token });
      a.socket.emit('Route', route);
      await until(() => listOf(a), "the Admin's list");
      expect(listOf(a)).toEqual({ Key: 'planner:2031-05-06', Users: [] });
      const b = await connect({ token: tech.token });
      b.socket.emit('Route', route);
      await until(() => listOf(b), "the technician's list");
      expect(listOf(b)?.Users.map((u) => u.UserId)).toEqual([admin.user.id]);
      await until(() => saidOf(a, 'sharedroute').length === 1, 'the arrival');
      const m = await connect({ token: manager.token });
      m.socket.emit('Route', route);
      await until(() => listOf(m), "the manager's list");
      expect(listOf(m)).toEqual({ Key: 'planner:2031-05-06', Users: [] });
      // Another day of the planner is another record.
      b.socket.emit('Route', { Path: '/planner', Query: '?date=2031-05-07' });
      await until(
        () => saidOf(a, 'sharedroute').some((c) => (c as { Action: string }).Action === 'Left'),
        'the departure',
      );
      await until(() => false, 'a moment for stray announcements', 150).catch(() => {});
      expect(saidOf(m, 'sharedroute')).toEqual([]);
    });

    it('ignores a Route with junk and echoes nothing of it to others', async () => {
      const job = await createJob(t.db);
      const a = await connect({ token: admin.token });
      a.socket.emit('Route', { Path: `/job/view/${job.id}`, Query: '' });
      await until(() => listOf(a), 'the list');
      const tech = await signedIn(2);
      const b = await connect({ token: tech.token });
      for (const junk of [
        null,
        'x',
        { Path: 12 },
        { Path: `/job/view/${job.id}`, Query: 5 },
        { Path: 'a'.repeat(5_000) },
      ])
        b.socket.emit('Route', junk);
      b.socket.emit('Route', { Path: `/job/view/${job.id}<script>`, Query: '' });
      await until(() => saidOf(b, 'sharedroutelist').length === 1, 'the one valid route');
      // '<script>' after the id is not part of the key: nothing of the path is ever sent on.
      expect(listOf(b)?.Key).toBe(null);
      await until(() => false, 'a moment for stray announcements', 150).catch(() => {});
      expect(saidOf(a, 'sharedroute')).toEqual([]);
    });
  });
});

describe.each(engines)('live-event sockets and token expiry on %s', (engine) => {
  it('tells a socket its token expired when it does, closes it, and lets the renewed token back in', async () => {
    const clock = testClock();
    const t = await startTestApp(engine, { clock });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const user = await createUser(t.db, { userTypeId: 1 });
      const tokens = await tokensOf(t.app, user.email);
      // The token has one to two seconds left when the socket opens (its times are whole seconds).
      clock.advance(15 * 60_000 - 2_000);
      const socket = io(url, {
        path: LIVE_EVENTS_PATH,
        auth: { token: tokens.access_token },
        transports: ['websocket'],
        reconnection: false,
      });
      const error = new Promise<unknown>((r) => socket.on('error', r));
      const closed = new Promise<string>((r) => socket.on('disconnect', r));
      expect(await error).toEqual({
        Code: 'token_expired',
        Message: 'Your sign-in has expired; it is renewed now.',
      });
      expect(await closed).toBe('io server disconnect');
      socket.close();
      const renewed = await t.app.inject({
        method: 'POST',
        url: '/api2/token/refresh',
        headers: { authorization: `Bearer ${tokens.refresh_token}` },
      });
      expect(renewed.statusCode, renewed.body).toBe(200);
      const again = io(url, {
        path: LIVE_EVENTS_PATH,
        auth: { token: renewed.json().access_token },
        transports: ['websocket'],
        reconnection: false,
      });
      await new Promise((r) => again.on('sync', r));
      again.close();
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!engines.includes('postgres'))(
  'live events across two server processes on one PostgreSQL',
  () => {
    it('delivers a change, presence and a logout made on one server to the clients of the other', async () => {
      const one = await startTestApp('postgres');
      const two = await startTestApp('postgres', { databaseUrl: one.databaseUrl! });
      const sockets: Socket[] = [];
      try {
        await allLicences(one.app);
        const urls: string[] = [];
        for (const s of [one, two]) {
          await s.app.listen({ port: 0, host: '127.0.0.1' });
          urls.push(`http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`);
        }
        const open = async (url: string, token: string) => {
          const socket = io(url, {
            path: LIVE_EVENTS_PATH,
            auth: { token },
            transports: ['websocket'],
            reconnection: false,
            forceNew: true,
          });
          sockets.push(socket);
          const got: { event: string; data: unknown }[] = [];
          socket.onAny((event: string, data: unknown) => got.push({ event, data }));
          await new Promise((r) => socket.on('sync', r));
          return { socket, got };
        };
        const adminUser = await createUser(one.db, { userTypeId: 1 });
        const techUser = await createUser(one.db, { userTypeId: 2 });
        const adminTokens = await tokensOf(one.app, adminUser.email);
        const techTokens = await tokensOf(two.app, techUser.email);
        const a = await open(urls[0]!, adminTokens.access_token);
        const b = await open(urls[1]!, techTokens.access_token);

        const c = await createCustomer(one.db);
        const res = await apiAs(one.app, adminTokens.access_token).patch(`customer/${c.id}`, {
          Name: 'Across AS',
        });
        expect(res.statusCode, res.body).toBe(200);
        await until(
          () => b.got.find((g) => g.event === 'customer'),
          'the change on the other server',
          10_000,
        );
        expect(b.got.find((g) => g.event === 'customer')?.data).toMatchObject({
          EntityId: String(c.id),
          ChangeType: 'Change',
        });
        // Each server sends each event once, to its own clients.
        await until(() => false, 'a moment for doubles', 300).catch(() => {});
        expect(a.got.filter((g) => g.event === 'customer')).toHaveLength(1);
        expect(b.got.filter((g) => g.event === 'customer')).toHaveLength(1);

        const job = await createJob(one.db);
        a.socket.emit('Route', { Path: `/job/view/${job.id}`, Query: '' });
        await until(() => a.got.find((g) => g.event === 'sharedroutelist'), 'the first list', 10_000);
        b.socket.emit('Route', { Path: `/job/view/${job.id}`, Query: '' });
        const list = await until(
          () => b.got.find((g) => g.event === 'sharedroutelist'),
          'the list across servers',
          10_000,
        );
        expect((list.data as LivePresenceList).Users.map((u) => u.UserId)).toEqual([adminUser.id]);
        await until(() => a.got.find((g) => g.event === 'sharedroute'), 'the arrival across servers', 10_000);

        const closed = new Promise<string>((r) => b.socket.on('disconnect', r));
        const out = await one.app.inject({
          method: 'POST',
          url: '/api2/token/revoke',
          headers: { authorization: `Bearer ${techTokens.refresh_token}` },
        });
        expect(out.statusCode).toBe(200);
        expect(await closed).toBe('io server disconnect');
      } finally {
        for (const s of sockets) s.close();
        await two.close();
        await one.close();
      }
    });
  },
);

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
