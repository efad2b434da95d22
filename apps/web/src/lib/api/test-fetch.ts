import { vi } from 'vitest';

/** Test support: a scripted fetch for unit tests of the client and of pages that call it. */
export interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export const json = (status: number, body: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

type Handler = (call: Call, signal: AbortSignal | undefined) => Response | Promise<Response>;

/** Replaces global fetch with a handler; returns the list of calls made. */
export function mockFetch(handler: Handler): { calls: Call[]; fn: ReturnType<typeof vi.fn> } {
  const calls: Call[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body,
    };
    calls.push(call);
    return handler(call, init?.signal ?? undefined);
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

/** A response that never comes; rejects like fetch does when the signal aborts. */
export function hang(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_, reject) => {
    signal?.addEventListener(
      'abort',
      () => reject(signal.reason ?? new DOMException('Aborted', 'AbortError')),
      {
        once: true,
      },
    );
  });
}
