// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPresence, setPresenceList } from '../../lib/presence.ts';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobListItem, jobRecord } from './test-data.ts';

/** The signed-in user's id: its own other tabs are never shown as someone else. */
const SELF = 99;

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

const item = (id: number, statusId = 10) => jobListItem(id, statusId);
const job = jobRecord;

const kari = { ConnectionId: 'c1', UserId: 3, Name: 'Kari Nordmann', UserTypeId: 1 };
const ola = { ConnectionId: 'c2', UserId: 4, Name: 'Ola Hansen', UserTypeId: 2 };
afterEach(() => clearPresence());

describe('the job list, its preview pane and the job view', () => {
  it('shows who else is on the job in the preview pane and the job view, only on that job', async () => {
    const answer = (req: Req) => {
      if (req.path === 'JobList/Filtered')
        return json(200, { Content: [item(1), item(2)], TotalCount: 2, TotalCountCapped: false });
      const m = /^job\/(\d+)$/.exec(req.path);
      return m ? json(200, job(Number(m[1]))) : undefined;
    };
    const { unmount } = renderApp('/job/list/status-10-0?jobId=1', answer);
    const preview = await screen.findByTestId('job-summary', {}, WAIT);
    act(() => setPresenceList({ Key: 'job:1', Users: [kari, ola, { ...kari, ConnectionId: 'c3' }] }, SELF));
    const group = within(preview).getByRole('group', { name: 'Also viewing: Kari Nordmann, Ola Hansen' });
    expect(within(group).getAllByText(/^(KN|OH)$/)).toHaveLength(2);
    // A list of another job is not shown on this one.
    act(() => setPresenceList({ Key: 'job:2', Users: [kari] }, SELF));
    expect(within(preview).queryByRole('group')).toBeNull();
    unmount();

    renderApp('/job/list/status-10-0/view/2/general', answer);
    const summary = await screen.findByTestId('job-summary', {}, WAIT);
    expect(within(summary).getByRole('group', { name: 'Also viewing: Kari Nordmann' })).toBeTruthy();
  });

  it('lists the jobs of a status, opens one in the preview and completes it', async () => {
    const requests: Req[] = [];
    let current = job(1);
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0', (req) => {
      requests.push(req);
      if (req.path === 'JobList/Filtered')
        return json(200, { Content: [item(1), item(2)], TotalCount: 2, TotalCountCapped: false });
      if (req.method === 'GET' && req.path === 'job/1') return json(200, current);
      if (req.method === 'PATCH' && req.path === 'job/1/approve') {
        current = job(1, { JobStatusId: 70, StatusName: 'Approved', IsCompleteable: false });
        return json(200, current);
      }
      if (req.method === 'PATCH' && req.path === 'Job/1/ChangeStatus') {
        current = job(1, {
          JobStatusId: 50,
          StatusName: 'Completed',
          IsCompleteable: false,
          IsApproveable: true,
        });
        return json(200, current);
      }
      return undefined;
    });
    const first = await screen.findByTestId('job-item-1', {}, WAIT);
    expect(requests.find((r) => r.path === 'JobList/Filtered')?.body).toMatchObject({
      JobStatusIdList: [10],
    });
    await user.click(within(first).getByRole('link'));
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0?jobId=1'));
    const preview = await screen.findByTestId('job-preview', {}, WAIT);
    expect(await within(preview).findByText('Leaks oil', {}, WAIT)).toBeTruthy();
    await user.click(within(preview).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.query.get('jobStatusId')).toBe('50'),
    );
    // Approved after the question, the route is read again with a timestamp query (000 §4).
    await user.click(await within(preview).findByRole('button', { name: 'Approve' }, WAIT));
    const question = await screen.findByRole('dialog', { name: 'Approve the job?' }, WAIT);
    await user.click(within(question).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/status-10-0\?jobId=1&t=\d{13}$/), WAIT);
    expect(requests.filter((r) => r.path === 'job/1/approve')).toHaveLength(1);
  });

  it('asks the server for my jobs on list/my', async () => {
    const requests: Req[] = [];
    renderApp('/job/list/my', (req) => {
      requests.push(req);
      return req.path === 'JobList/Filtered'
        ? json(200, { Content: [], TotalCount: 0, TotalCountCapped: false })
        : undefined;
    });
    expect(await screen.findByText('No jobs yet.', {}, WAIT)).toBeTruthy();
    expect(requests.find((r) => r.path === 'JobList/Filtered')?.body).toMatchObject({ AssignedToMe: true });
  });

  it('shows the approved banner and a read-only form on an approved job', async () => {
    renderApp('/job/list/status-70-0/view/1/general', (req) =>
      req.path === 'job/1'
        ? json(
            200,
            job(1, { JobStatusId: 70, StatusName: 'Approved', IsCompleteable: false, IsDeletable: false }),
          )
        : undefined,
    );
    expect((await screen.findByTestId('job-banner', {}, WAIT)).textContent).toBe('This job is approved.');
    expect((screen.getByRole('textbox', { name: 'First-line comment' }) as HTMLInputElement).readOnly).toBe(
      true,
    );
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });

  it('saves a detail with the row version read, and shows a concurrent change’s refusal', async () => {
    const sent: unknown[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0/view/1/general', (req) => {
      if (req.method === 'GET' && req.path === 'job/1') return json(200, job(1));
      if (req.method === 'PATCH' && req.path === 'job/changedetails') {
        sent.push(req.body);
        return json(409, {
          Message: 'Someone else changed this job after you opened it. Reload it and make your change again.',
        });
      }
      return undefined;
    });
    const comment = await screen.findByRole('textbox', { name: 'First-line comment' }, WAIT);
    await fill(user, comment, 'Key at the reception');
    await user.tab();
    expect(
      await screen.findByText(
        'Someone else changed this job after you opened it. Reload it and make your change again.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(sent[0]).toMatchObject({
      Id: 1,
      RowVersion: 3,
      FirstLineComment: 'Key at the reception',
      EstimatedTime: 2,
    });
  });

  it('says so when the job cannot be found', async () => {
    renderApp(
      '/job/list/my/view/999/general',
      () => json(404, { Message: 'No job with id 999 was found.' }),
      bundle(2),
    );
    expect(await screen.findByText('Failed to find job 999', {}, WAIT)).toBeTruthy();
  });
});
