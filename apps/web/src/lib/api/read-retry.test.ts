// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callApi } from './client.ts';
import { readRetryDelay, retryRead } from './read-retry.ts';
import { json, mockFetch } from './test-fetch.ts';
import { setTokens } from './token-store.ts';

const account = { Id: 1, Name: 'Ada', EmailAdress: 'ada@demo.test', Phone: '', Uiculture: 'en' };
const busy = (seconds: string) =>
  new Response(JSON.stringify({ Message: 'The server is busy. Try again in a moment.' }), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': seconds },
  });

/** A read through the signed-in app's retry policy, as its query cache runs it. */
function read() {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: retryRead, retryDelay: readRetryDelay } },
  });
  return client.fetchQuery({
    queryKey: ['myAccount'],
    queryFn: () => callApi('myAccount', undefined, { silent: true }),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('reads under load', () => {
  it('a read answered 503 while the server is busy is tried again after its Retry-After, and gets its answer', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    let n = 0;
    const { calls } = mockFetch(() => (++n < 3 ? busy('0') : json(200, account)));
    await expect(read()).resolves.toMatchObject({ Name: 'Ada' });
    expect(calls).toHaveLength(3);
  });

  it('a read still busy after three more tries fails with the server’s message', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const { calls } = mockFetch(() => busy('0'));
    await expect(read()).rejects.toMatchObject({
      status: 503,
      message: 'The server is busy. Try again in a moment.',
    });
    expect(calls).toHaveLength(4);
  });

  it('a refused read (4xx) is not repeated: its answer would be the same', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const { calls } = mockFetch(() => json(404, { Message: 'Not found.' }));
    await expect(read()).rejects.toMatchObject({ status: 404 });
    expect(calls).toHaveLength(1);
  });

  it('waits what the server asks, at most ten seconds, and otherwise 1, 2, 4 seconds', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    mockFetch(() => busy('2'));
    const err = await callApi('myAccount', undefined, { silent: true }).catch((e: unknown) => e);
    expect(readRetryDelay(0, err)).toBe(2000);
    mockFetch(() => busy('120'));
    const long = await callApi('myAccount', undefined, { silent: true }).catch((e: unknown) => e);
    expect(readRetryDelay(0, long)).toBe(10_000);
    expect([0, 1, 2].map((n) => readRetryDelay(n, new Error('other')))).toEqual([1000, 2000, 4000]);
  });
});
