// @vitest-environment jsdom
import type { AvailableUser } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../../i18n/index.ts';
import { type Call, json, mockFetch } from '../../../../lib/api/test-fetch.ts';
import { clearTokens, setTokens } from '../../../../lib/api/token-store.ts';
import { type Session, SessionContext } from '../../../../lib/session.tsx';
import { bundle } from '../../../../test/user-info.ts';
import { parseWallClock } from '../../rules/wall-clock.ts';
import { SuggestionsPanel } from './SuggestionsPanel.tsx';

const WAIT = { timeout: 15_000 };
const ranked: AvailableUser[] = [
  {
    Id: 7,
    Name: 'Ada Berg',
    UserTypeId: 2,
    DepartmentId: 1,
    Rank: 1,
    TravelKm: 3.4,
    LoadMinutes: 60,
    Reason: '3.4 km from Pump repair; 1 h booked that day',
  },
  {
    Id: 8,
    Name: 'Bo Dahl',
    UserTypeId: 2,
    DepartmentId: 1,
    Rank: 2,
    TravelKm: 40,
    LoadMinutes: 0,
    Reason: '40.0 km from the main office; nothing else booked that day',
  },
];

function renderPanel(licences = {}) {
  setTokens({ accessToken: 'A', refreshToken: 'R' });
  const server = mockFetch(async (call) => {
    if (call.url.includes('Appointment/available')) return json(200, ranked);
    if (call.url.includes('Appointment/create')) return json(200, { Id: 500 });
    return json(404, { Message: 'no' });
  });
  const session = { status: 'signedIn', info: bundle(1, { licences }) } as unknown as Session;
  const onAccepted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext.Provider value={session}>
        <SuggestionsPanel
          jobId={42}
          day={parseWallClock('2026-03-02')}
          estimateHours={1.5}
          onAccepted={onAccepted}
        />
      </SessionContext.Provider>
    </QueryClientProvider>,
  );
  return { calls: server.calls, onAccepted };
}
const bodyOf = (calls: Call[], path: string) =>
  calls.filter((c) => c.url.includes(path)).map((c) => JSON.parse(String(c.body)));

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('dispatch suggestions for a job', () => {
  it('lists the free users ranked with their reasons for the job’s estimate from the work start', async () => {
    const { calls } = renderPanel();
    const list = await screen.findAllByTestId('planner-suggestion', {}, WAIT);
    expect(list.map((li) => within(li).getAllByText(/./)[0]?.textContent)).toEqual([
      '1. Ada Berg',
      '2. Bo Dahl',
    ]);
    expect(within(list[0]!).getByText('3.4 km from Pump repair; 1 h booked that day')).toBeTruthy();
    expect(bodyOf(calls, 'Appointment/available')).toEqual([
      { JobId: 42, StartTime: '2026-03-02T08:00:00', EndTime: '2026-03-02T09:30:00' },
    ]);
  });

  it('accepts a suggestion in one click: the appointment is created for that user', async () => {
    const user = userEvent.setup();
    const { calls, onAccepted } = renderPanel();
    await user.click(
      await screen.findByRole('button', { name: 'Accept: plan the job for Bo Dahl at 08:00' }, WAIT),
    );
    expect(await screen.findByText('Planned for Bo Dahl at 08:00.', {}, WAIT)).toBeTruthy();
    expect(bodyOf(calls, 'Appointment/create')).toEqual([
      {
        Subject: '',
        AppointmentDate: '2026-03-02',
        JobId: 42,
        StartTime: '2026-03-02T08:00:00',
        EndTime: '2026-03-02T09:30:00',
        Type: 1,
        Participants: [{ Id: 8, Name: 'Bo Dahl' }],
      },
    ]);
    expect(onAccepted).toHaveBeenCalledWith({ Id: 500 });
  });

  it('says the licence is needed without AutoDispatch, and asks nothing', async () => {
    const { calls } = renderPanel({ AutoDispatch: false });
    expect(
      await screen.findByText('Dispatch suggestions need the Automatic dispatch licence.', {}, WAIT),
    ).toBeTruthy();
    expect(calls.some((c) => c.url.includes('Appointment/available'))).toBe(false);
  });
});
