// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../lib/api/token-store.ts';
import { getLiveState, setLiveState } from '../../lib/live-state.ts';

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

function start(userId = 7) {
  const queryClient = new QueryClient();
  const reload = vi.fn();
  const client = startLiveClient({
    queryClient,
    userId,
    route: () => ({ Path: '/customer/list', Query: '?CL-filter-keyword=Fjord' }),
    onSettingsChanged: vi.fn(),
    onTasksChanged: vi.fn(),
    reload,
  });
  return { client, queryClient, reload };
}

beforeEach(() => {
  vi.useFakeTimers();
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});
afterEach(() => {
  vi.useRealTimers();
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
});
