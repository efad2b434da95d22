// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import type { Job } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

/** The job view's status panel goes through the outbox like Today's Set status (decision 095). */
const WAIT = { timeout: 15_000 };
const JOB = 101;
const viewUrl = `/job/list/my/view/${JOB}/general`;
const status = (Id: number, Name: string) => ({
  Id,
  Name,
  Color: '#777',
  Icon: 'FiberNew',
  SortOrder: Id,
  RowVersion: 1,
  Count: 0,
  CountCapped: false,
  SubStatuses: [],
});

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

/** One job at RowVersion 4; `officeSaves` is the office saving it meanwhile (RowVersion 5). */
function server(changes: Req[]) {
  let job: Job = { ...jobRecord(JOB), RowVersion: 4 };
  const officeSaves = () => {
    job = { ...job, RowVersion: 5 };
  };
  const handler = (req: Req): Response | undefined => {
    const p = req.path;
    if (p === `job/${JOB}`) return json(200, job);
    if (p === `Job/${JOB}/ChangeStatus`) {
      changes.push(req);
      if (req.query.get('rowVersion') !== String(job.RowVersion))
        return json(409, { Message: 'The job was changed by someone else since you opened it.' });
      job = { ...job, JobStatusId: Number(req.query.get('jobStatusId')), RowVersion: job.RowVersion + 1 };
      return json(200, job);
    }
    if (p === 'JobStatus/GetAll') return json(200, [status(10, 'New'), status(30, 'In progress')]);
    if (/^JobSubStatus\/ByStatus\/\d+$/.test(p)) return json(200, []);
    return undefined;
  };
  return { handler, officeSaves };
}

describe('the job view’s status through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('set offline, the status shows at once marked "Waiting to send", and is sent once on the job’s version when online', async () => {
    setOnline(false);
    const changes: Req[] = [];
    renderApp(viewUrl, server(changes).handler);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Status/ }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'In progress' }, WAIT));
    const pending = await screen.findByTestId('pending-status', {}, WAIT);
    expect(within(pending).getByText('In progress')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('In progress');
    expect(changes).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-status')).toBeNull(), WAIT);
    expect(changes.map((r) => [r.query.get('jobStatusId'), r.query.get('rowVersion')])).toEqual([
      ['30', '4'],
    ]);
    expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('In progress');
  }, 60_000);

  it('the office changed the job meanwhile: both sides are shown, and Keep mine sends it on the office’s version', async () => {
    setOnline(false);
    const changes: Req[] = [];
    const { handler, officeSaves } = server(changes);
    renderApp(viewUrl, handler);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: /^Status/ }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'In progress' }, WAIT));
    await screen.findByTestId('pending-status', {}, WAIT);
    officeSaves();
    setOnline(true);
    const conflict = await screen.findByTestId('outbox-conflict', {}, WAIT);
    expect(within(conflict).getByText('Your change: In progress')).toBeTruthy();
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('pending-status')).toBeNull(), WAIT);
    expect(changes.map((r) => r.query.get('rowVersion'))).toEqual(['4', '5']);
  }, 60_000);
});
