// @vitest-environment jsdom
import { JOB_STATUS_REFRESH_MS, LOOKUP_REFRESH_MS } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, json, mockFetch } from '../../lib/api/test-fetch.ts';
import { setTokens } from '../../lib/api/token-store.ts';
import { useJobStatuses, useLookups } from './api/admin.ts';

let calls: Call[] = [];
let failing = false;

beforeEach(() => {
  vi.useFakeTimers();
  setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  failing = false;
  calls = mockFetch(() => (failing ? json(503, { Message: 'Down for a moment.' }) : json(200, []))).calls;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setTokens(null);
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const reads = (part: string) => calls.filter((c) => c.url.toLowerCase().includes(part)).length;

describe('background refresh of the lookups (000 §9)', () => {
  it('reads the job status map again every 60 s and job categories every 300 s', async () => {
    expect(JOB_STATUS_REFRESH_MS).toBe(60_000);
    expect(LOOKUP_REFRESH_MS).toBe(300_000);
    renderHook(
      () => {
        useJobStatuses();
        useLookups('jobCategory');
      },
      { wrapper },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(reads('jobstatus')).toBe(1);
    expect(reads('jobcategor')).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads('jobstatus')).toBe(2);
    expect(reads('jobcategor')).toBe(1);
    await vi.advanceTimersByTimeAsync(240_000);
    expect(reads('jobstatus')).toBe(6);
    expect(reads('jobcategor')).toBe(2);
  });

  it('a failed background read stops that refresher (000 §8)', async () => {
    renderHook(() => useLookups('warrantyType'), { wrapper });
    await vi.advanceTimersByTimeAsync(0);
    failing = true;
    await vi.advanceTimersByTimeAsync(LOOKUP_REFRESH_MS);
    expect(reads('warranty')).toBe(2);
    failing = false;
    await vi.advanceTimersByTimeAsync(3 * LOOKUP_REFRESH_MS);
    expect(reads('warranty')).toBe(2);
  });
});
