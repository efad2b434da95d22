// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithFeedback } from '../../components/feedback/test-utils.tsx';
import { ApiError, callApi, setConnectionId } from './client.ts';
import { type Notice, subscribeNotices } from './notices.ts';
import { hang, json, mockFetch } from './test-fetch.ts';
import { getTokens, setTokens } from './token-store.ts';

const USER_INFO = '/api2/ServiceProvider/userinfo';
const MY_ACCOUNT = '/api2/ServiceProvider/User/MyAccount/';
const REFRESH = '/api2/token/refresh';
const account = { Id: 1, Name: 'Ada', EmailAdress: 'ada@demo.test', Phone: '', Uiculture: 'en' };
const bearerOf = (h: Headers) => h.get('Authorization')?.replace('Bearer ', '');

let notices: Notice[] = [];
let unsubscribe: () => void = () => {};

beforeEach(() => {
  localStorage.clear();
  notices = [];
  unsubscribe = subscribeNotices((n) => notices.push(n));
});
afterEach(() => {
  unsubscribe();
  cleanup();
  vi.unstubAllGlobals();
  setConnectionId(null);
});

describe('callApi', () => {
  it('sends the access token, the stored language and the connection id', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    localStorage.setItem('lang', 'sv');
    setConnectionId('conn-7');
    const { calls } = mockFetch(() => json(200, account));
    await callApi('myAccount');
    expect(bearerOf(calls[0]!.headers)).toBe('A1');
    expect(calls[0]!.headers.get('Accept-Language')).toBe('sv');
    expect(calls[0]!.headers.get('X-Connection-Id')).toBe('conn-7');
  });

  it('signs in with Basic credentials and a form body', async () => {
    const { calls } = mockFetch(() =>
      json(200, { access_token: 'A', refresh_token: 'R', token_type: 'Bearer', expires_in: 900 }),
    );
    await callApi(
      'token',
      { body: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' } },
      { basic: { username: 'ada@demo.test', password: 'Pässword!1' } },
    );
    const call = calls[0]!;
    expect(call.url).toBe('/api2/token');
    expect(call.headers.get('Authorization')).toBe(
      `Basic ${Buffer.from('ada@demo.test:Pässword!1').toString('base64')}`,
    );
    expect(String(call.body)).toBe('grant_type=client_credentials&scope=ServiceProvider.Administrator');
  });

  it('shares identical concurrent GETs: one network request', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { fn } = mockFetch(async () => {
      await gate;
      return json(200, account);
    });
    const a = callApi('myAccount');
    const b = callApi('myAccount');
    release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(ra.Name).toBe('Ada');
    expect(rb.Name).toBe('Ada');
    // Once settled, the next call goes to the network again.
    await callApi('myAccount');
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('on 401 refreshes once and repeats the call with the new token', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    const { calls } = mockFetch((call) => {
      if (call.url === REFRESH)
        return json(200, { access_token: 'new', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900 });
      return bearerOf(call.headers) === 'new'
        ? json(200, account)
        : json(401, { Message: 'Please sign in.' });
    });
    const result = await callApi('myAccount');
    expect(result.Name).toBe('Ada');
    expect(calls.map((c) => c.url)).toEqual([MY_ACCOUNT, REFRESH, MY_ACCOUNT]);
    expect(bearerOf(calls[1]!.headers)).toBe('R1');
    expect(getTokens()).toEqual({ accessToken: 'new', refreshToken: 'R2' });
    expect(notices).toEqual([]);
  });

  it('concurrent 401s share one refresh', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    // The two requests (the two myAccount calls share one) are refused together once both are sent,
    // and the refresh is answered a turn later, when the client has read each 401: each meets the one
    // refresh under way.
    let sent = 0;
    let allSent: () => void = () => {};
    const sentAll = new Promise<void>((r) => {
      allSent = r;
    });
    const readAll = sentAll.then(() => new Promise((r) => setTimeout(r, 0)));
    const { calls } = mockFetch(async (call) => {
      if (call.url === REFRESH) {
        await readAll;
        return json(200, { access_token: 'new', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900 });
      }
      if (bearerOf(call.headers) !== 'new') {
        if (++sent === 2) allSent();
        await sentAll;
        return json(401, { Message: 'Please sign in.' });
      }
      return call.url === USER_INFO ? json(200, { UserInfo: { Id: 1 } }) : json(200, account);
    });
    await Promise.all([
      callApi('myAccount'),
      callApi('userInfo'),
      callApi('myAccount', undefined, { silent: true }),
    ]);
    expect(calls.filter((c) => c.url === REFRESH)).toHaveLength(1);
    expect(calls.filter((c) => c.url !== REFRESH && bearerOf(c.headers) === 'new')).toHaveLength(2);
  });

  it('a second 401 signs out', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    mockFetch((call) =>
      call.url === REFRESH
        ? json(200, { access_token: 'new', refresh_token: 'R2', token_type: 'Bearer', expires_in: 900 })
        : json(401, { Message: 'Your session has ended. Please sign in again.' }),
    );
    const err = await callApi('myAccount').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(401);
    expect(getTokens()).toBeNull();
  });

  it('a refused refresh signs out without repeating the call', async () => {
    setTokens({ accessToken: 'old', refreshToken: 'R1' });
    const { calls } = mockFetch((call) =>
      json(401, {
        Message: call.url === REFRESH ? 'Your session has ended. Please sign in again.' : 'Please sign in.',
      }),
    );
    await expect(callApi('myAccount')).rejects.toBeInstanceOf(ApiError);
    expect(calls.map((c) => c.url)).toEqual([MY_ACCOUNT, REFRESH]);
    expect(getTokens()).toBeNull();
  });

  it('a cancelled request passes through silently: no snackbar', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    mockFetch((_, signal) => hang(signal));
    const ctrl = new AbortController();
    const pending = callApi('myAccount', undefined, { signal: ctrl.signal });
    ctrl.abort();
    const err = await pending.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    // A failure's snackbar is sent before the call rejects: none was.
    expect(notices).toEqual([]);
  });

  it('one caller cancelling a shared GET leaves the other one its answer', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const { fn } = mockFetch(async () => {
      await gate;
      return json(200, account);
    });
    const ctrl = new AbortController();
    const cancelled = callApi('myAccount', undefined, { signal: ctrl.signal });
    const kept = callApi('myAccount');
    ctrl.abort();
    release();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    await expect(kept).resolves.toMatchObject({ Name: 'Ada' });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('a 500 without a message shows "Internal server error" with the address (002 §8)', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    unsubscribe();
    renderWithFeedback(null);
    mockFetch(() => new Response('', { status: 500 }));
    await expect(callApi('myAccount')).rejects.toMatchObject({ status: 500 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Internal server error');
    expect(alert.textContent).toContain(MY_ACCOUNT);
    expect(alert.className).toContain('MuiAlert-colorError');
  });

  it('a creation that fails without the server\'s word says "Failed to create customer" (001 §8); with it, the word', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    unsubscribe();
    renderWithFeedback(null);
    mockFetch(() => new Response('', { status: 500 }));
    const body = { Name: 'Fjellheim Industri AS' } as never;
    await expect(callApi('customerCreate', { body })).rejects.toMatchObject({ status: 500 });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to create customer');
    expect(alert.textContent).not.toContain('Internal server error');
    cleanup();

    renderWithFeedback(null);
    mockFetch(() => json(400, { Message: 'The customer number is already in use.' }));
    await expect(callApi('customerCreate', { body })).rejects.toMatchObject({ status: 400 });
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('The customer number is already in use.');
    expect(refused.textContent).not.toContain('Failed to create');
  });

  it("another failure shows the server's Message in the warning colour, and is rethrown", async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    unsubscribe();
    renderWithFeedback(null);
    mockFetch(() =>
      json(400, {
        Message: 'Some fields are not valid.',
        Errors: [{ Field: 'Name', Message: 'Max 100 characters.' }],
      }),
    );
    const err = await callApi('changeMyAccount', { body: { Name: 'x'.repeat(101) } }).catch(
      (e: unknown) => e,
    );
    expect((err as ApiError).body?.Message).toBe('Some fields are not valid.');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Some fields are not valid.');
    expect(alert.textContent).toContain('Name: Max 100 characters.');
    expect(alert.className).toContain('MuiAlert-colorWarning');
  });

  it("a failure without data shows 'Exception in {method}'", async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    unsubscribe();
    renderWithFeedback(null);
    mockFetch(() => new Response(null, { status: 404 }));
    await expect(callApi('myAccount')).rejects.toBeInstanceOf(ApiError);
    expect((await screen.findByRole('alert')).textContent).toContain('Exception in GET');
  });

  it('success notices are opt-in and follow the method: PATCH says Saved', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    mockFetch(() => json(200, account));
    await callApi('changeMyAccount', { body: { Name: 'Ada' } });
    expect(notices).toEqual([]);
    await callApi('changeMyAccount', { body: { Name: 'Ada' } }, { notify: true });
    expect(notices).toEqual([{ textKey: 'saved', severity: 'success', durationMs: 3000 }]);
  });

  it('answers binary routes with a Blob', async () => {
    mockFetch(() => new Response('<svg/>', { status: 200, headers: { 'content-type': 'image/svg+xml' } }));
    const logo = await callApi('logo');
    expect(logo).toBeInstanceOf(Blob);
    expect(await logo.text()).toBe('<svg/>');
  });

  it('times out after the request timeout and says so', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    mockFetch((_, signal) => hang(signal));
    const err = await callApi('myAccount', undefined, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('timeout');
    await act(async () => {});
    expect(notices[0]?.textKey).toBe('request_timeout');
  });
});

describe('token store', () => {
  it('a sign-out in another tab reaches this one', async () => {
    const { subscribeTokens } = await import('./token-store.ts');
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const seen: unknown[] = [];
    const stop = subscribeTokens((t, source) => seen.push([t, source]));
    localStorage.removeItem('fp.tokens');
    window.dispatchEvent(new StorageEvent('storage', { key: 'fp.tokens', oldValue: '{}', newValue: null }));
    stop();
    await waitFor(() => expect(seen).toEqual([[null, 'remote']]));
  });
});

describe('callApi when the later calls cannot be loaded (offline, not precached: decision 077)', () => {
  afterEach(() => {
    vi.doUnmock('@fieldport/contract/manifest-later');
    vi.resetModules();
  });

  it('a creation says "Failed to create customer" and leaves the unknown method blank rather than GET', async () => {
    vi.resetModules();
    vi.doMock('@fieldport/contract/manifest-later', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const fresh = await import('./client.ts');
    const seen: Notice[] = [];
    const stop = (await import('./notices.ts')).subscribeNotices((n) => seen.push(n));
    const { calls } = mockFetch(() => json(200, {}));
    const failed = await fresh
      .callApi('customerCreate', { body: { Name: 'Fjellheim Industri AS' } as never })
      .catch((e: unknown) => e);
    stop();
    expect(failed).toMatchObject({ kind: 'network', method: '', url: 'customerCreate' });
    expect(seen).toEqual([
      expect.objectContaining({
        textKey: 'failed_to_create.customer',
        ticket: expect.objectContaining({ Route: 'customerCreate', Method: '' }),
      }),
    ]);
    expect(calls).toHaveLength(0);
  });
});
