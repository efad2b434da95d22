// @vitest-environment jsdom
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';
import { getTokens, setTokens } from '../../lib/api/token-store.ts';
import { onLiveChange } from '../../lib/live-changes.ts';
import { getLiveState, setLiveState } from '../../lib/live-state.ts';
import { clearPresence, getPresence } from '../../lib/presence.ts';

/** A stand-in for socket.io-client's socket: the test plays the server's side. */
class FakeSocket {
  connected = false;
  connects = 0;
  handshakes: Record<string, unknown>[] = [];
  emitted: [string, unknown][] = [];
  private handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  private any: ((name: string, data: unknown) => void)[] = [];
  private readonly auth: (cb: (d: Record<string, unknown>) => void) => void;
  constructor(auth: (cb: (d: Record<string, unknown>) => void) => void) {
    this.auth = auth;
  }
  on(name: string, fn: (...a: unknown[]) => void) {
    this.handlers.set(name, [...(this.handlers.get(name) ?? []), fn]);
    return this;
  }
  onAny(fn: (name: string, data: unknown) => void) {
    this.any.push(fn);
    return this;
  }
  emit(name: string, data: unknown) {
    this.emitted.push([name, data]);
    return this;
  }
  connect() {
    this.connects++;
    this.auth((d) => this.handshakes.push(d));
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    this.any = [];
    return this;
  }
  /** The server's side. */
  fire(name: string, ...args: unknown[]) {
    if (name === 'connect') this.connected = true;
    if (name === 'disconnect') this.connected = false;
    for (const fn of this.handlers.get(name) ?? []) fn(...args);
    if (!['connect', 'disconnect', 'connect_error'].includes(name))
      for (const fn of this.any) fn(name, args[0]);
  }
}

let socket: FakeSocket;
vi.mock('socket.io-client', () => ({
  io: (opts: { auth: (cb: (d: Record<string, unknown>) => void) => void }) => {
    socket = new FakeSocket(opts.auth);
    return socket;
  },
}));

const { startLiveClient } = await import('./live-client.ts');

function start(userId = 7, since?: number) {
  const queryClient = new QueryClient();
  const reload = vi.fn();
  const onSettingsChanged = vi.fn();
  const onTasksChanged = vi.fn();
  const client = startLiveClient({
    queryClient,
    userId,
    since,
    route: () => ({ Path: '/customer/list', Query: '?CL-filter-keyword=Fjord' }),
    onSettingsChanged,
    onTasksChanged,
    reload,
  });
  return { client, queryClient, reload, onSettingsChanged, onTasksChanged };
}

beforeEach(() => {
  vi.useFakeTimers();
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearPresence();
  setTokens(null);
  setLiveState({ connection: 'off', shutdownMessage: null });
});

describe('the live-event client', () => {
  it('connects with the access token, reports its route and shows Connected', () => {
    start();
    expect(socket.handshakes).toEqual([{ token: 'access-1' }]);
    expect(getLiveState().connection).toBe('connecting');
    socket.fire('connect');
    expect(getLiveState().connection).toBe('connected');
    expect(socket.emitted).toEqual([
      ['Route', { Path: '/customer/list', Query: '?CL-filter-keyword=Fjord' }],
    ]);
  });

  it("asks on its first connection for what came after the user info's sequence, so nothing made while the page loaded is missed", () => {
    start(7, 35);
    expect(socket.handshakes).toEqual([{ token: 'access-1', since: 35 }]);
  });

  it('reconnects every 3 s for 2 minutes, then every 60 s, handing on the last sequence it saw', () => {
    start();
    socket.fire('connect');
    socket.fire('sync', { Sequence: 40, Reload: false });
    socket.fire('customer', { Sequence: 41, Entity: 'customer', EntityId: '5', ChangeType: 'Change' });
    socket.fire('disconnect', 'transport close');
    expect(getLiveState().connection).toBe('disconnected');
    vi.advanceTimersByTime(2_999);
    expect(socket.connects).toBe(1);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(2);
    expect(socket.handshakes.at(-1)).toEqual({ token: 'access-1', since: 41 });
    // The server stays away: 3 s apart until 2 minutes have passed, then 60 s apart.
    for (let t = 3_000; t < 120_000; t += 3_000) {
      socket.fire('connect_error', new Error('xhr poll error'));
      vi.advanceTimersByTime(3_000);
    }
    const before = socket.connects;
    socket.fire('connect_error', new Error('xhr poll error'));
    vi.advanceTimersByTime(59_999);
    expect(socket.connects).toBe(before);
    vi.advanceTimersByTime(1);
    expect(socket.connects).toBe(before + 1);
  });

  it('makes the matching cached queries stale on a change event', () => {
    const { queryClient } = start();
    queryClient.setQueryData(['customers', 'detail', 5], { Name: 'Old' });
    queryClient.setQueryData(['machines', 'detail', 3], { Name: 'Pump' });
    socket.fire('connect');
    socket.fire('customer', { Sequence: 1, Entity: 'customer', EntityId: '5', ChangeType: 'Change' });
    expect(queryClient.getQueryState(['customers', 'detail', 5])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['machines', 'detail', 3])?.isInvalidated).toBe(false);
  });

  it("leaves a shown planner's range to the planner's own merge, hands it the event, and reads the job panel after 700 ms and the markers after 500 ms", () => {
    const { queryClient } = start();
    const shown = ['planner', 'range', '2026-03-02', '2026-03-02'];
    const unshown = ['planner', 'range', '2026-02-23', '2026-03-01'];
    const markers = ['planner', 'map', 'nearby', null, [20]];
    const jobPanel = ['planner', 'jobs', 'list'];
    for (const key of [shown, unshown, markers, jobPanel]) queryClient.setQueryData(key, { events: [] });
    // The planner on show observes its range (as useQuery does).
    const observer = new QueryObserver(queryClient, { queryKey: shown, enabled: false });
    const stop = observer.subscribe(() => {});
    const heard: unknown[] = [];
    const unlisten = onLiveChange((e) => heard.push(e.EntityId));
    socket.fire('connect');
    socket.fire('job', { Sequence: 1, Entity: 'job', EntityId: '12', ChangeType: 'Change', JobId: 12 });
    socket.fire('appointment', {
      Sequence: 2,
      Entity: 'appointment',
      EntityId: '4',
      ChangeType: 'New',
      JobId: 12,
    });
    const stale = (key: unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(heard).toEqual(['12', '4']);
    expect(stale(shown)).toBe(false);
    expect(stale(unshown)).toBe(true);
    expect([stale(markers), stale(jobPanel)]).toEqual([false, false]);
    vi.advanceTimersByTime(499);
    expect(stale(markers)).toBe(false);
    vi.advanceTimersByTime(1);
    expect([stale(markers), stale(jobPanel)]).toEqual([true, false]);
    vi.advanceTimersByTime(200);
    expect(stale(jobPanel)).toBe(true);
    expect(stale(shown)).toBe(false);
    stop();
    unlisten();
  });

  it('shows the shutdown message and reloads the page when the server is back', () => {
    const { reload } = start();
    socket.fire('connect');
    socket.fire('shutdown', { Message: 'The server is stopping for maintenance.' });
    socket.fire('disconnect', 'io server disconnect');
    expect(getLiveState().shutdownMessage).toBe('The server is stopping for maintenance.');
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(3_000);
    socket.fire('connect');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads on refresh-clients for everyone or a list with this user, not for a list without', () => {
    const { reload } = start(7);
    socket.fire('connect');
    socket.fire('refresh-clients', { UserIds: [8, 9] });
    expect(reload).not.toHaveBeenCalled();
    socket.fire('refresh-clients', { UserIds: [7] });
    expect(reload).toHaveBeenCalledTimes(1);
    socket.fire('refresh-clients', { UserIds: null });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('applies what a reconnecting client missed (eventual-data) in order, like live events, then hands on its last sequence', () => {
    const { queryClient, onTasksChanged } = start();
    queryClient.setQueryData(['customers', 'detail', 5], { Name: 'Old' });
    queryClient.setQueryData(['jobs', 'job', 12], { DisplayName: 'Old' });
    queryClient.setQueryData(['machines', 'detail', 3], { Name: 'Pump' });
    socket.fire('connect');
    socket.fire('sync', { Sequence: 40, Reload: false });
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(3_000);
    expect(socket.handshakes.at(-1)).toEqual({ token: 'access-1', since: 40 });
    const order: unknown[] = [];
    const invalidate = queryClient.invalidateQueries.bind(queryClient);
    vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((f, o) => {
      order.push(f?.queryKey);
      return invalidate(f, o);
    });
    socket.fire('connect');
    socket.fire('eventual-data', {
      Events: [
        { Sequence: 41, Entity: 'customer', EntityId: '5', ChangeType: 'Change' },
        { Sequence: 42, Entity: 'job', EntityId: '12', ChangeType: 'Change', jobId: 12 },
        { Sequence: 43, Entity: 'task', EntityId: '2', ChangeType: 'Change' },
      ],
    });
    socket.fire('sync', { Sequence: 43, Reload: false });
    expect(queryClient.getQueryState(['customers', 'detail', 5])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['jobs', 'job', 12])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['machines', 'detail', 3])?.isInvalidated).toBe(false);
    expect(onTasksChanged).toHaveBeenCalledOnce();
    expect(order.indexOf(order.find((k) => JSON.stringify(k) === '["customers"]'))).toBeLessThan(
      order.findIndex((k) => JSON.stringify(k) === '["jobs","job",12]'),
    );
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(3_000);
    expect(socket.handshakes.at(-1)).toEqual({ token: 'access-1', since: 43 });
  });

  it('an eventual-data without sync still advances the last sequence', () => {
    start();
    socket.fire('connect');
    socket.fire('eventual-data', {
      Events: [{ Sequence: 77, Entity: 'machine', EntityId: '3', ChangeType: 'Delete' }],
    });
    socket.fire('disconnect', 'transport close');
    vi.advanceTimersByTime(3_000);
    expect(socket.handshakes.at(-1)).toEqual({ token: 'access-1', since: 77 });
  });

  it('config reads the user info again once and makes the lookups stale', () => {
    const { queryClient, onSettingsChanged } = start();
    queryClient.setQueryData(['admin', 'lookups', 'jobCategory'], []);
    queryClient.setQueryData(['admin', 'job-statuses'], []);
    queryClient.setQueryData(['customers', 'detail', 5], { Name: 'Fjord' });
    socket.fire('connect');
    socket.fire('settings', { Sequence: 9, Entity: 'settings', EntityId: 'global', ChangeType: 'Change' });
    socket.fire('config', { Sequence: 9 });
    expect(queryClient.getQueryState(['admin', 'lookups', 'jobCategory'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['admin', 'job-statuses'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['customers', 'detail', 5])?.isInvalidated).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(onSettingsChanged).toHaveBeenCalledOnce();
  });

  it('token_expired renews the token once and reconnects at once with the last sequence', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api2/token/refresh'
        ? json(200, {
            access_token: 'access-2',
            refresh_token: 'refresh-2',
            token_type: 'Bearer',
            expires_in: 900,
          })
        : json(404, {}),
    );
    start();
    socket.fire('connect');
    socket.fire('sync', { Sequence: 50, Reload: false });
    socket.fire('error', { Code: 'token_expired', Message: 'Please sign in.' });
    socket.fire('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.url)).toEqual(['/api2/token/refresh']);
    expect(socket.connects).toBe(2);
    expect(socket.handshakes.at(-1)).toEqual({ token: 'access-2', since: 50 });
    socket.fire('connect');
    expect(getLiveState().connection).toBe('connected');
    expect(getTokens()?.accessToken).toBe('access-2');

    // The renewed token refused as well: a second failure signs the page out.
    socket.fire('error', { Code: 'token_expired', Message: 'Your session has ended.' });
    socket.fire('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(getTokens()).toBeNull();
    expect(getLiveState().connection).toBe('off');
    expect(socket.connects).toBe(2);
    expect(calls).toHaveLength(1);
  });

  it('token_expired with a refused refresh signs the page out', async () => {
    mockFetch(() => json(401, { Message: 'Your session has ended. Please sign in again.' }));
    start();
    socket.fire('connect');
    socket.fire('error', { Code: 'token_expired', Message: 'Please sign in.' });
    socket.fire('disconnect', 'io server disconnect');
    await vi.advanceTimersByTimeAsync(0);
    expect(getTokens()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(1);
    expect(getLiveState().connection).toBe('off');
  });

  it('session_ended signs the page out at once, without a refresh, and stops reconnecting', async () => {
    const { calls } = mockFetch(() => json(500, {}));
    start();
    socket.fire('connect');
    socket.fire('error', { Code: 'session_ended', Message: 'Your session has ended.' });
    socket.fire('disconnect', 'io server disconnect');
    expect(getTokens()).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(0);
    expect(socket.connects).toBe(1);
    expect(getLiveState().connection).toBe('off');
  });

  it('keeps who else is on the record: the list, arrivals and departures of its key, cleared on disconnect', () => {
    start();
    socket.fire('connect');
    const kari = { ConnectionId: 'c1', UserId: 3, Name: 'Kari Nordmann', UserTypeId: 1 };
    const ola = { ConnectionId: 'c2', UserId: 4, Name: 'Ola Hansen', UserTypeId: 2 };
    socket.fire('sharedroutelist', { Key: 'job:12', Users: [kari] });
    expect(getPresence()).toEqual({ key: 'job:12', others: [kari] });
    socket.fire('sharedroute', { Key: 'job:12', Action: 'Joined', ...ola });
    socket.fire('sharedroute', { Key: 'job:13', Action: 'Joined', ...ola, ConnectionId: 'c9' });
    expect(getPresence().others.map((p) => p.Name)).toEqual(['Kari Nordmann', 'Ola Hansen']);
    socket.fire('sharedroute', { Key: 'job:12', Action: 'Left', ...kari });
    expect(getPresence().others).toEqual([ola]);
    // A new route's list replaces the whole list.
    socket.fire('sharedroutelist', { Key: 'customer:3', Users: [] });
    expect(getPresence()).toEqual({ key: 'customer:3', others: [] });
    socket.fire('sharedroutelist', { Key: 'job:12', Users: [kari, ola] });
    socket.fire('disconnect', 'transport close');
    expect(getPresence()).toEqual({ key: null, others: [] });
  });
});
