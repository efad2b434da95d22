// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]);

const job = (id: number) =>
  jobRecord(id, {
    ContactPersonId: null,
    CustomerPersonId: null,
    FirstLineComment: '',
    InverseParent: [],
    IsCompleteable: false,
    IsDeletable: false,
    RowVersion: 1,
  });

/** A new tab as window.open gives it: where it was sent, and whether it was closed. */
type Tab = { location: { href: string }; close: ReturnType<typeof vi.fn> };
let tabs: Tab[];
let opened: unknown[][];

beforeEach(() => {
  tabs = [];
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((...args: unknown[]) => {
    opened.push(args);
    const tab: Tab = { location: { href: '' }, close: vi.fn() };
    tabs.push(tab);
    return tab as unknown as Window;
  });
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const answer =
  (requests: Req[], status = 200) =>
  (req: Req) => {
    requests.push(req);
    if (req.path === 'job/1') return json(200, job(1));
    if (req.path.startsWith('/api2/resource/'))
      return status === 200
        ? new Response(PDF, { status: 200, headers: { 'content-type': 'application/pdf' } })
        : json(status, { Message: 'Failed to find job 1.' });
    return undefined;
  };

describe('the job’s documents menu', () => {
  it('opens the service report of the previewed job in a new tab, fetched with the session', async () => {
    const requests: Req[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0?jobId=1', answer(requests));
    const preview = await screen.findByTestId('job-preview', {}, WAIT);
    await user.click(await within(preview).findByRole('button', { name: 'Documents of the job' }, WAIT));
    expect(screen.getByRole('menuitem', { name: 'Open in new tab' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Hazard analysis' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Service report' }));
    await waitFor(() => expect(tabs[0]?.location.href).toBe('blob:report'));
    expect(requests.some((r) => r.path === '/api2/resource/service-report/1')).toBe(true);
  });

  it('opens the job view in a new tab, and from the job view the hazard analysis', async () => {
    const requests: Req[] = [];
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderApp('/job/list/status-10-0?jobId=1', answer(requests));
    const preview = await screen.findByTestId('job-preview', {}, WAIT);
    await user.click(await within(preview).findByRole('button', { name: 'Documents of the job' }, WAIT));
    await user.click(screen.getByRole('menuitem', { name: 'Open in new tab' }));
    expect(opened[0]?.[0]).toBe('/job/list/status-10-0/view/1');
    expect(requests.some((r) => r.path.startsWith('/api2/resource/'))).toBe(false);

    unmount();
    renderApp('/job/list/status-10-0/view/1/general', answer(requests));
    const summary = await screen.findByTestId('job-summary', {}, WAIT);
    await user.click(within(summary).getByRole('button', { name: 'Documents of the job' }));
    expect(screen.queryByRole('menuitem', { name: 'Open in new tab' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Hazard analysis' }));
    await waitFor(() => expect(tabs.at(-1)?.location.href).toBe('blob:report'));
    expect(requests.some((r) => r.path === '/api2/resource/hazard-analysis/1')).toBe(true);
  });

  it('closes the new tab again when the report cannot be fetched', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0?jobId=1', answer([], 404));
    const preview = await screen.findByTestId('job-preview', {}, WAIT);
    await user.click(await within(preview).findByRole('button', { name: 'Documents of the job' }, WAIT));
    await user.click(screen.getByRole('menuitem', { name: 'Service report' }));
    await waitFor(() => expect(tabs[0]?.close).toHaveBeenCalled());
    expect(tabs[0]?.location.href).toBe('');
  });
});
