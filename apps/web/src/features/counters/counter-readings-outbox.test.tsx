// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

/** A machine's counter readings go through the outbox (decision 099). */
const WAIT = { timeout: 15_000 };
const counter = {
  Id: 3,
  MachineId: 11,
  MachineName: 'Press 1',
  CustomerId: 5,
  CustomerName: 'Fjord Mekaniske AS',
  CounterType: 1,
  Name: '',
  IsActive: true,
  LastValue: 1200,
  LastReadingDate: '2026-11-20T08:00:00',
  ReadingCount: 1,
  RowVersion: 2,
};

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

function server(put: (req: Req) => Response) {
  return (req: Req): Response | undefined => {
    if (req.path === 'Counter/Machine/11') return json(200, [counter]);
    if (req.path === 'Counter/Machine/11/History') return json(200, { Content: [], TotalCount: 0 });
    if (req.path === 'Counter/Machine' && req.method === 'PUT') return put(req);
    return undefined;
  };
}

describe('counter readings through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('taken offline, the reading shows "Waiting to send" with the time it was taken, and is put once, with a key, when online', async () => {
    const puts: Req[] = [];
    const { server: fetch } = renderApp(
      '/pim/machine-list/11/counters',
      server((req) => {
        puts.push(req);
        return json(200, { ...counter, LastValue: 1250, ReadingCount: 2 });
      }),
    );
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByTestId('counter-3', {}, WAIT);
    setOnline(false);
    await fill(user, within(card).getByRole('textbox', { name: 'Reading' }), '1250');
    await user.click(within(card).getByRole('button', { name: 'Add reading' }));
    const pending = await screen.findByTestId('pending-readings-3', {}, WAIT);
    expect(within(pending).getByText('Operating hours: 1250')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(puts).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-readings-3')).toBeNull(), WAIT);
    expect(puts).toHaveLength(1);
    const body = puts[0]!.body as { CounterId: number; Value: string; ReadingDate: string };
    expect(body).toMatchObject({ CounterId: 3, Value: '1250', IsMeterChange: false });
    // The time it was taken on the device, on the company's clock.
    expect(body.ReadingDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const call = fetch.calls.find((c) => c.url.includes('Counter/Machine') && c.method === 'PUT');
    expect(call?.headers.get('Idempotency-Key')).toBeTruthy();
  }, 60_000);

  it('refused when sent (lower than the one before), the reading stays with the server’s message until discarded', async () => {
    const message = 'The reading 900 is lower than the reading before it (1200).';
    renderApp(
      '/pim/machine-list/11/counters',
      server(() => json(400, { Message: message, Errors: [{ Field: 'Value', Message: message }] })),
    );
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByTestId('counter-3', {}, WAIT);
    setOnline(false);
    await fill(user, within(card).getByRole('textbox', { name: 'Reading' }), '900');
    await user.click(within(card).getByRole('button', { name: 'Add reading' }));
    await screen.findByTestId('pending-readings-3', {}, WAIT);
    setOnline(true);
    const refused = await screen.findByTestId('outbox-refused', {}, WAIT);
    expect(within(refused).getByText('Not saved: Operating hours: 900')).toBeTruthy();
    expect(within(refused).getByText(message)).toBeTruthy();
    await user.click(within(refused).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('pending-readings-3')).toBeNull(), WAIT);
  }, 60_000);
});
