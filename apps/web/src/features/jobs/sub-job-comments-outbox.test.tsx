// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import type { SubJob } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

/** A sub-job's comments in the job view go through the outbox (decision 099). */
const WAIT = { timeout: 15_000 };
const VIEW = '/job/list/status-10-0/view/1/general';
const job = jobRecord(1);

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

/** Job 1 with sub-job 11 as the server holds it (`subs()`); `change` answers PATCH MachineJob/change/11. */
function server(subs: () => SubJob[], change: (req: Req) => Response) {
  return (req: Req): Response | undefined => {
    const p = req.path;
    if (p === 'job/1') return json(200, { ...job, InverseParent: subs() });
    if (p === 'job/1/subjobs') return json(200, subs());
    if (p.endsWith('/getall') || p === 'JobCategory') return json(200, []);
    if (p === 'MachineJob/change/11' && req.method === 'PATCH') return change(req);
    return undefined;
  };
}

describe('a sub-job’s comments through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('written offline, the comment stays in its field marked "Waiting to send", and is sent once, with a key, when online', async () => {
    let subs = job.InverseParent.map((s) => ({ ...s }));
    const changes: Req[] = [];
    const { server: fetch } = renderApp(
      VIEW,
      server(
        () => subs,
        (req) => {
          changes.push(req);
          subs = subs.map((s) => ({ ...s, ...(req.body as Partial<SubJob>), RowVersion: s.RowVersion + 1 }));
          return json(200, subs[0]);
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByTestId('sub-job-11', {}, WAIT);
    setOnline(false);
    const comment = within(row).getByRole('textbox', { name: 'Technician comment' }) as HTMLInputElement;
    await fill(user, comment, 'Seal replaced');
    await user.tab();
    const pending = await screen.findByTestId('pending-sub-job-11', {}, WAIT);
    expect(within(pending).getByText('Technician comment: Seal replaced')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(comment.value).toBe('Seal replaced');
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(changes).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-sub-job-11')).toBeNull(), WAIT);
    expect(changes.map((r) => r.body)).toEqual([
      expect.objectContaining({
        CustomerComment: 'Leaks oil',
        TechnicianComment: 'Seal replaced',
        RowVersion: 1,
      }),
    ]);
    const call = fetch.calls.find((c) => c.url.includes('MachineJob/change/11'))!;
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(
      () =>
        expect(
          (within(row).getByRole('textbox', { name: 'Technician comment' }) as HTMLInputElement).value,
        ).toBe('Seal replaced'),
      WAIT,
    );
  }, 60_000);

  it('changed by the office meanwhile, the comment is a conflict with both comments; Take the office’s keeps theirs', async () => {
    let subs = job.InverseParent.map((s) => ({ ...s }));
    const changes: Req[] = [];
    renderApp(
      VIEW,
      server(
        () => subs,
        (req) => {
          changes.push(req);
          return json(409, { Message: 'Someone else changed this job after you opened it.' });
        },
      ),
    );
    const user = userEvent.setup({ delay: null });
    const row = await screen.findByTestId('sub-job-11', {}, WAIT);
    setOnline(false);
    await fill(user, within(row).getByRole('textbox', { name: 'Technician comment' }), 'Seal replaced');
    await user.tab();
    await screen.findByTestId('pending-sub-job-11', {}, WAIT);
    subs = subs.map((s) => ({ ...s, TechnicianComment: 'Wait for the part', RowVersion: 3 }));

    setOnline(true);
    const conflict = await screen.findByTestId('outbox-conflict', {}, WAIT);
    expect(within(conflict).getByText('Your change: Technician comment: Seal replaced')).toBeTruthy();
    expect(within(conflict).getByText('The office’s: Technician comment: Wait for the part')).toBeTruthy();
    await user.click(within(conflict).getByRole('button', { name: 'Take the office’s' }));
    await waitFor(() => expect(screen.queryByTestId('pending-sub-job-11')).toBeNull(), WAIT);
    expect(changes).toHaveLength(1);
  }, 60_000);
});
