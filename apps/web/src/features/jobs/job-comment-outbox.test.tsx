// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import type { Job } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

/** The job's own comment (FirstLineComment) in the job view goes through the outbox (decision 102). */
const WAIT = { timeout: 15_000 };
const VIEW = '/job/list/status-10-0/view/1/general';

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

/** Job 1 as the server holds it (`stored()`); `change` answers PATCH job/changedetails. */
function server(stored: () => Job, change: (req: Req) => Response) {
  return (req: Req): Response | undefined => {
    const p = req.path;
    if (p === 'job/1') return json(200, stored());
    if (p === 'job/changedetails' && req.method === 'PATCH') return change(req);
    return undefined;
  };
}

describe('the job’s comment through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('written offline, the comment stays in its field marked "Waiting to send", and is sent once, with a key, when online', async () => {
    let job = jobRecord(1, { FirstLineComment: 'Key at the reception' });
    const changes: Req[] = [];
    const { server: fetch } = renderApp(
      VIEW,
      server(
        () => job,
        (req) => {
          changes.push(req);
          job = { ...job, ...(req.body as Partial<Job>), RowVersion: job.RowVersion + 1 };
          return json(200, job);
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    const field = (await screen.findByRole(
      'textbox',
      { name: 'First-line comment' },
      WAIT,
    )) as HTMLInputElement;
    setOnline(false);
    await fill(user, field, 'Dog on site');
    await user.tab();
    const pending = await screen.findByTestId('pending-job-comment', {}, WAIT);
    expect(within(pending).getByText('First-line comment: Dog on site')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(field.value).toBe('Dog on site');
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(changes).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-job-comment')).toBeNull(), WAIT);
    expect(changes.map((r) => r.body)).toEqual([
      expect.objectContaining({ Id: 1, FirstLineComment: 'Dog on site', DisplayName: 'Pump repair 1' }),
    ]);
    const call = fetch.calls.find((c) => c.url.includes('job/changedetails'))!;
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(
      () =>
        expect((screen.getByRole('textbox', { name: 'First-line comment' }) as HTMLInputElement).value).toBe(
          'Dog on site',
        ),
      WAIT,
    );
  }, 60_000);

  it('changed by the office meanwhile, the comment is a conflict with both comments; Take the office’s keeps theirs', async () => {
    let job = jobRecord(1, { FirstLineComment: 'Key at the reception' });
    const changes: Req[] = [];
    renderApp(
      VIEW,
      server(
        () => job,
        (req) => {
          changes.push(req);
          return json(409, { Message: 'Someone else changed this job after you opened it.' });
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByRole('textbox', { name: 'First-line comment' }, WAIT);
    setOnline(false);
    await fill(user, field, 'Dog on site');
    await user.tab();
    await screen.findByTestId('pending-job-comment', {}, WAIT);
    job = { ...job, FirstLineComment: 'Call before', RowVersion: job.RowVersion + 2 };

    setOnline(true);
    const conflict = await screen.findByTestId('outbox-conflict', {}, WAIT);
    expect(within(conflict).getByText('Your change: First-line comment: Dog on site')).toBeTruthy();
    expect(within(conflict).getByText('The office’s: First-line comment: Call before')).toBeTruthy();
    await user.click(within(conflict).getByRole('button', { name: 'Take the office’s' }));
    await waitFor(() => expect(screen.queryByTestId('pending-job-comment')).toBeNull(), WAIT);
    expect(changes).toHaveLength(1);
  }, 60_000);
});
