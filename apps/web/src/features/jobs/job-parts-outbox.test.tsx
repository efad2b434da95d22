// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import {
  fill,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  typeDate,
  where,
} from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobWithTwoMachineJobs, orderLine } from './test-data.ts';

resetAppBetweenTests();

/** Hours reported in the parts tab go through the outbox (decision 095). */
const WAIT = { timeout: 15_000 };
const TAB = '/job/list/status-10-0/view/1/parts';
const job = jobWithTwoMachineJobs();
const LABEL = '1.5 h · 2026-03-02 · TIME Work hours';

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

/** job 1 with two machine jobs, no lines; `timeAdd` answers POST time/add. */
function server(timeAdd: (req: Req) => Response) {
  return (req: Req): Response | undefined => {
    const p = req.path;
    if (p === 'job/1') return json(200, job);
    if (p === 'job-parts/1') return json(200, []);
    if (p === 'time/1') return json(200, { JobId: 1, Lines: [], PerTechnician: [], TotalHours: 0 });
    if (p === 'Appointment/bookable') return json(200, []);
    if (p === 'time/time-report-articles')
      return json(200, [
        {
          ArticleId: 9,
          ArticleNumber: 'TIME',
          Name: 'Work hours',
          Unit: 'h',
          UnitPrice: 950,
          VatPercent: 25,
        },
      ]);
    if (p === 'time/add') return timeAdd(req);
    return undefined;
  };
}

async function reportHours(hours: string) {
  const user = userEvent.setup();
  const dialog = await screen.findByTestId('time-dialog', {}, WAIT);
  await fill(user, await within(dialog).findByTestId('time-hours', {}, WAIT), hours);
  await typeDate(user, await within(dialog).findByTestId('time-date'), '02032026');
  await user.click(within(dialog).getByTestId('time-save'));
  return user;
}

describe('hours in the job view through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('reported offline, the hours show at once marked "Waiting to send", and are sent once, with a key, when online', async () => {
    setOnline(false);
    const adds: Req[] = [];
    const { server: fetch } = renderApp(
      `${TAB}/addtime/12`,
      server((req) => {
        adds.push(req);
        return json(200, orderLine({ Id: 202, JobId: 12, IsTime: true }));
      }),
    );
    await reportHours('1,5');
    // The dialog closes: the change waits on the device, under its machine job's time.
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    const pending = await screen.findByTestId('pending-time-12', {}, WAIT);
    expect(within(pending).getByText(LABEL)).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(adds).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-time-12')).toBeNull(), WAIT);
    expect(adds.map((r) => r.body)).toEqual([
      { JobId: 12, ArticleNumber: 'TIME', UserId: 10, WorkDate: '2026-03-02', Quantity: '1.5' },
    ]);
    const sent = fetch.calls.filter((c) => c.url.includes('time/add'));
    expect(sent[0]!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(screen.queryByRole('status', { name: /waiting to send/ })).toBeNull();
  }, 60_000);

  it('refused when sent, the hours stay with the server’s message; Edit corrects them in the dialog and sends them again', async () => {
    setOnline(false);
    const adds: Req[] = [];
    const keys: (string | null)[] = [];
    const { server: fetch } = renderApp(
      `${TAB}/addtime/12`,
      server((req) => {
        adds.push(req);
        return (req.body as { Quantity: string }).Quantity === '30'
          ? json(400, {
              Message: 'At most 24 hours a day.',
              Errors: [{ Field: 'Quantity', Message: 'At most 24 hours a day.' }],
            })
          : json(200, orderLine({ Id: 202, JobId: 12, IsTime: true }));
      }),
    );
    await reportHours('30');
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    setOnline(true);
    const refused = await screen.findByTestId('outbox-refused', {}, WAIT);
    expect(within(refused).getByText('Not saved: 30 h · 2026-03-02 · TIME Work hours')).toBeTruthy();
    expect(within(refused).getByText('At most 24 hours a day.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(refused).getByRole('link', { name: 'Edit' }));
    const dialog = await screen.findByTestId('time-dialog', {}, WAIT);
    // The refused values and the server's message, on the field and in the dialog.
    const hours = await within(dialog).findByTestId('time-hours', {}, WAIT);
    expect((hours as HTMLInputElement).value).toBe('30');
    expect(within(dialog).getByTestId('time-refusal').textContent).toBe('At most 24 hours a day.');
    await fill(user, hours, '1,5');
    await user.click(within(dialog).getByTestId('time-save'));
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    await waitFor(() => expect(screen.queryByTestId('outbox-refused')).toBeNull(), WAIT);
    expect(adds.map((r) => (r.body as { Quantity: string }).Quantity)).toEqual(['30', '1.5']);
    for (const c of fetch.calls.filter((x) => x.url.includes('time/add')))
      keys.push(c.headers.get('Idempotency-Key'));
    // Sent again under a new key: the first key's input was another.
    expect(new Set(keys).size).toBe(2);
    expect(screen.queryByRole('status', { name: /waiting to send/ })).toBeNull();
  }, 60_000);
});
