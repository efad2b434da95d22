// @vitest-environment jsdom
import type { JobListItem } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackProvider } from '../../components/feedback/FeedbackProvider.tsx';
import '../../i18n/index.ts';
import { type Call, json, mockFetch } from '../../lib/api/test-fetch.ts';
import { clearTokens, setTokens } from '../../lib/api/token-store.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { ALL_FEATURES, bundle } from '../../test/user-info.ts';
import CustomerJobsPage from './pages/CustomerJobsPage.tsx';
import MachineJobsPage from './pages/MachineJobsPage.tsx';
import { jobListItem } from './test-data.ts';

const info = bundle(1, { features: ALL_FEATURES });

const job = (id: number, statusId = 10) =>
  jobListItem(id, statusId, {
    OrderId: String(id),
    DisplayName: `Job ${id}`,
    JobTypeId: 1,
    JobTypeName: 'Service',
    StatusName: 'New',
  });

/** A scripted server answering JobList/Filtered from `pages` (by Page), 404 for customer 404. */
function server(
  pages: Record<number, { Content: JobListItem[]; TotalCount: number; TotalCountCapped?: boolean }>,
) {
  return mockFetch(async (call: Call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path.endsWith('/userinfo')) return json(200, info);
    if (path.endsWith('/JobList/Filtered')) {
      const body = JSON.parse(String(call.body));
      if (body.CustomerId === 404 || body.MachineId === 404)
        return json(404, { Message: 'No customer with id 404 was found.' });
      const page = pages[body.Page] ?? { Content: [], TotalCount: 0 };
      return json(200, { TotalCountCapped: false, ...page });
    }
    return json(404, { Message: 'no' });
  });
}
const bodies = (calls: Call[]) =>
  calls.filter((c) => c.url.includes('JobList/Filtered')).map((c) => JSON.parse(String(c.body)));

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname}</output>;
}

function renderAt(url: string) {
  setTokens({ accessToken: 'A', refreshToken: 'R' });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <FeedbackProvider>
          <SessionProvider>
            <Routes>
              <Route path="/customer/:customerId/jobs/:jobId?" element={<CustomerJobsPage />} />
              <Route path="/pim/machine-list/:machineId/jobs/:jobId?" element={<MachineJobsPage />} />
              <Route path="*" element={<p>Elsewhere</p>} />
            </Routes>
            <Where />
          </SessionProvider>
        </FeedbackProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearTokens();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the jobs tabs', () => {
  it('lists the customer’s jobs 50 at a time with the count, and asks for the next 50 at 90 percent scroll', async () => {
    const first = Array.from({ length: 50 }, (_, i) => job(1000 - i));
    const second = Array.from({ length: 10 }, (_, i) => job(900 - i));
    const { calls } = server({
      1: { Content: first, TotalCount: 60 },
      2: { Content: second, TotalCount: 60 },
    });
    renderAt('/customer/7/jobs');
    expect(await screen.findByText('1000 – Job 1000')).toBeTruthy();
    expect(screen.getByTestId('job-count').textContent).toBe('60 jobs');
    expect(
      within(screen.getByTestId('job-list')).getAllByRole('link', { name: /\d+ – Job \d+/ }),
    ).toHaveLength(50);
    expect(bodies(calls)).toEqual([{ CustomerId: 7, Page: 1, ItemsPerPage: 50 }]);

    const scroller = screen.getByTestId('job-list-scroll');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
    // The list's clock is the test's while nothing may load: past the 700 ms a load would wait for.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scroller.scrollTop = 3000; // 70 percent: not yet
    fireEvent.scroll(scroller);
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(bodies(calls)).toHaveLength(1);
    vi.useRealTimers();
    scroller.scrollTop = 4000; // 90 percent
    fireEvent.scroll(scroller);
    expect(await screen.findByText('900 – Job 900', {}, { timeout: 15_000 })).toBeTruthy();
    expect(bodies(calls).at(-1)).toEqual({ CustomerId: 7, Page: 2, ItemsPerPage: 50 });
  });

  it('puts a clicked job in the route and opens the job view on double click', async () => {
    server({ 1: { Content: [job(11), job(12, 20)], TotalCount: 2 } });
    renderAt('/customer/7/jobs');
    const link = await screen.findByRole('link', { name: /12 – Job 12/ });
    expect(link.getAttribute('href')).toBe('/job/list/status-20-0/view/12');
    fireEvent.click(link);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/customer/7/jobs/12'));
    expect(screen.getByRole('link', { name: /12 – Job 12/ }).getAttribute('aria-current')).toBe('true');
    fireEvent.doubleClick(screen.getByRole('link', { name: /12 – Job 12/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/job/list/status-20-0/view/12'),
    );
  });

  it('lists a machine’s jobs, says so when there are none, and counts past the cap as “at least”', async () => {
    const { calls } = server({ 1: { Content: [], TotalCount: 0 } });
    renderAt('/pim/machine-list/5/jobs');
    expect(await screen.findByText('No jobs yet.')).toBeTruthy();
    expect(bodies(calls)).toEqual([{ MachineId: 5, Page: 1, ItemsPerPage: 50 }]);
    cleanup();
    server({
      1: {
        Content: Array.from({ length: 50 }, (_, i) => job(i + 1)),
        TotalCount: 10000,
        TotalCountCapped: true,
      },
    });
    renderAt('/pim/machine-list/5/jobs');
    await waitFor(() => expect(screen.getByTestId('job-count').textContent).toBe('At least 10,000 jobs'));
  });

  it('says the customer or machine was not found for a 404 or an id that is not one', async () => {
    server({});
    renderAt('/customer/404/jobs');
    expect((await screen.findByRole('alert')).textContent).toBe('Customer 404 was not found.');
    cleanup();
    renderAt('/pim/machine-list/abc/jobs');
    expect((await screen.findByRole('alert')).textContent).toBe('Machine abc was not found.');
  });
});
