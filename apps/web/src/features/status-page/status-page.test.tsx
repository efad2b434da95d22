// @vitest-environment jsdom
import type { StatusPage as StatusPageData } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FeedbackProvider } from '../../components/feedback/FeedbackProvider.tsx';
import { i18nReady, loadNamespaces } from '../../i18n/index.ts';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';
import StatusPage from './StatusPage.tsx';

const WAIT = { timeout: 15_000 };
const TOKEN = 'q7Yt2m9Xc4Lr8Vb1Nz6Ks3Wd0Hf5Jg2Pa7Ue4Ti9Oy1';

const planned: StatusPageData = {
  Stage: 'planned',
  StatusName: 'Planned',
  WindowStart: '2026-11-30T09:00:00',
  WindowEnd: '2026-11-30T11:00:00',
  TechnicianFirstName: 'Tina',
  ArrivalEstimate: null,
  ReportAvailable: false,
};

function show(answer: () => Response) {
  const server = mockFetch(async (call) =>
    new URL(call.url, 'http://localhost').pathname === `/api2/status/${TOKEN}` ? answer() : json(404, {}),
  );
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <StatusPage token={TOKEN} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return server;
}

describe('the customer’s status page', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadNamespaces(['portal']);
  });
  afterEach(cleanup);

  it('shows the planned window and the technician’s first name, with no report yet', async () => {
    const server = show(() => json(200, planned));
    expect((await screen.findByTestId('status-stage', {}, WAIT)).textContent).toBe('Your visit is planned');
    expect(screen.getByTestId('status-window').textContent).toMatch(/09:00–11:00$/);
    expect(screen.getByTestId('status-technician').textContent).toBe('Tina');
    expect(screen.queryByTestId('status-eta')).toBeNull();
    expect(screen.queryByTestId('status-report')).toBeNull();
    // No sign-in: the call carries no bearer token.
    const headers = new Headers(server.calls[0]!.headers);
    expect(headers.get('authorization')).toBeNull();
  });

  it('shows the arrival estimate while the technician is on the way', async () => {
    show(() => json(200, { ...planned, Stage: 'onMyWay', ArrivalEstimate: '2026-11-30T08:47:00' }));
    expect((await screen.findByTestId('status-stage', {}, WAIT)).textContent).toBe(
      'The technician is on the way',
    );
    expect(screen.getByTestId('status-eta').textContent).toBe('About 08:47');
    expect(screen.getByText('The estimate is updated while the technician is on the way.')).toBeTruthy();
  });

  it('offers the service report once the visit is done', async () => {
    show(() =>
      json(200, {
        ...planned,
        Stage: 'done',
        TechnicianFirstName: null,
        StatusName: 'Completed',
        ReportAvailable: true,
      }),
    );
    expect((await screen.findByTestId('status-stage', {}, WAIT)).textContent).toBe('The visit is done');
    expect(screen.getByRole('button', { name: 'Download the service report' })).toBeTruthy();
  });

  it('says a spent link is no longer valid, in the server’s words', async () => {
    show(() =>
      json(404, {
        Message: 'This link has expired or is no longer valid. Please contact the office for a new one.',
      }),
    );
    expect((await screen.findByTestId('status-spent', {}, WAIT)).textContent).toBe(
      'This link has expired or is no longer valid. Please contact the office for a new one.',
    );
    expect(screen.queryByTestId('status-stage')).toBeNull();
  });
});
